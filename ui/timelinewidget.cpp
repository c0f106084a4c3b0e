#include "timelinewidget.h"

#include <QHash>
#include <QPainter>
#include <QToolTip>

using namespace Qt::StringLiterals;

TimelineWidget::TimelineWidget(QWidget *parent) : QWidget(parent)
{
    setMinimumHeight(60);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void TimelineWidget::setHolds(const QList<HoldInterval> &holds, const QDateTime &now)
{
    m_holds = holds;
    m_now = now;
    QStringList lines;
    for (const HoldInterval &hold : holds)
        lines << tr("%1 (fence %2): %3 \u2013 %4")
                     .arg(hold.holder)
                     .arg(hold.fence)
                     .arg(hold.start.toLocalTime().toString(u"HH:mm:ss.zzz"_s),
                          hold.end.isValid() ? hold.end.toLocalTime().toString(u"HH:mm:ss.zzz"_s)
                                             : tr("now"));
    setToolTip(lines.mid(qMax(0, lines.size() - 12)).join(u'\n'));
    update();
}

QSize TimelineWidget::sizeHint() const
{
    return {400, 90};
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRect area = rect().adjusted(8, 8, -8, -22);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(area);
    if (m_holds.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(area, Qt::AlignCenter, tr("No holds recorded"));
        return;
    }
    const qint64 first = m_holds.first().start.toMSecsSinceEpoch();
    qint64 last = m_now.isValid() ? m_now.toMSecsSinceEpoch() : first;
    for (const HoldInterval &hold : m_holds)
        last = qMax(last, hold.end.isValid() ? hold.end.toMSecsSinceEpoch()
                                             : hold.start.toMSecsSinceEpoch());
    const double span = double(qMax<qint64>(1, last - first));
    auto x = [&](qint64 ms) { return area.left() + (ms - first) / span * area.width(); };

    QHash<QString, int> lanes;
    for (const HoldInterval &hold : m_holds)
        if (!lanes.contains(hold.holder))
            lanes.insert(hold.holder, int(lanes.size()));
    const int laneCount = qMax(1, int(lanes.size()));
    const double laneHeight = double(area.height()) / laneCount;
    for (const HoldInterval &hold : m_holds) {
        const int lane = lanes.value(hold.holder);
        const double left = x(hold.start.toMSecsSinceEpoch());
        const double right = x(hold.end.isValid() ? hold.end.toMSecsSinceEpoch() : last);
        const QColor colour = QColor::fromHsv((lane * 67) % 360, 140, 210);
        QRectF bar(left, area.top() + lane * laneHeight + 2, qMax(2.0, right - left),
                   qMax(3.0, laneHeight - 4));
        painter.fillRect(bar, colour);
        if (hold.endedBy == u"force_release" || hold.endedBy == u"takeover") {
            painter.setPen(QPen(QColor(0xc0, 0x39, 0x2b), 2));
            painter.drawLine(QPointF(bar.right(), bar.top()), QPointF(bar.right(), bar.bottom()));
        }
    }
    painter.setPen(palette().color(QPalette::WindowText));
    const QRect labels(area.left(), area.bottom() + 4, area.width(), 16);
    painter.drawText(labels, Qt::AlignLeft, QDateTime::fromMSecsSinceEpoch(first).toString(
                                                u"HH:mm:ss"_s));
    painter.drawText(labels, Qt::AlignRight, QDateTime::fromMSecsSinceEpoch(last).toString(
                                                 u"HH:mm:ss"_s));
}
