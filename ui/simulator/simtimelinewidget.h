// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simhistory.h"

#include <QWidget>
#include <functional>

class QPainter;

namespace ui {

// Who held each lock when, in a simulation: one lane per lock, one bar per hold coloured by
// client, on the run's database time. A crash ends in a red cross, a hold whose holder paused
// past its lease (lost) is hatched, a hold whose transaction did not commit (for-update) has a
// dark red strip along its bottom, and where holds of one lock overlap, its lanes are tinted
// red under a red line. With the clients spread over several nodes, each lock has a lane per
// node ("sim-0 @node2") and the legend names each client with its node ("c3@node2").
class SimTimelineWidget : public QWidget
{
    Q_OBJECT

public:
    explicit SimTimelineWidget(QWidget *parent = nullptr);

    // `startDbUs` and `endDbUs` span the axis (0: from the holds).
    void setHolds(const QList<locksim::HoldRecord> &holds, const QStringList &lockNames,
                  qint64 startDbUs, qint64 endDbUs);
    // The run's clients and the nodes they are spread over (client i on node i mod n).
    void setParticipants(int clients, int nodes);
    int nodeCount() const { return m_nodes; }
    void clear();
    int holdCount() const { return int(m_holds.size()); }
    // The rows the legend takes in `width` pixels: it wraps rather than being cut off.
    int legendRows(int width) const { return legendLayout(width).rows; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    static QColor clientColour(int client);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    // Where each legend entry goes (x from the left, row), wrapped to fit `width`.
    struct LegendLayout
    {
        QList<QPoint> at;
        int rows = 1;
    };
    // One legend entry: its text and how its mark is drawn in a small square.
    struct LegendEntry
    {
        QString text;
        std::function<void(QPainter &, const QRect &)> mark;
    };
    QList<LegendEntry> legendEntries() const;
    QStringList legendTexts() const;
    int rowOf(const locksim::HoldRecord &hold) const;
    QString rowLabel(int row) const;
    void paintOverlaps(QPainter &painter, const QRectF &area, double rowHeight) const;
    LegendLayout legendLayout(int width) const;
    void paintLegend(QPainter &painter, const QRect &area) const;

    QList<locksim::HoldRecord> m_holds;
    QStringList m_lockNames;
    int m_lanes = 1;   // locks
    int m_nodes = 1;   // rows per lock
    int m_clients = 0;
    bool m_anyCommitFailed = false;
    struct Overlap
    {
        int lock = 0;
        qint64 fromUs = 0;
        qint64 toUs = 0;
    };
    QList<Overlap> m_overlaps; // worked out in setHolds(), painted red
    qint64 m_startUs = 0;
    qint64 m_endUs = 0;
};

} // namespace ui
