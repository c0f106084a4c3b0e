// SPDX-License-Identifier: GPL-3.0-or-later
// The Simulator panel on the offscreen platform, on a SQLite file in a temporary directory:
// runs driven through the form's widgets and the Start button fill the charts, the per-client
// bars and the timeline while they run, and end in the verdict banner (green "no violation
// observed" for lockcore, never "safe"; red for the unsafe client-clock baseline); choosing a
// baseline loads settings under which it fails; empty charts say so; a red banner leaves the
// charts their room at 1024x700, whose time axes tick at round steps and whose timeline legend
// wraps when narrow; read-only connections cannot start a run; the history and the
// summary export as JSON and CSV; the main window has the panel as a tab; the numbers follow
// the locale; the for-update baseline is offered (and refused on SQLite with the reason); the
// other nodes listed spread the clients, and the timeline gives each node a lane.

#include "durationtext.h"
#include "mainwindow.h"
#include "simcharts.h"
#include "simsettingsform.h"
#include "simtimelinewidget.h"
#include "simulatorpanel.h"
#include "verdictbanner.h"

#include "lockservice.h"
#include "session.h"

#include <QBarSet>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSet>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QMenuBar>
#include <QAbstractButton>
#include <QTest>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using locksim::HoldRecord;
using locksim::Protocol;
using namespace ui;

namespace {

constexpr int runTimeoutMs = 60000;

template<typename Widget>
Widget *field(QWidget *panel, const QString &name)
{
    auto *widget = panel->findChild<Widget *>(name);
    if (!widget)
        qWarning("no widget %s", qPrintable(name));
    return widget;
}

void setSpin(QWidget *panel, const QString &name, int value)
{
    if (auto *spin = field<QSpinBox>(panel, name))
        spin->setValue(value);
}

void setDouble(QWidget *panel, const QString &name, double value)
{
    if (auto *spin = field<QDoubleSpinBox>(panel, name))
        spin->setValue(value);
}

void setProtocol(QWidget *panel, Protocol protocol)
{
    auto *combo = field<QComboBox>(panel, u"protocol"_s);
    combo->setCurrentIndex(combo->findData(int(protocol)));
}

// 4 clients on 1 lock for about 2 s, with crashes, on the real protocol.
void fillSafeRun(QWidget *panel, double seconds = 2)
{
    setSpin(panel, u"clients"_s, 4);
    setSpin(panel, u"locks"_s, 1);
    setSpin(panel, u"ttl"_s, 300);
    field<QComboBox>(panel, u"holdKind"_s)->setCurrentIndex(0); // fixed
    setSpin(panel, u"holdMin"_s, 20);
    setSpin(panel, u"think"_s, 10);
    setSpin(panel, u"retryInterval"_s, 10);
    // Waiters poll every 5-15 ms: with a growing backoff one of them could miss every free
    // moment for the whole 2 s, and the banner would rightly name it as never having the lock.
    setDouble(panel, u"retryBackoff"_s, 1.0);
    setDouble(panel, u"retryJitter"_s, 0.5);
    setSpin(panel, u"retryDeadline"_s, 2000);
    setDouble(panel, u"duration"_s, seconds);
    setDouble(panel, u"crashRate"_s, 0.1);
    setDouble(panel, u"pauseRate"_s, 0);
    setProtocol(panel, Protocol::Lockcore);
    setSpin(panel, u"seed"_s, 7);
}

// The texts a chart view's scene shows (axis labels, titles).
QStringList sceneTexts(QChartView *view)
{
    QStringList texts;
    for (const QGraphicsItem *item : view->scene()->items())
        if (const auto *text = dynamic_cast<const QGraphicsTextItem *>(item))
            texts << text->toPlainText();
    return texts;
}

qreal barTotal(const QBarSet *set)
{
    qreal total = 0;
    for (int i = 0; set && i < set->count(); ++i)
        total += set->at(i);
    return total;
}

} // namespace

class SimulatorPanelTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void safeRunFillsTheChartsLiveAndEndsGreen();
    void unsafeClientClockEndsRed();
    void noExpiryPresetEndsRedNamingTheStuckLocks();
    void p95LineShowsWhereItMeetsP99();
    void findOnTheSimulatorTabGoesToTheLockFilter();
    void choosingABaselineLoadsSettingsThatFail();
    void emptyChartsSayNoData();
    void redBannerLeavesTheChartsReadableAt1024x700();
    void timeAxesTickAtRoundSeconds_data();
    void timeAxesTickAtRoundSeconds();
    void timelineLegendWrapsWhenNarrow();
    void readOnlyConnectionCannotStart();
    void exportsHistoryAndSummaryAsJsonAndCsv();
    void mainWindowShowsThePanelAsATab();
    void startHasAnAltKeyOfItsOwn();
    void numbersFollowTheLocale();
    void forUpdateIsOfferedAndSqliteSaysWhyNot();
    void otherNodesSpreadTheClients();
    void screenshotMidRun();

private:
    lockcore::ConnectionSpec m_spec;
    QTemporaryDir m_dir;
};

void SimulatorPanelTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    auto spec = lockcore::ConnectionSpec::parse(u"sqlite:"_s + m_dir.filePath(u"sim.sqlite"_s));
    QVERIFY2(spec.ok(), spec.ok() ? "" : qPrintable(spec.error().message));
    m_spec = *spec;
}

// Proves: Start runs the form's settings; the charts, bars and timeline get points while the run
// is still going; at the end a crash-injected lockcore run shows the green banner saying what
// was observed ("No violation observed in N holds"), never "Safe".
void SimulatorPanelTest::safeRunFillsTheChartsLiveAndEndsGreen()
{
    SimulatorPanel panel;
    panel.resize(1200, 700);
    panel.show();
    panel.setConnection(m_spec, false);
    fillSafeRun(&panel);
    auto *start = field<QPushButton>(&panel, u"simStart"_s);
    QVERIFY(start->isEnabled());
    QSignalSpy ended(&panel, &SimulatorPanel::runEnded);
    QTest::mouseClick(start, Qt::LeftButton);
    QVERIFY(panel.isRunning());
    QVERIFY(field<QPushButton>(&panel, u"simStop"_s)->isEnabled());

    // Live: points arrive before the run ends.
    SimCharts *charts = panel.charts();
    QTRY_VERIFY_WITH_TIMEOUT(charts->throughputSeries()->count() > 0 || !panel.isRunning(),
                             runTimeoutMs);
    QVERIFY2(panel.isRunning(), "no progress batch reached the charts while the run was going");
    QCOMPARE(panel.banner()->state(), VerdictBanner::State::Running);

    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, runTimeoutMs);
    QVERIFY2(panel.lastReport().has_value(), qPrintable(panel.banner()->details()));
    const locksim::SimReport &report = *panel.lastReport();
    QCOMPARE(report.settings.clients, 4);
    QCOMPARE(report.settings.locks, 1);
    QCOMPARE(report.settings.crashRate, 0.1);
    QVERIFY(report.metrics.acquisitions > 0);
    QVERIFY2(report.metrics.crashes > 0, "the run injected no crash: raise the rate or duration");

    QVERIFY(charts->throughputSeries()->count() > 0);
    for (int percentile : {50, 95, 99})
        QVERIFY(charts->waitSeries(percentile)->count() > 0);
    QBarSet *bars = charts->perClientSet();
    QVERIFY(bars);
    QCOMPARE(bars->count(), 4);
    QCOMPARE(qint64(barTotal(bars)), report.metrics.acquisitions);
    QCOMPARE(panel.timeline()->holdCount(), int(report.history.holds.size()));
    QVERIFY(panel.timeline()->holdCount() > 0);
    const bool crashed = std::any_of(report.history.holds.cbegin(), report.history.holds.cend(),
                                     [](const HoldRecord &h) {
                                         return h.end == HoldRecord::End::Crashed;
                                     });
    QVERIFY(crashed);

    VerdictBanner *banner = panel.banner();
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->state() == VerdictBanner::State::NoViolation,
             qPrintable(banner->title() + u'\n' + banner->details()));
    QCOMPARE(banner->title(), u"No violation observed in %1 holds (4 clients, %2)."_s.arg(
                                  QLocale().toString(report.metrics.acquisitions),
                                  durationText(qRound64(report.metrics.seconds * 1000))));
    QVERIFY2(!banner->title().contains(u"Safe"_s) && !banner->details().contains(u"Safe"_s),
             qPrintable(banner->title() + u'\n' + banner->details()));
    QVERIFY(banner->tint().green() > banner->tint().red());
    const QColor background = banner->palette().color(QPalette::Window);
    QVERIFY(background.green() > background.red());
    QVERIFY(start->isEnabled());
    QVERIFY(!field<QPushButton>(&panel, u"simStop"_s)->isEnabled());
    QVERIFY(field<QPushButton>(&panel, u"simExportHistory"_s)->isEnabled());
    QVERIFY(!field<QLabel>(&panel, u"simMetrics"_s)->text().isEmpty());
}

// Proves: the unsafe client-clock baseline with clock skew is caught: the banner turns red and
// lists the overlapping holds.
void SimulatorPanelTest::unsafeClientClockEndsRed()
{
    SimulatorPanel panel;
    panel.resize(1200, 700);
    panel.show();
    panel.setConnection(m_spec, false);
    fillSafeRun(&panel, 3);
    setProtocol(&panel, Protocol::UnsafeClientClock); // loads its preset; overridden below
    setDouble(&panel, u"duration"_s, 3);
    setDouble(&panel, u"crashRate"_s, 0);
    field<QComboBox>(&panel, u"holdKind"_s)->setCurrentIndex(1); // uniform
    setSpin(&panel, u"holdMin"_s, 50);
    setSpin(&panel, u"holdMax"_s, 250);
    setSpin(&panel, u"ttl"_s, 200);
    auto *skew = field<QSpinBox>(&panel, u"clockSkew"_s);
    QVERIFY(skew->isEnabled());
    skew->setValue(1000);
    QSignalSpy ended(&panel, &SimulatorPanel::runEnded);
    QTest::mouseClick(field<QPushButton>(&panel, u"simStart"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, runTimeoutMs);
    QVERIFY2(panel.lastReport().has_value(), qPrintable(panel.banner()->details()));
    QCOMPARE(panel.lastReport()->settings.protocol, Protocol::UnsafeClientClock);
    QCOMPARE(panel.lastReport()->settings.clockSkewMs, 1000);

    VerdictBanner *banner = panel.banner();
    QCOMPARE(banner->state(), VerdictBanner::State::Violation);
    QVERIFY2(banner->title().contains(u"observed in"_s), qPrintable(banner->title()));
    QVERIFY(banner->tint().red() > banner->tint().green());
    QVERIFY(!banner->details().isEmpty());
    QVERIFY(banner->details().contains(panel.lastReport()->verdict.violations.first().text));
}

// Proves: the "Unsafe: no expiry" preset, run as it loads, ends red with a headline that says
// its failure showed (locks stuck for ever, named), not amber "No violation observed ... this
// run did not show its failure" above "Stuck for ever: sim-0".
void SimulatorPanelTest::noExpiryPresetEndsRedNamingTheStuckLocks()
{
    SimulatorPanel panel;
    panel.resize(1200, 700);
    panel.show();
    panel.setConnection(m_spec, false);
    setSpin(&panel, u"seed"_s, 3);
    setProtocol(&panel, Protocol::UnsafeNoExpiry);
    QSignalSpy ended(&panel, &SimulatorPanel::runEnded);
    QTest::mouseClick(field<QPushButton>(&panel, u"simStart"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, runTimeoutMs);
    QVERIFY2(panel.lastReport().has_value(), qPrintable(panel.banner()->details()));
    const QStringList stuck = panel.lastReport()->verdict.stuckLocks;
    QVERIFY2(!stuck.isEmpty(), "the preset must leave a lock stuck");

    VerdictBanner *banner = panel.banner();
    QCOMPARE(banner->state(), VerdictBanner::State::Violation);
    QVERIFY(banner->tint().red() > 2 * banner->tint().green());
    QVERIFY2(banner->title().contains(u"Failure observed"_s), qPrintable(banner->title()));
    QVERIFY2(banner->title().contains(stuck.first()), qPrintable(banner->title()));
    QVERIFY2(!banner->details().contains(u"did not show its failure"_s),
             qPrintable(banner->details()));
}

// Proves: the p95 line shows in the wait chart. A bucket of a run holds a few grants, and with
// fewer than 20 the nearest-rank p95 and p99 are the same grant: the p99 line, drawn over it,
// hid the p95 line everywhere. Read from the chart's pixels in its plot area (the legend's
// marker is outside it).
void SimulatorPanelTest::p95LineShowsWhereItMeetsP99()
{
    SimCharts charts(new QWidget); // the fourth cell: the charts' child from here
    charts.resize(900, 600);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.reset(10000, 4);
    QList<locksim::TimePoint> points;
    for (int i = 0; i < 20; ++i) {
        locksim::TimePoint point;
        point.atS = i * 0.5;
        point.throughputPerS = 10;
        point.waitMs = locksim::Percentiles::of({10.0 + i, 40.0 + 3 * i, 200.0 + 10 * (i % 5)});
        QCOMPARE(point.waitMs.p95, point.waitMs.p99); // 3 grants: the same one
        points.append(point);
    }
    charts.setTimeSeries(points);
    auto *view = charts.findChild<QChartView *>(u"waitChart"_s);
    QVERIFY(view);
    QTest::qWait(50);
    const QImage image = view->grab().toImage();
    const QRect plot = view->mapFromScene(view->chart()->plotArea()).boundingRect();
    const auto countNear = [&](const QColor &colour) {
        int count = 0;
        for (int y = plot.top(); y <= plot.bottom(); ++y)
            for (int x = plot.left(); x <= plot.right(); ++x) {
                const QColor c = image.pixelColor(x, y);
                if (qAbs(c.red() - colour.red()) + qAbs(c.green() - colour.green())
                        + qAbs(c.blue() - colour.blue())
                    < 40)
                    ++count;
            }
        return count;
    };
    const int p95 = countNear(charts.waitSeries(95)->pen().color());
    const int p99 = countNear(charts.waitSeries(99)->pen().color());
    QVERIFY2(p95 > p99 / 4, qPrintable(u"p95 pixels %1, p99 pixels %2"_s.arg(p95).arg(p99)));
}

// Proves: Ctrl+F on the Simulator tab does what it does on the Locks tab: the Locks tab comes
// to the front with the focus in its filter (before, the shortcut focused a hidden field, and
// nothing happened).
void SimulatorPanelTest::findOnTheSimulatorTabGoesToTheLockFilter()
{
    MainWindow window;
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    auto *tabs = window.findChild<QTabWidget *>(u"mainTabs"_s);
    auto *filter = window.findChild<QLineEdit *>(u"filter"_s);
    QVERIFY(tabs && filter);
    for (int tab : {1, 2}) {
        tabs->setCurrentIndex(tab);
        tabs->currentWidget()->setFocus();
        QTest::keySequence(&window, QKeySequence::Find);
        QTRY_COMPARE(tabs->currentIndex(), 0);
        QTRY_VERIFY(filter->hasFocus());
    }
}

// Proves: choosing the client-clock baseline loads settings under which it fails (a short
// lease, clocks further apart than the lease's margin over a hold) and says so; with them, a
// run ends red. Before, it kept lockcore's 2 s lease and came out green, even with 400 ms skew.
void SimulatorPanelTest::choosingABaselineLoadsSettingsThatFail()
{
    SimulatorPanel panel;
    panel.resize(1200, 700);
    panel.show();
    panel.setConnection(m_spec, false);
    setSpin(&panel, u"seed"_s, 3);
    setProtocol(&panel, Protocol::UnsafeClientClock);
    const locksim::SimSettings chosen = panel.form()->settings();
    QCOMPARE(chosen.protocol, Protocol::UnsafeClientClock);
    QVERIFY2(chosen.ttlMs <= 1000, qPrintable(QString::number(chosen.ttlMs)));
    QVERIFY2(2 * chosen.clockSkewMs > chosen.ttlMs - chosen.hold.minMs,
             qPrintable(u"skew %1, lease %2"_s.arg(chosen.clockSkewMs).arg(chosen.ttlMs)));
    QCOMPARE(chosen.seed, 3u); // the seed is the user's
    auto *note = field<QLabel>(&panel, u"presetNote"_s);
    QVERIFY(note && !note->isHidden() && !note->text().isEmpty());

    QSignalSpy ended(&panel, &SimulatorPanel::runEnded);
    QTest::mouseClick(field<QPushButton>(&panel, u"simStart"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, runTimeoutMs);
    QVERIFY2(panel.lastReport().has_value(), qPrintable(panel.banner()->details()));
    QCOMPARE(panel.banner()->state(), VerdictBanner::State::Violation);

    // Back to lockcore: its own defaults, and no note.
    setProtocol(&panel, Protocol::Lockcore);
    QCOMPARE(panel.form()->settings().ttlMs, locksim::SimSettings().ttlMs);
    QVERIFY(note->isHidden());
}

// Proves: before any grant the charts say "No data yet" and show no made-up axis numbers (they
// read "0 0 1 1 1"); once grants arrive the note goes and each axis label is distinct.
void SimulatorPanelTest::emptyChartsSayNoData()
{
    SimulatorPanel panel;
    panel.resize(1200, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    for (const QString &name : {u"throughputChart"_s, u"waitChart"_s, u"perClientChart"_s}) {
        auto *view = field<QChartView>(&panel, name);
        QVERIFY(view);
        auto *empty = panel.findChild<QLabel *>(name + u"Empty"_s);
        QVERIFY2(empty && empty->isVisible(), qPrintable(name + u": no \"No data\" note"_s));
        QCOMPARE(empty->text(), u"No data yet"_s);
        const QList<QAbstractAxis *> axes = view->chart()->axes(Qt::Vertical);
        QVERIFY(!axes.isEmpty());
        QVERIFY2(!axes.first()->labelsVisible(), qPrintable(name + u": axis labels shown"_s));
    }

    panel.setConnection(m_spec, false);
    fillSafeRun(&panel, 1);
    QSignalSpy ended(&panel, &SimulatorPanel::runEnded);
    panel.start();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, runTimeoutMs);
    QVERIFY(panel.lastReport().has_value());
    if (const QString shot = qEnvironmentVariable("LOCKSCOPE_SCREENSHOT_DIR"); !shot.isEmpty())
        panel.grab().save(shot + u"/simulator-after-run.png"_s);
    for (const QString &name : {u"throughputChart"_s, u"waitChart"_s, u"perClientChart"_s}) {
        QVERIFY(!panel.findChild<QLabel *>(name + u"Empty"_s)->isVisible());
        auto *axis = qobject_cast<QValueAxis *>(
            field<QChartView>(&panel, name)->chart()->axes(Qt::Vertical).first());
        QVERIFY(axis && axis->labelsVisible());
        // Whole steps: every tick's "%.0f" label differs from the one before.
        const double step = (axis->max() - axis->min()) / (axis->tickCount() - 1);
        QVERIFY2(step >= 1 && step == std::floor(step),
                 qPrintable(u"%1: %2 to %3 in %4 ticks"_s.arg(name).arg(axis->min())
                                .arg(axis->max()).arg(axis->tickCount())));
    }
}

// Proves: at 1024x700 a red verdict with many violations leaves the charts readable: the window
// keeps its size, the banner stays a few lines high (its details scroll), and every chart keeps
// at least its minimum size. Before, the banner grew with its list and squeezed the wait
// chart until its labels read "...".
void SimulatorPanelTest::redBannerLeavesTheChartsReadableAt1024x700()
{
    MainWindow window;
    WindowConnection connection;
    connection.spec = m_spec;
    window.openConnection(connection);
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *tabs = window.findChild<QTabWidget *>(u"mainTabs"_s);
    auto *panel = window.findChild<SimulatorPanel *>(u"simulatorPanel"_s);
    tabs->setCurrentWidget(panel);
    fillSafeRun(panel, 3);
    setProtocol(panel, Protocol::UnsafeClientClock);
    setDouble(panel, u"duration"_s, 3);
    field<QComboBox>(panel, u"holdKind"_s)->setCurrentIndex(1);
    setSpin(panel, u"holdMin"_s, 50);
    setSpin(panel, u"holdMax"_s, 250);
    setSpin(panel, u"ttl"_s, 200);
    setSpin(panel, u"clockSkew"_s, 1000);
    const QString shot = qEnvironmentVariable("LOCKSCOPE_SCREENSHOT_DIR");
    if (!shot.isEmpty()) // the empty charts, before the run
        window.grab().save(shot + u"/simulator-empty-1024x700.png"_s);
    QSignalSpy ended(panel, &SimulatorPanel::runEnded);
    panel->start();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, runTimeoutMs);
    QVERIFY2(panel->lastReport().has_value(), qPrintable(panel->banner()->details()));
    QVERIFY2(panel->lastReport()->verdict.violationCount >= 3,
             qPrintable(QString::number(panel->lastReport()->verdict.violationCount)));
    QTest::qWait(100); // the layout settles
    if (!shot.isEmpty())
        window.grab().save(shot + u"/simulator-red-1024x700.png"_s);
    QVERIFY2(window.height() <= 700 && window.width() <= 1024,
             qPrintable(u"the window grew to %1x%2"_s.arg(window.width()).arg(window.height())));
    QVERIFY2(panel->banner()->height() <= 180,
             qPrintable(u"banner %1 px high"_s.arg(panel->banner()->height())));
    for (const QString &name : {u"throughputChart"_s, u"waitChart"_s, u"perClientChart"_s}) {
        auto *view = field<QChartView>(panel, name);
        QVERIFY2(view->height() >= 170 && view->width() >= 260,
                 qPrintable(u"%1 is %2x%3"_s.arg(name).arg(view->width()).arg(view->height())));
    }
}

// Proves: the time axes tick at round steps from 0 ("0 1 2 3 4 5" for a 5 s run), not at five
// even ticks ("0.0 1.3 2.5 3.8 5.0"), with as many decimals as the step needs.
void SimulatorPanelTest::timeAxesTickAtRoundSeconds_data()
{
    QTest::addColumn<qint64>("durationMs");
    QTest::addColumn<double>("step");
    QTest::addColumn<QString>("format");
    QTest::newRow("5 s") << qint64(5000) << 1.0 << u"%.0f"_s;
    QTest::newRow("10 s") << qint64(10000) << 2.0 << u"%.0f"_s;
    QTest::newRow("60 s") << qint64(60000) << 20.0 << u"%.0f"_s;
    QTest::newRow("1 s") << qint64(1000) << 0.2 << u"%.1f"_s;
    QTest::newRow("0.1 s") << qint64(100) << 0.02 << u"%.2f"_s;
}

void SimulatorPanelTest::timeAxesTickAtRoundSeconds()
{
    QFETCH(qint64, durationMs);
    QFETCH(double, step);
    QFETCH(QString, format);
    SimCharts charts(nullptr);
    charts.reset(durationMs, 2);
    for (const QString &name : {u"throughputChart"_s, u"waitChart"_s}) {
        auto *axis = qobject_cast<QValueAxis *>(
            charts.findChild<QChartView *>(name)->chart()->axes(Qt::Horizontal).first());
        QVERIFY(axis);
        QCOMPARE(axis->tickType(), QValueAxis::TicksDynamic);
        QCOMPARE(axis->tickAnchor(), 0.0);
        QVERIFY2(qFuzzyCompare(axis->tickInterval(), step),
                 qPrintable(QString::number(axis->tickInterval())));
        QCOMPARE(axis->labelFormat(), format);
        QCOMPARE(axis->max(), durationMs / 1000.0);
    }
}

// Proves: the timeline's legend wraps onto a second row when narrow (the timeline at 1024x700,
// or a longer translation) instead of being cut off ("lost (paused past").
void SimulatorPanelTest::timelineLegendWrapsWhenNarrow()
{
    SimTimelineWidget timeline;
    QCOMPARE(timeline.legendRows(2000), 1);
    QVERIFY(timeline.legendRows(300) >= 2);
    QVERIFY(timeline.legendRows(1) == 3); // one entry a row, never none
}

// Proves: on a read-only connection Start is disabled and says why; without a connection too.
void SimulatorPanelTest::readOnlyConnectionCannotStart()
{
    SimulatorPanel panel;
    auto *start = field<QPushButton>(&panel, u"simStart"_s);
    QVERIFY(!start->isEnabled());
    panel.setConnection(m_spec, true);
    QVERIFY(!start->isEnabled());
    QVERIFY(field<QLabel>(&panel, u"simNote"_s)->text().contains(u"Read-only"_s));
    panel.start();
    QVERIFY(!panel.isRunning());
    panel.setConnection(m_spec, false);
    QVERIFY(start->isEnabled());
}

// Proves: after a run, the history and the summary are written as JSON and as CSV.
void SimulatorPanelTest::exportsHistoryAndSummaryAsJsonAndCsv()
{
    SimulatorPanel panel;
    panel.setConnection(m_spec, false);
    QVERIFY(!panel.exportHistory(m_dir.filePath(u"none.json"_s)).isEmpty()); // no run yet
    fillSafeRun(&panel, 1);
    QSignalSpy ended(&panel, &SimulatorPanel::runEnded);
    panel.start();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, runTimeoutMs);
    QVERIFY2(panel.lastReport().has_value(), qPrintable(panel.banner()->details()));
    const qsizetype holds = panel.lastReport()->history.holds.size();
    QVERIFY(holds > 0);

    auto read = [](const QString &path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };
    const QString historyJson = m_dir.filePath(u"history.json"_s);
    const QString historyCsv = m_dir.filePath(u"history.csv"_s);
    const QString summaryJson = m_dir.filePath(u"summary.json"_s);
    const QString summaryCsv = m_dir.filePath(u"summary.csv"_s);
    QCOMPARE(panel.exportHistory(historyJson), QString());
    QCOMPARE(panel.exportHistory(historyCsv), QString());
    QCOMPARE(panel.exportSummary(summaryJson), QString());
    QCOMPARE(panel.exportSummary(summaryCsv), QString());

    const QJsonObject history = QJsonDocument::fromJson(read(historyJson)).object();
    QCOMPARE(locksim::History::fromJson(history).holds.size(), holds);
    const QList<QByteArray> csvLines = read(historyCsv).trimmed().split('\n');
    QCOMPARE(csvLines.size(), holds + 1); // a header line and one line per hold
    const QJsonObject summary = QJsonDocument::fromJson(read(summaryJson)).object();
    QCOMPARE(summary, panel.lastReport()->summaryJson());
    QCOMPARE(QString::fromUtf8(read(summaryCsv)), panel.lastReport()->summaryCsv());
    QVERIFY(!panel.exportSummary(m_dir.filePath(u"missing/dir/summary.json"_s)).isEmpty());
}

// Proves: the window has the panel as its "Simulator" tab and passes its connection on, with
// the read-only flag.
void SimulatorPanelTest::mainWindowShowsThePanelAsATab()
{
    MainWindow window;
    auto *tabs = window.findChild<QTabWidget *>(u"mainTabs"_s);
    QVERIFY(tabs);
    QCOMPARE(tabs->count(), 3); // Locks, Simulator, Database locks
    QCOMPARE(tabs->tabText(1), u"Simulator"_s);
    auto *panel = window.findChild<SimulatorPanel *>(u"simulatorPanel"_s);
    QVERIFY(panel);
    QCOMPARE(tabs->widget(1), panel);
    auto *start = field<QPushButton>(panel, u"simStart"_s);
    QVERIFY(!start->isEnabled());
    WindowConnection connection;
    connection.spec = m_spec;
    connection.readOnly = true;
    window.openConnection(connection);
    QVERIFY(!start->isEnabled());
    connection.readOnly = false;
    window.openConnection(connection);
    QVERIFY(start->isEnabled());
}

// Alt+S starts a run: no other label or button of the Simulator tab, and no menu of the window,
// has S as its mnemonic (with "Clock &skew" it was ambiguous, and Qt then only moves the focus).
void SimulatorPanelTest::startHasAnAltKeyOfItsOwn()
{
    MainWindow window;
    auto *panel = window.findChild<SimulatorPanel *>(u"simulatorPanel"_s);
    const auto mnemonic = [](const QString &text) -> QChar {
        for (qsizetype i = 0; i + 1 < text.size(); ++i) {
            if (text.at(i) == u'&' && text.at(i + 1) != u'&')
                return text.at(i + 1).toLower();
            if (text.at(i) == u'&')
                ++i; // "&&" is an ampersand
        }
        return {};
    };
    const QChar start = mnemonic(field<QPushButton>(panel, u"simStart"_s)->text());
    QCOMPARE(start, QChar(u's'));
    QStringList clashes;
    for (const QLabel *label : panel->findChildren<QLabel *>())
        if (label->buddy() && mnemonic(label->text()) == start)
            clashes.append(label->text());
    for (const QAbstractButton *button : panel->findChildren<QAbstractButton *>())
        if (button->objectName() != u"simStart" && mnemonic(button->text()) == start)
            clashes.append(button->text());
    for (const QAction *menu : window.menuBar()->actions())
        if (mnemonic(menu->text()) == start)
            clashes.append(menu->text());
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(u", "_s)));
}

// Proves: the simulator's numbers follow the locale (German here: "12.345", "1 min 15,3 s"):
// the banner's counts and times, the metrics line after a run and the charts' axis labels.
// Before, they read "12345", "75.3 s" and "0.87" whatever the language.
void SimulatorPanelTest::numbersFollowTheLocale()
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    const auto restore = qScopeGuard([before] { QLocale::setDefault(before); });

    VerdictBanner banner;
    locksim::SimReport report;
    report.settings.clients = 3;
    report.metrics.acquisitions = 12345;
    report.metrics.seconds = 75.25;
    report.metrics.staleWritesRefused = 1500;
    banner.showVerdict(report);
    QCOMPARE(banner.title(), u"No violation observed in 12.345 holds (3 clients, 1 min 15,3 s)."_s);
    QVERIFY2(banner.details().contains(u"1.500 stale write"_s), qPrintable(banner.details()));
    banner.showRunning(locksim::Verdict(), 2500, 61500);
    QVERIFY2(banner.title().startsWith(u"Running (1 min 1,5 s):"_s)
                 && banner.title().contains(u"2.500 completed"_s),
             qPrintable(banner.title()));

    // The charts' axes: counts with a group separator, seconds with a decimal comma.
    SimCharts charts(nullptr);
    charts.resize(900, 500);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.reset(1000, 3); // a 1 s run: the time axis ticks every 0.2 s
    charts.setPerClient({1500, 2500, 0});
    locksim::TimePoint point;
    point.atS = 1;
    point.throughputPerS = 1234.5;
    charts.setTimeSeries({point});
    auto *bars = charts.findChild<QChartView *>(u"perClientChart"_s);
    auto *rate = charts.findChild<QChartView *>(u"throughputChart"_s);
    QVERIFY(bars && rate);
    QTRY_VERIFY2(sceneTexts(bars).contains(u"2.000"_s), qPrintable(sceneTexts(bars).join(u' ')));
    QTRY_VERIFY2(sceneTexts(rate).contains(u"1.000"_s), qPrintable(sceneTexts(rate).join(u' ')));
    QVERIFY2(sceneTexts(rate).contains(u"0,2"_s), qPrintable(sceneTexts(rate).join(u' ')));

    // A real run's metrics line: decimals with a comma.
    SimulatorPanel panel;
    panel.setConnection(m_spec, false);
    fillSafeRun(&panel, 1);
    QSignalSpy ended(&panel, &SimulatorPanel::runEnded);
    panel.start();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, runTimeoutMs);
    QVERIFY2(panel.lastReport().has_value(), qPrintable(panel.banner()->details()));
    const QString metrics = field<QLabel>(&panel, u"simMetrics"_s)->text();
    for (const QString &pattern : {u"\\d,\\d per second"_s, u"wait p50 \\d+,\\d ms"_s,
                                   u"fairness \\d,\\d\\d"_s})
        QVERIFY2(metrics.contains(QRegularExpression(pattern)),
                 qPrintable(pattern + u"\n"_s + metrics));
}

// Proves: for-update is in the protocol chooser, loads its preset and says what it costs and
// where it fails; on SQLite, which has no FOR UPDATE, Start ends in a failure that says why.
void SimulatorPanelTest::forUpdateIsOfferedAndSqliteSaysWhyNot()
{
    SimulatorPanel panel;
    panel.resize(1200, 520); // the settings scroll: the note is below their visible part
    panel.show();
    panel.setConnection(m_spec, false);
    setProtocol(&panel, Protocol::ForUpdate);
    QCOMPARE(panel.form()->settings().protocol, Protocol::ForUpdate);
    QCOMPARE(panel.form()->settings().clients,
             locksim::SimSettings::forProtocol(Protocol::ForUpdate).clients);
    auto *note = field<QLabel>(&panel, u"presetNote"_s);
    QVERIFY(!note->isHidden());
    QVERIFY2(note->text().contains(u"Galera"_s), qPrintable(note->text()));
    // Issue 49: the note was cut by the bottom of the settings; it is scrolled into sight.
    QScrollArea *area = nullptr;
    for (QScrollArea *each : panel.findChildren<QScrollArea *>())
        area = each->isAncestorOf(note) ? each : area;
    QVERIFY(area);
    const auto noteInSight = [&] {
        const QRect shown(note->mapTo(area->viewport(), QPoint()), note->size());
        return area->viewport()->rect().contains(shown);
    };
    QTRY_VERIFY(noteInSight());

    QSignalSpy ended(&panel, &SimulatorPanel::runEnded);
    panel.start();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, runTimeoutMs);
    QCOMPARE(panel.banner()->state(), VerdictBanner::State::Failed);
    QVERIFY2(panel.banner()->details().contains(u"SQLite"_s)
                 && panel.banner()->details().contains(u"FOR UPDATE"_s),
             qPrintable(panel.banner()->details()));
}

// Proves: the URLs under "Other nodes" are nodes 2..n of the connected database's cluster:
// client i runs on node i mod n and its holds say so, and the timeline gives each node of a
// lock a lane of its own. A URL that does not parse is refused, naming its node.
void SimulatorPanelTest::otherNodesSpreadTheClients()
{
    SimulatorPanel panel;
    panel.resize(1200, 700);
    panel.show();
    panel.setConnection(m_spec, false);
    fillSafeRun(&panel, 1);
    setDouble(&panel, u"crashRate"_s, 0);
    panel.form()->setNodeUrls({u"redis://cache/0"_s});
    panel.start();
    QVERIFY(!panel.isRunning());
    QCOMPARE(panel.banner()->state(), VerdictBanner::State::Failed);
    QVERIFY2(panel.banner()->details().contains(u"Node 2"_s),
             qPrintable(panel.banner()->details()));

    // The same SQLite file once more, as a second node (a cluster's would be another URL).
    panel.form()->setNodeUrls({QString(), u"sqlite:"_s + m_spec.path, QString()});
    QCOMPARE(panel.form()->nodeUrls().size(), 1);
    QSignalSpy ended(&panel, &SimulatorPanel::runEnded);
    panel.start();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, runTimeoutMs);
    QVERIFY2(panel.lastReport().has_value(), qPrintable(panel.banner()->details()));
    const locksim::SimReport &report = *panel.lastReport();
    QCOMPARE(report.nodes(), 2);
    QVERIFY(report.observedText().contains(u"on 2 nodes"_s));
    QSet<int> nodes;
    for (const HoldRecord &hold : report.history.holds) {
        QCOMPARE(hold.node, hold.client % 2);
        nodes.insert(hold.node);
    }
    QCOMPARE(nodes.size(), 2);
    QCOMPARE(panel.timeline()->nodeCount(), 2);
    // A preset keeps the nodes: they are where the run goes, not how it runs.
    setProtocol(&panel, Protocol::UnsafeNoExpiry);
    QCOMPARE(panel.form()->nodeUrls().size(), 1);
}

// The documentation's screenshot, taken mid-run (only when LOCKSCOPE_SCREENSHOT_DIR is set).
void SimulatorPanelTest::screenshotMidRun()
{
    const QString dir = qEnvironmentVariable("LOCKSCOPE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("LOCKSCOPE_SCREENSHOT_DIR is not set");
    // The window's own lock table, so that the Locks tab is a healthy one too.
    {
        auto session = lockcore::Session::open(m_spec);
        QVERIFY(session.ok());
        auto locks = lockcore::LockService::create(**session, u"dist_lock"_s);
        QVERIFY(locks.ok());
        QVERIFY(locks->createSchema().ok());
    }
    MainWindow window;
    WindowConnection connection;
    connection.spec = m_spec;
    connection.title = u"sqlite:/srv/lockscope/staging.sqlite"_s;
    window.openConnection(connection);
    window.resize(1360, 800);
    window.show();
    auto *tabs = window.findChild<QTabWidget *>(u"mainTabs"_s);
    auto *panel = window.findChild<SimulatorPanel *>(u"simulatorPanel"_s);
    tabs->setCurrentWidget(panel);
    setSpin(panel, u"clients"_s, 8);
    setSpin(panel, u"locks"_s, 3);
    setSpin(panel, u"ttl"_s, 500);
    field<QComboBox>(panel, u"holdKind"_s)->setCurrentIndex(1);
    setSpin(panel, u"holdMin"_s, 30);
    setSpin(panel, u"holdMax"_s, 120);
    setSpin(panel, u"think"_s, 20);
    setSpin(panel, u"retryInterval"_s, 20);
    setSpin(panel, u"retryDeadline"_s, 3000);
    setDouble(panel, u"duration"_s, 12);
    setDouble(panel, u"crashRate"_s, 0.04);
    setDouble(panel, u"pauseRate"_s, 0.02);
    setSpin(panel, u"seed"_s, 42);
    QSignalSpy ended(panel, &SimulatorPanel::runEnded);
    panel->start();
    QVERIFY(panel->isRunning());
    QTest::qWait(6000);
    QVERIFY2(panel->isRunning(), qPrintable(panel->banner()->details()));
    QVERIFY(panel->timeline()->holdCount() > 0);
    QVERIFY(window.grab().save(dir + u"/simulator.png"_s));
    panel->stop();
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, runTimeoutMs);
}

QTEST_MAIN(SimulatorPanelTest)
#include "tst_simulatorpanel.moc"
