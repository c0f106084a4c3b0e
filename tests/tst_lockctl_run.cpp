// SPDX-License-Identifier: GPL-3.0-or-later
// "lockctl run NAME -- COMMAND" as a script or an operator uses it: real lockctl processes on one
// backend running real commands (sh scripts that write what they saw and got into files), the
// lock read back with "lockctl show --json" and the result read from --json-file. Each test
// says what it proves; the times are measured on the test's own clock.

#include "lockctljson.h"
#include "lockctlrun.h"
#include "processtree.h"
#include "ptylockctl.h"
#include "rowblock.h"
#include "runfixture.h"
#include "runfiles.h"
#include "testbackend.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QThread>
#include <QUrl>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using testsupport::isoUtc;
using testsupport::jsonInteger;
using testsupport::LockctlOptions;
using testsupport::LockctlProcess;
using testsupport::TestBackend;
using testsupport::hasEnded;
using testsupport::readFile;
using testsupport::readJson;
using testsupport::waitForFile;
using Run = testsupport::LockctlRun;

namespace {

// lockctl run's own exit codes (app/cli/exitcode.h), as its help documents them.
constexpr int exitRefused = 1;
constexpr int exitUsage = 2;
constexpr int exitLost = 75;
constexpr int exitNotExecutable = 126;
constexpr int exitNotFound = 127;

#define VERIFY_EXIT(run, code) QVERIFY2((run).exitCode == (code), qPrintable((run).describe()))

// "KEY=value" lines written by a command, as a map.
QHash<QString, QString> variables(const QString &path)
{
    QHash<QString, QString> found;
    for (const QByteArray &line : readFile(path).split('\n')) {
        const qsizetype equals = line.indexOf('=');
        if (equals > 0)
            found.insert(QString::fromUtf8(line.left(equals)), QString::fromUtf8(line.mid(equals + 1)));
    }
    return found;
}

// The sockets a process has open ("socket:[inode]"), from /proc/PID/fd.
QSet<QByteArray> socketsOf(const QString &pid)
{
    QSet<QByteArray> sockets;
    const QString dir = u"/proc/%1/fd"_s.arg(pid);
    for (const QString &fd : QDir(dir).entryList(QDir::Files | QDir::System)) {
        char target[256] = {};
        const ssize_t size
            = ::readlink(QFile::encodeName(dir + u'/' + fd).constData(), target, sizeof target - 1);
        if (size > 0 && QByteArray(target, size).startsWith("socket:"))
            sockets.insert(QByteArray(target, size));
    }
    return sockets;
}

// One level of a process tree, each process marked by $1 in its command line: "top" starts a
// child (which starts a leaf: a great-grandchild of lockctl), an "orphaner" that starts a leaf
// and exits (the leaf is reparented), and a leaf in a session and process group of its own
// (setsid). Leaves ignore SIGTERM: only SIGKILL ends them. "background" starts a child and
// exits at once, leaving it running.
constexpr char treeScript[] = R"(case $2 in
top) sh ./tree.sh "$1" child & sh ./tree.sh "$1" orphaner & setsid sh ./tree.sh "$1" leaf &
     while :; do sleep 0.1; done ;;
child) sh ./tree.sh "$1" leaf & while :; do sleep 0.1; done ;;
orphaner) sh ./tree.sh "$1" leaf & exit 0 ;;
leaf) trap '' TERM; while :; do sleep 0.1; done ;;
background) sh ./tree.sh "$1" child & exit 0 ;;
esac
)";

QByteArray uniqueMarker()
{
    return "lrtree" + QByteArray::number(QRandomGenerator::global()->generate64(), 16);
}

// How many of the marked processes run at `level` (the last argument of their command line).
int runningAt(const QByteArray &marker, const QByteArray &level)
{
    int count = 0;
    for (const qint64 pid : testsupport::processesMarked(marker)) {
        if (testsupport::commandLine(pid).endsWith(QByteArray('\0' + level + '\0')))
            ++count;
    }
    return count;
}

// The whole tree of "top" runs: top, the child, and three leaves; the orphaner has exited.
bool treeIsUp(const QByteArray &marker)
{
    return runningAt(marker, "top") == 1 && runningAt(marker, "child") == 1
           && runningAt(marker, "leaf") == 3 && runningAt(marker, "orphaner") == 0;
}

QString describeMarked(const QByteArray &marker)
{
    QStringList lines;
    for (const qint64 pid : testsupport::processesMarked(marker))
        lines << u"%1: %2"_s.arg(pid).arg(
            QString::fromUtf8(testsupport::commandLine(pid).replace('\0', ' ')));
    return u"still running: "_s + lines.join(u"; "_s);
}

// Waits up to 15 s for the whole tree of `marker` to run under `run`; empty when it does, else
// what ran and, if lockctl ended meanwhile, what it said (its result file is `resultFile`).
QString treeNotUp(LockctlProcess &run, const QByteArray &marker, const QString &resultFile)
{
    QElapsedTimer waited;
    waited.start();
    while (!treeIsUp(marker)) {
        if (run.process().state() == QProcess::NotRunning || waited.elapsed() > 15000) {
            QFile result(resultFile);
            const QByteArray json = result.open(QIODevice::ReadOnly) ? result.readAll() : "";
            return describeMarked(marker) + u"; lockctl: "_s
                   + (run.process().state() == QProcess::NotRunning ? u"ended"_s
                                                                    : u"running"_s)
                   + u"; stderr: "_s + QString::fromUtf8(run.process().readAllStandardError())
                   + u"; result: "_s + QString::fromUtf8(json);
        }
        QTest::qWait(50);
    }
    return {};
}

} // namespace

class LockctlRunTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();

    void commandGetsTheLockAndItsStatusPassesThrough_data();
    void commandGetsTheLockAndItsStatusPassesThrough();
    void jsonOnStderrLeavesStdoutToTheCommand();
    void commandGetsNoPassword_data();
    void commandGetsNoPassword();
    void leaseLapsedBeforeTheCommandReportsTheGrant();
    void renewalKeepsAShortLeaseWhileTheCommandRuns();
    void forceReleaseStopsTheCommandQuickly();
    void commandIgnoringSigtermGetsSigkill();
    void renewalsThatCannotGetThroughStopTheCommandAtTheLeaseEnd();
    void signalsToLockctlReachTheCommand_data();
    void signalsToLockctlReachTheCommand();
    void ctrlCAtATerminalReachesTheCommandOnce();
    void killedLockctlTakesItsCommandAlong();
    void refusedLockDoesNotRunTheCommand();
    void commandThatCannotStartReleasesTheLock_data();
    void commandThatCannotStartReleasesTheLock();
    void usageErrors_data();
    void usageErrors();
    void wholeProcessTreeStopsOnForceRelease();
    void wholeProcessTreeEndsWithAKilledLockctl();
    void leftoverProcessesAreStoppedBeforeTheRelease();
    void secondRunWithTheSameHolderIsRefused();
    void refusedRunExitCodeAndQuiet_data();
    void refusedRunExitCodeAndQuiet();
    void holdAtLeastKeepsTheLockAfterTheCommand();
    void scopeNeedsSystemd();

private:
    Run lockctl(const QStringList &args) const { return m_run.lockctl(args); }
    LockctlProcess startRun(const QString &name, const QStringList &options,
                            const QString &script) const;
    QJsonObject lockShown(const QString &name) const { return m_run.lockShown(name); }
    QString path(const QString &file) const { return m_run.path(file); }
    void writeTreeScript() const;
    Run runInDir(const QStringList &args) const;
    // The test's own connection holds the lock's row (SQLite: the whole database) in an open
    // transaction, so that no renewal gets through; released by endBlock().
    bool blockRenewals(const QString &name, QString *error);
    void endBlock();
    // Makes the next grant of lock `name` reach lockctl 1.5 s after it asked, in one attempt:
    // the row is held (blockRenewals: the acquire waits on it until endBlock()), or, on
    // PostgreSQL, whose waited acquire gives up at its queue's lock_timeout and tries again (a
    // grant after several attempts is confirmed by a renewal, not timed from the request), a
    // trigger makes each change of that row take 1.5 s. endSlowGrants() undoes either.
    bool slowDownGrants(const QString &name, QString *error);
    void endSlowGrants();

    testsupport::RunFixture m_run; // the table, the test's own session, each test's directory
    QString m_table;               // m_run's
    std::optional<testsupport::RowBlock> m_block; // blockRenewals()
};

void LockctlRunTest::initTestCase()
{
    const QString program = testsupport::lockctlProgram();
    QVERIFY2(QFileInfo(program).isExecutable(), qPrintable(program));
    QString error;
    QVERIFY2(m_run.setUp(u"lrun"_s, &error), qPrintable(error));
    m_table = m_run.table();
}

void LockctlRunTest::cleanupTestCase()
{
    m_block.reset();
    m_run.tearDown();
}

void LockctlRunTest::init()
{
    QVERIFY(m_run.newDirectory());
}

LockctlProcess LockctlRunTest::startRun(const QString &name, const QStringList &options,
                                        const QString &script) const
{
    return m_run.startRun(name, options, {u"sh"_s, u"-c"_s, script});
}

bool LockctlRunTest::blockRenewals(const QString &name, QString *error)
{
    m_block.emplace(m_run.session(), m_table, name);
    *error = m_block->error();
    return m_block->isHeld();
}

void LockctlRunTest::endBlock()
{
    m_block.reset();
}

bool LockctlRunTest::slowDownGrants(const QString &name, QString *error)
{
    if (!TestBackend::instance().isPostgres())
        return blockRenewals(name, error);
    const QString function = m_table + u"_slow()"_s;
    return testsupport::execRaw(m_run.session(),
                                u"CREATE FUNCTION "_s + function
                                    + u" RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                                      u"PERFORM pg_sleep(1.5); RETURN NEW; END $$"_s,
                                error)
           && testsupport::execRaw(m_run.session(),
                                   u"CREATE TRIGGER "_s + m_table + u"_slow AFTER INSERT OR "
                                   u"UPDATE ON "_s + m_table + u" FOR EACH ROW WHEN (NEW.name = '"_s
                                       + name + u"') EXECUTE FUNCTION "_s + function,
                                   error);
}

void LockctlRunTest::endSlowGrants()
{
    if (!TestBackend::instance().isPostgres()) {
        endBlock();
        return;
    }
    testsupport::execRaw(m_run.session(), u"DROP TRIGGER IF EXISTS "_s + m_table + u"_slow ON "_s
                                         + m_table);
    testsupport::execRaw(m_run.session(), u"DROP FUNCTION IF EXISTS "_s + m_table + u"_slow()"_s);
}

// The command runs with the lock's name, holder and fence in its environment, lockctl's stdout
// is the command's, lockctl exits with the command's status (128 + the signal when a signal
// ended it, as shells do), and the lock is free afterwards, as the database reports it.
void LockctlRunTest::commandGetsTheLockAndItsStatusPassesThrough_data()
{
    QTest::addColumn<QString>("ending");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("exitCode"); // the command's own, -1 when a signal ended it
    QTest::addColumn<int>("signal");
    QTest::newRow("exit 0") << u"exit 0"_s << 0 << 0 << 0;
    QTest::newRow("exit 3") << u"exit 3"_s << 3 << 3 << 0;
    QTest::newRow("killed by SIGKILL") << u"kill -9 $$"_s << 128 + SIGKILL << -1 << SIGKILL;
}

void LockctlRunTest::commandGetsTheLockAndItsStatusPassesThrough()
{
    QFETCH(QString, ending);
    QFETCH(int, status);
    QFETCH(int, exitCode);
    QFETCH(int, signal);
    const QString name = u"passes.through"_s;
    const QString script = u"echo hi; env | grep '^LOCKSCOPE_' > env.txt; "_s + ending;
    const Run run = startRun(name, {u"--ttl"_s, u"20s"_s}, script).finish(30000);
    VERIFY_EXIT(run, status);
    QCOMPARE(run.out, QByteArray("hi\n")); // nothing of lockctl's on stdout

    const QJsonObject result = readJson(path(u"result.json"_s));
    const QHash<QString, QString> seen = variables(path(u"env.txt"_s));
    QCOMPARE(seen.value(u"LOCKSCOPE_LOCK"_s), name);
    QCOMPARE(seen.value(u"LOCKSCOPE_HOLDER"_s), result.value(u"holder"_s).toString());
    const qint64 fence = jsonInteger(result.value(u"fence"_s));
    QVERIFY(fence > 0);
    QCOMPARE(seen.value(u"LOCKSCOPE_FENCE"_s), QString::number(fence));
    QCOMPARE(seen.value(u"LOCKSCOPE_TABLE"_s), m_table);
    QCOMPARE(seen.value(u"LOCKSCOPE_ACQUIRED_AT"_s), result.value(u"acquired_at"_s).toString());

    QCOMPARE(result.value(u"lock"_s).toString(), name);
    QCOMPARE(result.value(u"outcome"_s).toString(), u"completed"_s);
    QCOMPARE(jsonInteger(result.value(u"exit_code"_s)), status);
    QCOMPARE(jsonInteger(result.value(u"command_exit_code"_s)), exitCode);
    QCOMPARE(jsonInteger(result.value(u"command_signal"_s)), signal > 0 ? signal : -1);
    QCOMPARE(result.value(u"lost"_s).toBool(), false);
    QCOMPARE(result.value(u"released"_s).toBool(), true);
    QCOMPARE(result.value(u"renewals"_s).toInt(), 0);
    const QDateTime acquired = isoUtc(result.value(u"acquired_at"_s));
    const QDateTime released = isoUtc(result.value(u"released_at"_s));
    QVERIFY2(acquired.isValid() && released.isValid() && acquired <= released,
             qPrintable(QString::fromUtf8(QJsonDocument(result).toJson())));
    QVERIFY(result.value(u"pid"_s).isDouble());
    QVERIFY(result.value(u"signals_sent"_s).toArray().isEmpty());

    const QJsonObject lock = lockShown(name);
    QCOMPARE(lock.value(u"state"_s).toString(), u"free"_s);
    QCOMPARE(jsonInteger(lock.value(u"fence"_s)), jsonInteger(result.value(u"fence"_s)));
    QCOMPARE(lock.value(u"expires_at"_s), result.value(u"released_at"_s));
}

// With --json the result is the last line on stderr, and stdout holds only the command's output.
void LockctlRunTest::jsonOnStderrLeavesStdoutToTheCommand()
{
    const Run run = testsupport::runLockctl({u"--table"_s, m_table, u"--json"_s, u"run"_s,
                                             u"json.stderr"_s, u"--"_s, u"sh"_s, u"-c"_s,
                                             u"echo out; echo err >&2; exit 4"_s});
    VERIFY_EXIT(run, 4);
    QCOMPARE(run.out, QByteArray("out\n"));
    const QList<QByteArray> lines = run.err.trimmed().split('\n');
    QCOMPARE(lines.constFirst(), QByteArray("err"));
    const QJsonObject result = QJsonDocument::fromJson(lines.constLast()).object();
    QCOMPARE(result.value(u"outcome"_s).toString(), u"completed"_s);
    QCOMPARE(jsonInteger(result.value(u"exit_code"_s)), 4);
    QCOMPARE(result.value(u"lock"_s).toString(), u"json.stderr"_s);
}

// The command gets the lock, not the connection: neither LOCKSCOPE_DB (a server's URL holds the
// password) nor LOCKSCOPE_PASSWORD is in its environment, nor the password's text anywhere in
// it, whichever of the two gave lockctl the password. (SQLite needs none: lockctl is given one
// in LOCKSCOPE_PASSWORD all the same, which must not pass on either.)
void LockctlRunTest::commandGetsNoPassword_data()
{
    QTest::addColumn<bool>("inUrl");
    QTest::newRow("password in LOCKSCOPE_DB") << true;
    QTest::newRow("password in LOCKSCOPE_PASSWORD") << false;
}

void LockctlRunTest::commandGetsNoPassword()
{
    QFETCH(bool, inUrl);
    const TestBackend &backend = TestBackend::instance();
    const bool sqlite = backend.isSqlite();
    const QString password = sqlite ? u"lrun-secret-%1"_s.arg(QCoreApplication::applicationPid())
                                    : backend.spec().password;
    QVERIFY2(password.size() >= 6, "the test server's password is too short to look for");
    LockctlOptions options;
    options.workingDirectory = m_run.directory();
    options.url = inUrl || sqlite ? backend.url() : backend.spec().redacted();
    if (!inUrl || sqlite)
        options.password = password;
    // The test's own variables that hold it (LOCKSCOPE_TEST_*_URL) are blanked for lockctl: a
    // copy in the command's environment is then lockctl's doing.
    const QProcessEnvironment own = QProcessEnvironment::systemEnvironment();
    for (const QString &key : own.keys()) {
        if (own.value(key).contains(password))
            options.environment.append({key, QString()});
    }
    const QString name = u"no.password"_s;
    const Run run = LockctlProcess(QStringList{u"--table"_s, m_table, u"run"_s, name, u"--"_s,
                                               u"sh"_s, u"-c"_s, u"env > env.txt"_s},
                                   options)
                        .finish(30000);
    VERIFY_EXIT(run, 0);

    const QByteArray environment = readFile(path(u"env.txt"_s));
    const QHash<QString, QString> seen = variables(path(u"env.txt"_s));
    QCOMPARE(seen.value(u"LOCKSCOPE_LOCK"_s), name); // the command ran, with lockctl's variables
    QVERIFY2(!seen.contains(u"LOCKSCOPE_DB"_s), "LOCKSCOPE_DB reached the command");
    QVERIFY2(!seen.contains(u"LOCKSCOPE_PASSWORD"_s), "LOCKSCOPE_PASSWORD reached the command");
    for (const QByteArray &secret : {password.toUtf8(), QUrl::toPercentEncoding(password)})
        QVERIFY2(!environment.contains(secret), "the password is in the command's environment");
}

// A lease that lapsed before the command could start: the grant of lockctl's acquire (after
// --wait) came back 1.5 s after it was sent, three times its lease, so no renewal can be
// confirmed in time. The command is not run, and the JSON reports the grant lockctl received:
// acquired, its fence, and its times (expires_at was null), the lease from acquired_at as the
// grant gave it.
void LockctlRunTest::leaseLapsedBeforeTheCommandReportsTheGrant()
{
    const QString name = u"lapsed.before.start"_s;
    VERIFY_EXIT(lockctl({u"init"_s, name, u"--ttl"_s, u"1m"_s}), 0);
    QString error;
    QVERIFY2(slowDownGrants(name, &error), qPrintable(error));
    auto restore = qScopeGuard([this] { endSlowGrants(); });
    LockctlProcess process = startRun(name, {u"--ttl"_s, u"500ms"_s, u"--wait"_s, u"20s"_s},
                                      u"touch ran"_s);
    QVERIFY(process.waitForStarted());
    QTest::qWait(1500);
    if (!TestBackend::instance().isPostgres()) { // the acquire, waiting on the row, goes through
        restore.dismiss();
        endSlowGrants();
    }
    const Run run = process.finish(30000);
    VERIFY_EXIT(run, exitLost);
    QVERIFY2(run.err.contains("Lost before the command started"), qPrintable(run.describe()));
    QVERIFY(!QFile::exists(path(u"ran"_s)));

    const QJsonObject result = readJson(path(u"result.json"_s));
    const QString json = QString::fromUtf8(QJsonDocument(result).toJson());
    QCOMPARE(result.value(u"outcome"_s).toString(), u"lost"_s);
    QCOMPARE(result.value(u"acquired"_s).toBool(), true);
    QVERIFY2(jsonInteger(result.value(u"fence"_s)) > 0, qPrintable(json));
    const QDateTime acquired = isoUtc(result.value(u"acquired_at"_s));
    const QDateTime expires = isoUtc(result.value(u"expires_at"_s));
    QVERIFY2(acquired.isValid() && expires.isValid(), qPrintable(json));
    QCOMPARE(acquired.msecsTo(expires), 500);
    QVERIFY(result.value(u"pid"_s).isNull()); // no command ran
}

// A lease of 1.5 s stays held while the command runs 4 s: lockctl renews it (the fence stays,
// the database's expires_at moves on), and releases it at the end. The command does not hold
// lockctl's own connection to the database (a socket lockctl opened, not one it was given).
void LockctlRunTest::renewalKeepsAShortLeaseWhileTheCommandRuns()
{
    const QString name = u"renewed"_s;
    auto run = startRun(name, {u"--ttl"_s, u"1500ms"_s},
                        u"echo $$ > pid.txt; echo $LOCKSCOPE_FENCE > fence.txt; sleep 4"_s);
    QVERIFY(waitForFile(path(u"fence.txt"_s)));
    QSet<QByteArray> ownSockets = socketsOf(QString::number(run.processId()));
    ownSockets.subtract(socketsOf(u"self"_s)); // those the test passed on to lockctl
    if (!TestBackend::instance().isSqlite())
        QVERIFY2(!ownSockets.isEmpty(), "lockctl's connection to the server not found");
    const QString command = QString::fromUtf8(readFile(path(u"pid.txt"_s)).trimmed());
    QVERIFY2(!socketsOf(command).intersects(ownSockets), "the command has lockctl's connection");
    const QJsonObject early = lockShown(name);
    QThread::msleep(2500); // past the first lease's end
    const QJsonObject later = lockShown(name);
    QCOMPARE(later.value(u"state"_s).toString(), u"held"_s);
    QCOMPARE(later.value(u"holder"_s), early.value(u"holder"_s));
    QCOMPARE(jsonInteger(later.value(u"fence"_s)), jsonInteger(early.value(u"fence"_s)));
    QVERIFY2(isoUtc(later.value(u"expires_at"_s)) > isoUtc(early.value(u"expires_at"_s)),
             qPrintable(later.value(u"expires_at"_s).toString()));
    QVERIFY(isoUtc(later.value(u"expires_at"_s)) > isoUtc(later.value(u"db_now"_s)));

    const Run done = run.finish(30000);
    VERIFY_EXIT(done, 0);
    const QJsonObject result = readJson(path(u"result.json"_s));
    QCOMPARE(QString::fromUtf8(readFile(path(u"fence.txt"_s))).trimmed(),
             QString::number(jsonInteger(result.value(u"fence"_s))));
    QVERIFY2(result.value(u"renewals"_s).toInt() >= 5, qPrintable(done.describe()));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"completed"_s);
    QCOMPARE(lockShown(name).value(u"state"_s).toString(), u"free"_s);
}

// An admin's force release while the command runs: the next renewal finds the lock lost, the
// command gets SIGTERM (its trap records it), and lockctl exits with 75 within a third of the
// lease and a little more.
void LockctlRunTest::forceReleaseStopsTheCommandQuickly()
{
    const QString name = u"force.released"_s;
    auto run = startRun(name, {u"--ttl"_s, u"1500ms"_s},
                        u"trap 'echo TERM > signal.txt; exit 5' TERM; echo $$ > pid.txt; "
                        u"while :; do sleep 0.05; done"_s);
    QVERIFY(waitForFile(path(u"pid.txt"_s)));
    const qint64 fence = jsonInteger(lockShown(name).value(u"fence"_s));
    QVERIFY(fence > 0);
    QElapsedTimer sinceRelease;
    const Run forced = lockctl({u"force-release"_s, name, u"--fence"_s, QString::number(fence),
                                u"--reason"_s, u"test"_s});
    sinceRelease.start();
    VERIFY_EXIT(forced, 0);
    const Run done = run.finish(30000);
    const qint64 tookMs = sinceRelease.elapsed();
    VERIFY_EXIT(done, exitLost);
    QVERIFY2(tookMs < 1500, qPrintable(u"lockctl ended %1 ms after the force release"_s.arg(tookMs)));
    QCOMPARE(readFile(path(u"signal.txt"_s)).trimmed(), QByteArray("TERM"));

    const QJsonObject result = readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"lost"_s);
    QCOMPARE(result.value(u"lost"_s).toBool(), true);
    QCOMPARE(result.value(u"released"_s).toBool(), false);
    QCOMPARE(jsonInteger(result.value(u"exit_code"_s)), exitLost);
    QCOMPARE(jsonInteger(result.value(u"command_exit_code"_s)), 5);
    QCOMPARE(result.value(u"signals_sent"_s).toArray(), QJsonArray{u"SIGTERM"_s});
    const QJsonObject found = result.value(u"current"_s).toObject();
    QCOMPARE(found.value(u"state"_s).toString(), u"free"_s);
    QCOMPARE(jsonInteger(found.value(u"fence"_s)), fence + 1);
    QCOMPARE(jsonInteger(lockShown(name).value(u"fence"_s)), fence + 1); // nothing after the loss
}

// A command that ignores SIGTERM gets SIGKILL --kill-after later (1 s: a third of the lease, so
// not cut).
void LockctlRunTest::commandIgnoringSigtermGetsSigkill()
{
    const QString name = u"stubborn"_s;
    auto run = startRun(name, {u"--ttl"_s, u"3s"_s, u"--kill-after"_s, u"1s"_s},
                        u"trap '' TERM; echo $$ > pid.txt; while :; do sleep 0.05; done"_s);
    QVERIFY(waitForFile(path(u"pid.txt"_s)));
    const qint64 fence = jsonInteger(lockShown(name).value(u"fence"_s));
    QElapsedTimer sinceRelease;
    sinceRelease.start();
    VERIFY_EXIT(lockctl({u"force-release"_s, name, u"--fence"_s, QString::number(fence),
                         u"--reason"_s, u"test"_s}),
                0);
    const Run done = run.finish(30000);
    const qint64 tookMs = sinceRelease.elapsed();
    VERIFY_EXIT(done, exitLost);
    QVERIFY2(tookMs >= 1000 && tookMs < 3500, qPrintable(u"%1 ms"_s.arg(tookMs)));
    const QJsonObject result = readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"signals_sent"_s).toArray(),
             (QJsonArray{u"SIGTERM"_s, u"SIGKILL"_s}));
    QCOMPARE(jsonInteger(result.value(u"command_signal"_s)), SIGKILL);
    QVERIFY(hasEnded(jsonInteger(result.value(u"pid"_s))));
}

// No renewal gets through (the test's own transaction holds the lock's row; on SQLite the whole
// database): when the lease's end passes, as last renewed and counted from that renewal's
// send, the command is stopped, even though lockctl's renewal is still waiting on the
// database, and lockctl reports the lease as lost (expired).
void LockctlRunTest::renewalsThatCannotGetThroughStopTheCommandAtTheLeaseEnd()
{
    const QString name = u"unrenewed"_s;
    constexpr qint64 ttlMs = 2000;
    auto run = startRun(name, {u"--ttl"_s, u"2s"_s, u"--kill-after"_s, u"1s"_s},
                        u"trap 'echo TERM > signal.txt; exit 6' TERM; echo $$ > pid.txt; "
                        u"while :; do sleep 0.05; done"_s);
    QVERIFY(waitForFile(path(u"pid.txt"_s)));
    QString error;
    QVERIFY2(blockRenewals(name, &error), qPrintable(error));
    QElapsedTimer blocked;
    blocked.start();
    const bool stopped = waitForFile(path(u"signal.txt"_s), 10000);
    const qint64 stoppedAfterMs = blocked.elapsed();
    endBlock();
    QVERIFY2(stopped, "the command was not stopped");
    // The last renewal that got through was sent before the block: its lease ends within ttl
    // of it; and renewals come every third of the lease, so not much before either.
    QVERIFY2(stoppedAfterMs <= ttlMs + 700 && stoppedAfterMs >= ttlMs / 3,
             qPrintable(u"stopped %1 ms after the block began"_s.arg(stoppedAfterMs)));
    const Run done = run.finish(90000);
    VERIFY_EXIT(done, exitLost);
    const QJsonObject result = readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"expired"_s);
    QCOMPARE(result.value(u"lost"_s).toBool(), true);
    QCOMPARE(jsonInteger(result.value(u"command_exit_code"_s)), 6);
}

// SIGINT and SIGTERM sent to lockctl reach the command; lockctl waits for it, releases the lock
// and exits with the command's status.
void LockctlRunTest::signalsToLockctlReachTheCommand_data()
{
    QTest::addColumn<int>("signal");
    QTest::addColumn<QByteArray>("name");
    QTest::newRow("SIGINT") << int(SIGINT) << QByteArray("INT");
    QTest::newRow("SIGTERM") << int(SIGTERM) << QByteArray("TERM");
}

void LockctlRunTest::signalsToLockctlReachTheCommand()
{
    QFETCH(int, signal);
    QFETCH(QByteArray, name);
    const QString lock = u"signalled"_s;
    auto run = startRun(lock, {u"--ttl"_s, u"5s"_s},
                        u"trap 'echo INT > signal.txt; exit 7' INT; "
                        u"trap 'echo TERM > signal.txt; exit 8' TERM; echo $$ > pid.txt; "
                        u"while :; do sleep 0.05; done"_s);
    QVERIFY(waitForFile(path(u"pid.txt"_s)));
    QCOMPARE(lockShown(lock).value(u"state"_s).toString(), u"held"_s);
    ::kill(pid_t(run.processId()), signal);
    const Run done = run.finish(30000);
    VERIFY_EXIT(done, signal == SIGINT ? 7 : 8);
    QCOMPARE(readFile(path(u"signal.txt"_s)).trimmed(), name);
    const QJsonObject result = readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"interrupted"_s);
    QCOMPARE(result.value(u"interrupted"_s).toBool(), true);
    QCOMPARE(result.value(u"released"_s).toBool(), true);
    QCOMPARE(result.value(u"signals_sent"_s).toArray(),
             QJsonArray{QString::fromLatin1("SIG" + name)});
    QCOMPARE(lockShown(lock).value(u"state"_s).toString(), u"free"_s);
}

// Ctrl-C typed at lockctl's terminal reaches the command once: the terminal sends SIGINT to the
// whole foreground process group, the command included, and lockctl does not send it again.
// lockctl waits for the command, releases the lock and exits with the command's status.
void LockctlRunTest::ctrlCAtATerminalReachesTheCommandOnce()
{
    const QString name = u"terminal"_s;
    testsupport::PtyLockctl terminal(
        {u"--table"_s, m_table, u"run"_s, name, u"--"_s, u"sh"_s, u"-c"_s,
         u"n=0; trap 'echo INT >> ints.txt; n=1' INT; echo started; "
         u"while [ $n = 0 ]; do sleep 0.05; done; sleep 0.5; exit 9"_s}, // time for a 2nd SIGINT
        m_run.directory(), TestBackend::instance().url());
    QVERIFY(terminal.started());
    QVERIFY2(terminal.waitForOutput("started"), terminal.output().constData());
    QVERIFY(terminal.type("\x03")); // Ctrl-C
    const std::optional<int> status = terminal.waitForExit(15000);
    QVERIFY2(status, "lockctl did not end after Ctrl-C");
    QVERIFY(WIFEXITED(*status));
    QCOMPARE(WEXITSTATUS(*status), 9);
    QCOMPARE(readFile(path(u"ints.txt"_s)), QByteArray("INT\n")); // once
    QCOMPARE(lockShown(name).value(u"state"_s).toString(), u"free"_s);
}

// A lockctl killed with SIGKILL leaves no command running: the command dies with it. The lock
// stays held until its lease ends (nobody released it: the protocol).
void LockctlRunTest::killedLockctlTakesItsCommandAlong()
{
    const QString name = u"orphan"_s;
    auto run = startRun(name, {u"--ttl"_s, u"30s"_s},
                        u"echo $$ > pid.txt; while :; do sleep 0.05; done"_s);
    QVERIFY(waitForFile(path(u"pid.txt"_s)));
    const qint64 child = readFile(path(u"pid.txt"_s)).trimmed().toLongLong();
    QVERIFY(child > 0);
    QVERIFY(!hasEnded(child));
    ::kill(pid_t(run.processId()), SIGKILL);
    run.finish(5000);
    QDeadlineTimer deadline(2000);
    while (!hasEnded(child) && !deadline.hasExpired())
        QThread::msleep(10);
    QVERIFY2(hasEnded(child), "the command outlived lockctl");
    QCOMPARE(lockShown(name).value(u"state"_s).toString(), u"held"_s);
}

// A lock held by another holder: --wait ends without it, the command is not run, and lockctl
// exits with its refusal code.
void LockctlRunTest::refusedLockDoesNotRunTheCommand()
{
    const QString name = u"taken"_s;
    VERIFY_EXIT(lockctl({u"acquire"_s, name, u"--holder"_s, u"other"_s, u"--ttl"_s, u"30s"_s}), 0);
    QElapsedTimer waited;
    waited.start();
    const Run run = startRun(name, {u"--wait"_s, u"300ms"_s}, u"touch ran.txt"_s).finish(30000);
    VERIFY_EXIT(run, exitRefused);
    QVERIFY(waited.elapsed() >= 300);
    QVERIFY(!QFile::exists(path(u"ran.txt"_s)));
    const QJsonObject result = readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"refused"_s);
    QCOMPARE(result.value(u"acquired"_s).toBool(), false);
    QCOMPARE(result.value(u"held_by"_s).toString(), u"other"_s);
    QVERIFY(result.value(u"pid"_s).isNull());
    QCOMPARE(lockShown(name).value(u"holder"_s).toString(), u"other"_s);
}

// A command that is not found (127) or cannot be executed (126): a clear error, and the lock
// released.
void LockctlRunTest::commandThatCannotStartReleasesTheLock_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<int>("status");
    QTest::newRow("not found") << u"lockscope-no-such-command"_s << exitNotFound;
    QTest::newRow("not executable") << u"./plain.txt"_s << exitNotExecutable;
}

void LockctlRunTest::commandThatCannotStartReleasesTheLock()
{
    QFETCH(QString, program);
    QFETCH(int, status);
    QFile plain(path(u"plain.txt"_s));
    QVERIFY(plain.open(QIODevice::WriteOnly));
    plain.close();
    const QString name = u"cannot.start"_s;
    LockctlOptions options;
    options.workingDirectory = m_run.directory();
    const Run run = testsupport::runLockctl(
        {u"--table"_s, m_table, u"run"_s, name, u"--json-file"_s, path(u"result.json"_s),
         u"--"_s, program},
        options);
    VERIFY_EXIT(run, status);
    QVERIFY2(run.errText().contains(program), qPrintable(run.describe()));
    const QJsonObject result = readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"not_started"_s);
    QCOMPARE(result.value(u"released"_s).toBool(), true);
    QCOMPARE(lockShown(name).value(u"state"_s).toString(), u"free"_s);
}

// A run without a command, or with --profile (application tables have no renewal), is a usage
// error that runs nothing.
void LockctlRunTest::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    QTest::newRow("no command") << QStringList{u"run"_s, u"x"_s} << u"COMMAND"_s;
    QTest::newRow("--json, no command") << QStringList{u"--json"_s, u"run"_s, u"x"_s}
                                        << u"\"outcome\":\"error\""_s; // on stderr too
    QTest::newRow("--profile") << QStringList{u"--profile"_s, u"shedlock"_s, u"run"_s, u"x"_s,
                                              u"--"_s, u"true"_s}
                               << u"--profile"_s;
    QTest::newRow("bad --kill-after") << QStringList{u"run"_s, u"x"_s, u"--kill-after"_s,
                                                     u"soon"_s, u"--"_s, u"true"_s}
                                      << u"kill-after"_s;
}

void LockctlRunTest::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    const Run run = lockctl(args);
    VERIFY_EXIT(run, exitUsage);
    QVERIFY2(run.errText().contains(says), qPrintable(run.describe()));
    QVERIFY(run.out.isEmpty());
}

void LockctlRunTest::writeTreeScript() const
{
    QFile script(path(u"tree.sh"_s));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(treeScript);
}

Run LockctlRunTest::runInDir(const QStringList &args) const
{
    LockctlOptions options;
    options.workingDirectory = m_run.directory();
    return testsupport::runLockctl(QStringList{u"--table"_s, m_table} + args, options);
}

// A force release stops the whole command, not only its first process: a child, a grandchild
// and a great-grandchild, one reparented (its parent exited: lockctl, the subreaper, inherits
// it) and one in a session of its own, all ignoring SIGTERM. lockctl exits (75) only once none
// of them runs any more.
void LockctlRunTest::wholeProcessTreeStopsOnForceRelease()
{
    const QString name = u"tree.forced"_s;
    const QByteArray marker = uniqueMarker();
    const auto cleanup = qScopeGuard([&] { testsupport::killProcessesMarked(marker); });
    writeTreeScript();
    auto run = startRun(name, {u"--ttl"_s, u"1500ms"_s, u"--kill-after"_s, u"1s"_s},
                        u"exec sh ./tree.sh "_s + QString::fromLatin1(marker) + u" top"_s);
    {
        const QString notUp = treeNotUp(run, marker, path(u"result.json"_s));
        QVERIFY2(notUp.isEmpty(), qPrintable(notUp));
    }
    const qint64 fence = jsonInteger(lockShown(name).value(u"fence"_s));
    VERIFY_EXIT(lockctl({u"force-release"_s, name, u"--fence"_s, QString::number(fence),
                         u"--reason"_s, u"test"_s}),
                0);
    const Run done = run.finish(30000);
    VERIFY_EXIT(done, exitLost);
    QVERIFY2(testsupport::processesMarked(marker).isEmpty(), qPrintable(describeMarked(marker)));
    const QJsonObject result = readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"lost"_s);
    QCOMPARE(result.value(u"signals_sent"_s).toArray(),
             (QJsonArray{u"SIGTERM"_s, u"SIGKILL"_s}));
}

// A lockctl killed with SIGKILL (as the OOM killer does) still ends its command as a whole: its
// watcher kills the command's process group and every process carrying the run's id, the one
// that left the group (setsid) included. The lock stays held until its lease ends.
void LockctlRunTest::wholeProcessTreeEndsWithAKilledLockctl()
{
    const QString name = u"tree.killed"_s;
    const QByteArray marker = uniqueMarker();
    const auto cleanup = qScopeGuard([&] { testsupport::killProcessesMarked(marker); });
    writeTreeScript();
    auto run = startRun(name, {u"--ttl"_s, u"30s"_s},
                        u"exec sh ./tree.sh "_s + QString::fromLatin1(marker) + u" top"_s);
    {
        const QString notUp = treeNotUp(run, marker, path(u"result.json"_s));
        QVERIFY2(notUp.isEmpty(), qPrintable(notUp));
    }
    ::kill(pid_t(run.processId()), SIGKILL);
    run.finish(5000);
    QTRY_VERIFY2_WITH_TIMEOUT(testsupport::processesMarked(marker).isEmpty(),
                              qPrintable(describeMarked(marker)), 10000);
    QCOMPARE(lockShown(name).value(u"state"_s).toString(), u"held"_s);
}

// A command that ends leaving processes running in the background: lockctl stops them
// (SIGTERM, then SIGKILL --kill-after later) before it releases the lock, and says so.
void LockctlRunTest::leftoverProcessesAreStoppedBeforeTheRelease()
{
    const QString name = u"tree.leftover"_s;
    const QByteArray marker = uniqueMarker();
    const auto cleanup = qScopeGuard([&] { testsupport::killProcessesMarked(marker); });
    writeTreeScript();
    const Run done = startRun(name, {u"--kill-after"_s, u"1s"_s},
                              u"sh ./tree.sh "_s + QString::fromLatin1(marker)
                                  + u" background; sleep 0.5"_s)
                         .finish(30000);
    VERIFY_EXIT(done, 0);
    QVERIFY2(testsupport::processesMarked(marker).isEmpty(), qPrintable(describeMarked(marker)));
    QVERIFY2(done.errText().contains(u"left"_s), qPrintable(done.describe()));
    const QJsonObject result = readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"completed"_s);
    QVERIFY2(result.value(u"left_running"_s).toInt() >= 2, qPrintable(done.describe()));
    QCOMPARE(result.value(u"signals_sent"_s).toArray(),
             (QJsonArray{u"SIGTERM"_s, u"SIGKILL"_s}));
    QCOMPARE(result.value(u"released"_s).toBool(), true);
    QCOMPARE(lockShown(name).value(u"state"_s).toString(), u"free"_s);
}

// run never re-enters: a second run with the holder of a running one is refused (its command
// not run), and the first one's lock is as it was: released when it ends.
void LockctlRunTest::secondRunWithTheSameHolderIsRefused()
{
    const QString name = u"same.holder"_s;
    auto first = startRun(name, {u"--holder"_s, u"job@node"_s, u"--ttl"_s, u"5s"_s},
                          u"echo up > first.txt; while [ ! -e stop.txt ]; do sleep 0.05; done"_s);
    QVERIFY(waitForFile(path(u"first.txt"_s)));
    const Run second = runInDir({u"run"_s, name, u"--holder"_s, u"job@node"_s, u"--json-file"_s,
                                 path(u"second.json"_s), u"--"_s, u"touch"_s, u"ran.txt"_s});
    VERIFY_EXIT(second, exitRefused);
    QVERIFY(!QFile::exists(path(u"ran.txt"_s)));
    QVERIFY2(second.errText().contains(u"already held by this holder"_s),
             qPrintable(second.describe()));
    const QJsonObject refused = readJson(path(u"second.json"_s));
    QCOMPARE(refused.value(u"outcome"_s).toString(), u"refused"_s);
    QCOMPARE(refused.value(u"same_holder"_s).toBool(), true);
    QCOMPARE(lockShown(name).value(u"holder"_s).toString(), u"job@node"_s);

    QFile stop(path(u"stop.txt"_s));
    QVERIFY(stop.open(QIODevice::WriteOnly));
    stop.close();
    VERIFY_EXIT(first.finish(30000), 0);
    QCOMPARE(lockShown(name).value(u"state"_s).toString(), u"free"_s); // depth 1 again: freed
}

// A refused run, as cron wants it: --conflict-exit-code (flock -E) tells it apart from the
// command's own failure, --quiet says nothing on stderr (cron mails nothing).
void LockctlRunTest::refusedRunExitCodeAndQuiet_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("silent");
    QTest::newRow("--conflict-exit-code")
        << QStringList{u"--conflict-exit-code"_s, u"99"_s} << 99 << false;
    QTest::newRow("--quiet") << QStringList{u"--quiet"_s} << exitRefused << true;
    QTest::newRow("both") << QStringList{u"--quiet"_s, u"--conflict-exit-code"_s, u"0"_s} << 0
                          << true;
}

void LockctlRunTest::refusedRunExitCodeAndQuiet()
{
    QFETCH(QStringList, options);
    QFETCH(int, status);
    QFETCH(bool, silent);
    const QString name = u"conflict"_s; // held by "other" (again: a re-entry) for each row
    VERIFY_EXIT(lockctl({u"acquire"_s, name, u"--holder"_s, u"other"_s, u"--ttl"_s, u"30s"_s}),
                0);
    const Run run = runInDir(QStringList{u"run"_s, name, u"--json-file"_s,
                                         path(u"result.json"_s)}
                             + options + QStringList{u"--"_s, u"touch"_s, u"ran.txt"_s});
    VERIFY_EXIT(run, status);
    QVERIFY(!QFile::exists(path(u"ran.txt"_s)));
    QCOMPARE(run.err.isEmpty(), silent);
    const QJsonObject result = readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"refused"_s);
    QCOMPARE(jsonInteger(result.value(u"exit_code"_s)), status);
}

// --hold-at-least: the lock stays with the run's holder after its command ended, until that
// long after it was acquired (database times); another run is refused meanwhile.
void LockctlRunTest::holdAtLeastKeepsTheLockAfterTheCommand()
{
    const QString name = u"at.least"_s;
    constexpr qint64 atLeastMs = 3000;
    auto run = startRun(name, {u"--holder"_s, u"slot@a"_s, u"--ttl"_s, u"1500ms"_s,
                               u"--hold-at-least"_s, u"3s"_s},
                        u"echo done > done.txt"_s);
    QVERIFY(waitForFile(path(u"done.txt"_s)));
    const Run other = runInDir({u"run"_s, name, u"--holder"_s, u"slot@b"_s, u"--"_s, u"touch"_s,
                                u"ran.txt"_s});
    VERIFY_EXIT(other, exitRefused);
    QVERIFY(!QFile::exists(path(u"ran.txt"_s)));
    QThread::msleep(1600); // past the first lease (1.5 s): kept by renewal
    const QJsonObject held = lockShown(name);
    QCOMPARE(held.value(u"holder"_s).toString(), u"slot@a"_s);
    QCOMPARE(held.value(u"state"_s).toString(), u"held"_s);

    const Run done = run.finish(30000);
    VERIFY_EXIT(done, 0);
    const QJsonObject result = readJson(path(u"result.json"_s));
    QCOMPARE(result.value(u"outcome"_s).toString(), u"completed"_s);
    QCOMPARE(jsonInteger(result.value(u"hold_at_least_ms"_s)), atLeastMs);
    const qint64 heldMs = isoUtc(result.value(u"acquired_at"_s))
                              .msecsTo(isoUtc(result.value(u"released_at"_s)));
    QVERIFY2(heldMs >= atLeastMs && heldMs < atLeastMs + 3000,
             qPrintable(u"released %1 ms after it was acquired"_s.arg(heldMs)));
    QCOMPARE(lockShown(name).value(u"state"_s).toString(), u"free"_s);
}

// --scope: in a transient systemd scope where systemd runs; elsewhere a clear error that runs
// nothing (the positive case is skipped where there is no systemd).
void LockctlRunTest::scopeNeedsSystemd()
{
    const QString name = u"scoped"_s;
    const Run run = runInDir({u"run"_s, name, u"--scope"_s, u"--"_s, u"sh"_s, u"-c"_s,
                              u"cat /proc/self/cgroup > cgroup.txt"_s});
    if (!QFileInfo(u"/run/systemd/system"_s).isDir()) {
        VERIFY_EXIT(run, exitUsage);
        QVERIFY2(run.errText().contains(u"systemd"_s), qPrintable(run.describe()));
        QVERIFY(!QFile::exists(path(u"cgroup.txt"_s)));
        return;
    }
    if (run.exitCode != 0 && run.errText().contains(u"Failed to connect"_s))
        QSKIP("systemd runs, but has no manager for this user");
    VERIFY_EXIT(run, 0);
    QVERIFY2(readFile(path(u"cgroup.txt"_s)).contains("lockscope-run-"),
             readFile(path(u"cgroup.txt"_s)).constData());
}

LOCKSCOPE_BACKEND_TEST_MAIN(LockctlRunTest)

#include "tst_lockctl_run.moc"
