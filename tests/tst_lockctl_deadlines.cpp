// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl never waits for ever on a server: every statement has a deadline (a renewal's is the
// lease's end), so against a server that stops answering (a relay that freezes) lockctl exits
// within the bound docs/user-guide.md states, in the middle of an acquire, a renewal or a
// release. And a force release reaches a holder at once where the database notifies
// (PostgreSQL), else at its next renewal.
//
// Issue 47: a connection's setup that stops right after the login ends at --connect-timeout;
// SIGTERM and SIGINT end a lockctl hung in a call at once (the call is abandoned, the clean-up
// after it has a second); a run whose renewal reconnects into such a freeze exits within its
// bound.

#include "cuttableproxy.h"
#include "lockctljson.h"
#include "lockctlrun.h"
#include "testbackend.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QSqlQuery>
#include <QThread>
#include <QUrl>
#include <QUrlQuery>

#include <csignal>

using namespace Qt::StringLiterals;
using testsupport::CuttableProxy;
using testsupport::jsonInteger;
using testsupport::LockctlOptions;
using testsupport::LockctlProcess;
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

// lockctl's bound after the lease's end, or for any one statement: a connect (5 s) and a
// statement (10 s), with room for a loaded machine.
constexpr qint64 marginMs = 5000 + 10000 + 5000;
// A signal's bound: the call in progress ends at once, the clean-up after it (a release) has
// AbandonOnSignal::graceMs (1 s); and a loaded machine's start and exit.
constexpr qint64 signalBoundMs = 1000 + 1000;

} // namespace

class LockctlDeadlinesTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void renewalHangingEndsAtTheLeaseEnd();
    void releaseHangingIsAbandoned();
    void acquireHangingIsAbandoned();
    void forceReleaseReachesTheHolderAtOnce();
    void runOnAHungServerEndsWithinTheBound();
    void forceReleaseStopsARunAtOnce();
    void aSetupFrozenAfterTheLoginEndsAtTheConnectTimeout_data();
    void aSetupFrozenAfterTheLoginEndsAtTheConnectTimeout();
    void aSignalEndsAFrozenCallAtOnce_data();
    void aSignalEndsAFrozenCallAtOnce();
    void aRunReconnectingIntoAFreezeEndsWithinTheBound();

private:
    // lockctl on the test's table, through `url` (the backend's when empty).
    LockctlOptions options(const QString &url = {}) const;
    Run lockctl(const QStringList &args) const;
    LockctlProcess start(const QStringList &args, const QString &url = {}) const;
    // The backend's URL with the relay's address; `tls` false: TLS off, so that the relay can
    // tell the login from the first query (CuttableProxy::freezeAtFirstQuery()).
    static QString relayed(const CuttableProxy &proxy, bool tls = true);
    QJsonObject shown(const QString &name) const;
    // Polls "lockctl show" until `holder` holds `name`.
    bool waitUntilHeldBy(const QString &name, const QString &holder) const;
    // Whether a session holds the wake-up lock of `name` (MySQL/MariaDB: a waiter in its wait
    // queues on it).
    bool wakeLockTaken(const QString &name) const;

    std::unique_ptr<lockcore::Session> m_session;
    QString m_table;
};

LockctlOptions LockctlDeadlinesTest::options(const QString &url) const
{
    LockctlOptions options;
    if (!url.isEmpty())
        options.url = url;
    return options;
}

Run LockctlDeadlinesTest::lockctl(const QStringList &args) const
{
    return testsupport::runLockctl(QStringList{u"--table"_s, m_table} + args, options());
}

LockctlProcess LockctlDeadlinesTest::start(const QStringList &args, const QString &url) const
{
    return LockctlProcess(QStringList{u"--table"_s, m_table} + args, options(url));
}

QString LockctlDeadlinesTest::relayed(const CuttableProxy &proxy, bool tls)
{
    QUrl url(TestBackend::instance().url(), QUrl::StrictMode);
    url.setHost(u"127.0.0.1"_s);
    url.setPort(proxy.port());
    if (!tls) {
        QUrlQuery query(url);
        if (TestBackend::instance().isPostgres())
            query.addQueryItem(u"sslmode"_s, u"disable"_s);
        else
            query.addQueryItem(u"ssl-mode"_s, u"disabled"_s);
        url.setQuery(query);
    }
    return url.toString(QUrl::FullyEncoded);
}

QJsonObject LockctlDeadlinesTest::shown(const QString &name) const
{
    return lockctl({u"show"_s, name, u"--json"_s}).json.value(u"lock"_s).toObject();
}

bool LockctlDeadlinesTest::waitUntilHeldBy(const QString &name, const QString &holder) const
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 15000) {
        const QJsonObject lock = shown(name);
        if (lock.value(u"state"_s) == u"held"_s && lock.value(u"holder"_s) == holder)
            return true;
        QThread::msleep(50);
    }
    return false;
}

bool LockctlDeadlinesTest::wakeLockTaken(const QString &name) const
{
    const QString wakeLock = m_session->dialect().wakeLockName(
        lockcore::TableNames::fromTable(m_table), name);
    QSqlQuery query(m_session->database());
    return query.exec(u"SELECT IS_USED_LOCK('%1') IS NOT NULL"_s.arg(wakeLock)) && query.next()
           && query.value(0).toBool();
}

void LockctlDeadlinesTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"ldl"_s);
    const Run created = lockctl({u"schema"_s, u"--create"_s});
    QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));
}

void LockctlDeadlinesTest::cleanupTestCase()
{
    if (!m_session || m_table.isEmpty())
        return;
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table + u"_event"_s);
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table);
}

// acquire --hold --renew with a 2 s lease; the server stops answering: the renewal that hangs
// is abandoned at the lease's end, lockctl says the lease lapsed and exits 1 within the lease
// and the stated margin. (It used to wait in poll() for ever.)
void LockctlDeadlinesTest::renewalHangingEndsAtTheLeaseEnd()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    const QString name = u"renewal.hangs"_s;
    // --connect-timeout 1s: the release after the lapse reconnects into the freeze (the bound
    // below is the default 5 s's).
    LockctlProcess holder = start({u"--connect-timeout"_s, u"1s"_s, u"acquire"_s, name, u"--ttl"_s,
                                   u"2s"_s, u"--hold"_s, u"5m"_s, u"--renew"_s, u"--holder"_s,
                                   u"hung-renewer"_s, u"--json"_s},
                                  relayed(proxy));
    QVERIFY(waitUntilHeldBy(name, u"hung-renewer"_s));
    proxy.freeze(true);
    QElapsedTimer frozen;
    frozen.start();
    Run run = holder.finish(2000 + marginMs + 10000);
    qInfo("lockctl exited %lld ms after the freeze (lease 2000 ms)", frozen.elapsed());
    QVERIFY2(run.finished && run.exitCode == 1, qPrintable(run.describe()));
    QVERIFY2(frozen.elapsed() < 2000 + marginMs, qPrintable(QString::number(frozen.elapsed())));
    QVERIFY2(run.isJson, qPrintable(run.describe()));
    QCOMPARE(run.json.value(u"lost"_s).toBool(), true);
    QCOMPARE(run.json.value(u"lapsed"_s).toBool(), true);
    proxy.freeze(false);
    // Never renewed past the freeze: the database's lease ends by itself.
    QTRY_COMPARE_WITH_TIMEOUT(shown(name).value(u"state"_s).toString(), u"expired"_s, 5000);
}

// The server stops answering just before lockctl releases: the release is abandoned after its
// deadline and lockctl exits 3, saying the outcome is unknown.
void LockctlDeadlinesTest::releaseHangingIsAbandoned()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    const QString name = u"release.hangs"_s;
    LockctlProcess holder = start({u"acquire"_s, name, u"--ttl"_s, u"60s"_s, u"--hold"_s, u"4s"_s,
                                   u"--holder"_s, u"hung-releaser"_s, u"--json"_s},
                                  relayed(proxy));
    QVERIFY(waitUntilHeldBy(name, u"hung-releaser"_s));
    proxy.freeze(true); // before the hold's 4 s are over
    QElapsedTimer frozen;
    frozen.start();
    Run run = holder.finish(4000 + marginMs + 10000);
    qInfo("lockctl exited %lld ms after the freeze (hold 4000 ms)", frozen.elapsed());
    QVERIFY2(run.finished && run.exitCode == 3, qPrintable(run.describe()));
    QVERIFY2(frozen.elapsed() < 4000 + marginMs, qPrintable(QString::number(frozen.elapsed())));
    QVERIFY2(run.errText().contains(u"outcome is unknown"_s), qPrintable(run.describe()));
    proxy.freeze(false);
}

// lockctl acquire --wait 3s polls a lock someone else holds; the server stops answering: the
// attempt that hangs is abandoned, the reconnect is bounded, and lockctl exits 3 within the
// wait and the stated margin.
void LockctlDeadlinesTest::acquireHangingIsAbandoned()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    const QString name = u"acquire.hangs"_s;
    const Run taken = lockctl({u"acquire"_s, name, u"--ttl"_s, u"60s"_s, u"--holder"_s,
                               u"someone-else"_s, u"--json"_s});
    QVERIFY2(taken.exitCode == 0, qPrintable(taken.describe()));
    CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    // --connect-timeout 1s: the reconnect after the abandoned attempt goes into the freeze.
    LockctlProcess waiter = start({u"--connect-timeout"_s, u"1s"_s, u"acquire"_s, name,
                                   u"--wait"_s, u"3s"_s, u"--json"_s},
                                  relayed(proxy));
    QTest::qWait(500); // connected, waiting: most of its wait is still ahead
    proxy.freeze(true);
    QElapsedTimer frozen;
    frozen.start();
    Run run = waiter.finish(3000 + marginMs + 10000);
    qInfo("lockctl exited %lld ms after the freeze (wait 3000 ms)", frozen.elapsed());
    QVERIFY2(run.finished, qPrintable(run.describe()));
    QVERIFY2(run.exitCode == 3 || run.exitCode == 1, qPrintable(run.describe()));
    QVERIFY2(frozen.elapsed() < 3000 + marginMs, qPrintable(QString::number(frozen.elapsed())));
    proxy.freeze(false);
    QCOMPARE(shown(name).value(u"holder"_s).toString(), u"someone-else"_s);
}

// A holder with a 2-minute lease (acquire --hold --renew) is force-released: on PostgreSQL the
// release's notification wakes it and it reports the lease lost within 2 s; elsewhere it finds
// out at its next renewal, within a third of the lease (checked with a 3 s lease).
void LockctlDeadlinesTest::forceReleaseReachesTheHolderAtOnce()
{
    const bool notifies = TestBackend::instance().isPostgres();
    const QString lease = notifies ? u"120s"_s : u"3s"_s;
    const qint64 boundMs = notifies ? 2000 : 1000 + 1500;
    const QString name = u"forced.now"_s;
    LockctlProcess holder = start({u"acquire"_s, name, u"--ttl"_s, lease, u"--hold"_s, u"5m"_s,
                                   u"--renew"_s, u"--holder"_s, u"to-be-forced"_s, u"--json"_s});
    QVERIFY(waitUntilHeldBy(name, u"to-be-forced"_s));
    QTest::qWait(300); // listening (PostgreSQL) once it holds
    const qint64 fence = jsonInteger(shown(name).value(u"fence"_s));
    QElapsedTimer forced;
    forced.start();
    const Run force = lockctl({u"force-release"_s, name, u"--fence"_s, QString::number(fence),
                               u"--reason"_s, u"test: at once"_s});
    QVERIFY2(force.exitCode == 0, qPrintable(force.describe()));
    Run run = holder.finish(30000);
    qInfo("the holder ended %lld ms after the force release (lease %s)", forced.elapsed(),
          qPrintable(lease));
    QVERIFY2(run.finished && run.exitCode == 1, qPrintable(run.describe()));
    QCOMPARE(run.json.value(u"lost"_s).toBool(), true);
    QVERIFY2(forced.elapsed() < boundMs, qPrintable(QString::number(forced.elapsed())));
}

// lockctl run with a 2 s lease and --kill-after 1s; the server stops answering: the command is
// stopped at the lease's end, the renewal that hangs is abandoned there, and lockctl exits 75
// within lease + kill-after + the stated margin, with its result. (It used to stay blocked in
// the renewal for as long as the server did not answer, with no exit code and no result.)
void LockctlDeadlinesTest::runOnAHungServerEndsWithinTheBound()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    const QString name = u"run.hangs"_s;
    // --connect-timeout 1s: the release after the lease's end reconnects into the freeze.
    LockctlProcess run = start({u"--json"_s, u"--connect-timeout"_s, u"1s"_s, u"run"_s, name,
                                u"--ttl"_s, u"2s"_s, u"--kill-after"_s, u"1s"_s, u"--holder"_s,
                                u"hung-run"_s, u"--"_s, u"sh"_s, u"-c"_s, u"sleep 100"_s},
                               relayed(proxy));
    QVERIFY(waitUntilHeldBy(name, u"hung-run"_s));
    proxy.freeze(true);
    QElapsedTimer frozen;
    frozen.start();
    Run done = run.finish(2000 + 1000 + marginMs + 10000);
    qInfo("lockctl run exited %lld ms after the freeze (lease 2000 ms, kill-after 1000 ms)",
          frozen.elapsed());
    proxy.freeze(false);
    QVERIFY2(done.finished && done.exitCode == 75, qPrintable(done.describe()));
    QVERIFY2(frozen.elapsed() < 2000 + 1000 + marginMs,
             qPrintable(QString::number(frozen.elapsed())));
    QVERIFY2(done.errText().contains(u"\"outcome\":\"expired\""_s), qPrintable(done.describe()));
}

// lockctl run with a 2-minute lease is force-released: on PostgreSQL the release's notification
// reaches it and the command is stopped (lockctl exits 75) within 2 s, not at the next third of
// the lease (40 s). Elsewhere the next renewal finds it: forceReleaseStopsTheCommandQuickly in
// tst_lockctl_run checks that bound with a short lease.
void LockctlDeadlinesTest::forceReleaseStopsARunAtOnce()
{
    if (!TestBackend::instance().isPostgres())
        QSKIP("only PostgreSQL notifies a force release; elsewhere a third of the lease");
    const QString name = u"run.forced"_s;
    LockctlProcess run = start({u"run"_s, name, u"--ttl"_s, u"2m"_s, u"--holder"_s,
                                u"forced-run"_s, u"--"_s, u"sh"_s, u"-c"_s, u"sleep 100"_s});
    QVERIFY(waitUntilHeldBy(name, u"forced-run"_s));
    QTest::qWait(300); // listening once it holds
    const qint64 fence = jsonInteger(shown(name).value(u"fence"_s));
    QElapsedTimer forced;
    forced.start();
    const Run force = lockctl({u"force-release"_s, name, u"--fence"_s, QString::number(fence),
                               u"--reason"_s, u"test: stop the run"_s});
    QVERIFY2(force.exitCode == 0, qPrintable(force.describe()));
    Run done = run.finish(60000);
    qInfo("lockctl run ended %lld ms after the force release (lease 2 min)", forced.elapsed());
    QVERIFY2(done.finished && done.exitCode == 75, qPrintable(done.describe()));
    QVERIFY2(forced.elapsed() < 2000, qPrintable(QString::number(forced.elapsed())));
}

void LockctlDeadlinesTest::aSetupFrozenAfterTheLoginEndsAtTheConnectTimeout_data()
{
    QTest::addColumn<QString>("command");
    QTest::newRow("acquire") << u"acquire"_s;
    QTest::newRow("release") << u"release"_s;
}

// The server stops answering right after the login, before the first statement (QPSQL's own
// SETs, QMYSQL's character set): lockctl exits 3 at --connect-timeout, saying that it got no
// answer while connecting. (It used to wait in poll() for ever on PostgreSQL, and 60 s on
// MariaDB.)
void LockctlDeadlinesTest::aSetupFrozenAfterTheLoginEndsAtTheConnectTimeout()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    QFETCH(QString, command);
    CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    proxy.freezeAtFirstQuery();
    QElapsedTimer took;
    took.start();
    QStringList args{u"--connect-timeout"_s, u"1s"_s, command, u"setup.frozen"_s,
                     u"--holder"_s, u"never"_s};
    if (command == u"release")
        args << u"--fence"_s << u"1"_s;
    LockctlProcess lockctl = start(args, relayed(proxy, false));
    const Run run = lockctl.finish(30000);
    qInfo("lockctl %s exited %lld ms after it started (connect timeout 1 s), after %lld bytes "
          "of login", qPrintable(command), took.elapsed(), proxy.loginBytes());
    const bool froze = proxy.isFrozen();
    proxy.freeze(false);
    QVERIFY2(run.finished && run.exitCode == 3, qPrintable(run.describe()));
    QVERIFY2(froze && proxy.loginBytes() > 0, "the relay did not see the login end");
    QVERIFY2(took.elapsed() < 1000 + signalBoundMs, qPrintable(QString::number(took.elapsed())));
    QVERIFY2(run.errText().contains(u"No answer from "_s)
                 && run.errText().contains(u"within 1 s while connecting"_s),
             qPrintable(run.describe()));
}

void LockctlDeadlinesTest::aSignalEndsAFrozenCallAtOnce_data()
{
    QTest::addColumn<int>("signal");
    QTest::addColumn<QString>("command");
    // Each way of waiting once, and each signal for a wait (the same handler serves a hold).
    QTest::newRow("SIGINT, acquire --wait") << int(SIGINT) << u"acquire"_s;
    QTest::newRow("SIGTERM, acquire --wait") << int(SIGTERM) << u"acquire"_s;
    QTest::newRow("SIGINT, acquire --hold --renew") << int(SIGINT) << u"hold"_s;
    QTest::newRow("SIGTERM, run") << int(SIGTERM) << u"run"_s;
}

// lockctl in a call the server does not answer (a wait's attempt or its connection's setup, a
// renewal), through a relay that froze: SIGTERM or SIGINT ends it within the clean-up's grace
// (1 s) and a margin, where it used to stay in the call as long as the server said nothing.
// The freeze holds until lockctl has gone, and the waiter took nothing.
void LockctlDeadlinesTest::aSignalEndsAFrozenCallAtOnce()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    QFETCH(int, signal);
    QFETCH(QString, command);
    const QString name = u"signal.%1.%2"_s.arg(command).arg(signal);
    CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    QStringList args;
    if (command == u"acquire") {
        const Run taken = lockctl({u"acquire"_s, name, u"--ttl"_s, u"60s"_s, u"--holder"_s,
                                   u"someone-else"_s});
        QVERIFY2(taken.exitCode == 0 || taken.exitCode == 1, qPrintable(taken.describe()));
        args = {u"acquire"_s, name, u"--wait"_s, u"1m"_s, u"--holder"_s, u"signalled"_s};
    } else if (command == u"hold") {
        args = {u"acquire"_s, name, u"--ttl"_s, u"3s"_s, u"--hold"_s, u"5m"_s, u"--renew"_s,
                u"--holder"_s, u"signalled"_s};
    } else {
        args = {u"run"_s, name, u"--ttl"_s, u"3s"_s, u"--holder"_s, u"signalled"_s, u"--"_s,
                u"sleep"_s, u"100"_s};
    }
    LockctlProcess process = start(args, relayed(proxy, false));
    // Waiting: MariaDB's waiter queues on the lock's wake-up lock; PostgreSQL's has logged
    // in and is in its setup's statements or its attempts (when not yet waiting, the
    // signal's default action ends it: below).
    if (command == u"acquire" && TestBackend::instance().isPostgres())
        QVERIFY(QTest::qWaitFor([&] { return proxy.loginBytes() > 0; }, 5000));
    else if (command == u"acquire")
        QVERIFY(QTest::qWaitFor([&] { return wakeLockTaken(name); }, 5000));
    else
        QVERIFY(waitUntilHeldBy(name, u"signalled"_s));
    proxy.freeze(true);
    // A call waits for its answer: the next attempt, or the next renewal (a third of 3 s).
    QVERIFY(QTest::qWaitFor([&] { return proxy.requestWaiting(); }, 5000));
    QElapsedTimer signalled;
    signalled.start();
    ::kill(pid_t(process.processId()), signal);
    const Run run = process.finish(30000);
    const qint64 ms = signalled.elapsed();
    // Still connecting, before it waits: the signal's default action ends it.
    const bool endedBySignal = run.crashed && process.process().exitCode() == signal;
    qInfo("lockctl %s ended %lld ms after the signal, %s %d", qPrintable(command), ms,
          endedBySignal ? "by the signal" : "exit code", endedBySignal ? signal : run.exitCode);
    proxy.freeze(false);
    QVERIFY2(run.finished, qPrintable(run.describe()));
    QVERIFY2(ms < signalBoundMs, qPrintable(QString::number(ms) + u"\n"_s + run.describe()));
    // As documented: a wait cut short is not acquired (1), a hold's lock not known released
    // after its renewal was abandoned (3), a run's command ended by the signal relayed to it.
    if (command == u"acquire" && endedBySignal)
        ; // (it had not started waiting)
    else if (command == u"run")
        QVERIFY2(run.exitCode == 128 + signal || run.exitCode == 75, qPrintable(run.describe()));
    else
        QVERIFY2(run.exitCode == 1 || run.exitCode == 3, qPrintable(run.describe()));
    if (command == u"acquire")
        QCOMPARE(shown(name).value(u"holder"_s).toString(), u"someone-else"_s);
}

// lockctl run with a 2 s lease, --kill-after 1s and --connect-timeout 1s: its connections are
// cut and the server stops answering right after the login of the reconnect. The renewal that
// reconnects ends at the connect timeout, the command is stopped at the lease's end, and
// lockctl exits 75 within lease + kill-after + 15 s (its documented bound; with these options
// a few seconds). (It stayed alive over 10 minutes, in PQgetResult under the reconnect.)
void LockctlDeadlinesTest::aRunReconnectingIntoAFreezeEndsWithinTheBound()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    const QString name = u"run.reconnects"_s;
    LockctlProcess run = start({u"--json"_s, u"--connect-timeout"_s, u"1s"_s, u"run"_s, name,
                                u"--ttl"_s, u"2s"_s, u"--kill-after"_s, u"1s"_s, u"--holder"_s,
                                u"reconnecting-run"_s, u"--"_s, u"sleep"_s, u"100"_s},
                               relayed(proxy, false));
    QVERIFY(waitUntilHeldBy(name, u"reconnecting-run"_s));
    proxy.freezeAtFirstQuery();
    proxy.dropConnections();
    QElapsedTimer cut;
    cut.start();
    Run done = run.finish(2000 + 1000 + 15000 + 10000);
    const qint64 ms = cut.elapsed();
    qInfo("lockctl run exited %lld ms after its connections were cut into a freeze after the "
          "login (lease 2000 ms, kill-after 1000 ms, connect timeout 1 s)", ms);
    const bool reconnectFroze = proxy.isFrozen();
    proxy.freeze(false);
    QVERIFY2(done.finished && done.exitCode == 75, qPrintable(done.describe()));
    QVERIFY2(reconnectFroze,
             qPrintable(u"no reconnect reached the end of its login: "_s + done.describe()));
    QVERIFY2(ms < 2000 + 1000 + 15000, qPrintable(QString::number(ms)));
    QVERIFY2(done.errText().contains(u"\"outcome\":\"expired\""_s), qPrintable(done.describe()));
}

LOCKSCOPE_BACKEND_TEST_MAIN(LockctlDeadlinesTest)
#include "tst_lockctl_deadlines.moc"
