#pragma once

#include "simhistory.h"

#include <QWidget>

class QPainter;

namespace ui {

// Who held each lock when, in a simulation: one lane per lock, one bar per hold coloured by
// client, on the run's database time. A crash ends in a red cross, a hold whose holder paused
// past its lease (lost) is hatched, and overlapping holds of one lane show through each other.
class SimTimelineWidget : public QWidget
{
    Q_OBJECT

public:
    explicit SimTimelineWidget(QWidget *parent = nullptr);

    // `startDbUs` and `endDbUs` span the axis (0: from the holds).
    void setHolds(const QList<locksim::HoldRecord> &holds, const QStringList &lockNames,
                  qint64 startDbUs, qint64 endDbUs);
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
    QStringList legendTexts() const;
    LegendLayout legendLayout(int width) const;
    void paintLegend(QPainter &painter, const QRect &area) const;

    QList<locksim::HoldRecord> m_holds;
    QStringList m_lockNames;
    int m_lanes = 1;
    qint64 m_startUs = 0;
    qint64 m_endUs = 0;
};

} // namespace ui
