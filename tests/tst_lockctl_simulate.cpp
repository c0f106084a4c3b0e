// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl simulate as a script sees it: real lockctl processes on one backend (the URL in
// LOCKSCOPE_DB, never on a command line), their exit codes and their one JSON object; with
// --processes the child processes themselves (seen in /proc) and the history file, read back
// with locksim's own History::fromJson. The for-update baseline runs green on a server and is
// refused on SQLite with the reason; --node-url spreads the clients over several URLs.
// LOCKSCOPE_TEST_LOCKCTL, when set, names the lockctl binary to run instead of the one built with
// the tests: to show that a test catches a regression, run it against an older build.

#include "lockctlrun.h"
#include "processtree.h"
#include "simhistory.h"
#include "testbackend.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QThread>
#include <algorithm>

using namespace Qt::StringLiterals;
using locksim::HoldRecord;
using testsupport::LockctlProcess;
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

// The command lines of the live children of `parent`, from /proc.
QList<QByteArray> childCommandLines(qint64 parent)
{
    QList<QByteArray> lines;
    for (const qint64 pid : testsupport::childProcesses({parent})) {
        QByteArray line = testsupport::commandLine(pid);
        if (!line.isEmpty())
            lines << line.replace('\0', ' ');
    }
    return lines;
}

} // namespace

#define VERIFY_EXIT(run, code) QVERIFY2((run).exitCode == (code), qPrintable((run).describe()))
#define VERIFY_JSON(run) QVERIFY2((run).isJson, qPrintable((run).describe()))

class LockctlSimulateTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void threadsWithCrashesAndPausesShowNoViolation();
    void textSummaryShowsTheVerdict();
    void clientClockBaselineFailsWithItsDefaults();
    void noExpiryBaselineStuckWithItsDefaults();
    void clientThatNeverGotTheLockIsNamed();
    void badOptionsExitTwoBeforeConnecting_data();
    void badOptionsExitTwoBeforeConnecting();
    void killedProcessesAreTakenOverOnlyAfterTheirLease();
    void unsafeClientClockIsCaught();
    void forUpdateRunsGreenOnAServerAndSaysWhyNotOnSqlite();
    void nodeUrlsSpreadTheClients();

private:
    // "lockctl simulate" on the suite's table (--sim-table): started, or run and waited for.
    LockctlProcess start(const QStringList &args);
    Run lockctl(const QStringList &args);

    std::unique_ptr<lockcore::Session> m_session; // the test's own connection, for raw SQL
    QString m_table;                              // the simulator's table for this suite
    QTemporaryDir m_dir;
};

LockctlProcess LockctlSimulateTest::start(const QStringList &args)
{
    return LockctlProcess(QStringList{u"simulate"_s, u"--sim-table"_s, m_table} + args);
}

Run LockctlSimulateTest::lockctl(const QStringList &args)
{
    return start(args).finish();
}

void LockctlSimulateTest::initTestCase()
{
    const QString program = testsupport::lockctlProgram();
    QVERIFY2(QFileInfo(program).isExecutable(), qPrintable(program));
    QVERIFY(m_dir.isValid());
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"lsim"_s);
}

void LockctlSimulateTest::cleanupTestCase()
{
    if (!m_session)
        return;
    for (const char *suffix : {"_event", "_resource", "_unsafe", "_forupdate", ""})
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table + QLatin1String(suffix));
}

// (a) Threads, with crash and pause faults: no violation in the lockcore protocol, and the
// summary has its keys; none of them calls the run "safe".
void LockctlSimulateTest::threadsWithCrashesAndPausesShowNoViolation()
{
    const Run run = lockctl({u"--clients"_s, u"8"_s, u"--locks"_s, u"2"_s, u"--crash-rate"_s,
                             u"0.1"_s, u"--pause-rate"_s, u"0.1"_s, u"--ttl"_s, u"500ms"_s,
                             u"--hold"_s, u"50ms-150ms"_s, u"--duration"_s, u"4s"_s,
                             u"--seed"_s, u"3"_s, u"--json"_s});
    VERIFY_EXIT(run, 0);
    VERIFY_JSON(run);
    const QJsonObject &json = run.json;
    for (const char *key : {"violation_observed", "violations", "acquisitions",
                            "throughput_per_s", "wait_ms", "handoff_ms", "crashes", "takeovers",
                            "stale_writes_refused", "fairness", "never_acquired"})
        QVERIFY2(json.contains(QLatin1String(key)), key);
    for (const char *key : {"p50", "p95", "p99", "max"})
        QVERIFY2(json.value(u"wait_ms"_s).toObject().contains(QLatin1String(key)), key);
    QVERIFY2(!json.contains(u"safe"_s), qPrintable(run.describe()));
    QCOMPARE(json.value(u"violation_observed"_s).toBool(true), false);
    QCOMPARE(json.value(u"violations"_s).toInt(-1), 0);
    QVERIFY2(json.value(u"acquisitions"_s).toDouble() > 0, qPrintable(run.describe()));
    QVERIFY2(json.value(u"throughput_per_s"_s).toDouble() > 0, qPrintable(run.describe()));
    // About one hold in ten crashed: the faults really were injected.
    QVERIFY2(json.value(u"crashes"_s).toDouble() >= 1, qPrintable(run.describe()));
}

void LockctlSimulateTest::textSummaryShowsTheVerdict()
{
    const Run run = lockctl({u"--clients"_s, u"3"_s, u"--duration"_s, u"1s"_s});
    VERIFY_EXIT(run, 0);
    const QString text = QString::fromUtf8(run.out);
    // What was observed, never a claim of safety: "No violation observed in 51 holds (3
    // clients, 1.0 s)."
    QVERIFY2(text.startsWith(u"Verdict: No violation observed in "_s), qPrintable(run.describe()));
    QVERIFY2(text.section(u'\n', 0, 0).contains(u" holds (3 clients, "_s),
             qPrintable(run.describe()));
    QVERIFY2(!text.contains(u"SAFE"_s, Qt::CaseSensitive), qPrintable(run.describe()));
    QVERIFY2(text.contains(u"Acquisitions"_s), qPrintable(run.describe()));
}

// (a2) The client-clock baseline with nothing but --protocol: its defaults are ones under which
// it fails, so a violation is reported (exit 1) within a few seconds. With lockcore's defaults
// (a 2 s lease for holds of 100 ms) it came out green, even with 400 ms of clock skew.
void LockctlSimulateTest::clientClockBaselineFailsWithItsDefaults()
{
    QElapsedTimer timer;
    timer.start();
    const Run run = lockctl({u"--protocol"_s, u"unsafe-client-clock"_s, u"--json"_s});
    const qint64 tookMs = timer.elapsed();
    VERIFY_EXIT(run, 1);
    VERIFY_JSON(run);
    QCOMPARE(run.json.value(u"violation_observed"_s).toBool(false), true);
    QVERIFY2(run.json.value(u"violations"_s).toInt() > 0, qPrintable(run.describe()));
    QVERIFY2(tookMs < 20000, qPrintable(u"took %1 ms"_s.arg(tookMs)));
    const QJsonObject settings = run.json.value(u"settings"_s).toObject();
    QVERIFY2(settings.value(u"clock_skew_ms"_s).toInteger() > 0, qPrintable(run.describe()));
}

// (a3) The no-expiry baseline with nothing but --protocol: crashes are injected, so a lock is
// left stuck for ever; the text says so. No hold overlaps: exit 0, "no violation observed".
void LockctlSimulateTest::noExpiryBaselineStuckWithItsDefaults()
{
    const Run run = lockctl({u"--protocol"_s, u"unsafe-no-expiry"_s});
    VERIFY_EXIT(run, 0);
    const QString text = QString::fromUtf8(run.out);
    QVERIFY2(text.contains(u"Stuck for ever"_s), qPrintable(run.describe()));
    QVERIFY2(text.contains(u"Stuck locks"_s), qPrintable(run.describe()));
}

// (a4) A client that never got the lock is named with its failed acquires: with every holder
// crashing and no expiry, the first grant sticks and the other client never gets a turn.
void LockctlSimulateTest::clientThatNeverGotTheLockIsNamed()
{
    const QStringList args{u"--protocol"_s, u"unsafe-no-expiry"_s, u"--clients"_s, u"2"_s,
                           u"--locks"_s, u"1"_s, u"--crash-rate"_s, u"1"_s, u"--retry-deadline"_s,
                           u"300ms"_s, u"--duration"_s, u"2s"_s};
    const Run run = lockctl(args + QStringList{u"--json"_s});
    VERIFY_EXIT(run, 0);
    VERIFY_JSON(run);
    const QJsonArray starved = run.json.value(u"never_acquired"_s).toArray();
    QVERIFY2(starved.size() == 1, qPrintable(run.describe()));
    QVERIFY2(starved.at(0).toObject().value(u"failed_acquires"_s).toInt() >= 1,
             qPrintable(run.describe()));
    QVERIFY2(starved.at(0).toObject().value(u"tries"_s).toInt() >= 1, qPrintable(run.describe()));

    const Run text = lockctl(args);
    VERIFY_EXIT(text, 0);
    QVERIFY2(QString::fromUtf8(text.out).contains(u"Never got a lock"_s),
             qPrintable(text.describe()));
}

// (b) Every bad option is refused with a message naming it, before anything is created.
void LockctlSimulateTest::badOptionsExitTwoBeforeConnecting_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("named");
    QTest::newRow("no clients") << QStringList{u"--clients"_s, u"0"_s} << u"--clients"_s;
    QTest::newRow("too many clients") << QStringList{u"--clients"_s, u"257"_s} << u"--clients"_s;
    QTest::newRow("too many locks") << QStringList{u"--locks"_s, u"65"_s} << u"--locks"_s;
    QTest::newRow("crash rate 2") << QStringList{u"--crash-rate"_s, u"2"_s} << u"--crash-rate"_s;
    QTest::newRow("pause rate -1") << QStringList{u"--pause-rate"_s, u"-1"_s} << u"--pause-rate"_s;
    QTest::newRow("bad hold") << QStringList{u"--hold"_s, u"soon"_s} << u"--hold"_s;
    QTest::newRow("bad think") << QStringList{u"--think"_s, u"exp:"_s} << u"--think"_s;
    QTest::newRow("bad ttl") << QStringList{u"--ttl"_s, u"0"_s} << u"--ttl"_s;
    QTest::newRow("bad protocol") << QStringList{u"--protocol"_s, u"redlock"_s} << u"--protocol"_s;
    QTest::newRow("never ends") << QStringList{u"--duration"_s, u"0"_s} << u"--acquisitions"_s;
    QTest::newRow("kill without processes") << QStringList{u"--kill-rate"_s, u"0.5"_s}
                                            << u"--processes"_s;
    QTest::newRow("jitter 1.5") << QStringList{u"--retry-jitter"_s, u"1.5"_s}
                                << u"--retry-jitter"_s;
    QTest::newRow("bad table") << QStringList{u"--sim-table"_s, u"x;y"_s} << u"--sim-table"_s;
    QTest::newRow("bad node url") << QStringList{u"--node-url"_s, u"redis://cache/0"_s}
                                  << u"--node-url"_s;
    QTest::newRow("an argument") << QStringList{u"extra"_s} << u"extra"_s;
}

void LockctlSimulateTest::badOptionsExitTwoBeforeConnecting()
{
    QFETCH(QStringList, args);
    QFETCH(QString, named);
    const QString saved = m_table;
    m_table = TestBackend::uniqueTable(u"lsim_none"_s);
    const Run run = lockctl(args + QStringList{u"--json"_s});
    const QString table = std::exchange(m_table, saved);
    VERIFY_EXIT(run, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(named), qPrintable(run.describe()));
    VERIFY_JSON(run);
    QCOMPARE(run.json.value(u"error"_s).toObject().value(u"kind"_s).toString(), u"usage"_s);
    QCOMPARE(testsupport::countRows(*m_session, table), -1); // no table was created
}

// (c) Clients as processes, holders killed with SIGKILL: every crashed hold's lock is taken
// over only after its lease ended, no violation is observed, and no child sees the password.
void LockctlSimulateTest::killedProcessesAreTakenOverOnlyAfterTheirLease()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("--processes is tested on the server backends");
    const QString historyPath = m_dir.filePath(u"processes.json"_s);
    auto process = start({u"--processes"_s, u"--kill-rate"_s, u"0.2"_s, u"--clients"_s, u"6"_s,
                          u"--locks"_s, u"1"_s, u"--ttl"_s, u"800ms"_s, u"--duration"_s,
                          u"6s"_s, u"--seed"_s, u"5"_s, u"--json"_s, u"--history"_s,
                          historyPath});
    QVERIFY(process.waitForStarted());

    // The children as the system sees them: sim-client, never the password.
    QList<QByteArray> children;
    QElapsedTimer timer;
    timer.start();
    while (children.isEmpty() && timer.elapsed() < 5000) {
        QThread::msleep(100);
        children = childCommandLines(process.processId());
    }
    QVERIFY2(!children.isEmpty(), "no child process seen");
    const QByteArray password = TestBackend::instance().spec().password.toUtf8();
    for (const QByteArray &line : std::as_const(children)) {
        QVERIFY2(line.contains("sim-client"), line.constData());
        QVERIFY2(password.isEmpty() || !line.contains(password), "password on a command line");
    }

    const Run run = process.finish();
    VERIFY_EXIT(run, 0);
    VERIFY_JSON(run);
    QCOMPARE(run.json.value(u"violation_observed"_s).toBool(true), false);
    QVERIFY2(run.json.value(u"crashes"_s).toDouble() >= 1, qPrintable(run.describe()));

    QFile file(historyPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const locksim::History history
        = locksim::History::fromJson(QJsonDocument::fromJson(file.readAll()).object());
    QList<HoldRecord> holds = history.holds;
    std::sort(holds.begin(), holds.end(), [](const HoldRecord &a, const HoldRecord &b) {
        return a.acquiredDbUs < b.acquiredDbUs;
    });
    QSet<qint64> pids;
    int checked = 0;
    for (qsizetype i = 0; i < holds.size(); ++i) {
        pids.insert(holds.at(i).pid);
        if (holds.at(i).end != HoldRecord::End::Crashed)
            continue;
        const HoldRecord &killed = holds.at(i);
        QVERIFY2(killed.pid > 0 && killed.expiresDbUs > killed.acquiredDbUs,
                 qPrintable(QString::fromUtf8(QJsonDocument(killed.toJson()).toJson())));
        for (qsizetype j = i + 1; j < holds.size(); ++j) {
            if (holds.at(j).lock != killed.lock)
                continue;
            QVERIFY2(holds.at(j).acquiredDbUs >= killed.expiresDbUs,
                     qPrintable(u"taken over %1 us before the killed holder's lease ended"_s.arg(
                         killed.expiresDbUs - holds.at(j).acquiredDbUs)));
            QVERIFY(holds.at(j).tookOver);
            ++checked;
            break;
        }
    }
    QVERIFY2(checked >= 1, "no killed holder's lock was taken over");
    // Killed clients were replaced by new processes.
    QVERIFY2(pids.size() > 6, qPrintable(QString::number(pids.size())));
}

// (d) The broken baseline: expiry from skewed client clocks lets holds overlap. Every hold
// outlasts its 300 ms lease, so each hand-over happens by expiry as some client's clock sees
// it; whenever that client's clock is ahead of the holder's, the two holds overlap.
void LockctlSimulateTest::unsafeClientClockIsCaught()
{
    // Whether clients' clocks meet in a way that overlaps depends on the threads' timing too:
    // on a loaded machine one client can end up holding alone for a whole run. Up to five
    // seeds; the baseline must be caught in one of them.
    Run run;
    for (int seed = 7; seed < 12; ++seed) {
        run = lockctl({u"--protocol"_s, u"unsafe-client-clock"_s, u"--clock-skew"_s, u"400ms"_s,
                       u"--clients"_s, u"8"_s, u"--locks"_s, u"1"_s, u"--ttl"_s, u"300ms"_s,
                       u"--hold"_s, u"400ms-600ms"_s, u"--think"_s, u"10ms"_s, u"--duration"_s,
                       u"4s"_s, u"--seed"_s, QString::number(seed), u"--json"_s});
        if (run.exitCode != 0)
            break;
    }
    VERIFY_EXIT(run, 1);
    VERIFY_JSON(run);
    QCOMPARE(run.json.value(u"violation_observed"_s).toBool(false), true);
    const QJsonValue violations = run.json.value(u"violations"_s);
    QVERIFY2(violations.toArray().size() > 0 || violations.toDouble() > 0,
             qPrintable(run.describe()));
    // Grants before the previous holder's release are overlaps, counted apart: the hand-off
    // (release to next grant) is never negative.
    const QJsonObject handoff = run.json.value(u"handoff_ms"_s).toObject();
    for (const char *key : {"p50", "p95", "p99", "max"})
        QVERIFY2(handoff.value(QLatin1String(key)).toDouble(-1) >= 0,
                 qPrintable(run.describe()));
    QVERIFY2(run.json.value(u"grants_before_release"_s).toInt() > 0, qPrintable(run.describe()));
}

// (e) seed 003's SELECT ... FOR UPDATE lock with nothing but --protocol: on one server no hold
// overlaps and every transaction commits (failed_commits 0; the text has the row). SQLite has
// no FOR UPDATE: exit 2, and the message says so.
void LockctlSimulateTest::forUpdateRunsGreenOnAServerAndSaysWhyNotOnSqlite()
{
    const Run run = lockctl({u"--protocol"_s, u"for-update"_s, u"--duration"_s, u"2s"_s,
                             u"--json"_s});
    if (TestBackend::instance().isSqlite()) {
        VERIFY_EXIT(run, 2);
        QVERIFY2(run.errText().contains(u"SQLite"_s) && run.errText().contains(u"FOR UPDATE"_s),
                 qPrintable(run.describe()));
        return;
    }
    VERIFY_EXIT(run, 0);
    VERIFY_JSON(run);
    QCOMPARE(run.json.value(u"protocol"_s).toString(), u"for-update"_s);
    QCOMPARE(run.json.value(u"violation_observed"_s).toBool(true), false);
    QCOMPARE(run.json.value(u"failed_commits"_s).toInt(-1), 0);
    QVERIFY2(run.json.value(u"acquisitions"_s).toInt() >= 5, qPrintable(run.describe()));

    const Run text = lockctl({u"--protocol"_s, u"for-update"_s, u"--duration"_s, u"1s"_s});
    VERIFY_EXIT(text, 0);
    QVERIFY2(text.outText().contains(u"Failed commits"_s), qPrintable(text.describe()));
}

// (f) --node-url: the backend given once more, as a second node (its URL without a password:
// node 1's is used). Client i runs on node i mod 2, and the history says so; with --processes
// (servers) each child connects to its own node.
void LockctlSimulateTest::nodeUrlsSpreadTheClients()
{
    const QString node2 = TestBackend::instance().displayUrl();
    QStringList modes{u"threads"_s};
    if (!TestBackend::instance().isSqlite())
        modes << u"--processes"_s;
    for (const QString &mode : modes) {
        const QString historyPath = m_dir.filePath(u"nodes-%1.json"_s.arg(mode.mid(2)));
        // As many locks as clients: every client holds within the run, so both nodes do (on
        // one lock, two clients of one node could pass it between them for the whole 2 s).
        QStringList args{u"--node-url"_s, node2, u"--clients"_s, u"4"_s, u"--locks"_s, u"4"_s,
                         u"--duration"_s, u"2s"_s, u"--json"_s, u"--history"_s, historyPath};
        if (mode != u"threads")
            args << mode;
        const Run run = lockctl(args);
        VERIFY_EXIT(run, 0);
        VERIFY_JSON(run);
        QCOMPARE(run.json.value(u"nodes"_s).toArray().size(), 2);
        QFile file(historyPath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const locksim::History history
            = locksim::History::fromJson(QJsonDocument::fromJson(file.readAll()).object());
        QCOMPARE(history.nodeNames.size(), 2);
        QSet<int> nodes;
        for (const HoldRecord &hold : history.holds) {
            QVERIFY2(hold.node == hold.client % 2, qPrintable(mode));
            nodes.insert(hold.node);
        }
        QVERIFY2(nodes.size() == 2, qPrintable(mode));
    }
}

LOCKSCOPE_BACKEND_TEST_MAIN(LockctlSimulateTest)

#include "tst_lockctl_simulate.moc"
