// SPDX-License-Identifier: GPL-3.0-or-later
#include "balloonqueue.h"

#include <QElapsedTimer>
#include <QSet>

#include <algorithm>

namespace ui {

namespace {

qint64 monotonicMs()
{
    static QElapsedTimer timer;
    if (!timer.isValid())
        timer.start();
    return timer.elapsed();
}

} // namespace

BalloonQueue::BalloonQueue(int showMs, Clock clock)
    : m_showMs(showMs), m_clock(clock ? std::move(clock) : Clock(&monotonicMs))
{
}

bool BalloonQueue::showing() const
{
    return m_shown && m_clock() - m_shownAt < m_showMs;
}

BalloonQueue::Balloon BalloonQueue::show(Balloon balloon)
{
    m_shown = balloon;
    m_shownAt = m_clock();
    return balloon;
}

std::optional<BalloonQueue::Balloon> BalloonQueue::offer(const Notice &notice)
{
    if (showing() || !m_waiting.isEmpty()) {
        m_waiting.append(notice); // one waiting already: it goes first, in the summary
        return std::nullopt;
    }
    return show({notice, false, 0, {notice.source}});
}

std::optional<BalloonQueue::Balloon> BalloonQueue::poll()
{
    if (showing() || m_waiting.isEmpty())
        return std::nullopt;
    const QList<Notice> waited = std::exchange(m_waiting, {});
    if (waited.size() == 1) // one notice: said as itself, its click on what it names
        return show({waited.first(), false, 0, {waited.first().source}});
    Balloon summary;
    summary.summary = true;
    QSet<QString> locks; // a lock with two problems is one lock that needs attention
    for (const Notice &notice : waited) {
        if (!summary.sources.contains(notice.source))
            summary.sources.append(notice.source);
        for (const QString &lock : notice.locks)
            locks.insert(QString::number(notice.source) + u'/' + lock);
    }
    summary.more = int(locks.size());
    return show(summary);
}

qint64 BalloonQueue::dueInMs() const
{
    if (m_waiting.isEmpty())
        return -1;
    return showing() ? qMax<qint64>(0, m_shownAt + m_showMs - m_clock()) : 0;
}

BalloonQueue::Target BalloonQueue::clicked() const
{
    if (!showing())
        return {};
    if (m_shown->summary || m_shown->notice.locks.size() != 1)
        return {m_shown->sources, {}};
    return {m_shown->sources, m_shown->notice.locks.first()};
}

bool BalloonQueue::dropSource(int source)
{
    m_waiting.erase(std::remove_if(m_waiting.begin(), m_waiting.end(),
                                   [source](const Notice &n) { return n.source == source; }),
                    m_waiting.end());
    if (!m_shown || !m_shown->sources.contains(source) || !showing())
        return false;
    m_shown.reset(); // withdrawn: a click now acts on nothing
    return true;
}

} // namespace ui
