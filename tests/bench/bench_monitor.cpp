// SPDX-License-Identifier: GPL-3.0-or-later
// bench_monitor: the lock monitor at scale, measured. Not a test (it asserts nothing about
// time): it fills a lock table with N locks on a backend, runs the real LockMonitor (database
// thread, one statement per refresh) and LockTablePanel (models, proxy, view, countdown) on
// the offscreen platform for a number of refreshes while another thread changes locks through
// the protocol, and reports the GUI thread's time per refresh and per countdown tick (and,
// apart, for the repaint each asked for), the statements per refresh and the peak memory.
//
//   bench_monitor --backend sqlite|postgresql|mariadb --locks 10000,100000 --refreshes 20
//                 [--interval 1000] [--threshold 20000] [--churn N] [--no-scroll] [--json]
//
// The servers' URLs come from LOCKSCOPE_TEST_POSTGRESQL_URL and LOCKSCOPE_TEST_MARIADB_URL
// (scripts/dev-servers env); SQLite uses a file in a temporary directory. With several sizes
// each runs in a process of its own, so that each peak memory is its own.

#include "benchchurn.h"
#include "benchresult.h"
#include "benchtable.h"
#include "lockmonitor.h"
#include "lockservice.h"
#include "locktablepanel.h"
#include "lockwindowmodel.h"
#include "serverprocess.h"
#include "session.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QSet>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <optional>

using namespace Qt::StringLiterals;
using namespace lockcore;
using namespace ui;

namespace {

struct Options
{
    QString backend = u"sqlite"_s;
    QList<int> sizes{10000};
    int refreshes = 20;
    int intervalMs = 1000;
    int tickMs = 200;
    int threshold = LockTableReader::DefaultThreshold;
    int churn = -1; // per second; -1: 1 % of the locks, at most 200
    bool scroll = true;
    bool json = false;
};

void fail(const QString &message)
{
    std::fprintf(stderr, "bench_monitor: %s\n", qPrintable(message));
}

std::optional<ConnectionSpec> specFor(const QString &backend, const QTemporaryDir &dir)
{
    QString url;
    if (backend == u"sqlite")
        url = u"sqlite:"_s + dir.filePath(u"bench.sqlite"_s);
    else if (backend == u"postgresql")
        url = qEnvironmentVariable("LOCKSCOPE_TEST_POSTGRESQL_URL");
    else if (backend == u"mariadb")
        url = qEnvironmentVariable("LOCKSCOPE_TEST_MARIADB_URL");
    else {
        fail(u"unknown backend \"%1\" (sqlite, postgresql or mariadb)"_s.arg(backend));
        return std::nullopt;
    }
    if (url.isEmpty()) {
        fail(u"no URL for %1: eval \"$(scripts/dev-servers env)\" first"_s.arg(backend));
        return std::nullopt;
    }
    auto spec = ConnectionSpec::parse(url);
    if (!spec) {
        fail(spec.error().fullText());
        return std::nullopt;
    }
    return *spec;
}

// One size, in this process.
std::optional<bench::Result> runOne(const Options &options, int locks)
{
    QTemporaryDir dir;
    const auto spec = specFor(options.backend, dir);
    if (!spec)
        return std::nullopt;
    auto opened = Session::open(*spec);
    if (!opened) {
        fail(opened.error().fullText());
        return std::nullopt;
    }
    Session &session = **opened;
    const QString table = u"bench_monitor_%1"_s.arg(QCoreApplication::applicationPid());
    auto service = LockService::create(session, table);
    if (!service) {
        fail(service.error().fullText());
        return std::nullopt;
    }
    const TableNames tables = service->tables();
    bench::dropLockTable(session, tables); // a leftover of an interrupted run
    if (Status created = service->createSchema(); !created) {
        fail(created.error().fullText());
        return std::nullopt;
    }
    bench::Result result;
    result.backend = options.backend;
    result.locks = locks;
    result.threshold = options.threshold;
    QElapsedTimer fillTime;
    fillTime.start();
    if (Status filled = bench::fillLockTable(session, tables, locks); !filled) {
        fail(filled.error().fullText());
        bench::dropLockTable(session, tables);
        return std::nullopt;
    }
    result.fillSeconds = double(fillTime.elapsed()) / 1000.0;

    const int churnPerSecond = options.churn >= 0 ? options.churn : qBound(1, locks / 100, 200);
    bench::Churn churn(*spec, table, locks, churnPerSecond);
    LockMonitor monitor;
    monitor.setWindowThreshold(options.threshold);
    monitor.setInterval(options.intervalMs);
    LockTablePanel panel;
    panel.resize(1400, 900);
    panel.show();
    QObject::connect(&panel, &LockTablePanel::queryChanged, &monitor, &LockMonitor::setQuery);

    QList<double> merges, ticks, mergePaints, tickPaints, worker, statements, rows,
        scrollLatency;
    // The repaint a change asked for, done now rather than when the event loop gets to it.
    const auto paintNow = [&panel] {
        QElapsedTimer t;
        t.start();
        QCoreApplication::sendPostedEvents(panel.window(), QEvent::UpdateRequest);
        return double(t.nsecsElapsed()) / 1e6;
    };
    QSet<QString> modes;
    int seen = 0;
    bool failed = false;
    std::optional<testsupport::LatencyProbe> probe;
    QTimer ticker;
    ticker.setInterval(options.tickMs);
    QObject::connect(&ticker, &QTimer::timeout, &panel, [&] {
        QElapsedTimer t;
        t.start();
        panel.tick();
        ticks.append(double(t.nsecsElapsed()) / 1e6);
        tickPaints.append(paintNow());
    });
    // Windowed: now and then the view jumps somewhere else, as a scrollbar drag does.
    QTimer scroller;
    scroller.setInterval(options.intervalMs * 5 / 2);
    int scrolledTo = -1;
    QElapsedTimer scrolledAt;
    QRandomGenerator random(99u);
    QObject::connect(&scroller, &QTimer::timeout, &panel, [&] {
        if (!panel.isWindowed() || panel.view()->model()->rowCount() < 2)
            return;
        scrolledTo = random.bounded(panel.view()->model()->rowCount());
        scrolledAt.start();
        panel.view()->scrollTo(panel.view()->model()->index(scrolledTo, 0),
                               QAbstractItemView::PositionAtTop);
    });

    QObject::connect(&monitor, &LockMonitor::refreshed, &panel, [&](const LockRefresh &r) {
        // What the window does with a refresh on the GUI thread: merge it, count the states
        // for the status bar.
        QElapsedTimer t;
        t.start();
        panel.applyRefresh(r);
        const LockTableModel::Counts counts = panel.counts();
        const double ms = double(t.nsecsElapsed()) / 1e6;
        if (counts.total != r.page.total)
            fail(u"%1 locks counted, %2 read"_s.arg(counts.total).arg(r.page.total));
        const double paint = paintNow();
        if (seen++ == 0) { // the initial load: reported apart
            result.firstLoadMs = ms;
            ticker.start();
            if (options.scroll)
                scroller.start();
            if (churnPerSecond > 0)
                churn.start();
            probe.emplace();
            return;
        }
        merges.append(ms);
        mergePaints.append(paint);
        worker.append(double(r.workerMs));
        statements.append(double(r.statements));
        rows.append(double(r.page.locks.size()));
        modes.insert(r.mode == LockRefresh::Mode::Full ? u"full"_s : u"windowed"_s);
        if (scrolledTo >= 0 && panel.isWindowed() && panel.windowModel()->isLoaded(scrolledTo)) {
            scrollLatency.append(double(scrolledAt.nsecsElapsed()) / 1e6);
            scrolledTo = -1;
        }
        if (seen > options.refreshes)
            QCoreApplication::quit();
    });
    QObject::connect(&monitor, &LockMonitor::healthChanged, &panel,
                     [&](LockMonitor::Health health, const QString &text) {
                         if (health == LockMonitor::Health::Down) {
                             fail(text);
                             failed = true;
                             QCoreApplication::quit();
                         }
                     });
    QTimer::singleShot(qint64(options.refreshes + 10) * options.intervalMs * 3 + 120000, &panel,
                       [&] {
                           fail(u"timed out after %1 refreshes"_s.arg(seen));
                           failed = true;
                           QCoreApplication::quit();
                       });
    monitor.start(*spec, table, 10, true);
    QCoreApplication::exec();
    ticker.stop();
    scroller.stop();
    churn.stop();
    if (!churn.error().isEmpty())
        fail(u"the churn thread failed: "_s + churn.error());
    result.churn = churn.changes();
    result.worstStallMs = probe ? double(probe->worstGapMs()) : 0;
    result.peakRssMb = bench::peakRssMb();
    result.endRssMb = bench::currentRssMb();
    result.refreshes = int(merges.size());
    result.mode = modes.size() == 1 ? *modes.cbegin() : u"mixed"_s;
    result.merge = bench::Summary::of(merges);
    result.tick = bench::Summary::of(ticks);
    result.mergePaint = bench::Summary::of(mergePaints);
    result.tickPaint = bench::Summary::of(tickPaints);
    result.worker = bench::Summary::of(worker);
    result.statements = bench::Summary::of(statements);
    result.rows = bench::Summary::of(rows);
    result.scrollToRowsMs = bench::Summary::of(scrollLatency);
    bench::dropLockTable(session, tables);
    if (failed)
        return std::nullopt;
    return result;
}

// Several sizes: each in a child process (its own peak memory).
std::optional<bench::Result> runChild(const QStringList &arguments, int locks)
{
    QStringList args;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &arg = arguments.at(i);
        if (arg == u"--locks") {
            ++i; // its value follows
            continue;
        }
        if (arg.startsWith(u"--locks=") || arg == u"--json")
            continue;
        args.append(arg);
    }
    args << u"--locks"_s << QString::number(locks) << u"--json"_s;
    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(arguments.first(), args);
    if (!child.waitForFinished(-1) || child.exitStatus() != QProcess::NormalExit
        || child.exitCode() != 0) {
        fail(u"the run with %1 locks failed"_s.arg(locks));
        return std::nullopt;
    }
    const QJsonArray results = QJsonDocument::fromJson(child.readAllStandardOutput()).array();
    if (results.isEmpty()) {
        fail(u"the run with %1 locks printed no results"_s.arg(locks));
        return std::nullopt;
    }
    return bench::Result::fromJson(results.first().toObject());
}

std::optional<Options> parseOptions(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(u"The lock monitor at scale, measured."_s);
    parser.addHelpOption();
    const QCommandLineOption backend(u"backend"_s, u"sqlite, postgresql or mariadb."_s,
                                     u"name"_s, u"sqlite"_s);
    const QCommandLineOption locks(u"locks"_s, u"Locks in the table; a list runs each size."_s,
                                   u"n[,n...]"_s, u"10000,100000"_s);
    const QCommandLineOption refreshes(u"refreshes"_s, u"Refreshes measured."_s, u"n"_s,
                                       u"20"_s);
    const QCommandLineOption interval(u"interval"_s, u"Refresh interval."_s, u"ms"_s,
                                      u"1000"_s);
    const QCommandLineOption threshold(u"threshold"_s,
                                       u"Above this many locks the monitor reads a window."_s,
                                       u"n"_s,
                                       QString::number(LockTableReader::DefaultThreshold));
    const QCommandLineOption churn(u"churn"_s,
                                   u"Acquires and releases per second by another thread "
                                   u"(default 1 % of the locks, at most 200)."_s,
                                   u"n"_s);
    const QCommandLineOption noScroll(u"no-scroll"_s, u"Do not jump around a windowed table."_s);
    const QCommandLineOption json(u"json"_s, u"Print the results as JSON."_s);
    parser.addOptions({backend, locks, refreshes, interval, threshold, churn, noScroll, json});
    if (!parser.parse(arguments)) {
        fail(parser.errorText());
        return std::nullopt;
    }
    if (parser.isSet(u"help"_s)) {
        std::printf("%s", qPrintable(parser.helpText()));
        std::exit(0);
    }
    Options options;
    options.backend = parser.value(backend);
    options.sizes.clear();
    for (const QString &size : parser.value(locks).split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int n = size.trimmed().toInt(&ok);
        if (!ok || n < 1) {
            fail(u"--locks: not a count: "_s + size);
            return std::nullopt;
        }
        options.sizes.append(n);
    }
    options.refreshes = qMax(1, parser.value(refreshes).toInt());
    options.intervalMs = qMax(100, parser.value(interval).toInt());
    options.threshold = qMax(1, parser.value(threshold).toInt());
    if (parser.isSet(churn))
        options.churn = qMax(0, parser.value(churn).toInt());
    options.scroll = !parser.isSet(noScroll);
    options.json = parser.isSet(json);
    return options;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList arguments = QCoreApplication::arguments();
    const auto options = parseOptions(arguments);
    if (!options)
        return 2;
    QList<bench::Result> results;
    for (const int locks : options->sizes) {
        auto result = options->sizes.size() == 1 ? runOne(*options, locks)
                                                 : runChild(arguments, locks);
        if (!result)
            return 1;
        results.append(*result);
    }
    if (options->json) {
        QJsonArray array;
        for (const bench::Result &result : std::as_const(results))
            array.append(result.toJson());
        std::printf("%s", QJsonDocument(array).toJson(QJsonDocument::Indented).constData());
    } else {
        std::printf("%s", qPrintable(bench::formatTable(results)));
    }
    return 0;
}
