// SPDX-License-Identifier: GPL-3.0-or-later
// The window's database side, per backend: polling and admin actions run on the worker thread
// and come back as values; a server that stops answering (SIGSTOP) never blocks the GUI
// thread's event loop, is reported, and is recovered from without help.

#include "cuttableproxy.h"
#include "lockmonitor.h"
#include "serverprocess.h"
#include "testbackend.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTimer>
#include <csignal>
#include <sys/types.h>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::LatencyProbe;
using testsupport::TestBackend;
using testsupport::serverProcesses;
using namespace ui;

class LockMonitorTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void snapshotsArriveWithTheDatabaseClock();
    void pausedMonitorReadsNothingUntilResumed();
    void adminActionsRunOnTheWorker();
    void forceReleaseIsRefusedWhenTheFenceMoved();
    void readOnlyRefusesEveryChange();
    void unreachableDatabaseIsReportedAndRetried();
    void refusedLoginIsNotRetried();
    void stoppedServerNeverBlocksTheEventLoop();
    void anotherDatabaseOpensWhileTheServerIsStopped();
    void aRequestEndsByItsDeadline();

private:
    AdminResult runAction(LockMonitor &monitor, const AdminRequest &request);
    void startMonitor(LockMonitor &monitor, bool readOnly = false);

    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
    QString m_table;
};

void LockMonitorTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"monitor"_s);
    auto service = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(service);
    m_locks.emplace(std::move(service).value());
    const Status created = m_locks->createSchema();
    LOCKSCOPE_VERIFY_OK(created);
}

void LockMonitorTest::cleanupTestCase()
{
    if (m_session && m_locks) {
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
    }
}

void LockMonitorTest::startMonitor(LockMonitor &monitor, bool readOnly)
{
    monitor.setInterval(200);
    monitor.start(TestBackend::instance().spec(), m_table, 2, readOnly);
}

AdminResult LockMonitorTest::runAction(LockMonitor &monitor, const AdminRequest &request)
{
    QSignalSpy done(&monitor, &LockMonitor::adminDone);
    const quint64 id = monitor.submit(request);
    for (int i = 0; i < 200 && done.isEmpty(); ++i)
        done.wait(50);
    if (done.isEmpty())
        return {};
    const auto result = done.first().first().value<AdminResult>();
    if (result.request.id != id)
        return {};
    return result;
}

void LockMonitorTest::snapshotsArriveWithTheDatabaseClock()
{
    QVERIFY(m_locks->initialize(u"seen"_s, 5000, u"visible"_s)->created);
    LockMonitor monitor;
    QSignalSpy snapshots(&monitor, &LockMonitor::snapshot);
    startMonitor(monitor);
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 2, 10000); // it keeps polling
    QCOMPARE(monitor.health(), LockMonitor::Health::Ok);
    const auto locks = snapshots.last().at(0).value<QList<LockInfo>>();
    const auto clock = snapshots.last().at(1).value<DbClock>();
    QVERIFY(clock.dbNow.isValid());
    QVERIFY(qAbs(clock.offsetMs) < 2000);
    bool found = false;
    for (const LockInfo &info : locks)
        found = found || (info.name == u"seen" && info.description == u"visible");
    QVERIFY(found);
    QVERIFY(monitor.lastRefresh().isValid());
}

// Pause refresh: while paused the monitor reads nothing (ten intervals pass without a
// refresh, a lock created meanwhile is not seen); resuming reads at once, not an interval
// later (the interval is then a minute).
void LockMonitorTest::pausedMonitorReadsNothingUntilResumed()
{
    LockMonitor monitor;
    QSignalSpy snapshots(&monitor, &LockMonitor::snapshot);
    QSignalSpy paused(&monitor, &LockMonitor::pausedChanged);
    startMonitor(monitor);
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 1, 10000);
    monitor.setPaused(true);
    QVERIFY(monitor.isPaused());
    QCOMPARE(paused.size(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(!monitor.isRefreshing(), 10000); // the read under way ends
    snapshots.clear();
    QVERIFY(m_locks->initialize(u"while-paused"_s, 5000, u"made while paused"_s)->created);
    QTest::qWait(10 * monitor.interval()); // a live monitor would read ten times meanwhile
    QCOMPARE(snapshots.size(), 0);

    monitor.setInterval(60000);
    monitor.setPaused(false);
    QCOMPARE(paused.size(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 1, 10000);
    bool found = false;
    for (const LockInfo &info : snapshots.last().at(0).value<QList<LockInfo>>())
        found = found || info.name == u"while-paused";
    QVERIFY(found);
}

void LockMonitorTest::adminActionsRunOnTheWorker()
{
    LockMonitor monitor;
    startMonitor(monitor);
    AdminRequest init{AdminRequest::Kind::Initialize, 0, u"admin.job"_s, {}, 0, 60000,
                      u"nightly"_s};
    AdminResult result = runAction(monitor, init);
    QVERIFY2(result.done, qPrintable(result.summary));
    QCOMPARE(result.current.description, u"nightly"_s);

    AdminRequest acquire{AdminRequest::Kind::Acquire, 0, u"admin.job"_s, u"admin@test"_s, 0,
                         30000, {}};
    result = runAction(monitor, acquire);
    QVERIFY2(result.done, qPrintable(result.summary));
    QVERIFY(result.grant.fence > 0);
    QVERIFY(result.summary.contains(QString::number(result.grant.fence)));
    const qint64 fence = result.grant.fence;

    // Someone else is refused, and told who holds it.
    AdminRequest rival = acquire;
    rival.holder = u"rival@test"_s;
    result = runAction(monitor, rival);
    QVERIFY(!result.done);
    QVERIFY(!result.error);
    QVERIFY2(result.summary.contains(u"admin@test"_s), qPrintable(result.summary));

    AdminRequest renew{AdminRequest::Kind::Renew, 0, u"admin.job"_s, u"admin@test"_s, fence,
                       45000, {}};
    result = runAction(monitor, renew);
    QVERIFY2(result.done, qPrintable(result.summary));

    AdminRequest release{AdminRequest::Kind::Release, 0, u"admin.job"_s, u"admin@test"_s, fence,
                         0, {}};
    result = runAction(monitor, release);
    QVERIFY2(result.done, qPrintable(result.summary));
    QCOMPARE((*m_locks->lock(u"admin.job"_s))->state, LockState::Free);

    // A delete names the fence the admin saw (issue 36): another one deletes nothing.
    AdminRequest stale{AdminRequest::Kind::Delete, 0, u"admin.job"_s, {}, fence - 1, 0, {}};
    result = runAction(monitor, stale);
    QVERIFY(!result.done && !result.error);
    QVERIFY2(result.summary.contains(u"changed since you looked"_s), qPrintable(result.summary));
    QVERIFY(m_locks->lock(u"admin.job"_s)->has_value());
    AdminRequest remove{AdminRequest::Kind::Delete, 0, u"admin.job"_s, {}, fence, 0, {}};
    result = runAction(monitor, remove);
    QVERIFY2(result.done, qPrintable(result.summary));
    QVERIFY(!m_locks->lock(u"admin.job"_s)->has_value());

    // Errors come back as values with the library's message.
    AdminRequest bad{AdminRequest::Kind::Acquire, 0, QString(), u"admin@test"_s, 0, 1000, {}};
    result = runAction(monitor, bad);
    QVERIFY(result.error);
    QCOMPARE(result.error->kind, Error::Kind::InvalidInput);
}

void LockMonitorTest::forceReleaseIsRefusedWhenTheFenceMoved()
{
    auto held = m_locks->acquire(u"forced"_s, u"app-1"_s, 60000);
    QVERIFY(held && held->acquired);
    const qint64 seenFence = held->fence;
    // Between the admin's look and the confirmation, the lock changes hands.
    QVERIFY(m_locks->release(u"forced"_s, u"app-1"_s, seenFence)->released);
    auto next = m_locks->acquire(u"forced"_s, u"app-2"_s, 60000);
    QVERIFY(next && next->acquired);

    LockMonitor monitor;
    startMonitor(monitor);
    AdminRequest force{AdminRequest::Kind::ForceRelease, 0, u"forced"_s, {}, seenFence, 0,
                       u"stuck job"_s};
    AdminResult result = runAction(monitor, force);
    QVERIFY(!result.done);
    QVERIFY(!result.error);
    QCOMPARE(result.current.holder, u"app-2"_s);
    QVERIFY2(result.summary.contains(u"is held by app-2 now"_s), qPrintable(result.summary));
    QCOMPARE((*m_locks->lock(u"forced"_s))->holder, u"app-2"_s);

    force.fence = next->fence;
    result = runAction(monitor, force);
    QVERIFY2(result.done, qPrintable(result.summary));
    QCOMPARE((*m_locks->lock(u"forced"_s))->state, LockState::Free);
}

void LockMonitorTest::readOnlyRefusesEveryChange()
{
    LockMonitor monitor;
    startMonitor(monitor, true);
    const QList<AdminRequest::Kind> kinds = {
        AdminRequest::Kind::Initialize, AdminRequest::Kind::Acquire, AdminRequest::Kind::Renew,
        AdminRequest::Kind::Release, AdminRequest::Kind::ForceRelease, AdminRequest::Kind::Delete,
        AdminRequest::Kind::CreateSchema};
    for (AdminRequest::Kind kind : kinds) {
        AdminRequest request{kind, 0, u"readonly"_s, u"admin@test"_s, 1, 1000, u"reason"_s};
        const AdminResult result = runAction(monitor, request);
        QVERIFY(!result.done);
        QVERIFY(result.error);
        QVERIFY(result.error->message.contains(u"read-only"_s));
    }
    QVERIFY(!m_locks->lock(u"readonly"_s)->has_value());
}

void LockMonitorTest::unreachableDatabaseIsReportedAndRetried()
{
    ConnectionSpec spec = TestBackend::instance().spec();
    if (spec.isServer()) {
        spec.host = u"127.0.0.1"_s;
        spec.port = 1; // nothing listens there
    } else {
        spec.path = u"/nonexistent-dir/locks.sqlite"_s;
    }
    LockMonitor monitor;
    QSignalSpy health(&monitor, &LockMonitor::healthChanged);
    monitor.setInterval(200);
    monitor.start(spec, m_table, 1, false);
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), LockMonitor::Health::Down, 10000);
    QVERIFY2(monitor.healthText().contains(u"Retrying"_s), qPrintable(monitor.healthText()));
    // A second attempt follows by itself (backoff), still reported as down.
    QVERIFY(monitor.nextTryInMs() > 0);
    const int failed = monitor.failedTries();
    QTRY_VERIFY_WITH_TIMEOUT(monitor.failedTries() > failed, 10000);
    QCOMPARE(monitor.health(), LockMonitor::Health::Down);
}

void LockMonitorTest::refusedLoginIsNotRetried()
{
    // Issue 23: a wrong password was retried with backoff for ever (the server's
    // Aborted_connects kept rising). A refused login is reported once, and not tried again.
    ConnectionSpec spec = TestBackend::instance().spec();
    if (!spec.isServer())
        QSKIP("SQLite has no login");
    spec.password = u"wrong-password"_s;
    LockMonitor monitor;
    QSignalSpy health(&monitor, &LockMonitor::healthChanged);
    monitor.setInterval(200);
    monitor.start(spec, m_table, 2, false);
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), LockMonitor::Health::LoginRefused, 10000);
    QVERIFY2(monitor.healthText().contains(u"refused the login"_s),
             qPrintable(monitor.healthText()));
    const int changes = health.size();
    QTest::qWait(2500); // the first retry of a down database would come after 1 s
    QCOMPARE(health.size(), changes);
    QCOMPARE(monitor.health(), LockMonitor::Health::LoginRefused);
}

void LockMonitorTest::stoppedServerNeverBlocksTheEventLoop()
{
    if (!TestBackend::instance().spec().isServer())
        QSKIP("SQLite has no server process to stop");
    LockMonitor monitor;
    startMonitor(monitor);
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), LockMonitor::Health::Ok, 10000);
    // After the monitor connected: its own server process is among them.
    const QList<pid_t> pids = serverProcesses(*m_session);
    QVERIFY2(!pids.isEmpty(), "could not find the database server's processes");

    testsupport::StoppedServer stopped(pids, 60);
    LatencyProbe probe;
    // The refresh under way cannot finish; the window is told within a few seconds.
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), LockMonitor::Health::Slow, 10000);
    QVERIFY2(monitor.healthText().contains(u"not answered"_s), qPrintable(monitor.healthText()));
    QTest::qWait(1000);
    qInfo("worst event-loop gap while the server was stopped: %lld ms", probe.worstGapMs());
    QVERIFY2(probe.worstGapMs() < 100, qPrintable(QString::number(probe.worstGapMs())));

    stopped.resume();
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), LockMonitor::Health::Ok, 30000);
}

void LockMonitorTest::anotherDatabaseOpensWhileTheServerIsStopped()
{
    // A worker stuck on a stopped server is abandoned when the admin opens another database:
    // the new one is shown at once, not after the old server wakes up.
    if (!TestBackend::instance().spec().isServer())
        QSKIP("SQLite has no server process to stop");
    LockMonitor monitor;
    startMonitor(monitor);
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), LockMonitor::Health::Ok, 10000);
    const QList<pid_t> pids = serverProcesses(*m_session);
    QVERIFY2(!pids.isEmpty(), "could not find the database server's processes");
    testsupport::StoppedServer stopped(pids, 60);
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), LockMonitor::Health::Slow, 10000);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto sqlite = testsupport::makeSqliteLocks(dir.filePath(u"other.sqlite"_s), {u"elsewhere"_s});
    LOCKSCOPE_VERIFY_OK(sqlite);
    QSignalSpy snapshots(&monitor, &LockMonitor::snapshot);
    monitor.start(*sqlite, u"dist_lock"_s, 3, false);
    QTRY_VERIFY_WITH_TIMEOUT(!snapshots.isEmpty(), 5000);
    const auto locks = snapshots.last().at(0).value<QList<LockInfo>>();
    QCOMPARE(locks.size(), 1);
    QCOMPARE(locks.first().name, u"elsewhere"_s);
    QCOMPARE(monitor.health(), LockMonitor::Health::Ok);
    // The server wakes up: the abandoned worker's late answer changes nothing.
    stopped.resume();
    QTest::qWait(1500);
    QCOMPARE(snapshots.last().at(0).value<QList<LockInfo>>().first().name, u"elsewhere"_s);
}

void LockMonitorTest::aRequestEndsByItsDeadline()
{
    // Issue 34: a test hold's renewal carries the lease's end as its deadline. On a server that
    // stopped answering (a relay that freezes) it is abandoned then, not after the statement
    // timeout of 10 s; one whose deadline passed before it could start is not sent at all.
    if (!TestBackend::instance().spec().isServer())
        QSKIP("SQLite has no server to hang");
    testsupport::CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    LockMonitor monitor;
    monitor.setInterval(600000); // no refresh of its own in the way of the requests
    monitor.start(proxy.spec(), m_table, 2, false);
    QTRY_COMPARE_WITH_TIMEOUT(monitor.health(), LockMonitor::Health::Ok, 10000);
    AdminRequest acquire{AdminRequest::Kind::Acquire, 0, u"deadline.job"_s, u"admin@test"_s, 0,
                         30000, {}};
    QSignalSpy refreshed(&monitor, &LockMonitor::refreshed);
    AdminResult result = runAction(monitor, acquire);
    QVERIFY2(result.done, qPrintable(result.summary));
    const qint64 fence = result.grant.fence;
    QTRY_VERIFY(!refreshed.isEmpty()); // the refresh an action brings is over

    proxy.freeze(true);
    AdminRequest renew{AdminRequest::Kind::Renew, 0, u"deadline.job"_s, u"admin@test"_s, fence,
                       30000, {}};
    renew.deadline = QDeadlineTimer(1500);
    QElapsedTimer waited;
    waited.start();
    result = runAction(monitor, renew);
    qInfo("the renewal with a 1500 ms deadline ended after %lld ms", waited.elapsed());
    QVERIFY(result.error);
    qInfo("%s", qPrintable(result.error->message));
    QCOMPARE(result.error->kind, Error::Kind::ConnectionLost);
    QVERIFY2(waited.elapsed() < 1500 + 1500, qPrintable(QString::number(waited.elapsed())));

    AdminRequest late = renew;
    late.deadline = QDeadlineTimer(0);
    result = runAction(monitor, late);
    QVERIFY(result.error);
    QCOMPARE(result.error->kind, Error::Kind::Cancelled);
    QVERIFY2(result.error->message.contains(u"Not sent"_s), qPrintable(result.error->message));
    proxy.freeze(false);

    // The connection is back for what follows.
    AdminRequest release{AdminRequest::Kind::Release, 0, u"deadline.job"_s, u"admin@test"_s,
                         fence, 0, {}};
    result = runAction(monitor, release);
    QVERIFY2(result.done, qPrintable(result.error ? result.error->message : result.summary));
}

LOCKSCOPE_BACKEND_TEST_MAIN(LockMonitorTest)
#include "tst_lockmonitor.moc"
