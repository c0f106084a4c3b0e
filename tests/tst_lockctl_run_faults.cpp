// SPDX-License-Identifier: GPL-3.0-or-later
// "lockctl run" keeps its promise when lockctl itself is stopped, killed or loses its watcher:
// the command and everything it started run only while the lease is held. Each command leaves a
// heartbeat: a grandchild of lockctl, deaf to SIGTERM, appends its fence and the time to a file
// every 20 ms. The beats are compared with the grants as the product reports them (another
// holder's acquire, the lock's history): no beat of a fence after the next fence's grant. The
// database servers run on this machine, so its clock is theirs.

#include "lockctljson.h"
#include "lockctlrun.h"
#include "processtree.h"
#include "ptylockctl.h"
#include "rowblock.h"
#include "runfixture.h"
#include "runfiles.h"
#include "testbackend.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QMap>
#include <QRandomGenerator>
#include <QTest>
#include <QThread>

#include <csignal>
#include <sys/wait.h>

using namespace Qt::StringLiterals;
using testsupport::jsonInteger;
using testsupport::LockctlOptions;
using testsupport::LockctlProcess;
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

constexpr int exitLost = 75;

#define VERIFY_EXIT(run, code) QVERIFY2((run).exitCode == (code), qPrintable((run).describe()))

QByteArray uniqueMarker()
{
    return "lrfault" + QByteArray::number(QRandomGenerator::global()->generate64(), 16);
}

// The watcher among lockctl's children (its command line names its mode).
qint64 watcherOf(qint64 lockctl)
{
    for (const qint64 pid : testsupport::childProcesses({lockctl})) {
        if (testsupport::commandLine(pid).contains("--lockscope-run-watcher"))
            return pid;
    }
    return 0;
}

// For a failure: whether lockctl still runs, and what it said.
QString notRunning(LockctlProcess &run)
{
    return (run.process().state() == QProcess::NotRunning ? u"lockctl ended"_s
                                                          : u"lockctl runs"_s)
           + u"; its stderr: "_s + QString::fromUtf8(run.process().readAllStandardError());
}

QString describeBeats(const QList<testsupport::Beat> &beats)
{
    QStringList lines;
    for (const testsupport::Beat &beat : beats)
        lines << u"fence %1 at %2"_s.arg(beat.fence).arg(beat.atMs);
    return lines.join(u", "_s);
}

} // namespace

class LockctlRunFaultsTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void stoppedLockctlLeavesNoBeatAfterTheNextGrant_data();
    void stoppedLockctlLeavesNoBeatAfterTheNextGrant();
    void killedWatcherThenKilledLockctlLeaveNothingRunning();
    void setsidEscapeJustBeforeAKillIsCaught_data();
    void setsidEscapeJustBeforeAKillIsCaught();
    void commandDeafToSigtermNeverOutlivesAShortLease();
    void ctrlZStopsLockctlWithItsCommand_data();
    void ctrlZStopsLockctlWithItsCommand();
    void randomFaultsLeaveNoBeatOutsideALease();

private:
    Run lockctl(const QStringList &args) const { return m_run.lockctl(args); }
    // "lockctl run NAME OPTIONS --json-file result.json -- sh -c SCRIPT MARKER" in the test's
    // directory: the marker (the script's $0) names its processes wherever they go.
    LockctlProcess startRun(const QString &name, const QStringList &options,
                            const QString &script) const;
    // Another holder takes the lock, waiting up to 15 s: its fence and its grant's time.
    bool takeOver(const QString &name, qint64 *fence, qint64 *grantedAtMs) const;
    QString path(const QString &file) const { return m_run.path(file); }
    bool treeGone(int ms) const;

    testsupport::RunFixture m_run;
    QByteArray m_marker;
};

void LockctlRunFaultsTest::initTestCase()
{
    QVERIFY2(QFileInfo(testsupport::lockctlProgram()).isExecutable(),
             qPrintable(testsupport::lockctlProgram()));
    QString error;
    QVERIFY2(m_run.setUp(u"lrfault"_s, &error), qPrintable(error));
}

void LockctlRunFaultsTest::cleanupTestCase()
{
    m_run.tearDown();
}

void LockctlRunFaultsTest::init()
{
    QVERIFY(m_run.newDirectory());
    m_marker = uniqueMarker();
}

void LockctlRunFaultsTest::cleanup()
{
    testsupport::killProcessesMarked(m_marker); // whatever a failed test left
}

LockctlProcess LockctlRunFaultsTest::startRun(const QString &name, const QStringList &options,
                                              const QString &script) const
{
    LockctlOptions process;
    process.ownProcessGroup = true; // SIGTSTP stops it (not in an orphaned group)
    return m_run.startRun(name, options,
                          {u"sh"_s, u"-c"_s, script, QString::fromLatin1(m_marker)}, process);
}

bool LockctlRunFaultsTest::takeOver(const QString &name, qint64 *fence, qint64 *grantedAtMs) const
{
    const Run taken = lockctl({u"acquire"_s, name, u"--holder"_s, u"taker"_s, u"--ttl"_s,
                               u"30s"_s, u"--wait"_s, u"15s"_s, u"--json"_s});
    *fence = jsonInteger(taken.json.value(u"fence"_s));
    *grantedAtMs = testsupport::epochMs(taken.json.value(u"acquired_at"_s).toString());
    if (taken.exitCode != 0 || *grantedAtMs < 0)
        qWarning("%s", qPrintable(taken.describe()));
    return taken.exitCode == 0 && *grantedAtMs >= 0;
}

// The command's processes are gone: none carries the marker but lockctl and its watcher (whose
// command lines hold the command's).
bool LockctlRunFaultsTest::treeGone(int ms) const
{
    const auto commandsLeft = [this] {
        for (const qint64 pid : testsupport::processesMarked(m_marker)) {
            if (!testsupport::commandLine(pid).split('\0').value(0).endsWith("lockctl"))
                return true;
        }
        return false;
    };
    return QTest::qWaitFor([&] { return !commandsLeft(); }, ms);
}

// lockctl stopped (SIGSTOP, or SIGTSTP sent to it) while its command runs renews nothing: its
// watcher kills the command's whole tree when the lease ends, before anyone else can be granted
// the lock. Continued, lockctl reports the lease as expired.
void LockctlRunFaultsTest::stoppedLockctlLeavesNoBeatAfterTheNextGrant_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGSTOP") << int(SIGSTOP);
    QTest::newRow("SIGTSTP") << int(SIGTSTP);
}

void LockctlRunFaultsTest::stoppedLockctlLeavesNoBeatAfterTheNextGrant()
{
    QFETCH(int, signal);
    const QString name = u"stopped."_s + QString::fromLatin1(QTest::currentDataTag());
    auto run = startRun(name, {u"--ttl"_s, u"1500ms"_s},
                        testsupport::heartbeatLoop(u"beats.txt"_s) + u" wait"_s);
    QVERIFY2(testsupport::waitForFile(path(u"beats.txt"_s)), qPrintable(notRunning(run)));
    const qint64 fence = jsonInteger(m_run.lockShown(name).value(u"fence"_s));
    ::kill(pid_t(run.processId()), signal);
    QVERIFY(QTest::qWaitFor([&] { return testsupport::processState(run.processId()) == 'T'; }, 5000));

    qint64 nextFence = 0, grantedAtMs = 0;
    QVERIFY(takeOver(name, &nextFence, &grantedAtMs));
    QCOMPARE(nextFence, fence + 1);
    QVERIFY2(treeGone(3000), "the command's processes still run");
    const auto late = testsupport::beatsSince(testsupport::readBeats(path(u"beats.txt"_s)), fence,
                                              grantedAtMs);
    QVERIFY2(late.isEmpty(), qPrintable(u"beats after the next grant at %1: "_s.arg(grantedAtMs)
                                        + describeBeats(late)));

    ::kill(pid_t(run.processId()), SIGCONT);
    const Run done = run.finish(30000);
    VERIFY_EXIT(done, exitLost);
    const QJsonObject result = testsupport::readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"expired"_s);
    QVERIFY2(done.errText().contains(u"watcher killed it"_s), qPrintable(done.describe()));
}

// The watcher killed first (kill -9), lockctl 100 ms later: lockctl, which inherited what the
// watcher left, killed it all at once, so nothing of the command runs on unwatched.
void LockctlRunFaultsTest::killedWatcherThenKilledLockctlLeaveNothingRunning()
{
    auto run = startRun(u"unwatched"_s, {u"--ttl"_s, u"10s"_s},
                        testsupport::heartbeatLoop(u"beats.txt"_s) + u" wait"_s);
    QVERIFY2(testsupport::waitForFile(path(u"beats.txt"_s)), qPrintable(notRunning(run)));
    const qint64 watcher = watcherOf(run.processId());
    QVERIFY2(watcher > 0, "no watcher below lockctl");
    ::kill(pid_t(watcher), SIGKILL);
    QThread::msleep(100); // the fault: lockctl is killed 100 ms after its watcher
    ::kill(pid_t(run.processId()), SIGKILL);
    run.finish(5000);
    QVERIFY2(treeGone(2000), "the command's processes outlived lockctl and its watcher");
}

// A descendant that clears its environment and leaves the command's session (fork, setsid,
// fork) just before lockctl is killed is still below the watcher, a subreaper, and is killed.
void LockctlRunFaultsTest::setsidEscapeJustBeforeAKillIsCaught_data()
{
    QTest::addColumn<int>("gapMs");
    QTest::newRow("10 ms") << 10;
    QTest::newRow("50 ms") << 50;
}

void LockctlRunFaultsTest::setsidEscapeJustBeforeAKillIsCaught()
{
    QFETCH(int, gapMs);
    auto run = startRun(u"escape.%1"_s.arg(gapMs), {u"--ttl"_s, u"10s"_s},
                        u"touch go.txt; (setsid env -i sh -c '( while :; do echo e >> esc.txt; "
                        u"sleep 0.02; done ) &' \"$0\" &); sleep 100"_s);
    QVERIFY(QTest::qWaitFor([&] { return QFile::exists(path(u"go.txt"_s)); }, 15000));
    QThread::msleep(gapMs); // the fault: lockctl killed this soon after the escape
    ::kill(pid_t(run.processId()), SIGKILL);
    run.finish(5000);
    QVERIFY2(treeGone(2000), "a process that left the session outlived lockctl");
}

// A command deaf to SIGTERM under a lease that no renewal can keep (the row held by the test):
// --kill-after 10s is cut to a third of the 3 s lease (said on stderr), SIGTERM comes a second
// before the lease's end and SIGKILL at it, so nothing of the command writes once another holder
// can be granted the lock.
void LockctlRunFaultsTest::commandDeafToSigtermNeverOutlivesAShortLease()
{
    const QString name = u"deaf"_s;
    auto run = startRun(name, {u"--ttl"_s, u"3s"_s, u"--kill-after"_s, u"10s"_s},
                        u"trap '' TERM; "_s + testsupport::heartbeatLoop(u"beats.txt"_s)
                            + u" while :; do sleep 0.05; done"_s);
    QVERIFY2(testsupport::waitForFile(path(u"beats.txt"_s)), qPrintable(notRunning(run)));
    const qint64 fence = jsonInteger(m_run.lockShown(name).value(u"fence"_s));
    testsupport::RowBlock block(m_run.session(), m_run.table(), name);
    QVERIFY2(block.isHeld(), qPrintable(block.error()));
    QVERIFY2(treeGone(10000), "the command outlived its lease");
    block.end();
    qint64 nextFence = 0, grantedAtMs = 0;
    QVERIFY(takeOver(name, &nextFence, &grantedAtMs));
    const auto late = testsupport::beatsSince(testsupport::readBeats(path(u"beats.txt"_s)), fence,
                                              grantedAtMs);
    QVERIFY2(late.isEmpty(), qPrintable(describeBeats(late)));

    const Run done = run.finish(30000);
    VERIFY_EXIT(done, exitLost);
    QVERIFY2(done.errText().contains(u"--kill-after 10s is cut to 1s"_s), qPrintable(done.errText()));
    const QJsonObject result = testsupport::readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"expired"_s);
    QCOMPARE(result.value(u"signals_sent"_s).toArray(), (QJsonArray{u"SIGTERM"_s, u"SIGKILL"_s}));
    const qint64 leaseEndMs = testsupport::epochMs(result.value(u"expires_at"_s).toString());
    const auto afterEnd = testsupport::beatsSince(testsupport::readBeats(path(u"beats.txt"_s)),
                                                  fence, leaseEndMs);
    QVERIFY2(afterEnd.isEmpty(), qPrintable(describeBeats(afterEnd)));
}

// Ctrl-Z at lockctl's terminal stops the command (the terminal's foreground group) and lockctl
// stops with it, so the shell gets its prompt back and nothing renews the lock. Continued (fg)
// within the lease, lockctl continues the command, which runs to its end; continued after it,
// the watcher has killed the command and lockctl reports the lease as expired.
void LockctlRunFaultsTest::ctrlZStopsLockctlWithItsCommand_data()
{
    QTest::addColumn<bool>("late");
    QTest::newRow("fg within the lease") << false;
    QTest::newRow("fg after the lease") << true;
}

void LockctlRunFaultsTest::ctrlZStopsLockctlWithItsCommand()
{
    QFETCH(bool, late);
    const QString name = late ? u"ctrlz.late"_s : u"ctrlz.fg"_s;
    testsupport::PtyLockctl terminal(
        {u"--table"_s, m_run.table(), u"run"_s, name, u"--ttl"_s, u"2s"_s, u"--json-file"_s,
         path(u"result.json"_s), u"--"_s, u"sh"_s, u"-c"_s,
         testsupport::heartbeatLoop(u"beats.txt"_s)
             + u" echo started; while [ ! -f done.txt ]; do sleep 0.05; done; exit 4"_s,
         QString::fromLatin1(m_marker)},
        m_run.directory(), TestBackend::instance().url());
    QVERIFY(terminal.started());
    QVERIFY2(terminal.waitForOutput("started"), terminal.output().constData());
    QVERIFY(terminal.type("\x1a")); // Ctrl-Z
    QVERIFY2(terminal.waitForOutput("lockctl stops with it"), terminal.output().constData());
    QVERIFY(QTest::qWaitFor([&] { return testsupport::processState(terminal.pid()) == 'T'; }, 5000));
    const qint64 fence = jsonInteger(m_run.lockShown(name).value(u"fence"_s));

    if (late) {
        qint64 nextFence = 0, grantedAtMs = 0;
        QVERIFY(takeOver(name, &nextFence, &grantedAtMs));
        QVERIFY2(treeGone(3000), "the stopped command still runs after its lease");
        const auto after = testsupport::beatsSince(testsupport::readBeats(path(u"beats.txt"_s)),
                                                   fence, grantedAtMs);
        QVERIFY2(after.isEmpty(), qPrintable(describeBeats(after)));
    }
    const qint64 beatsBefore = testsupport::readBeats(path(u"beats.txt"_s)).size();
    ::kill(pid_t(terminal.pid()), SIGCONT); // fg
    if (!late) { // the command runs again: new beats, then its own end
        QVERIFY(QTest::qWaitFor([&] { return testsupport::readBeats(path(u"beats.txt"_s)).size()
                                     > beatsBefore + 2; }, 5000));
        QVERIFY(QFile(path(u"done.txt"_s)).open(QIODevice::WriteOnly));
    }
    const std::optional<int> status = terminal.waitForExit(20000);
    QVERIFY2(status, terminal.output().constData());
    QVERIFY(WIFEXITED(*status));
    QCOMPARE(WEXITSTATUS(*status), late ? exitLost : 4);
    const QJsonObject result = testsupport::readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), late ? u"expired"_s : u"completed"_s);
}

// The heartbeat check under random faults: rounds of "lockctl run" on one lock, each waiting
// for the lock, its command a heartbeat (and, in some rounds, an escapee that left the session
// with a cleared environment); each round gets one fault at a random moment: none (the command
// ends, its heartbeat left behind), lockctl stopped (SIGSTOP or SIGTSTP) past the lease,
// lockctl killed, its watcher killed, both. Then every beat is checked against the grants in
// the lock's history (database time): no beat of a fence at or after the next fence's grant.
// LOCKSCOPE_TEST_SEED replays a run; LOCKSCOPE_TEST_FAULT_ROUNDS sets the number of rounds.
void LockctlRunFaultsTest::randomFaultsLeaveNoBeatOutsideALease()
{
    enum Fault { None, Stop, Tstp, Kill, KillWatcher, KillBoth, Escape, FaultCount };
    const char *const faultNames[] = {"none", "stop", "tstp", "kill", "kill-watcher",
                                      "kill-both", "escape-and-kill"};
    const quint32 seed = qEnvironmentVariableIsSet("LOCKSCOPE_TEST_SEED")
                             ? quint32(qEnvironmentVariableIntValue("LOCKSCOPE_TEST_SEED"))
                             : QRandomGenerator::global()->generate();
    const int rounds = qEnvironmentVariableIsSet("LOCKSCOPE_TEST_FAULT_ROUNDS")
                           ? qEnvironmentVariableIntValue("LOCKSCOPE_TEST_FAULT_ROUNDS")
                           : 7;
    qInfo("seed %u (LOCKSCOPE_TEST_SEED replays it), %d rounds", seed, rounds);
    QRandomGenerator random(seed);
    const QString name = u"soak"_s;
    const QString escapee = u"(setsid env -i sh -c '( while :; do echo \"$0 $(date +%s%3N)\" >> "_s
                            + path(u"beats.txt"_s)
                            + u"; sleep 0.02; done ) &' \"$LOCKSCOPE_FENCE\" \"$0\" &);"_s;
    std::optional<LockctlProcess> stopped; // a stopped lockctl, continued after the next grant
    QStringList faultsDone;
    for (int round = 0; round < rounds; ++round) {
        const Fault fault = Fault(random.bounded(int(FaultCount)));
        const QString up = u"up%1.txt"_s.arg(round);
        QString script = testsupport::heartbeatLoop(path(u"beats.txt"_s)) + u" touch "_s + up
                         + u"; "_s;
        if (fault == Escape)
            script += escapee;
        script += fault == None ? u" sleep 0.%1"_s.arg(random.bounded(1, 9)) : u" wait"_s;
        auto run = startRun(name, {u"--ttl"_s, u"1500ms"_s, u"--wait"_s, u"20s"_s}, script);
        QVERIFY2(QTest::qWaitFor([&] { return QFile::exists(path(up)); }, 25000),
                 qPrintable(u"round %1 (%2) never ran: "_s.arg(round).arg(
                                QLatin1String(faultNames[fault]))
                            + notRunning(run)));
        if (stopped) {
            ::kill(pid_t(stopped->processId()), SIGCONT);
            stopped->finish(30000);
            stopped.reset();
        }
        QThread::msleep(random.bounded(700)); // the fault's moment
        faultsDone << QString::fromLatin1(faultNames[fault]);
        const pid_t pid = pid_t(run.processId());
        if (fault == Stop || fault == Tstp) {
            ::kill(pid, fault == Stop ? SIGSTOP : SIGTSTP);
            stopped.emplace(std::move(run));
        } else if (fault == Kill || fault == Escape) {
            ::kill(pid, SIGKILL);
        } else if (fault == KillWatcher || fault == KillBoth) {
            ::kill(pid_t(watcherOf(pid)), SIGKILL);
            if (fault == KillBoth) {
                QThread::msleep(100);
                ::kill(pid, SIGKILL);
            }
        }
        if (!stopped)
            run.finish(30000);
    }
    if (stopped) { // the last round's: its watcher ends its tree at the lease's end
        QVERIFY(treeGone(5000));
        ::kill(pid_t(stopped->processId()), SIGCONT);
        stopped->finish(30000);
    }
    QVERIFY2(treeGone(5000), "processes of a command outlived every run");

    const Run history = lockctl({u"history"_s, name, u"--limit"_s, u"1000"_s, u"--json"_s});
    VERIFY_EXIT(history, 0);
    QMap<qint64, qint64> grantedAtMs; // fence -> its grant, database time
    for (const QJsonValue &event : history.json.value(u"events"_s).toArray()) {
        const QString kind = event[u"kind"_s].toString();
        if (kind == u"acquire"_s || kind == u"takeover"_s)
            grantedAtMs.insert(jsonInteger(event[u"fence"_s]),
                               testsupport::epochMs(event[u"at"_s].toString()));
    }
    const QList<testsupport::Beat> beats = testsupport::readBeats(path(u"beats.txt"_s));
    QVERIFY(!beats.isEmpty());
    for (auto grant = grantedAtMs.cbegin(); grant != grantedAtMs.cend(); ++grant) {
        const auto next = std::next(grant);
        if (next == grantedAtMs.cend())
            break;
        const auto late = testsupport::beatsSince(beats, grant.key(), next.value());
        QVERIFY2(late.isEmpty(),
                 qPrintable(u"seed %1, faults %2: fence %3 beat after fence %4's grant at %5: %6"_s
                                .arg(seed)
                                .arg(faultsDone.join(u", "_s))
                                .arg(grant.key())
                                .arg(next.key())
                                .arg(next.value())
                                .arg(describeBeats(late))));
    }
    qInfo("%d beats, %d grants, faults: %s", int(beats.size()), int(grantedAtMs.size()),
          qPrintable(faultsDone.join(u", "_s)));
}

QTEST_GUILESS_MAIN(LockctlRunFaultsTest)
#include "tst_lockctl_run_faults.moc"
