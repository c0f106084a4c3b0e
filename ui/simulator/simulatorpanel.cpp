// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulatorpanel.h"

#include "durationtext.h"
#include "simcharts.h"
#include "simexport.h"
#include "simnodes.h"
#include "simsettingsform.h"
#include "simtimelinewidget.h"
#include "simulationrunner.h"
#include "verdictbanner.h"

#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace locksim;

namespace ui {

namespace {

constexpr int maxLiveVerdictHolds = 20000; // beyond this, the verdict waits for the end
constexpr int narrowestSettings = 250;      // px: the settings column in a narrow window

} // namespace

SimulatorPanel::SimulatorPanel(QWidget *parent)
    : QWidget(parent), m_runner(new SimulationRunner(this)), m_form(new SimSettingsForm),
      m_timeline(new SimTimelineWidget), m_banner(new VerdictBanner),
      m_start(new QPushButton), m_stop(new QPushButton), m_exportHistory(new QPushButton),
      m_exportSummary(new QPushButton), m_note(new QLabel), m_status(new QLabel),
      m_metrics(new QLabel), m_timelineTitle(new QLabel)
{
    setObjectName(u"simulatorPanel"_s);
    m_start->setObjectName(u"simStart"_s);
    m_stop->setObjectName(u"simStop"_s);
    m_exportHistory->setObjectName(u"simExportHistory"_s);
    m_exportSummary->setObjectName(u"simExportSummary"_s);
    m_note->setObjectName(u"simNote"_s);
    m_status->setObjectName(u"simStatus"_s);
    m_metrics->setObjectName(u"simMetrics"_s);
    for (QLabel *label : {m_note, m_status, m_metrics}) {
        label->setWordWrap(true);
        label->setTextFormat(Qt::PlainText);
    }
    m_metrics->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_timelineTitle->setAlignment(Qt::AlignCenter);
    QFont bold = m_timelineTitle->font();
    bold.setBold(true);
    m_timelineTitle->setFont(bold);

    // Left: the settings and the buttons; right: the verdict, the charts and the timeline.
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_form);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // As wide as the form wants, but in a narrow window the settings scroll sideways too:
    // the charts keep their room.
    const int settingsWidth = m_form->sizeHint().width() + 24;
    scroll->setMinimumWidth(qMin(settingsWidth, narrowestSettings));
    connect(m_form, &SimSettingsForm::presetNoteShown, scroll, [scroll](QWidget *note) {
        // After the layout has given the note its wrapped height.
        QTimer::singleShot(0, scroll, [scroll, note] { scroll->ensureWidgetVisible(note); });
    });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    auto *exports = new QHBoxLayout;
    exports->addWidget(m_exportHistory);
    exports->addWidget(m_exportSummary);
    auto *left = new QVBoxLayout;
    left->addWidget(scroll, 1);
    left->addWidget(m_note);
    left->addLayout(buttons);
    left->addWidget(m_status);
    left->addLayout(exports);

    auto *timelineBox = new QWidget;
    auto *timelineLayout = new QVBoxLayout(timelineBox);
    timelineLayout->setContentsMargins(0, 4, 0, 0);
    timelineLayout->addWidget(m_timelineTitle);
    timelineLayout->addWidget(m_timeline, 1);
    m_charts = new SimCharts(timelineBox);
    auto *right = new QVBoxLayout;
    right->addWidget(m_banner);
    right->addWidget(m_charts, 1);
    right->addWidget(m_metrics);

    // A splitter: the settings keep their width while the charts have room; in a narrow
    // window the charts keep their minimum and the settings give way (and scroll).
    auto *leftBox = new QWidget;
    leftBox->setLayout(left);
    left->setContentsMargins(0, 0, 0, 0);
    auto *rightBox = new QWidget;
    rightBox->setLayout(right);
    right->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Horizontal);
    split->setObjectName(u"simSplitter"_s);
    split->setChildrenCollapsible(false);
    split->addWidget(leftBox);
    split->addWidget(rightBox);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({settingsWidth, 4 * settingsWidth});
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(split);

    connect(m_form, &SimSettingsForm::nodeUrlsChanged, this, &SimulatorPanel::updateState);
    connect(m_start, &QPushButton::clicked, this, &SimulatorPanel::start);
    connect(m_stop, &QPushButton::clicked, this, &SimulatorPanel::stop);
    connect(m_exportHistory, &QPushButton::clicked, this, [this] { exportWithDialog(false); });
    connect(m_exportSummary, &QPushButton::clicked, this, [this] { exportWithDialog(true); });
    connect(m_runner, &SimulationRunner::progress, this, &SimulatorPanel::onProgress);
    connect(m_runner, &SimulationRunner::finished, this, &SimulatorPanel::onFinished);
    connect(m_runner, &SimulationRunner::failed, this, &SimulatorPanel::onFailed);

    m_charts->reset(m_form->settings().durationMs, m_form->settings().clients);
    retranslate();
    updateState();
}

SimulatorPanel::~SimulatorPanel() = default;

void SimulatorPanel::setConnection(const lockcore::ConnectionSpec &spec, bool readOnly)
{
    stop(); // a run belongs to the database it was started on
    m_spec = spec;
    m_spec->readOnly = spec.readOnly || readOnly; // lockcore refuses a run, not only the UI
    m_readOnly = m_spec->readOnly;
    updateState();
}

bool SimulatorPanel::isRunning() const
{
    return m_runner->isRunning();
}

void SimulatorPanel::start()
{
    if (!m_spec || m_readOnly || isRunning())
        return;
    const SimSettings settings = m_form->settings();
    if (const lockcore::Status valid = settings.validate(); !valid) {
        m_banner->showFailure(valid.error().message);
        return;
    }
    const auto nodes = this->nodes();
    if (!nodes) {
        m_banner->showFailure(nodes.error().message);
        return;
    }
    m_settings = settings;
    m_live = History();
    for (int lock = 0; lock < settings.locks; ++lock)
        m_live.lockNames << settings.lockPrefix + QString::number(lock);
    m_livePerClient = QList<qint64>(settings.clients, 0);
    m_lastProgress = SimProgress();
    m_report.reset();
    m_stopping = false;
    m_live.nodeNames = Simulator::nodeNames(*nodes);
    m_charts->reset(settings.durationMs, settings.clients);
    m_timeline->setParticipants(settings.clients, int(nodes->size()));
    m_timeline->setHolds({}, m_live.lockNames, 0, 0);
    m_metrics->clear();
    m_banner->clear();
    if (!m_runner->start(*nodes, settings))
        return;
    m_status->setText(tr("Preparing the tables %1\u2026").arg(settings.table));
    updateState();
    emit runStarted();
}

lockcore::Result<QList<lockcore::ConnectionSpec>> SimulatorPanel::nodes() const
{
    QList<lockcore::ConnectionSpec> others;
    const QStringList urls = m_form->nodeUrls();
    for (qsizetype i = 0; i < urls.size(); ++i) {
        auto node = lockcore::ConnectionSpec::parse(urls.at(i));
        if (!node)
            return lockcore::Error::invalidInput(
                tr("Node %1 of the other nodes: %2").arg(i + 2).arg(node.error().message));
        others << *node;
    }
    return clusterNodes(*m_spec, others);
}

void SimulatorPanel::stop()
{
    if (!isRunning())
        return;
    m_stopping = true;
    m_runner->stop();
    m_status->setText(tr("Stopping\u2026"));
    updateState();
}

qint64 SimulatorPanel::bucketMs() const
{
    // About 40 points over the run, in steps of 50 ms, at least 250 ms.
    const qint64 duration = m_settings.durationMs > 0 ? m_settings.durationMs : 60000;
    return qMax<qint64>(250, duration / 40 / 50 * 50);
}

void SimulatorPanel::onProgress(const SimProgress &progress)
{
    m_lastProgress = progress;
    for (const HoldRecord &hold : progress.newHolds) {
        if (m_live.startDbUs == 0 || hold.requestedDbUs < m_live.startDbUs)
            m_live.startDbUs = hold.requestedDbUs;
        m_live.endDbUs = qMax(m_live.endDbUs, qMax(hold.acquiredDbUs, hold.releasedDbUs));
        if (hold.client >= 0 && hold.client < m_livePerClient.size())
            ++m_livePerClient[hold.client];
    }
    m_live.holds.append(progress.newHolds);
    m_live.writes.append(progress.newWrites);
    m_live.crashes = progress.crashes;
    m_live.pauses = progress.pauses;
    if (m_live.startDbUs > 0)
        m_live.endDbUs = qMax(m_live.endDbUs, m_live.startDbUs + progress.elapsedMs * 1000);
    showLive();
}

void SimulatorPanel::showLive()
{
    const SimProgress &p = m_lastProgress;
    if (!m_stopping)
        m_status->setText(tr("%1: %L2 acquisitions, %L3 failed attempts, %L4 crashes, "
                             "%L5 pauses")
                              .arg(durationText(p.elapsedMs))
                              .arg(p.acquisitions)
                              .arg(p.failedAttempts)
                              .arg(p.crashes)
                              .arg(p.pauses));
    if (m_live.holds.isEmpty())
        return;
    // Holds arrive when they end, so the newest buckets are still filling: show only those up
    // to the latest grant received, not a throughput that seems to drop to zero at the edge.
    QList<TimePoint> points = timeSeries(m_live, bucketMs());
    qint64 latestGrantUs = 0;
    for (const HoldRecord &hold : std::as_const(m_live.holds))
        latestGrantUs = qMax(latestGrantUs, hold.acquiredDbUs);
    const double completeS = double(latestGrantUs - m_live.startDbUs) / 1e6;
    while (points.size() > 1 && points.last().atS + bucketMs() / 1000.0 > completeS)
        points.removeLast();
    m_charts->setTimeSeries(points);
    m_charts->setPerClient(m_livePerClient);
    m_timeline->setHolds(m_live.holds, m_live.lockNames, m_live.startDbUs, m_live.endDbUs);
    if (m_live.holds.size() <= maxLiveVerdictHolds)
        m_banner->showRunning(checkHistory(m_live), int(m_live.holds.size()), p.elapsedMs);
}

void SimulatorPanel::onFinished(const SimReport &report)
{
    m_report = report;
    m_stopping = false;
    showReport();
    updateState();
    emit runEnded();
}

void SimulatorPanel::onFailed(const QString &message)
{
    m_stopping = false;
    m_status->setText(tr("The run failed."));
    m_banner->showFailure(message);
    updateState();
    emit runEnded();
}

void SimulatorPanel::showReport()
{
    const SimReport &report = *m_report;
    const Metrics &m = report.metrics;
    m_charts->setTimeSeries(timeSeries(report.history, bucketMs()));
    m_charts->setPerClient(m.perClient);
    m_timeline->setParticipants(report.settings.clients, report.nodes());
    m_timeline->setHolds(report.history.holds, report.history.lockNames,
                         report.history.startDbUs, report.history.endDbUs);
    m_banner->showVerdict(report);
    m_status->setText(tr("Finished after %1.").arg(durationText(qRound64(m.seconds * 1000))));
    m_metrics->setText(metricsText(report));
}

// Hand-offs are gaps from a release to the next grant; a grant before the previous holder's
// release is an overlap (the banner lists it), never shown as a negative hand-off.
QString SimulatorPanel::metricsText(const SimReport &report)
{
    const Metrics &m = report.metrics;
    // Every number in the locale's form (%L): "12.345 acquisitions" in German.
    QString text = tr("%L1 acquisitions, %L2 per second; wait p50 %L3 ms, p95 %L4 ms, p99 %L5 "
                      "ms; hand-off p50 %L6 ms; locks held %L7% of the time; fairness %L8; %L9 "
                      "failed attempts, %L10 expiries, %L11 takeovers, %L12 crashes, %L13 "
                      "pauses, %L14 stale writes refused.")
                       .arg(m.acquisitions)
                       .arg(m.throughputPerS, 0, 'f', 1)
                       .arg(m.waitMs.p50, 0, 'f', 1)
                       .arg(m.waitMs.p95, 0, 'f', 1)
                       .arg(m.waitMs.p99, 0, 'f', 1)
                       .arg(m.handoffMs.p50, 0, 'f', 1)
                       .arg(m.utilisation * 100, 0, 'f', 0)
                       .arg(m.fairness, 0, 'f', 2)
                       .arg(m.failedAttempts)
                       .arg(m.expiries)
                       .arg(m.takeovers)
                       .arg(m.crashes)
                       .arg(m.pauses)
                       .arg(m.staleWritesRefused);
    if (m.grantsBeforeRelease > 0)
        text += u' '
                + tr("%Ln grant(s) came before the previous holder's release: overlaps, not "
                     "hand-offs.",
                     nullptr, int(m.grantsBeforeRelease));
    // for-update: the critical section of a transaction that did not commit had run anyway.
    if (report.settings.protocol == Protocol::ForUpdate)
        text += u' '
                + tr("%Ln transaction(s) did not commit (their critical section had run).",
                     nullptr, int(m.failedCommits));
    return text;
}

QString SimulatorPanel::exportHistory(const QString &path) const
{
    if (!m_report)
        return tr("No run has finished yet.");
    return simexport::writeHistory(*m_report, path);
}

QString SimulatorPanel::exportSummary(const QString &path) const
{
    if (!m_report)
        return tr("No run has finished yet.");
    return simexport::writeSummary(*m_report, path);
}

void SimulatorPanel::exportWithDialog(bool summary)
{
    const QString json = tr("JSON (*.json)");
    const QString csv = tr("CSV (*.csv)");
    QString filter = json;
    const QString name = summary ? u"simulation-summary.json"_s : u"simulation-history.json"_s;
    QString path = QFileDialog::getSaveFileName(
        this, summary ? tr("Export the summary") : tr("Export the history"), name,
        json + u";;"_s + csv, &filter);
    if (path.isEmpty())
        return;
    const QString suffix = filter == csv ? u".csv"_s : u".json"_s;
    if (!path.endsWith(suffix, Qt::CaseInsensitive) && !path.endsWith(u".csv"_s)
        && !path.endsWith(u".json"_s))
        path += suffix;
    const QString problem = summary ? exportSummary(path) : exportHistory(path);
    if (!problem.isEmpty())
        QMessageBox::warning(this, tr("The export failed"), problem);
    else
        m_status->setText(tr("Exported to %1.").arg(path));
}

void SimulatorPanel::updateState()
{
    const bool running = isRunning();
    m_start->setEnabled(m_spec && !m_readOnly && !running);
    m_stop->setEnabled(running && !m_stopping);
    m_form->setEnabled(!running);
    m_exportHistory->setEnabled(m_report.has_value() && !running);
    m_exportSummary->setEnabled(m_report.has_value() && !running);
    QString note;
    if (!m_spec)
        note = tr("Connect to a database to run the simulator.");
    else if (m_readOnly)
        note = tr("Read-only connection: the simulator writes its own tables (%1, %1_event, "
                  "%1_resource, %1_unsafe), so it cannot run here.")
                   .arg(SimSettings().table);
    else if (const auto others = int(m_form->nodeUrls().size()); others > 0)
        note = tr("Runs against %1 (node 1) and %n other node(s), in its own tables %2*; your "
                  "locks are not touched.",
                  nullptr, others)
                   .arg(m_spec->redacted(), SimSettings().table);
    else
        note = tr("Runs against %1, in its own tables %2*; your locks are not touched.")
                   .arg(m_spec->redacted(), SimSettings().table);
    m_note->setText(note);
}

void SimulatorPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        updateState();
        if (m_report && !isRunning())
            showReport();
    }
    QWidget::changeEvent(event);
}

void SimulatorPanel::retranslate()
{
    m_start->setText(tr("&Start"));
    m_start->setToolTip(tr("Run the simulated clients against the connected database"));
    m_stop->setText(tr("St&op"));
    m_stop->setToolTip(tr("Stop the run; what it recorded so far is still checked"));
    m_exportHistory->setText(tr("Export &history\u2026"));
    m_exportHistory->setToolTip(tr("Every hold and write of the last run, as JSON or CSV"));
    m_exportSummary->setText(tr("Export s&ummary\u2026"));
    m_exportSummary->setToolTip(tr("The verdict and the metrics of the last run, as JSON or "
                                   "CSV"));
    m_timelineTitle->setText(tr("Who held each lock when"));
}

} // namespace ui
