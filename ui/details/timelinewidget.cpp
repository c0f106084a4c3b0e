// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelinewidget.h"

#include "eventkindtext.h"
#include "lockdisplaystate.h"
#include "timelinemarks.h"

#include <QHash>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

constexpr int MaxLanes = 4;

QString clockTime(const QDateTime &at)
{
    return at.toLocalTime().toString(u"HH:mm:ss.zzz"_s);
}

} // namespace

TimelineWidget::TimelineWidget(QWidget *parent) : QWidget(parent)
{
    setMinimumHeight(60);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void TimelineWidget::setHolds(const QList<HoldInterval> &holds, const QDateTime &now,
                              const QDateTime &openLeaseEnd)
{
    m_holds = holds;
    m_now = now;
    m_openLeaseEnd = openLeaseEnd;
    update();
}

QSize TimelineWidget::sizeHint() const
{
    return {400, 90};
}

QRect TimelineWidget::area() const
{
    return rect().adjusted(8, 8, -8, -22);
}

qint64 TimelineWidget::firstMs() const
{
    qint64 first = m_holds.first().start.toMSecsSinceEpoch();
    for (const HoldInterval &hold : m_holds)
        first = qMin(first, hold.start.toMSecsSinceEpoch());
    return first;
}

qint64 TimelineWidget::lastMs() const
{
    qint64 last = m_now.isValid() ? m_now.toMSecsSinceEpoch() : firstMs();
    for (const HoldInterval &hold : m_holds)
        last = qMax(last, (hold.end.isValid() ? hold.end : hold.start).toMSecsSinceEpoch());
    return last;
}

bool TimelineWidget::openHoldExpired() const
{
    return !m_holds.isEmpty() && !m_holds.last().end.isValid() && m_openLeaseEnd.isValid()
           && m_now.isValid() && m_openLeaseEnd < m_now;
}

QList<TimelineWidget::Bar> TimelineWidget::bars() const
{
    if (m_holds.isEmpty())
        return {};
    const QRect box = area();
    const qint64 first = firstMs();
    const qint64 last = lastMs();
    const double span = double(qMax<qint64>(1, last - first));
    auto x = [&](qint64 ms) { return box.left() + (ms - first) / span * box.width(); };
    // One row per holder, in the order they first held it; with more holders than rows fit
    // (each run of a job is a holder of its own), one row: holds never overlap.
    QHash<QString, int> lanes;
    for (const HoldInterval &hold : m_holds)
        if (!lanes.contains(hold.holder))
            lanes.insert(hold.holder, int(lanes.size()));
    if (lanes.size() > MaxLanes)
        lanes.clear();
    const double laneHeight = double(box.height()) / qMax(1, int(lanes.size()));
    QList<Bar> bars;
    for (const HoldInterval &hold : m_holds) {
        const double top = box.top() + lanes.value(hold.holder) * laneHeight + 2;
        const double height = qMax(3.0, laneHeight - 4);
        // A pixel apart from the hold before, which may have ended at this very moment.
        const double left = x(hold.start.toMSecsSinceEpoch()) + 1;
        const double right = qMax(left + 2, x(hold.end.isValid() ? hold.end.toMSecsSinceEpoch()
                                                                 : last));
        Bar bar{QRectF(left, top, right - left, height), {}};
        if (&hold == &m_holds.last() && openHoldExpired()) {
            const double leaseEnd = qBound(left, x(m_openLeaseEnd.toMSecsSinceEpoch()), right);
            bar.held.setRight(leaseEnd);
            bar.expired = QRectF(leaseEnd, top, right - leaseEnd, height);
        }
        bars.append(bar);
    }
    return bars;
}

int TimelineWidget::holdAt(const QPoint &pos) const
{
    const QList<Bar> all = bars();
    for (int i = int(all.size()) - 1; i >= 0; --i) // the newest on top
        if (all[i].held.united(all[i].expired).adjusted(-2, -2, 2, 2).contains(pos))
            return i;
    return -1;
}

QString TimelineWidget::holdText(int index) const
{
    const HoldInterval &hold = m_holds.at(index);
    const QString from = hold.startSeen
                             ? clockTime(hold.start)
                             : tr("before %1", "the hold began before the history read")
                                   .arg(clockTime(hold.start));
    if (hold.end.isValid())
        return tr("%1 (fence %2): %3 \u2013 %4, %5")
            .arg(hold.holder, QString::number(hold.fence), from, clockTime(hold.end),
                 eventKindText(hold.endedBy));
    const QString state = index == m_holds.size() - 1 && openHoldExpired()
                              ? tr("%1 since %2")
                                    .arg(lockDisplayStateText(LockDisplayState::Expired),
                                         clockTime(m_openLeaseEnd))
                              : lockDisplayStateText(LockDisplayState::Held);
    return tr("%1 (fence %2): since %3, %4")
        .arg(hold.holder, QString::number(hold.fence), from, state);
}

bool TimelineWidget::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto *help = static_cast<QHelpEvent *>(event);
    const int index = holdAt(help->pos());
    QStringList lines;
    if (index >= 0)
        lines << holdText(index);
    else // anywhere else: the last holds
        for (int i = qMax(0, int(m_holds.size()) - 12); i < m_holds.size(); ++i)
            lines << holdText(i);
    if (lines.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), lines.join(u'\n'), this);
    return true;
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const QRect box = area();
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(box);
    if (m_holds.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(box, Qt::AlignCenter, tr("No holds recorded"));
        return;
    }
    const QList<Bar> all = bars();
    for (int i = 0; i < all.size(); ++i) {
        painter.fillRect(all[i].held, timelineMarkColour(TimelineMark::Held, palette()));
        if (!all[i].expired.isEmpty())
            painter.fillRect(all[i].expired,
                             timelineMarkColour(TimelineMark::Expired, palette()));
        TimelineMark end;
        if (m_holds[i].end.isValid() && holdEndMark(m_holds[i].endedBy, &end)) {
            painter.setPen(QPen(timelineMarkColour(end, palette()), 3, Qt::SolidLine,
                                Qt::FlatCap));
            const QRectF bar = all[i].held;
            painter.drawLine(QPointF(bar.right(), bar.top() - 2),
                             QPointF(bar.right(), bar.bottom() + 2));
        }
    }
    painter.setPen(palette().color(QPalette::WindowText));
    const QRect labels(box.left(), box.bottom() + 4, box.width(), 16);
    const auto axisTime = [](qint64 ms) {
        return QDateTime::fromMSecsSinceEpoch(ms).toString(u"HH:mm:ss"_s);
    };
    painter.drawText(labels, Qt::AlignLeft, axisTime(firstMs()));
    painter.drawText(labels, Qt::AlignRight, axisTime(lastMs()));
}

} // namespace ui
