// SPDX-License-Identifier: GPL-3.0-or-later
#include "simtimelinewidget.h"

#include "durationtext.h"
#include "simulator.h"

#include <QPainter>
#include <algorithm>

using namespace Qt::StringLiterals;
using locksim::HoldRecord;

namespace ui {

namespace {

constexpr int maxLaneLabels = 24; // more rows than this: lanes without names
constexpr int maxClientsNamed = 16; // more clients than this: one legend entry for all

constexpr int legendGap = 14; // between two legend entries

const QColor crossRed(0xc0, 0x39, 0x2b);
const QColor hatchBrown(0x80, 0x1a, 0x10);
const QColor overlapRed(0xe0, 0x20, 0x20);
const QColor overlapTint(0xe0, 0x20, 0x20, 60);
const QColor commitFailedRed(0x8b, 0x00, 0x00);

qint64 holdEndUs(const HoldRecord &hold, qint64 runEndUs)
{
    const qint64 until = hold.validUntilDbUs();
    return until > 0 ? qMin(until, qMax(runEndUs, hold.acquiredDbUs)) : runEndUs;
}

// The line along the top of a lock's lanes where its holds overlap.
QRectF overlapLine(const QRectF &group)
{
    return QRectF(group.left(), group.top(), group.width(), qMin(3.0, group.height() / 4));
}

// A hold whose transaction did not commit: a dark red strip along the bottom of its bar, so
// that its client's colour still shows (on Galera most holds of for-update end so).
QRectF commitFailedStrip(const QRectF &bar)
{
    const double height = qBound(2.0, bar.height() / 4, 4.0);
    return QRectF(bar.left(), bar.bottom() - height, bar.width(), height);
}

// Where holds of one lock overlap, as the verdict judges them (a hold lasts from its grant to
// validUntilDbUs()): [from, to) in database time, per lock.
QList<QPair<qint64, qint64>> overlapsOf(QList<HoldRecord> holds, qint64 runEndUs)
{
    std::stable_sort(holds.begin(), holds.end(), locksim::grantedEarlier);
    QList<QPair<qint64, qint64>> overlaps;
    qint64 heldUntil = 0; // the end of the earlier holds, the latest one
    bool any = false;
    for (const HoldRecord &hold : holds) {
        const qint64 end = holdEndUs(hold, runEndUs);
        if (any && hold.acquiredDbUs < heldUntil)
            overlaps.append({hold.acquiredDbUs, qMin(end, heldUntil)});
        heldUntil = any ? qMax(heldUntil, end) : end;
        any = true;
    }
    return overlaps;
}

} // namespace

SimTimelineWidget::SimTimelineWidget(QWidget *parent) : QWidget(parent)
{
    setObjectName(u"simTimeline"_s);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setToolTip(tr("One lane per lock (per lock and node when the clients are spread over "
                  "nodes), one bar per hold, coloured by client. A red cross: the holder "
                  "crashed. Hatched: the holder paused past its lease. A dark red strip along "
                  "the bottom: its transaction did not commit. Tinted red, with a red line "
                  "along the top: holds of that lock overlap there."));
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
    m_anyCommitFailed = false;
    for (const HoldRecord &hold : holds) {
        m_lanes = qMax(m_lanes, hold.lock + 1);
        m_nodes = qMax(m_nodes, hold.node + 1);
        m_anyCommitFailed = m_anyCommitFailed || hold.commitFailed;
        if (m_startUs == 0 || hold.acquiredDbUs < m_startUs)
            m_startUs = hold.acquiredDbUs;
        m_endUs = qMax(m_endUs, qMax(hold.acquiredDbUs, hold.validUntilDbUs()));
    }
    QList<QList<HoldRecord>> byLock(m_lanes);
    for (const HoldRecord &hold : holds)
        byLock[hold.lock].append(hold);
    m_overlaps.clear();
    for (int lock = 0; lock < m_lanes; ++lock)
        for (const auto &[from, to] : overlapsOf(byLock.at(lock), m_endUs))
            m_overlaps.append({lock, from, to});
    update();
}

void SimTimelineWidget::setParticipants(int clients, int nodes)
{
    m_clients = qMax(0, clients);
    m_nodes = qMax(1, nodes);
    update();
}

int SimTimelineWidget::rowOf(const HoldRecord &hold) const
{
    return hold.lock * m_nodes + qBound(0, hold.node, m_nodes - 1);
}

QString SimTimelineWidget::rowLabel(int row) const
{
    const QString lock = m_lockNames.value(row / m_nodes);
    if (m_nodes == 1)
        return lock;
    return tr("%1 @node%2").arg(lock).arg(row % m_nodes + 1);
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
    const int rows = m_lanes * m_nodes;
    const bool named = rows <= maxLaneLabels && !m_lockNames.isEmpty();
    int labelWidth = 0;
    if (named)
        for (int row = 0; row < rows; ++row)
            labelWidth = qMax(labelWidth, metrics.horizontalAdvance(rowLabel(row)));
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
    const double rowHeight = double(area.height()) / rows;
    const double gap = rowHeight > 8 ? 2 : 0;

    painter.setPen(palette().color(QPalette::WindowText));
    if (named) {
        for (int row = 0; row < rows && row / m_nodes < m_lockNames.size(); ++row) {
            const QRectF label(0, area.top() + row * rowHeight, area.left() - 6, rowHeight);
            painter.drawText(label, Qt::AlignRight | Qt::AlignVCenter, rowLabel(row));
        }
    }
    if (m_nodes > 1) { // a line between the locks' groups of lanes
        painter.setPen(palette().color(QPalette::Mid));
        for (int lock = 1; lock < m_lanes; ++lock) {
            const double y = area.top() + lock * m_nodes * rowHeight;
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
        }
    }
    for (const HoldRecord &hold : std::as_const(m_holds)) {
        const double left = x(hold.acquiredDbUs);
        const double right = x(holdEndUs(hold, m_endUs));
        const QRectF bar(left, area.top() + rowOf(hold) * rowHeight + gap,
                         qMax(1.5, right - left), qMax(2.0, rowHeight - 2 * gap));
        QColor colour = clientColour(hold.client);
        colour.setAlpha(190); // overlapping holds of one lock show through each other
        painter.fillRect(bar, colour);
        if (hold.end == HoldRecord::End::Lost)
            painter.fillRect(bar, QBrush(hatchBrown, Qt::BDiagPattern));
        if (hold.commitFailed)
            painter.fillRect(commitFailedStrip(bar), commitFailedRed);
        if (hold.end == HoldRecord::End::Crashed) {
            const double r = qMin(5.0, bar.height() / 2);
            const QPointF c(bar.right(), bar.center().y());
            painter.setPen(QPen(crossRed, 2));
            painter.drawLine(c + QPointF(-r, -r), c + QPointF(r, r));
            painter.drawLine(c + QPointF(-r, r), c + QPointF(r, -r));
        }
    }
    paintOverlaps(painter, area, rowHeight); // over the bars: where every lane is full too
    painter.setPen(palette().color(QPalette::WindowText));
    const QRect axis(area.left(), area.bottom() + 2, area.width(), metrics.height());
    painter.drawText(axis, Qt::AlignLeft, tr("0 s"));
    painter.drawText(axis, Qt::AlignRight, durationText(qRound64(span / 1e3)));
    paintLegend(painter, QRect(area.left(), axis.bottom() + 4, area.width(),
                               legendRows * metrics.height()));
}

void SimTimelineWidget::paintOverlaps(QPainter &painter, const QRectF &area,
                                      double rowHeight) const
{
    const double span = double(qMax<qint64>(1, m_endUs - m_startUs));
    for (const Overlap &overlap : m_overlaps) {
        const double left = area.left() + (overlap.fromUs - m_startUs) / span * area.width();
        const double right = area.left() + (overlap.toUs - m_startUs) / span * area.width();
        // At least 3 px: an overlap of a millisecond in a run of seconds is still seen. A
        // tint over the lock's lanes, and a solid line along their top.
        const QRectF group(left, area.top() + overlap.lock * m_nodes * rowHeight,
                           qMax(3.0, right - left), m_nodes * rowHeight);
        painter.fillRect(group, overlapTint);
        painter.fillRect(overlapLine(group), overlapRed);
    }
}

QList<SimTimelineWidget::LegendEntry> SimTimelineWidget::legendEntries() const
{
    QList<LegendEntry> entries;
    if (m_nodes > 1 && m_clients > 0 && m_clients <= maxClientsNamed) {
        // Which client is on which node: "c3@node2" in the client's colour.
        for (int client = 0; client < m_clients; ++client)
            entries.append({tr("c%1@node%2").arg(client).arg(
                                locksim::nodeOfClient(client, m_nodes) + 1),
                            [client](QPainter &p, const QRect &r) {
                                p.fillRect(r, clientColour(client));
                            }});
    } else {
        entries.append({tr("hold (colour: client)"),
                        [](QPainter &p, const QRect &r) { p.fillRect(r, clientColour(0)); }});
    }
    entries.append({tr("crashed"), [](QPainter &p, const QRect &r) {
                        p.setPen(QPen(crossRed, 2));
                        p.drawLine(r.topLeft(), r.bottomRight());
                        p.drawLine(r.bottomLeft(), r.topRight());
                    }});
    entries.append({tr("lost (paused past its lease)"), [](QPainter &p, const QRect &r) {
                        p.fillRect(r, clientColour(1));
                        p.fillRect(r, QBrush(hatchBrown, Qt::BDiagPattern));
                    }});
    if (m_anyCommitFailed)
        entries.append({tr("did not commit"), [](QPainter &p, const QRect &r) {
                            p.fillRect(r, clientColour(2));
                            p.fillRect(commitFailedStrip(r), commitFailedRed);
                        }});
    if (!m_overlaps.isEmpty())
        entries.append({tr("overlap"), [](QPainter &p, const QRect &r) {
                            p.fillRect(r, overlapTint);
                            p.fillRect(overlapLine(r), overlapRed);
                        }});
    return entries;
}

QStringList SimTimelineWidget::legendTexts() const
{
    QStringList texts;
    for (const LegendEntry &entry : legendEntries())
        texts << entry.text;
    return texts;
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
    const QList<LegendEntry> entries = legendEntries();
    const LegendLayout layout = legendLayout(area.width());
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const int x = area.left() + layout.at.at(i).x();
        const int y = area.top() + layout.at.at(i).y() * metrics.height();
        painter.save();
        entries.at(i).mark(painter, QRect(x, y + 2, box, box));
        painter.restore();
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(x + box + 4, y, area.right() - x - box - 4, metrics.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, entries.at(i).text);
    }
}

} // namespace ui
