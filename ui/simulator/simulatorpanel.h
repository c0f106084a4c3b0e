// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"
#include "simulator.h"

#include <QWidget>
#include <optional>

class QLabel;
class QPushButton;

namespace ui {

class SimCharts;
class SimSettingsForm;
class SimTimelineWidget;
class SimulationRunner;
class VerdictBanner;

// The Simulator tab: runs simulated clients against the connected database (in its own tables,
// sim_lock*), shows throughput, waits, acquisitions per client and the timeline of holds live
// while it runs, then the verdict (what was observed, or the violations) and the metrics;
// exports the history and the summary. The run itself is on the SimulationRunner's thread.
class SimulatorPanel : public QWidget
{
    Q_OBJECT

public:
    explicit SimulatorPanel(QWidget *parent = nullptr);
    ~SimulatorPanel() override;

    // Where runs go: node 1, with the other nodes listed in the form (a cluster's). A run under
    // way is stopped. Read-only: nothing can be started.
    void setConnection(const lockcore::ConnectionSpec &spec, bool readOnly);
    bool isRunning() const;
    const std::optional<locksim::SimReport> &lastReport() const { return m_report; }

    void start();
    void stop();
    // The last run's history or summary to `path` (JSON, or CSV for a ".csv" path); returns an
    // error message or an empty string.
    QString exportHistory(const QString &path) const;
    QString exportSummary(const QString &path) const;

    SimSettingsForm *form() const { return m_form; }
    SimCharts *charts() const { return m_charts; }
    SimTimelineWidget *timeline() const { return m_timeline; }
    VerdictBanner *banner() const { return m_banner; }

signals:
    void runStarted();
    void runEnded(); // finished or failed

protected:
    void changeEvent(QEvent *event) override;

private:
    void onProgress(const locksim::SimProgress &progress);
    void onFinished(const locksim::SimReport &report);
    void onFailed(const QString &message);
    void showLive();
    void showReport();
    static QString metricsText(const locksim::SimReport &report);
    // The connected database (node 1) and the other nodes of the form; an error names a URL
    // that does not parse.
    lockcore::Result<QList<lockcore::ConnectionSpec>> nodes() const;
    void exportWithDialog(bool summary);
    void updateState();
    void retranslate();
    qint64 bucketMs() const;

    SimulationRunner *m_runner;
    SimSettingsForm *m_form;
    SimCharts *m_charts;
    SimTimelineWidget *m_timeline;
    VerdictBanner *m_banner;
    QPushButton *m_start;
    QPushButton *m_stop;
    QPushButton *m_exportHistory;
    QPushButton *m_exportSummary;
    QLabel *m_note;
    QLabel *m_status;
    QLabel *m_metrics;
    QLabel *m_timelineTitle;

    std::optional<lockcore::ConnectionSpec> m_spec;
    bool m_readOnly = false;
    bool m_stopping = false;
    locksim::SimSettings m_settings; // of the run under way or the last one
    locksim::History m_live;         // the holds and writes reported so far
    QList<qint64> m_livePerClient;
    locksim::SimProgress m_lastProgress;
    std::optional<locksim::SimReport> m_report;
};

} // namespace ui
