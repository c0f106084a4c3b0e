// SPDX-License-Identifier: Apache-2.0
#include "verdict.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace locksim {

namespace {

constexpr int maxListed = 1000;

// A database time as seconds since the start of the run ("+1.234 s").
QString at(qint64 us, qint64 startUs)
{
    return QCoreApplication::translate("locksim", "+%1 s")
        .arg(double(us - startUs) / 1e6, 0, 'f', 3);
}

QString until(const HoldRecord &hold, qint64 startUs)
{
    const qint64 end = hold.validUntilDbUs();
    return end == 0 ? QCoreApplication::translate("locksim", "no end") : at(end, startUs);
}

class Checker
{
public:
    explicit Checker(const History &history) : m_history(history) {}

    void add(Violation::Kind kind, int lock, const HoldRecord &first, const HoldRecord &second,
             const QString &text)
    {
        ++m_verdict.violationCount;
        m_verdict.violationObserved = true;
        if (m_verdict.violations.size() >= maxListed)
            return;
        Violation v;
        v.kind = kind;
        v.lockName = lockName(lock);
        v.first = first;
        v.second = second;
        v.text = text;
        m_verdict.violations.append(v);
    }

    QString lockName(int lock) const
    {
        return m_history.lockNames.value(lock, QString::number(lock));
    }

    void checkLock(int lock, QList<HoldRecord> holds);
    void checkWrites(int lock, const QList<WriteRecord> &writes);
    Verdict take() { return std::move(m_verdict); }

private:
    const History &m_history;
    Verdict m_verdict;
};

void Checker::checkLock(int lock, QList<HoldRecord> holds)
{
    std::stable_sort(holds.begin(), holds.end(), grantedEarlier);
    const qint64 start = m_history.startDbUs;
    int longest = -1; // the earlier hold valid the longest (0: for ever)
    const HoldRecord *lastFenced = nullptr;
    for (int i = 0; i < holds.size(); ++i) {
        const HoldRecord &h = holds.at(i);
        if (longest >= 0) {
            const HoldRecord &p = holds.at(longest);
            const qint64 end = p.validUntilDbUs();
            if (end == 0 || h.acquiredDbUs < end)
                add(Violation::Kind::Overlap, lock, p, h,
                    QCoreApplication::translate(
                        "locksim",
                        "Lock %1: %2 (fence %3) acquired it at %4 while %5 (fence %6) held it "
                        "from %7 until %8.")
                        .arg(lockName(lock), h.holder, QString::number(h.fence),
                             at(h.acquiredDbUs, start), p.holder, QString::number(p.fence),
                             at(p.acquiredDbUs, start), until(p, start)));
        }
        const qint64 end = h.validUntilDbUs();
        if (longest < 0 || (holds.at(longest).validUntilDbUs() != 0
                            && (end == 0 || end > holds.at(longest).validUntilDbUs())))
            longest = i;
        if (h.fence == 0)
            continue;
        if (lastFenced && h.fence <= lastFenced->fence)
            add(Violation::Kind::FenceNotIncreasing, lock, *lastFenced, h,
                QCoreApplication::translate(
                    "locksim",
                    "Lock %1: %2 got fence %3 at %4, not above fence %5 of %6 granted at %7.")
                    .arg(lockName(lock), h.holder, QString::number(h.fence),
                         at(h.acquiredDbUs, start), QString::number(lastFenced->fence),
                         lastFenced->holder, at(lastFenced->acquiredDbUs, start)));
        lastFenced = &h;
    }
}

void Checker::checkWrites(int lock, const QList<WriteRecord> &writes)
{
    QList<WriteRecord> accepted;
    for (const WriteRecord &w : writes)
        if (w.accepted && w.lock == lock)
            accepted.append(w);
    QList<WriteRecord> byEnd = accepted;
    std::sort(byEnd.begin(), byEnd.end(), [](const WriteRecord &a, const WriteRecord &b) {
        return a.afterDbUs < b.afterDbUs;
    });
    std::sort(accepted.begin(), accepted.end(), [](const WriteRecord &a, const WriteRecord &b) {
        return a.beforeDbUs < b.beforeDbUs;
    });
    QHash<QString, HoldRecord> holdOf; // "client/fence" -> the hold of this lock
    for (const HoldRecord &h : m_history.holds)
        if (h.lock == lock)
            holdOf.insert(QString::number(h.client) + u'/' + QString::number(h.fence), h);
    const auto hold = [&holdOf](const WriteRecord &w) {
        HoldRecord h = holdOf.value(QString::number(w.client) + u'/' + QString::number(w.fence));
        if (h.holder.isEmpty()) {
            h.client = w.client;
            h.lock = w.lock;
            h.fence = w.fence;
        }
        return h;
    };
    int done = 0;
    const WriteRecord *highest = nullptr; // highest fence among writes finished so far
    const qint64 start = m_history.startDbUs;
    for (const WriteRecord &w : accepted) {
        while (done < byEnd.size() && byEnd.at(done).afterDbUs < w.beforeDbUs) {
            if (!highest || byEnd.at(done).fence > highest->fence)
                highest = &byEnd.at(done);
            ++done;
        }
        if (!highest || w.fence >= highest->fence)
            continue;
        const HoldRecord newer = hold(*highest);
        const HoldRecord stale = hold(w);
        add(Violation::Kind::StaleWriteAccepted, lock, newer, stale,
            QCoreApplication::translate(
                "locksim",
                "Lock %1: the resource accepted a write of %2 with fence %3 at %4 after it had "
                "accepted fence %5 from %6 at %7.")
                .arg(lockName(lock), stale.holder, QString::number(w.fence),
                     at(w.beforeDbUs, start), QString::number(highest->fence), newer.holder,
                     at(highest->afterDbUs, start)));
    }
}

} // namespace

QString violationKindName(Violation::Kind kind)
{
    switch (kind) {
    case Violation::Kind::FenceNotIncreasing: return u"fence"_s;
    case Violation::Kind::StaleWriteAccepted: return u"stale_write"_s;
    case Violation::Kind::Overlap: break;
    }
    return u"overlap"_s;
}

QJsonObject Violation::toJson() const
{
    return {{u"kind"_s, violationKindName(kind)},
            {u"lock"_s, lockName},
            {u"first"_s, first.toJson()},
            {u"second"_s, second.toJson()},
            {u"text"_s, text}};
}

QJsonObject Verdict::toJson() const
{
    QJsonArray list;
    for (const Violation &v : violations)
        list.append(v.toJson());
    return {{u"violation_observed"_s, violationObserved},
            {u"violations"_s, violationCount},
            {u"violation_list"_s, list},
            {u"stuck_locks"_s, QJsonArray::fromStringList(stuckLocks)}};
}

Verdict checkHistory(const History &history)
{
    Checker checker(history);
    int lockCount = int(history.lockNames.size());
    for (const HoldRecord &h : history.holds)
        lockCount = std::max(lockCount, h.lock + 1);
    for (const WriteRecord &w : history.writes)
        lockCount = std::max(lockCount, w.lock + 1);

    QStringList stuck;
    for (int lock = 0; lock < lockCount; ++lock) {
        QList<HoldRecord> holds;
        for (const HoldRecord &h : history.holds)
            if (h.lock == lock)
                holds.append(h);
        checker.checkLock(lock, holds);
        checker.checkWrites(lock, history.writes);
        // Liveness: the last holder crashed and its hold has no end (no expiry).
        const auto last = std::max_element(holds.cbegin(), holds.cend(),
                                           [](const HoldRecord &a, const HoldRecord &b) {
                                               return a.acquiredDbUs < b.acquiredDbUs;
                                           });
        if (last != holds.cend() && last->end == HoldRecord::End::Crashed
            && last->expiresDbUs == 0)
            stuck.append(checker.lockName(lock));
    }
    Verdict verdict = checker.take();
    verdict.stuckLocks = stuck;
    return verdict;
}

} // namespace locksim
