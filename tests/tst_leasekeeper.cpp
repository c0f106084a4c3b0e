// SPDX-License-Identifier: GPL-3.0-or-later
// The lease keeper: renewals at a third of the lease the database gave, sooner after a
// renewal that could not be sent, and a lost lease reported with the lock as it is now; run
// against each database with a clock the test moves.

#include "leasekeeper.h"
#include "lockservice.h"
#include "testbackend.h"

#include <QElapsedTimer>
#include <QTest>

#include <atomic>
#include <thread>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

class LeaseKeeperTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void scheduleRenewsAtAThird();
    void renewsWhenDueAndNotBefore();
    void reportsALostLeaseWithTheLockAsItIsNow();
    void countsTheLeaseFromTheConfirmedSend();
    void aLapsedLeaseStaysLapsed();
    void aRenewalAnsweredAfterTheEndIsTooLate();
    void waitEndsAtAForceRelease();

private:
    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
};

void LeaseKeeperTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    auto service = LockService::create(*m_session, TestBackend::uniqueTable(u"keeper"_s));
    LOCKSCOPE_VERIFY_OK(service);
    m_locks.emplace(std::move(service).value());
    LOCKSCOPE_VERIFY_OK(m_locks->createSchema());
}

void LeaseKeeperTest::cleanupTestCase()
{
    if (m_session && m_locks) {
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
    }
}

// A third of the lease; after a failed renewal, again in half a second (or the third, if
// shorter); the lease from the database's own times when it gave them.
void LeaseKeeperTest::scheduleRenewsAtAThird()
{
    LeaseSchedule schedule;
    schedule.start(1000, 30000);
    QCOMPARE(schedule.interval(), 10000);
    QVERIFY(!schedule.isDue(10999));
    QVERIFY(schedule.isDue(11000));
    QCOMPARE(schedule.msUntilDue(4000), 7000);
    schedule.failed(11000);
    QCOMPARE(schedule.msUntilDue(11000), LeaseSchedule::retryMs);
    schedule.start(0, 600); // a short lease: the retry is never later than its third
    schedule.failed(200);
    QCOMPARE(schedule.msUntilDue(200), 200);
    schedule.start(0, 2);
    QCOMPARE(schedule.interval(), 1);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QCOMPARE(LeaseSchedule::leaseOf(now, now.addMSecs(9000), 5000), 9000);
    QCOMPARE(LeaseSchedule::leaseOf(QDateTime(), now, 5000), 5000);
    QCOMPARE(LeaseSchedule::leaseOf(now, now.addMSecs(-1), 5000), 5000);
}

void LeaseKeeperTest::renewsWhenDueAndNotBefore()
{
    auto grant = m_locks->acquire(u"kept"_s, u"keeper-1"_s, 9000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    qint64 now = 0;
    LeaseKeeper keeper(*m_locks, *grant, 9000, [&now] { return now; });
    QCOMPARE(keeper.msUntilDue(), 3000); // a third of the 9 s the database granted
    now = 2999;
    const quint64 before = m_session->roundTrips();
    QCOMPARE(keeper.renewIfDue(), LeaseKeeper::Step::NotDue);
    QCOMPARE(m_session->roundTrips(), before); // nothing sent
    QTest::qWait(20); // the renewal's expiry is later than the grant's
    now = 3000;
    QCOMPARE(keeper.renewIfDue(), LeaseKeeper::Step::Renewed);
    QCOMPARE(keeper.renewals(), 1);
    QVERIFY(keeper.grant().expiresAt > grant->expiresAt);
    QCOMPARE(keeper.msUntilDue(), 3000);
    const auto row = m_locks->lock(u"kept"_s);
    LOCKSCOPE_VERIFY_OK(row);
    QCOMPARE((*row)->expiresAt, keeper.grant().expiresAt); // as the database has it
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"kept"_s, u"keeper-1"_s, grant->fence));
}

// Force-released meanwhile: the next renewal finds it no longer ours, says so once and for
// good, and hands over the lock as it is now (a higher fence, nobody holding it).
void LeaseKeeperTest::reportsALostLeaseWithTheLockAsItIsNow()
{
    auto grant = m_locks->acquire(u"lost"_s, u"keeper-2"_s, 9000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    qint64 now = 0;
    LeaseKeeper keeper(*m_locks, *grant, 9000, [&now] { return now; });
    auto forced = m_locks->forceRelease(u"lost"_s, grant->fence, u"test: taken away"_s);
    LOCKSCOPE_VERIFY_OK(forced);
    now = 3000;
    QCOMPARE(keeper.renewIfDue(), LeaseKeeper::Step::Lost);
    QVERIFY(keeper.lost());
    QCOMPARE(keeper.lost()->name, u"lost"_s);
    QVERIFY(keeper.lost()->fence > grant->fence);
    QCOMPARE(keeper.grant().fence, grant->fence); // the fence it had
    const quint64 before = m_session->roundTrips();
    now = 6000;
    QCOMPARE(keeper.renewIfDue(), LeaseKeeper::Step::Lost); // not asked again
    QCOMPARE(m_session->roundTrips(), before);
}

// The lease's end on this machine's clock: from the acquire's send, then from each renewal's
// send (not from when its answer came), with the lease the database gave; renewNow() renews
// off schedule (a waited grant timing its lease), and a renewal that finds the lock gone moves
// nothing.
void LeaseKeeperTest::countsTheLeaseFromTheConfirmedSend()
{
    auto grant = m_locks->acquire(u"timed"_s, u"keeper-3"_s, 9000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    const qint64 lease = LeaseSchedule::leaseOf(grant->dbNow, grant->expiresAt, 0);
    QCOMPARE(lease, 9000);
    qint64 now = 500;
    LeaseKeeper keeper(*m_locks, *grant, 9000, [&now] { return now; }, 100);
    QCOMPARE(keeper.leaseEndMs(), 100 + 9000);
    now = 1000; // not due for 3 s: renewNow sends anyway
    QCOMPARE(keeper.renewNow(), LeaseKeeper::Step::Renewed);
    QCOMPARE(keeper.renewals(), 1);
    QCOMPARE(keeper.leaseEndMs(),
             1000 + LeaseSchedule::leaseOf(keeper.grant().dbNow, keeper.grant().expiresAt, 0));
    QCOMPARE(keeper.msUntilDue(), 3000);
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"timed"_s, u"keeper-3"_s, grant->fence));
    const qint64 endBefore = keeper.leaseEndMs();
    now = 4000;
    QCOMPARE(keeper.renewIfDue(), LeaseKeeper::Step::Lost); // released: no longer ours
    QCOMPARE(keeper.leaseEndMs(), endBefore);
}

// The clock passes the lease's end with no renewal (a holder paused past it): the keeper says
// Lapsed and sends nothing, then and ever after, although the database would still renew it
// (nobody took it). (It used to renew it: the lease came back from the dead.)
void LeaseKeeperTest::aLapsedLeaseStaysLapsed()
{
    auto grant = m_locks->acquire(u"lapsed"_s, u"keeper-4"_s, 9000);
    LOCKSCOPE_VERIFY_OK(grant);
    qint64 now = 0;
    LeaseKeeper keeper(*m_locks, *grant, 9000, [&now] { return now; });
    QVERIFY(!keeper.lapsed());
    QCOMPARE(keeper.msUntilDue(), 3000);
    now = 8000;
    QCOMPARE(keeper.msUntilDue(), 0); // overdue: due now, and its end is 1 s away
    now = 9000; // the end: no renewal was confirmed
    const quint64 before = m_session->roundTrips();
    QCOMPARE(keeper.renewIfDue(), LeaseKeeper::Step::Lapsed);
    QCOMPARE(keeper.renewNow(), LeaseKeeper::Step::Lapsed);
    now = 20000;
    QCOMPARE(keeper.renewIfDue(), LeaseKeeper::Step::Lapsed);
    QCOMPARE(m_session->roundTrips(), before); // nothing sent
    QVERIFY(keeper.lapsed());
    QVERIFY(!keeper.lost());
    const auto row = m_locks->lock(u"lapsed"_s);
    LOCKSCOPE_VERIFY_OK(row);
    QCOMPARE((*row)->holder, u"keeper-4"_s); // still ours in the table: the holder releases it
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"lapsed"_s, u"keeper-4"_s, grant->fence));
}

// A renewal sent before the end whose answer comes after it (the clock moves during the
// statement) is too late: the holder had to stop at the end. Lapsed, for good.
void LeaseKeeperTest::aRenewalAnsweredAfterTheEndIsTooLate()
{
    auto grant = m_locks->acquire(u"late"_s, u"keeper-5"_s, 9000);
    LOCKSCOPE_VERIFY_OK(grant);
    qint64 now = 0;
    bool slowAnswer = false; // once set: the read at 8999 (the send) moves the clock past the end
    LeaseKeeper keeper(*m_locks, *grant, 9000, [&] {
        if (slowAnswer && now == 8999) {
            now = 9100;
            return qint64(8999);
        }
        return now;
    });
    now = 8999;
    slowAnswer = true;
    QCOMPARE(keeper.renewNow(), LeaseKeeper::Step::Lapsed);
    QCOMPARE(now, 9100); // the send was read at 8999, the answer at 9100
    QVERIFY(keeper.lapsed());
    QCOMPARE(keeper.renewIfDue(), LeaseKeeper::Step::Lapsed);
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"late"_s, u"keeper-5"_s, grant->fence));
}

// wait() sleeps until the next renewal is due; on PostgreSQL a force release of the lock
// (notified on the table's channel) ends it at once and the next renewIfDue() renews off
// schedule and finds the lease taken away. Elsewhere the wait runs to the renewal.
void LeaseKeeperTest::waitEndsAtAForceRelease()
{
    auto grant = m_locks->acquire(u"woken"_s, u"keeper-6"_s, 120000);
    LOCKSCOPE_VERIFY_OK(grant);
    LeaseKeeper keeper(*m_locks, *grant, 120000);
    const std::atomic_bool stop{false};
    keeper.wait(10, stop); // LISTENs from the first wait on
    std::thread admin([&] {
        QThread::msleep(300);
        auto session = TestBackend::instance().open();
        auto service = LockService::create(*session, m_locks->tables().locks);
        if (service)
            (void)service->forceRelease(u"woken"_s, grant->fence, u"test: wake"_s);
    });
    QElapsedTimer waited;
    waited.start();
    keeper.wait(5000, stop);
    admin.join();
    const qint64 ms = waited.elapsed();
    if (TestBackend::instance().isPostgres()) {
        qInfo("woken %lld ms into the wait by the force release", ms);
        QVERIFY2(ms < 2000, qPrintable(QString::number(ms)));
        QCOMPARE(keeper.renewIfDue(), LeaseKeeper::Step::Lost); // off schedule: now
    } else {
        QVERIFY2(ms >= 4900, qPrintable(QString::number(ms)));
        QCOMPARE(keeper.renewIfDue(), LeaseKeeper::Step::NotDue); // not due for 40 s
    }
}

LOCKSCOPE_BACKEND_TEST_MAIN(LeaseKeeperTest)
#include "tst_leasekeeper.moc"
