#include "simtimelinewidget.h"

#include "durationtext.h"

#include <QPainter>
#include <functional>

using namespace Qt::StringLiterals;
using locksim::HoldRecord;

namespace ui {

namespace {

constexpr int maxLaneLabels = 24; // more locks than this: lanes without names

constexpr int legendGap = 14; // between two legend entries

qint64 holdEndUs(const HoldRecord &hold, qint64 runEndUs)
{
    const qint64 until = hold.validUntilDbUs();
    return until > 0 ? qMin(until, qMax(runEndUs, hold.acquiredDbUs)) : runEndUs;
}

} // namespace

SimTimelineWidget::SimTimelineWidget(QWidget *parent) : QWidget(parent)
{
    setObjectName(u"simTimeline"_s);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setToolTip(tr("One lane per lock, one bar per hold, coloured by client. A red cross: the "
                  "holder crashed. Hatched: the holder paused past its lease."));
}

QColor SimTimelineWidget::clientColour(int client)
{
    // Golden-angle hues: neighbouring clients get clearly different colours.
    return QColor::fromHsv(int(client * 137.508) % 360, 150, 215);
}

void SimTimelineWidget::setHolds(const QList<HoldRecord> &holds, const QStringList &lockNames,
                                 qint64 startDbUs, qint64 endDbUs)
{
    m_holds = holds;
    m_lockNames = lockNames;
    m_lanes = qMax(1, int(lockNames.size()));
    m_startUs = startDbUs;
    m_endUs = endDbUs;
    for (const HoldRecord &hold : holds) {
        m_lanes = qMax(m_lanes, hold.lock + 1);
        if (m_startUs == 0 || hold.acquiredDbUs < m_startUs)
            m_startUs = hold.acquiredDbUs;
        m_endUs = qMax(m_endUs, qMax(hold.acquiredDbUs, hold.validUntilDbUs()));
    }
    update();
}

void SimTimelineWidget::clear()
{
    setHolds({}, m_lockNames, 0, 0);
}

QSize SimTimelineWidget::sizeHint() const
{
    return {500, 160};
}

QSize SimTimelineWidget::minimumSizeHint() const
{
    return {200, 90};
}

void SimTimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const QFontMetrics metrics = fontMetrics();
    const bool named = m_lanes <= maxLaneLabels && !m_lockNames.isEmpty();
    int labelWidth = 0;
    if (named)
        for (const QString &name : m_lockNames)
            labelWidth = qMax(labelWidth, metrics.horizontalAdvance(name));
    const int left = 8 + (labelWidth ? labelWidth + 6 : 0);
    // The legend wraps onto more rows when the widget is narrow (1024 px windows, longer
    // translations) rather than being cut off at the right edge.
    const int legendRows = legendLayout(width() - left - 8).rows;
    const int bottom = metrics.height() + 6 + legendRows * metrics.height();
    const QRect area = rect().adjusted(left, 6, -8, -bottom - 4);
    painter.fillRect(area, palette().color(QPalette::Base));
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(area);
    if (m_holds.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(area, Qt::AlignCenter, tr("No holds yet"));
        return;
    }
    const double span = double(qMax<qint64>(1, m_endUs - m_startUs));
    auto x = [&](qint64 us) { return area.left() + (us - m_startUs) / span * area.width(); };
    const double laneHeight = double(area.height()) / m_lanes;
    const double gap = laneHeight > 8 ? 2 : 0;

    painter.setPen(palette().color(QPalette::WindowText));
    if (named) {
        for (int lane = 0; lane < m_lanes && lane < m_lockNames.size(); ++lane) {
            const QRectF row(0, area.top() + lane * laneHeight, area.left() - 6, laneHeight);
            painter.drawText(row, Qt::AlignRight | Qt::AlignVCenter, m_lockNames.at(lane));
        }
    }
    for (const HoldRecord &hold : std::as_const(m_holds)) {
        const double left = x(hold.acquiredDbUs);
        const double right = x(holdEndUs(hold, m_endUs));
        const QRectF bar(left, area.top() + hold.lock * laneHeight + gap, qMax(1.5, right - left),
                         qMax(2.0, laneHeight - 2 * gap));
        QColor colour = clientColour(hold.client);
        colour.setAlpha(190); // overlapping holds of one lock show through each other
        painter.fillRect(bar, colour);
        if (hold.end == HoldRecord::End::Lost)
            painter.fillRect(bar, QBrush(QColor(0x80, 0x1a, 0x10), Qt::BDiagPattern));
        if (hold.end == HoldRecord::End::Crashed) {
            const double r = qMin(5.0, bar.height() / 2);
            const QPointF c(bar.right(), bar.center().y());
            painter.setPen(QPen(QColor(0xc0, 0x39, 0x2b), 2));
            painter.drawLine(c + QPointF(-r, -r), c + QPointF(r, r));
            painter.drawLine(c + QPointF(-r, r), c + QPointF(r, -r));
        }
    }
    painter.setPen(palette().color(QPalette::WindowText));
    const QRect axis(area.left(), area.bottom() + 2, area.width(), metrics.height());
    painter.drawText(axis, Qt::AlignLeft, tr("0 s"));
    painter.drawText(axis, Qt::AlignRight, durationText(qRound64(span / 1e3)));
    paintLegend(painter, QRect(area.left(), axis.bottom() + 4, area.width(),
                               legendRows * metrics.height()));
}

QStringList SimTimelineWidget::legendTexts() const
{
    return {tr("hold (colour: client)"), tr("crashed"), tr("lost (paused past its lease)")};
}

SimTimelineWidget::LegendLayout SimTimelineWidget::legendLayout(int width) const
{
    const QFontMetrics metrics = fontMetrics();
    const int box = metrics.height() - 4;
    LegendLayout layout;
    int x = 0;
    int row = 0;
    for (const QString &text : legendTexts()) {
        const int entryWidth = box + 4 + metrics.horizontalAdvance(text);
        if (x > 0 && x + entryWidth > width) {
            x = 0;
            ++row;
        }
        layout.at << QPoint(x, row);
        x += entryWidth + legendGap;
    }
    layout.rows = row + 1;
    return layout;
}

void SimTimelineWidget::paintLegend(QPainter &painter, const QRect &area) const
{
    const QFontMetrics metrics = fontMetrics();
    const int box = metrics.height() - 4;
    const QStringList texts = legendTexts();
    const LegendLayout layout = legendLayout(area.width());
    const std::function<void(const QRect &)> marks[] = {
        [&](const QRect &r) { painter.fillRect(r, clientColour(0)); },
        [&](const QRect &r) {
            painter.setPen(QPen(QColor(0xc0, 0x39, 0x2b), 2));
            painter.drawLine(r.topLeft(), r.bottomRight());
            painter.drawLine(r.bottomLeft(), r.topRight());
        },
        [&](const QRect &r) {
            painter.fillRect(r, clientColour(1));
            painter.fillRect(r, QBrush(QColor(0x80, 0x1a, 0x10), Qt::BDiagPattern));
        },
    };
    for (qsizetype i = 0; i < texts.size(); ++i) {
        const int x = area.left() + layout.at.at(i).x();
        const int y = area.top() + layout.at.at(i).y() * metrics.height();
        marks[i](QRect(x, y + 2, box, box));
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(x + box + 4, y, area.right() - x - box - 4, metrics.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, texts.at(i));
    }
}

} // namespace ui
