// The lease keeper: renewals at a third of the lease the database gave, sooner after a
// renewal that could not be sent, and a lost lease reported with the lock as it is now; run
// against each database with a clock the test moves.

#include "leasekeeper.h"
#include "lockservice.h"
#include "testbackend.h"

#include <QTest>

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

LOCKSCOPE_BACKEND_TEST_MAIN(LeaseKeeperTest)
#include "tst_leasekeeper.moc"
