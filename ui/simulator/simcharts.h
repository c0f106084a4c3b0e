// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics.h"

#include <QHash>
#include <QWidget>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QValueAxis;

namespace ui {

// The live charts of a simulation run, fed in batches (series->replace()): throughput over
// time, wait-time percentiles over time (p50, p95, p99) and acquisitions per client. A fourth
// widget (the timeline) takes the remaining cell of the 2 x 2 grid. Every cell keeps a minimum
// size at which its labels stay readable; a chart without data says so instead of showing an
// axis of made-up numbers.
class SimCharts : public QWidget
{
    Q_OBJECT

public:
    SimCharts(QWidget *fourth, QWidget *parent = nullptr);

    // Empties the charts for a run of `durationMs` (the time axis) with `clients` clients.
    void reset(qint64 durationMs, int clients);
    void setTimeSeries(const QList<locksim::TimePoint> &points);
    void setPerClient(const QList<qint64> &acquisitions);

    QLineSeries *throughputSeries() const { return m_throughput; }
    QLineSeries *waitSeries(int percentile) const; // 50, 95 or 99
    QBarSet *perClientSet() const { return m_perClientSet; }
    // Whether the chart view of this object name (throughputChart, waitChart, perClientChart)
    // shows its "No data yet" note.
    bool isEmptyShown(const QString &chartName) const;

    // Two charts side by side beside the settings fit a window of 780 px (two windows side by
    // side on a 1600 px screen).
    static constexpr QSize minChartSize{230, 170};

protected:
    void changeEvent(QEvent *event) override;

private:
    QChartView *addView(QChart *chart, const QString &name);
    void showEmpty(QChart *chart, bool empty);
    void retranslate();

    QChart *m_throughputChart;
    QChart *m_waitChart;
    QChart *m_clientChart;
    QLineSeries *m_throughput;
    QLineSeries *m_p50;
    QLineSeries *m_p95;
    QLineSeries *m_p99;
    QBarSeries *m_perClient;
    QBarSet *m_perClientSet = nullptr;
    QValueAxis *m_throughputX;
    QValueAxis *m_throughputY;
    QValueAxis *m_waitX;
    QValueAxis *m_waitY;
    QBarCategoryAxis *m_clientX;
    QValueAxis *m_clientY;
    QHash<QChart *, QLabel *> m_emptyLabels;
    QList<qint64> m_shownPerClient;
    int m_clients = 0;
};

} // namespace ui
