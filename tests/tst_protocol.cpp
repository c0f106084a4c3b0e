// SPDX-License-Identifier: GPL-3.0-or-later
// The lock protocol (docs/protocol.md) on one backend: every case of the contract, checked
// against the table itself with the test's own SQL where "nothing changed" has to be proven.

#include "testbackend.h"

#include "lockjson.h"
#include "mariadbstatements.h"
#include "postgresstatements.h"
#include "releaselistener.h"
#include "sessioninternals.h"

#include <QScopeGuard>
#include <QSqlError>
#include <QSqlQuery>
#include <QVersionNumber>
#include <QThread>
#include <atomic>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

namespace {

// "bob" on a connection of his own, in another thread: takes the lock (acquire, or
// acquireWithWait with `policy` when given), holds it for holdMs, releases it.
struct Holder
{
    QString table;
    QString name;
    std::optional<RetryPolicy> policy;
    unsigned long holdMs = 500;
    QElapsedTimer clock;
    std::atomic_bool held{false};
    std::atomic_bool tookWakeLock{false};
    std::atomic<qint64> releasedAtMs{-1};
    QString error;
    std::unique_ptr<QThread> thread;

    void start()
    {
        clock.start();
        thread.reset(QThread::create([this] {
            auto session = TestBackend::instance().open(&error);
            if (!session)
                return;
            auto locks = LockService::create(*session, table);
            auto grant = policy ? locks->acquireWithWait(name, u"bob"_s, 60000, *policy)
                                : locks->acquire(name, u"bob"_s, 60000);
            if (!grant || !grant->acquired) {
                error = u"bob could not acquire"_s;
                return;
            }
            tookWakeLock = session->holdsWakeLock(
                session->dialect().wakeLockName(locks->tables(), name));
            held = true;
            QThread::msleep(holdMs);
            auto released = locks->release(name, u"bob"_s, grant->fence);
            releasedAtMs = clock.elapsed();
            if (!released || !released->released)
                error = u"bob could not release"_s;
        }));
        thread->start();
    }
    void start(const QString &lockTable, const QString &lockName, unsigned long holdForMs,
               std::optional<RetryPolicy> waitPolicy = {})
    {
        table = lockTable;
        name = lockName;
        holdMs = holdForMs;
        policy = waitPolicy;
        start();
    }
};

// A waiter that polls every 10 s, without jitter, until the deadline: a hand-off faster than
// that is the library's wake-up, not a poll.
RetryPolicy pollingEvery10s(qint64 deadlineMs)
{
    RetryPolicy policy;
    policy.deadlineMs = deadlineMs;
    policy.initialDelayMs = 10000;
    policy.maxDelayMs = 10000;
    policy.jitter = 0;
    return policy;
}

} // namespace

class ProtocolTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void acquireCreatesTheLockWithAFence();
    void acquireUsesTheDatabaseClock();
    void secondHolderIsRefusedAndToldWhoHolds();
    void refusalCarriesLongAndQuotedTextIntact();
    void reentryCountsDepth();
    void renewExtendsTheLease();
    void renewWithAWrongFenceIsLost();
    void renewAfterTheLeaseEndedIsRefused();
    void expiredLeaseIsTakenOverWithAHigherFence();
    void releaseAfterTakeoverIsLostAndChangesNothing();
    void forceReleaseRefusesAStaleFence();
    void forceReleaseNeedsAReason();
    void forceReleaseOfAReleasedLockIsRefused();
    void initializeNeverOverwrites();
    void deleteRefusesAHeldLockAndFencesKeepRising();
    void listComputesStatesInDatabaseTime();
    void historyRecordsEveryStep();
    void deletedLockKeepsItsHistory();
    void millisecondTtls();
    void clockThatStandsStillInAStatementIsRefused();
    void sessionSettingsCannotBendTheStatements();
    void acquireWithWaitGetsTheLockWhenReleased();
    void acquireWithWaitGivesUpAtTheDeadline();
    void acquireWithWaitWakesWhenTheLeaseEnds();
    void acquireWithWaitWakesOnReleaseNotification();
    void acquireWithWaitQueuesInTheServer();
    void releasedLockIsLeftToTheWokenWaiter();
    void aFreshGrantTakesNoWakeLock();
    void mariadbAcquireIsOnePreparedStatement();
    void postgresStatementsGoThroughLibpq();
    void postgresAcquireWhileAQueryIsBeingRead();
    void postgresAcquireIsPreparedThroughLibpq();
    void waitedGrantStopsListening();
    void releaseNotifiedDuringAStatementEndsTheWait();
    void refusalAfterTheInsertFreesTheWakeLock();
    void roundTripsPerOperation();
    void deletedLockComesBackAboveItsFence();
    void migrationKeepsFencesOfTablesFromBefore();
    void refusedPollsCostOneRoundTrip();
    void statementsRunAgainTakeTheNewValues();
    void directStatementsTakeEveryNewValue();
    void ttlZeroMeansTheLocksOwnLease();
    void clockOffsetIsSmallOnLoopback();
    void errorInsideATransactionIsNotALostConnection();
    void aDuplicateKeyKeepsThePreparedStatement();

private:
    // Sleeps until the database clock has passed `until`.
    bool waitForDbTime(const QDateTime &until, int timeoutMs = 10000);
    QString lockName() const;
    // alice got `name` from a holder that kept its wake-up lock: she holds that wake-up lock
    // now, and her release frees it.
    void releaseFreesPassedOnWakeLock(const QString &name, qint64 fence);
    // Gives `name` a history (alice acquires and releases it through m_locks), deletes it
    // through m_otherLocks, and returns the deleted row's fence.
    qint64 deletedWithHistory(const QString &name);
    // Runs SQL on the second client's connection, as a person or an older Lockscope would.
    bool execOther(const QString &sql);
    // The first column of the first row of `sql` on `session`'s connection (through Qt's
    // driver), null on failure.
    static QVariant valueOf(Session &session, const QString &sql);
    // NOTIFYs a release of `name` on the table's channel from the second client.
    bool notifyFromOther(const QString &name);
    // Why m_session's protocol statements do not go through libpq (to skip); empty if they do.
    QString withoutLibpq() const;

    std::unique_ptr<Session> m_session;
    std::unique_ptr<Session> m_other; // a second client
    std::optional<LockService> m_locks;
    std::optional<LockService> m_otherLocks;
    QString m_table;
};

QString ProtocolTest::lockName() const
{
    return u"proto."_s + QString::fromLatin1(QTest::currentTestFunction());
}

void ProtocolTest::releaseFreesPassedOnWakeLock(const QString &name, qint64 fence)
{
    const QString wakeLock = m_session->dialect().wakeLockName(m_locks->tables(), name);
    QVERIFY(m_session->holdsWakeLock(wakeLock));
    QVERIFY(m_locks->release(name, u"alice"_s, fence)->released);
    QVERIFY(!m_session->holdsWakeLock(wakeLock));
}

bool ProtocolTest::waitForDbTime(const QDateTime &until, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        if (testsupport::dbNowUs(*m_session) / 1000 > until.toMSecsSinceEpoch())
            return true;
        QThread::msleep(20);
    }
    return false;
}

void ProtocolTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_other = TestBackend::instance().open(&error);
    QVERIFY2(m_other, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"proto"_s);
    auto service = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(service);
    m_locks.emplace(std::move(service).value());
    m_locks->setActor(u"tester@test (tst_protocol)"_s);
    const Status created = m_locks->createSchema();
    LOCKSCOPE_VERIFY_OK(created);
    // Idempotent: a second run changes nothing and does not fail.
    const Status again = m_locks->createSchema();
    LOCKSCOPE_VERIFY_OK(again);
    auto other = LockService::create(*m_other, m_table);
    QVERIFY(other);
    m_otherLocks.emplace(std::move(other).value());
}

void ProtocolTest::cleanupTestCase()
{
    if (m_session && m_locks) {
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
    }
}

void ProtocolTest::acquireCreatesTheLockWithAFence()
{
    const QString name = lockName();
    QVERIFY(testsupport::rawLockRow(*m_session, m_table, name).isEmpty());
    auto grant = m_locks->acquire(name, u"alice"_s, 5000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    QCOMPARE(grant->holder, u"alice"_s);
    QVERIFY(grant->fence > 0);
    QCOMPARE(grant->depth, 1);
    QVERIFY(grant->tookOverFrom.isEmpty());
    QCOMPARE(grant->acquiredAt.msecsTo(grant->expiresAt), 5000);

    // The row says the same, read independently.
    const QStringList row = testsupport::rawLockRow(*m_session, m_table, name);
    QCOMPARE(row.size(), 9);
    QCOMPARE(row.at(0), u"alice"_s);
    QCOMPARE(row.at(2).toInt(), 1);
    QCOMPARE(row.at(3).toLongLong(), grant->fence);

    auto shown = m_locks->lock(name);
    QVERIFY(shown && shown->has_value());
    QCOMPARE((*shown)->state, LockState::Held);
    QCOMPARE((*shown)->holder, u"alice"_s);
    QCOMPARE((*shown)->fence, grant->fence);
    QVERIFY((*shown)->remainingMs() > 0 && (*shown)->remainingMs() <= 5000);
}

void ProtocolTest::acquireUsesTheDatabaseClock()
{
    const QString name = lockName();
    const qint64 beforeUs = testsupport::dbNowUs(*m_session);
    QVERIFY(beforeUs > 0);
    auto grant = m_locks->acquire(name, u"alice"_s, 60000);
    QVERIFY(grant && grant->acquired);
    const qint64 afterUs = testsupport::dbNowUs(*m_session);
    // Millisecond resolution: the grant time lies between the two database readings, each
    // truncated to the millisecond as the reported times are.
    const qint64 acquiredMs = grant->acquiredAt.toMSecsSinceEpoch();
    QVERIFY2(acquiredMs >= beforeUs / 1000 && acquiredMs <= afterUs / 1000,
             qPrintable(u"acquired_at %1 not within database time [%2, %3]"_s.arg(acquiredMs)
                            .arg(beforeUs / 1000)
                            .arg(afterUs / 1000)));
    QCOMPARE(grant->expiresAt.toMSecsSinceEpoch() - acquiredMs, 60000);
    QCOMPARE(grant->acquiredAt.timeSpec(), Qt::UTC);
}

void ProtocolTest::secondHolderIsRefusedAndToldWhoHolds()
{
    const QString name = lockName();
    auto first = m_locks->acquire(name, u"alice"_s, 10000);
    QVERIFY(first && first->acquired);
    const QStringList before = testsupport::rawLockRow(*m_session, m_table, name);

    auto second = m_otherLocks->acquire(name, u"bob"_s, 10000);
    LOCKSCOPE_VERIFY_OK(second);
    QVERIFY(!second->acquired);
    QCOMPARE(second->fence, 0);
    QCOMPARE(second->current.holder, u"alice"_s);
    QCOMPARE(second->current.fence, first->fence);
    QCOMPARE(second->current.state, LockState::Held);
    QVERIFY(second->current.remainingMs() > 0);
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name), before);
}

void ProtocolTest::refusalCarriesLongAndQuotedTextIntact()
{
    // The refused acquire reads the row back: text longer than a first read buffer (MariaDB's
    // prepared acquire reads such a column twice), quotes and non-ASCII arrive as stored.
    const QString name = lockName() + u"-o'neil-锁"_s;
    QString description;
    while (description.size() < 990)
        description += u"it's a 说明 \"quoted\"; "_s;
    description.truncate(990);
    const QString holder = u"o'brien@主机:42"_s;
    QVERIFY(m_locks->initialize(name, 10000, description)->created);
    auto first = m_locks->acquire(name, holder, 10000);
    LOCKSCOPE_VERIFY_OK(first);
    QVERIFY(first->acquired);

    auto second = m_otherLocks->acquire(name, u"bob"_s, 10000);
    LOCKSCOPE_VERIFY_OK(second);
    QVERIFY(!second->acquired);
    QCOMPARE(second->current.name, name);
    QCOMPARE(second->current.holder, holder);
    QCOMPARE(second->current.description, description);
    QCOMPARE(second->current.fence, first->fence);
    QVERIFY(m_locks->release(name, holder, first->fence)->released);
}

void ProtocolTest::reentryCountsDepth()
{
    const QString name = lockName();
    auto first = m_locks->acquire(name, u"alice"_s, 10000);
    QVERIFY(first && first->acquired);
    auto again = m_otherLocks->acquire(name, u"alice"_s, 10000); // same holder, other connection
    QVERIFY(again && again->acquired);
    QCOMPARE(again->depth, 2);
    QCOMPARE(again->fence, first->fence); // a re-entry is the same grant

    auto released = m_locks->release(name, u"alice"_s, first->fence);
    QVERIFY(released && released->released);
    if (released->remainingDepth != -1)
        QCOMPARE(released->remainingDepth, 1);
    QVERIFY(!released->releasedAt.isValid()); // still held: no time of release
    auto state = m_locks->lock(name);
    QVERIFY(state && state->has_value());
    QCOMPARE((*state)->state, LockState::Held);
    QCOMPARE((*state)->depth, 1);
    auto blocked = m_otherLocks->acquire(name, u"bob"_s, 10000);
    QVERIFY(blocked && !blocked->acquired);

    released = m_locks->release(name, u"alice"_s, first->fence);
    QVERIFY(released && released->released);
    if (released->remainingDepth != -1)
        QCOMPARE(released->remainingDepth, 0);
    state = m_locks->lock(name);
    QCOMPARE((*state)->state, LockState::Free);
    QVERIFY((*state)->holder.isEmpty());
    // Where the dialect reports it (PostgreSQL): the lease end the release wrote, by the
    // database clock, after the grant.
    if (released->releasedAt.isValid()) {
        QCOMPARE(released->releasedAt, (*state)->expiresAt);
        QVERIFY(released->releasedAt >= first->dbNow);
    }

    // A release by a holder that no longer holds anything is lost.
    released = m_locks->release(name, u"alice"_s, first->fence);
    QVERIFY(released && !released->released);
}

void ProtocolTest::renewExtendsTheLease()
{
    const QString name = lockName();
    auto grant = m_locks->acquire(name, u"alice"_s, 2000);
    QVERIFY(grant && grant->acquired);
    QThread::msleep(50);
    auto renewed = m_locks->renew(name, u"alice"_s, grant->fence, 20000);
    LOCKSCOPE_VERIFY_OK(renewed);
    QVERIFY(renewed->renewed);
    QVERIFY(renewed->expiresAt > grant->expiresAt);
    QCOMPARE(renewed->dbNow.msecsTo(renewed->expiresAt), 20000);
    auto state = m_locks->lock(name);
    QCOMPARE((*state)->expiresAt, renewed->expiresAt);
    QCOMPARE((*state)->fence, grant->fence); // renewing does not change the fence
    QVERIFY((*state)->renewedAt.isValid());

    // ttl 0: the lock's own lease length again.
    auto byDefault = m_locks->renew(name, u"alice"_s, grant->fence);
    QVERIFY(byDefault && byDefault->renewed);
}

void ProtocolTest::renewWithAWrongFenceIsLost()
{
    const QString name = lockName();
    auto grant = m_locks->acquire(name, u"alice"_s, 10000);
    QVERIFY(grant && grant->acquired);
    const QStringList before = testsupport::rawLockRow(*m_session, m_table, name);
    auto wrongFence = m_locks->renew(name, u"alice"_s, grant->fence + 1, 10000);
    QVERIFY(wrongFence && !wrongFence->renewed);
    auto wrongHolder = m_locks->renew(name, u"mallory"_s, grant->fence, 10000);
    QVERIFY(wrongHolder && !wrongHolder->renewed);
    QCOMPARE(wrongHolder->current.holder, u"alice"_s);
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name), before);
}

void ProtocolTest::renewAfterTheLeaseEndedIsRefused()
{
    // One meaning for a lapsed lease: a renewal just before its end (by the database clock)
    // extends it; one just after is refused with when it ended, extends nothing, is recorded
    // as lost, and the holder gets the lock back only by acquiring again, with a new fence.
    const QString name = lockName();
    m_locks->setEventLevel(LockService::EventLevel::All);
    auto cleanup = qScopeGuard([this] { m_locks->setEventLevel(LockService::EventLevel::Admin); });
    auto grant = m_locks->acquire(name, u"alice"_s, 300);
    QVERIFY(grant && grant->acquired);
    QVERIFY(waitForDbTime(grant->expiresAt.addMSecs(-150)));
    auto justBefore = m_locks->renew(name, u"alice"_s, grant->fence, 300);
    LOCKSCOPE_VERIFY_OK(justBefore);
    QVERIFY(justBefore->renewed);
    QVERIFY(justBefore->dbNow <= grant->expiresAt);
    QVERIFY(justBefore->expiresAt > grant->expiresAt);
    QVERIFY(!justBefore->leaseEndedAt.isValid());

    QVERIFY(waitForDbTime(justBefore->expiresAt));
    const QStringList before = testsupport::rawLockRow(*m_session, m_table, name);
    auto late = m_locks->renew(name, u"alice"_s, grant->fence, 300);
    LOCKSCOPE_VERIFY_OK(late);
    QVERIFY(!late->renewed);
    QCOMPARE(late->leaseEndedAt, justBefore->expiresAt);
    QVERIFY(late->dbNow > late->leaseEndedAt);
    QCOMPARE(late->current.holder, u"alice"_s); // nobody took it: refused all the same
    QVERIFY(renewLapsedText(name, *late).contains(isoTime(justBefore->expiresAt)));
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name), before);
    auto state = m_locks->lock(name);
    QCOMPARE((*state)->state, LockState::Expired);
    auto events = m_locks->history(name);
    QVERIFY(events && !events->isEmpty());
    QCOMPARE(events->constFirst().kind, u"lost"_s); // newest first
    QCOMPARE(events->constFirst().detail, u"renew refused: the lease had ended"_s);

    auto again = m_locks->acquire(name, u"alice"_s, 300);
    LOCKSCOPE_VERIFY_OK(again);
    QVERIFY(again->acquired);
    QVERIFY(again->fence > grant->fence);
    QCOMPARE(again->depth, 1);

    // A lease with no end (set by hand) stays renewable.
    QVERIFY(execOther(u"UPDATE "_s + m_locks->tables().locks
                      + u" SET expires_at = NULL WHERE name = '"_s + name + u'\''));
    auto unending = m_locks->renew(name, u"alice"_s, again->fence, 300);
    QVERIFY(unending && unending->renewed);
}

void ProtocolTest::expiredLeaseIsTakenOverWithAHigherFence()
{
    const QString name = lockName();
    auto first = m_locks->acquire(name, u"alice"_s, 300);
    QVERIFY(first && first->acquired);
    auto early = m_otherLocks->acquire(name, u"bob"_s, 5000);
    QVERIFY(early && !early->acquired); // not before the lease ends

    QVERIFY(waitForDbTime(first->expiresAt));
    auto state = m_locks->lock(name);
    QCOMPARE((*state)->state, LockState::Expired);
    QCOMPARE((*state)->remainingMs(), 0);

    auto second = m_otherLocks->acquire(name, u"bob"_s, 5000);
    LOCKSCOPE_VERIFY_OK(second);
    QVERIFY(second->acquired);
    QVERIFY(second->fence > first->fence);
    QCOMPARE(second->depth, 1);
    QCOMPARE(second->tookOverFrom, u"alice"_s);
    QVERIFY(second->acquiredAt >= first->expiresAt);

    // The expired holder coming back does not re-enter the new grant.
    auto back = m_locks->acquire(name, u"alice"_s, 5000);
    QVERIFY(back && !back->acquired);
    QCOMPARE(back->current.holder, u"bob"_s);
}

void ProtocolTest::releaseAfterTakeoverIsLostAndChangesNothing()
{
    const QString name = lockName();
    auto first = m_locks->acquire(name, u"alice"_s, 200);
    QVERIFY(first && first->acquired);
    QVERIFY(waitForDbTime(first->expiresAt));
    auto second = m_otherLocks->acquire(name, u"bob"_s, 10000);
    QVERIFY(second && second->acquired);
    const QStringList before = testsupport::rawLockRow(*m_session, m_table, name);

    auto released = m_locks->release(name, u"alice"_s, first->fence);
    LOCKSCOPE_VERIFY_OK(released);
    QVERIFY(!released->released);
    QCOMPARE(released->current.holder, u"bob"_s);
    QCOMPARE(released->current.fence, second->fence);
    auto renewed = m_locks->renew(name, u"alice"_s, first->fence, 10000);
    QVERIFY(renewed && !renewed->renewed);
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name), before);

    // An expired but not yet taken-over lease is not released by its old owner either:
    // expiry already ended it, and release must not touch a row it does not hold.
    auto mine = m_locks->release(name, u"bob"_s, second->fence);
    QVERIFY(mine && mine->released);
}

void ProtocolTest::forceReleaseRefusesAStaleFence()
{
    const QString name = lockName();
    auto grant = m_locks->acquire(name, u"alice"_s, 60000);
    QVERIFY(grant && grant->acquired);
    const QStringList before = testsupport::rawLockRow(*m_session, m_table, name);

    for (qint64 stale : {grant->fence - 1, grant->fence + 1}) {
        auto refused = m_otherLocks->forceRelease(name, stale, u"job is stuck"_s);
        LOCKSCOPE_VERIFY_OK(refused);
        QVERIFY(!refused->released);
        QCOMPARE(refused->current.holder, u"alice"_s);
        QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name), before);
    }

    auto done = m_otherLocks->forceRelease(name, grant->fence, u"job is stuck"_s);
    LOCKSCOPE_VERIFY_OK(done);
    QVERIFY(done->released);
    QCOMPARE(done->releasedHolder, u"alice"_s);
    QCOMPARE(done->current.state, LockState::Free);
    // The revoked fence can never be used again: the row's fence moved past it.
    QVERIFY(done->newFence > grant->fence);

    auto late = m_locks->release(name, u"alice"_s, grant->fence);
    QVERIFY(late && !late->released);
    auto lateRenew = m_locks->renew(name, u"alice"_s, grant->fence, 1000);
    QVERIFY(lateRenew && !lateRenew->renewed);

    auto next = m_locks->acquire(name, u"carol"_s, 1000);
    QVERIFY(next && next->acquired);
    QVERIFY(next->fence > done->newFence - 1 && next->fence > grant->fence);

    auto events = m_locks->history(name);
    QVERIFY(events);
    bool found = false;
    for (const LockEvent &event : *events) {
        if (event.kind == u"force_release") {
            found = true;
            QCOMPARE(event.holder, u"alice"_s);
            QVERIFY(event.detail.contains(u"job is stuck"_s));
            QVERIFY(!event.at.isNull());
        }
    }
    QVERIFY2(found, "no force_release event recorded");
}

void ProtocolTest::forceReleaseNeedsAReason()
{
    const QString name = lockName();
    auto grant = m_locks->acquire(name, u"alice"_s, 60000);
    QVERIFY(grant && grant->acquired);
    auto refused = m_locks->forceRelease(name, grant->fence, u"   "_s);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, Error::Kind::InvalidInput);
    QCOMPARE((*m_locks->lock(name))->holder, u"alice"_s);
}

void ProtocolTest::initializeNeverOverwrites()
{
    const QString name = lockName();
    auto created = m_locks->initialize(name, 15000, u"nightly report"_s);
    LOCKSCOPE_VERIFY_OK(created);
    QVERIFY(created->created);
    QCOMPARE(created->current.state, LockState::Free);
    QCOMPARE(created->current.ttlMs, 15000);
    QCOMPARE(created->current.description, u"nightly report"_s);

    auto grant = m_locks->acquire(name, u"alice"_s); // the lock's own TTL
    QVERIFY(grant && grant->acquired);
    QCOMPARE(grant->acquiredAt.msecsTo(grant->expiresAt), 15000);
    const QStringList before = testsupport::rawLockRow(*m_session, m_table, name);

    auto again = m_otherLocks->initialize(name, 99000, u"something else"_s);
    LOCKSCOPE_VERIFY_OK(again);
    QVERIFY(!again->created);
    QCOMPARE(again->current.holder, u"alice"_s);
    QCOMPARE(again->current.description, u"nightly report"_s);
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name), before);
}

void ProtocolTest::deleteRefusesAHeldLockAndFencesKeepRising()
{
    const QString name = lockName();
    auto grant = m_locks->acquire(name, u"alice"_s, 60000);
    QVERIFY(grant && grant->acquired);
    auto refused = m_locks->remove(name);
    QVERIFY(refused);
    QVERIFY(!refused->deleted);
    QVERIFY(!refused->missing);
    QCOMPARE(refused->current.holder, u"alice"_s);
    QVERIFY(!testsupport::rawLockRow(*m_session, m_table, name).isEmpty());

    QVERIFY(m_locks->release(name, u"alice"_s, grant->fence)->released);
    auto deleted = m_locks->remove(name);
    LOCKSCOPE_VERIFY_OK(deleted);
    QVERIFY(deleted->deleted);
    // Kept as a tombstone (Dialect::deletedDepth) that no read shows.
    const QStringList tombstone = testsupport::rawLockRow(*m_session, m_table, name);
    QCOMPARE(tombstone.value(2), QString::number(Dialect::deletedDepth));
    QCOMPARE(tombstone.value(3), QString::number(grant->fence));
    auto gone = m_locks->lock(name);
    QVERIFY(gone && !*gone);
    auto missing = m_locks->remove(name);
    QVERIFY(missing && missing->missing && !missing->deleted);

    // Re-created by an acquire (and by initialize): fences continue above the deleted row's.
    auto recreated = m_otherLocks->acquire(name, u"bob"_s, 1000);
    QVERIFY(recreated && recreated->acquired);
    QVERIFY2(recreated->fence > grant->fence,
             qPrintable(u"fence %1 after delete, was %2"_s.arg(recreated->fence)
                            .arg(grant->fence)));
}

void ProtocolTest::listComputesStatesInDatabaseTime()
{
    const QString prefix = lockName();
    QVERIFY(m_locks->initialize(prefix + u".free"_s, 1000, {}));
    QVERIFY(m_locks->acquire(prefix + u".held"_s, u"alice"_s, 60000)->acquired);
    auto shortLease = m_locks->acquire(prefix + u".expired"_s, u"bob"_s, 100);
    QVERIFY(shortLease->acquired);
    QVERIFY(waitForDbTime(shortLease->expiresAt));

    auto all = m_locks->list();
    LOCKSCOPE_VERIFY_OK(all);
    QHash<QString, LockInfo> byName;
    for (const LockInfo &info : *all)
        byName.insert(info.name, info);
    QCOMPARE(byName.value(prefix + u".free"_s).state, LockState::Free);
    QCOMPARE(byName.value(prefix + u".held"_s).state, LockState::Held);
    QCOMPARE(byName.value(prefix + u".held"_s).holder, u"alice"_s);
    QCOMPARE(byName.value(prefix + u".expired"_s).state, LockState::Expired);
    QCOMPARE(byName.value(prefix + u".expired"_s).holder, u"bob"_s);
    for (const LockInfo &info : *all)
        QVERIFY(info.dbNow.isValid());
    // Sorted by name, as every view shows it.
    for (int i = 1; i < all->size(); ++i)
        QVERIFY(all->at(i - 1).name < all->at(i).name);
}

void ProtocolTest::historyRecordsEveryStep()
{
    const QString name = lockName();
    m_locks->setEventLevel(LockService::EventLevel::All);
    m_otherLocks->setEventLevel(LockService::EventLevel::All);
    auto cleanup = qScopeGuard([this] {
        m_locks->setEventLevel(LockService::EventLevel::Admin);
        m_otherLocks->setEventLevel(LockService::EventLevel::Admin);
    });

    auto init = m_locks->initialize(name, 200, u"d"_s);
    QVERIFY(init->created);
    auto a = m_locks->acquire(name, u"alice"_s);
    QVERIFY(a->acquired);
    auto again = m_locks->acquire(name, u"alice"_s); // reenter
    QVERIFY(again->acquired);
    auto renewed = m_locks->renew(name, u"alice"_s, a->fence, 200);
    QVERIFY(renewed->renewed);
    auto renewedState = m_locks->lock(name);
    QVERIFY(waitForDbTime((*renewedState)->expiresAt));
    auto b = m_otherLocks->acquire(name, u"bob"_s);
    QVERIFY(b->acquired);
    QVERIFY(!m_locks->release(name, u"alice"_s, a->fence)->released); // lost
    auto released = m_otherLocks->release(name, u"bob"_s, b->fence);
    QVERIFY(released->released);

    auto events = m_locks->history(name);
    LOCKSCOPE_VERIFY_OK(events);
    QStringList kinds;
    for (const LockEvent &event : *events)
        kinds << event.kind + u':' + event.holder;
    // Newest first.
    std::reverse(kinds.begin(), kinds.end());
    const QStringList expected = {u"init:"_s,           u"acquire:alice"_s, u"reenter:alice"_s,
                                  u"renew:alice"_s,     u"takeover:bob"_s,  u"lost:alice"_s,
                                  u"release:bob"_s};
    QCOMPARE(kinds, expected);
    for (int i = 1; i < events->size(); ++i)
        QVERIFY(events->at(i - 1).id > events->at(i).id);
    // Each change's event carries the time the operation reported for it (newest first):
    // the history and the answers tell one story.
    const QList<QDateTime> reported = {released->releasedAt, b->acquiredAt, renewed->dbNow,
                                       again->dbNow, a->acquiredAt,
                                       init->current.expiresAt};
    const QList<int> changes = {0, 2, 3, 4, 5, 6}; // not the lost release (index 1)
    for (int i = 0; i < changes.size(); ++i)
        QVERIFY2(reported.at(i).isValid() && events->at(changes.at(i)).at == reported.at(i),
                 qPrintable(events->at(changes.at(i)).kind + u": event at "_s
                            + events->at(changes.at(i)).at.toString(Qt::ISODateWithMs)
                            + u", reported "_s + reported.at(i).toString(Qt::ISODateWithMs)));
    auto limited = m_locks->history(name, 2);
    QVERIFY(limited);
    QCOMPARE(limited->size(), 2);
    QCOMPARE(limited->first().kind, u"release"_s);
}

void ProtocolTest::deletedLockKeepsItsHistory()
{
    // Issue 23: a deleted lock is gone from the lock table, but history() of its name still
    // returns its events, newest first, the delete (by whom) among them: the window shows
    // them for a name typed in.
    const QString name = lockName();
    m_locks->setEventLevel(LockService::EventLevel::All);
    auto cleanup = qScopeGuard([this] { m_locks->setEventLevel(LockService::EventLevel::Admin); });
    m_otherLocks->setActor(u"ann@ops (tst_protocol)"_s);
    const qint64 fence = deletedWithHistory(name);
    QVERIFY(fence > 0);
    auto gone = m_locks->lock(name);
    LOCKSCOPE_VERIFY_OK(gone);
    QVERIFY(!gone->has_value());

    auto events = m_locks->history(name);
    LOCKSCOPE_VERIFY_OK(events);
    QStringList kinds;
    for (const LockEvent &event : *events)
        kinds << event.kind;
    QCOMPARE(kinds, QStringList({u"delete"_s, u"release"_s, u"acquire"_s}));
    QCOMPARE(events->first().actor, u"ann@ops (tst_protocol)"_s);
    QCOMPARE(events->first().fence, fence);
    QCOMPARE(events->last().holder, u"alice"_s);
    for (const LockEvent &event : *events)
        QCOMPARE(event.lockName, name);
}

void ProtocolTest::forceReleaseOfAReleasedLockIsRefused()
{
    // Issue 23: the admin saw fence f held; the holder released it before the admin confirmed.
    // Same fence, but free: nothing is changed and nothing recorded. An expired lease (not
    // released) is still force-released.
    const QString name = lockName();
    auto held = m_locks->acquire(name, u"alice"_s, 60000);
    QVERIFY(held && held->acquired);
    QVERIFY(m_locks->release(name, u"alice"_s, held->fence)->released);
    auto forced = m_locks->forceRelease(name, held->fence, u"looked stuck"_s);
    LOCKSCOPE_VERIFY_OK(forced);
    QVERIFY(!forced->released);
    QVERIFY(forced->current.holder.isEmpty());
    QCOMPARE(forced->current.fence, held->fence);
    const QString why = forceReleaseRefusal(name, held->fence, forced->current);
    QVERIFY2(why.contains(u"released since you looked"_s), qPrintable(why));
    auto history = m_locks->history(name);
    LOCKSCOPE_VERIFY_OK(history);
    for (const LockEvent &event : *history)
        QVERIFY(event.kind != u"force_release");

    auto expiring = m_locks->acquire(name, u"bob"_s, 1);
    QVERIFY(expiring && expiring->acquired);
    QVERIFY(waitForDbTime(expiring->expiresAt.addMSecs(1)));
    auto expired = m_locks->forceRelease(name, expiring->fence, u"its host died"_s);
    LOCKSCOPE_VERIFY_OK(expired);
    QVERIFY(expired->released);
    QCOMPARE(expired->releasedHolder, u"bob"_s);
    QCOMPARE(expired->newFence, expiring->fence + 1);
}

void ProtocolTest::clockThatStandsStillInAStatementIsRefused()
{
    // MariaDB: a change is timed by SYSDATE(), read after its waits. A server started with
    // --sysdate-is-now answers it with the statement's start, as a session that set
    // @@timestamp does: a connection that writes is then refused with a clear reason.
    if (!TestBackend::instance().isMariadb())
        QSKIP("MySQL/MariaDB only: the other clocks are read when called, or per statement");
    LOCKSCOPE_VERIFY_OK(m_session->checkClock());
    QString error;
    QVERIFY2(testsupport::execRaw(*m_session, u"SET timestamp = UNIX_TIMESTAMP() + 3600"_s,
                                  &error),
             qPrintable(error));
    const Status frozen = m_session->checkClock();
    QVERIFY(testsupport::execRaw(*m_session, u"SET timestamp = DEFAULT"_s));
    QVERIFY(!frozen);
    QVERIFY2(frozen.error().message.contains(u"--sysdate-is-now"_s),
             qPrintable(frozen.error().message));
    LOCKSCOPE_VERIFY_OK(m_session->checkClock());
}

void ProtocolTest::sessionSettingsCannotBendTheStatements()
{
    // MariaDB: the session's time zone and SQL mode are the connection's; lockcore's changes
    // set UTC and their SQL mode for themselves (SET STATEMENT), so SYSDATE() is UTC and SET
    // runs left to right even under SIMULTANEOUS_ASSIGNMENT, ANSI_QUOTES and a zone of +05:00.
    if (!TestBackend::instance().isMariadb())
        QSKIP("MySQL/MariaDB only");
    const QString name = lockName();
    QString error;
    QVERIFY2(testsupport::execRaw(*m_session,
                                  u"SET sql_mode = 'SIMULTANEOUS_ASSIGNMENT,ANSI_QUOTES,"
                                  u"NO_BACKSLASH_ESCAPES', time_zone = '+05:00'"_s,
                                  &error),
             qPrintable(error));
    auto restore = qScopeGuard([this] {
        testsupport::execRaw(*m_session, u"SET sql_mode = DEFAULT, time_zone = DEFAULT"_s);
    });
    const qint64 beforeMs = QDateTime::currentMSecsSinceEpoch();
    auto grant = m_locks->acquire(name, u"alice"_s, 60000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    // UTC, not five hours ahead (the servers run on this machine: one clock).
    QVERIFY2(qAbs(grant->acquiredAt.toMSecsSinceEpoch() - beforeMs) < 60000,
             qPrintable(grant->acquiredAt.toString(Qt::ISODateWithMs)));
    QCOMPARE(grant->expiresAt.toMSecsSinceEpoch() - grant->acquiredAt.toMSecsSinceEpoch(), 60000);
    auto renewed = m_locks->renew(name, u"alice"_s, grant->fence, 30000);
    LOCKSCOPE_VERIFY_OK(renewed);
    QVERIFY(renewed->renewed);
    QCOMPARE(renewed->expiresAt.toMSecsSinceEpoch() - renewed->dbNow.toMSecsSinceEpoch(), 30000);
    QVERIFY(renewed->dbNow >= grant->acquiredAt);
    auto released = m_locks->release(name, u"alice"_s, grant->fence);
    LOCKSCOPE_VERIFY_OK(released);
    QVERIFY(released->released && released->releasedAt >= renewed->dbNow);
    auto state = m_locks->lock(name);
    LOCKSCOPE_VERIFY_OK(state);
    QCOMPARE((*state)->expiresAt, released->releasedAt);
}

void ProtocolTest::millisecondTtls()
{
    const QString name = lockName();
    auto grant = m_locks->acquire(name, u"alice"_s, 1);
    QVERIFY(grant && grant->acquired);
    QCOMPARE(grant->acquiredAt.msecsTo(grant->expiresAt), 1);
    QVERIFY(waitForDbTime(grant->expiresAt));
    auto next = m_otherLocks->acquire(name, u"bob"_s, 250);
    QVERIFY(next && next->acquired);
    QCOMPARE(next->acquiredAt.msecsTo(next->expiresAt), 250);
    // 250 ms later in database time and not before: the lease is exact to the millisecond.
    auto early = m_locks->acquire(name, u"alice"_s, 250);
    QVERIFY(early && !early->acquired);
    QVERIFY(waitForDbTime(next->expiresAt));
    auto later = m_locks->acquire(name, u"alice"_s, 250);
    QVERIFY(later && later->acquired);
    QVERIFY(later->acquiredAt >= next->expiresAt);
}

void ProtocolTest::acquireWithWaitGetsTheLockWhenReleased()
{
    const QString name = lockName();
    auto held = m_otherLocks->acquire(name, u"bob"_s, 600);
    QVERIFY(held && held->acquired);
    RetryPolicy policy;
    policy.deadlineMs = 10000;
    policy.initialDelayMs = 20;
    policy.maxDelayMs = 100;
    auto waited = m_locks->acquireWithWait(name, u"alice"_s, 5000, policy);
    LOCKSCOPE_VERIFY_OK(waited);
    QVERIFY(waited->acquired);
    QVERIFY(waited->attempts > 1);
    QVERIFY(waited->acquiredAt >= held->expiresAt);
    QCOMPARE(waited->tookOverFrom, u"bob"_s);

    std::atomic_bool cancel{true};
    auto cancelled = m_otherLocks->acquireWithWait(name, u"bob"_s, 5000, policy, &cancel);
    QVERIFY(!cancelled);
    QCOMPARE(cancelled.error().kind, Error::Kind::Cancelled);
}

void ProtocolTest::acquireWithWaitGivesUpAtTheDeadline()
{
    const QString name = lockName();
    QVERIFY(m_otherLocks->acquire(name, u"bob"_s, 60000)->acquired);
    RetryPolicy policy;
    policy.deadlineMs = 400;
    policy.initialDelayMs = 50;
    QElapsedTimer timer;
    timer.start();
    auto waited = m_locks->acquireWithWait(name, u"alice"_s, 5000, policy);
    const qint64 elapsed = timer.elapsed();
    QVERIFY(waited);
    QVERIFY(!waited->acquired);
    QVERIFY(waited->attempts >= 2);
    QCOMPARE(waited->current.holder, u"bob"_s);
    QVERIFY2(elapsed >= 400 && elapsed < 5000, qPrintable(QString::number(elapsed)));

    policy.deadlineMs = 0;
    policy.maxAttempts = 3;
    waited = m_locks->acquireWithWait(name, u"alice"_s, 5000, policy);
    QVERIFY(waited && !waited->acquired);
    QCOMPARE(waited->attempts, 3);
}

void ProtocolTest::acquireWithWaitWakesWhenTheLeaseEnds()
{
    // The refusal tells the waiter when the holder's lease ends (database clock): it retries
    // then, not at its next poll 10 s later. Every backend.
    const QString name = lockName();
    QVERIFY(m_otherLocks->acquire(name, u"bob"_s, 700)->acquired);
    const RetryPolicy policy = pollingEvery10s(20000);
    QElapsedTimer timer;
    timer.start();
    auto waited = m_locks->acquireWithWait(name, u"alice"_s, 5000, policy);
    LOCKSCOPE_VERIFY_OK(waited);
    QVERIFY(waited->acquired);
    QCOMPARE(waited->tookOverFrom, u"bob"_s);
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
}

void ProtocolTest::acquireWithWaitWakesOnReleaseNotification()
{
    // PostgreSQL: the release NOTIFYs; MariaDB: the release frees the holder's wake-up lock
    // (GET_LOCK) that the waiter is blocked on. Either way a waiter polling every 10 s gets the
    // lock as soon as the holder (another connection, in another thread) releases it.
    const bool postgres = m_session->dialect().kind() == Dialect::Kind::PostgreSQL;
    if (!postgres && !m_session->hasFeature(Feature::WakeLocks))
        QSKIP("Only PostgreSQL and MariaDB wake waiters on release; SQLite polls (tested above).");
    if (postgres && !m_session->hasFeature(Feature::DirectTransport))
        QSKIP("Notifications are read through libpq, the client stack of the protocol's "
              "statements: through ODBC, Qt's driver alone (a build without libpq) or "
              "forceQtDriver nothing LISTENs, and a waiter is woken by its queue in the server "
              "instead (acquireWithWaitQueuesInTheServer).");
    const QString name = lockName();
    Holder holder;
    holder.start(m_table, name, 500);
    QTRY_VERIFY_WITH_TIMEOUT(holder.held || holder.thread->isFinished(), 10000);
    QVERIFY2(holder.held, qPrintable(holder.error));

    const RetryPolicy policy = pollingEvery10s(30000);
    const quint64 notificationsBefore = SessionInternals::releaseListener(*m_session).received();
    auto waited = m_locks->acquireWithWait(name, u"alice"_s, 5000, policy);
    const qint64 acquiredAtMs = holder.clock.elapsed();
    holder.thread->wait();
    QVERIFY2(holder.error.isEmpty(), qPrintable(holder.error));
    LOCKSCOPE_VERIFY_OK(waited);
    QVERIFY(waited->acquired);
    if (postgres) {
        // Refused; LISTEN, refused again (a release before the LISTEN would not have been
        // heard); then woken by the release.
        QCOMPARE(waited->attempts, 3);
        QVERIFY(SessionInternals::releaseListener(*m_session).received() > notificationsBefore);
    } else {
        // bob's grant found no waiter, so it took no wake-up lock (WakeLockOnContention):
        // alice, the first waiter, took it and polled every WaitPlan::headPollMs, not 10 s;
        // the wake-up lock stays with the lock she got.
        QVERIFY(waited->attempts >= 2);
        releaseFreesPassedOnWakeLock(name, waited->fence);
    }
    const qint64 gap = acquiredAtMs - holder.releasedAtMs;
    qInfo("release to acquire: %lld ms (the waiter's poll interval is 10000 ms)", gap);
    QVERIFY2(gap < 3000, qPrintable(QString::number(gap)));
}

void ProtocolTest::acquireWithWaitQueuesInTheServer()
{
    // PostgreSQL and MariaDB: a holder that got its lock through acquireWithWait keeps the
    // lock's wake-up lock (an advisory lock, GET_LOCK); a waiter's attempt first waits for
    // that inside its own statement, so the release hands the lock over without another
    // statement: one attempt, no notification needed, and little time from release to grant.
    if (!m_session->hasFeature(Feature::WakeLocks))
        QSKIP("SQLite polls.");
    const QString name = lockName();
    const RetryPolicy policy = pollingEvery10s(10000);
    Holder holder;
    holder.start(m_table, name, 120, policy); // held less than a waiter's slice (250 ms) queued
    QTRY_VERIFY_WITH_TIMEOUT(holder.held || holder.thread->isFinished(), 10000);
    QVERIFY2(holder.held, qPrintable(holder.error));
    // MariaDB: bob found the lock free, so took no wake-up lock (WakeLockOnContention); alice
    // takes it and, at the head of the queue, polls every WaitPlan::headPollMs.
    const bool onContention = m_session->hasFeature(Feature::WakeLockOnContention);
    QVERIFY2(holder.tookWakeLock != onContention, "bob's wake-up lock");

    const quint64 notificationsBefore = SessionInternals::releaseListener(*m_session).received();
    auto waited = m_locks->acquireWithWait(name, u"alice"_s, 5000, policy);
    const qint64 acquiredAtMs = holder.clock.elapsed();
    holder.thread->wait();
    QVERIFY2(holder.error.isEmpty(), qPrintable(holder.error));
    LOCKSCOPE_VERIFY_OK(waited);
    QVERIFY(waited->acquired);
    QVERIFY(onContention ? waited->attempts > 1 : waited->attempts == 1);
    QCOMPARE(SessionInternals::releaseListener(*m_session).received(), notificationsBefore);
    const qint64 gap = acquiredAtMs - holder.releasedAtMs;
    qInfo("release to acquire, queued in the server: %lld ms", gap);
    QVERIFY2(gap < 100, qPrintable(QString::number(gap)));
    releaseFreesPassedOnWakeLock(name, waited->fence);
}

void ProtocolTest::releasedLockIsLeftToTheWokenWaiter()
{
    // MariaDB: a release frees the holder's wake-up lock, and the first waiter queued on it
    // takes the wake-up lock and, in the same statement, the lock. A waiter whose own wait ran
    // out meanwhile must not take the lock just released from under it: that would part the
    // lock from its wake-up lock, and the next release would wake nobody. For a moment only:
    // a waiter that stopped holding the wake-up lock cannot keep a free lock from everyone.
    if (m_session->dialect().kind() != Dialect::Kind::MySQL || !m_session->hasFeature(Feature::WakeLocks))
        QSKIP("MariaDB only (on PostgreSQL a queued wait that runs out fails its statement).");
    const QString name = lockName();
    const QString wakeLock = m_session->dialect().wakeLockName(m_locks->tables(), name);
    auto grant = m_otherLocks->acquire(name, u"bob"_s, 60000);
    QVERIFY(grant && grant->acquired);
    // bob holds the wake-up lock as a holder that got the lock through the queue does (a
    // fresh grant takes none: WakeLockOnContention).
    QVERIFY(testsupport::execRaw(*m_other, u"DO GET_LOCK('%1', 0)"_s.arg(wakeLock)));
    m_other->noteWakeLock(wakeLock, true);
    // bob releases and, before alice gets there, another waiter (a third connection) takes
    // the wake-up lock, as the first waiter in the queue would.
    QVERIFY(m_otherLocks->release(name, u"bob"_s, grant->fence)->released);
    QString error;
    auto third = TestBackend::instance().open(&error);
    QVERIFY2(third, qPrintable(error));
    QVERIFY(testsupport::execRaw(*third, u"DO GET_LOCK('%1', 0)"_s.arg(wakeLock), &error));

    RetryPolicy policy;
    policy.deadlineMs = 10000;
    policy.initialDelayMs = 20;
    policy.maxDelayMs = 20;
    QElapsedTimer timer;
    timer.start();
    auto waited = m_locks->acquireWithWait(name, u"alice"_s, 5000, policy);
    const qint64 tookMs = timer.elapsed();
    LOCKSCOPE_VERIFY_OK(waited);
    QVERIFY(waited->acquired);
    qInfo("a waiter without the wake-up lock got a free lock after %lld ms", tookMs);
    QVERIFY2(tookMs >= 300 && tookMs < 5000, qPrintable(QString::number(tookMs)));
    QVERIFY(m_locks->release(name, u"alice"_s, waited->fence)->released);

    // A plain acquire (it takes no wake-up lock of its own) leaves it to that waiter too, for
    // the same moment; once the wake-up lock is free, it is not held back.
    QVERIFY(!m_locks->acquire(name, u"carol"_s, 5000)->acquired);
    QVERIFY(testsupport::execRaw(*third, u"DO RELEASE_LOCK('%1')"_s.arg(wakeLock), &error));
    QVERIFY(m_locks->acquire(name, u"carol"_s, 5000)->acquired);
    if (m_session->hasFeature(Feature::InsertReturning)) {
        // One statement decides, and a refusal changes nothing: depth and fence as they were.
        const QStringList before = testsupport::rawLockRow(*m_session, m_table, name);
        auto refused = m_otherLocks->acquireWithWait(name, u"dave"_s, 5000, [] {
            RetryPolicy once;
            once.maxAttempts = 1;
            return once;
        }());
        QVERIFY(refused && !refused->acquired);
        QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name), before);
    }
}

void ProtocolTest::aFreshGrantTakesNoWakeLock()
{
    // MariaDB (Feature::WakeLockOnContention): a grant nobody waited for takes no wake-up lock,
    // neither a plain acquire nor a waited one that found the lock free: GET_LOCK and its
    // RELEASE_LOCK were the cost of every uncontended cycle. Only a waiter takes one.
    if (m_session->dialect().kind() != Dialect::Kind::MySQL
        || !m_session->hasFeature(Feature::WakeLocks))
        QSKIP("MariaDB only (PostgreSQL queues every waited attempt on its advisory lock).");
    const QString name = lockName();
    const QString wakeLock = m_session->dialect().wakeLockName(m_locks->tables(), name);
    const auto usedOnServer = [&] {
        QSqlQuery query(m_other->database());
        query.exec(u"SELECT IS_USED_LOCK('%1') IS NOT NULL"_s.arg(wakeLock));
        return query.next() && query.value(0).toInt() == 1;
    };
    for (const bool waited : {false, true}) {
        auto grant = waited ? m_locks->acquireWithWait(name, u"alice"_s, 5000, pollingEvery10s(5000))
                            : m_locks->acquire(name, u"alice"_s, 5000);
        LOCKSCOPE_VERIFY_OK(grant);
        QVERIFY(grant->acquired);
        QVERIFY2(!m_session->holdsWakeLock(wakeLock), waited ? "waited" : "plain");
        QVERIFY2(!usedOnServer(), waited ? "waited" : "plain");
        QVERIFY(m_locks->release(name, u"alice"_s, grant->fence)->released);
    }
    // A waiter that finds the lock held takes it, and keeps it with the lock it then gets.
    auto held = m_otherLocks->acquire(name, u"bob"_s, 300);
    QVERIFY(held && held->acquired);
    auto waited = m_locks->acquireWithWait(name, u"alice"_s, 5000, pollingEvery10s(5000));
    LOCKSCOPE_VERIFY_OK(waited);
    QVERIFY(waited->acquired);
    QVERIFY(waited->attempts > 1);
    releaseFreesPassedOnWakeLock(name, waited->fence);
}

void ProtocolTest::postgresStatementsGoThroughLibpq()
{
    // The libpq path must not fall back to Qt's driver unnoticed: with libpq in this build
    // (scripts install libpq-dev), the acquire and the release are prepared through libpq's
    // extended protocol, which the server lists with from_sql false (Qt's driver prepares
    // with the SQL command PREPARE: from_sql true). Both forms of the acquire are checked
    // (acquire, and the queued one of acquireWithWait), and the renewal.
    if (m_session->dialect().kind() != Dialect::Kind::PostgreSQL)
        QSKIP("PostgreSQL only");
    if (qEnvironmentVariableIntValue("LOCKSCOPE_TEST_PG_QT_DRIVER") == 1) {
        QVERIFY(!m_session->hasFeature(Feature::DirectTransport));
        QSKIP("Qt's driver is forced (LOCKSCOPE_TEST_PG_QT_DRIVER)");
    }
    if (TestBackend::instance().isOdbc()) {
        QVERIFY(!m_session->hasFeature(Feature::DirectTransport));
        QSKIP("Through ODBC every statement goes through QODBC and psqlODBC: libpq is QPSQL's");
    }
    QVERIFY2(PostgresStatements::compiledIn(),
             "built without libpq: install libpq-dev and configure again");
    QVERIFY(m_session->hasFeature(Feature::DirectTransport));
    const QString name = lockName();
    for (const bool queued : {false, true}) {
        auto grant = queued ? m_locks->acquireWithWait(name, u"alice"_s, 30000, RetryPolicy{})
                            : m_locks->acquire(name, u"alice"_s, 30000);
        QVERIFY(grant && grant->acquired);
        auto renewed = m_locks->renew(name, u"alice"_s, grant->fence, 30000);
        QVERIFY(renewed && renewed->renewed);
        auto released = m_locks->release(name, u"alice"_s, grant->fence);
        QVERIFY(released && released->released);
    }
    QSqlQuery prepared(m_session->database());
    QVERIFY(prepared.exec(u"SELECT statement FROM pg_prepared_statements WHERE NOT from_sql"_s));
    int acquires = 0;
    int queuedAcquires = 0;
    int releases = 0;
    int renewals = 0;
    while (prepared.next()) {
        const QString statement = prepared.value(0).toString().simplified(); // (laid out in lines)
        if (!statement.contains(m_table))
            continue;
        if (statement.startsWith(u"WITH g AS (SELECT clock_timestamp() AS t) INSERT INTO"_s))
            ++(statement.contains(u"pg_advisory_lock"_s) ? queuedAcquires : acquires);
        else if (statement.startsWith(u"UPDATE"_s) && statement.contains(u"AS l SET expires_at = n.t"_s))
            ++renewals;
        else if (statement.startsWith(u"UPDATE"_s) && statement.contains(u"l.fence = CAST($3 AS bigint)"_s))
            ++releases;
    }
    // (Other test functions' statements on this connection may be there too.)
    QVERIFY(acquires >= 1);
    QVERIFY(queuedAcquires >= 1);
    QVERIFY(releases >= 1);
    QVERIFY(renewals >= 1);
}

QVariant ProtocolTest::valueOf(Session &session, const QString &sql)
{
    QSqlQuery query(session.database());
    if (!query.exec(sql) || !query.next()) {
        qWarning("%s: %s", qPrintable(sql), qPrintable(query.lastError().text()));
        return {};
    }
    return query.value(0);
}

bool ProtocolTest::notifyFromOther(const QString &name)
{
    const QString channel = m_session->dialect().releaseChannel(m_locks->tables());
    return execOther(u"SELECT pg_notify('"_s + channel + u"', '"_s + name + u"')"_s);
}

QString ProtocolTest::withoutLibpq() const
{
    if (m_session->dialect().kind() != Dialect::Kind::PostgreSQL)
        return u"PostgreSQL only"_s;
    if (!m_session->hasFeature(Feature::DirectTransport))
        return u"Statements go through Qt's driver (no libpq, ODBC, or forced): waiters poll, "
               "nothing listens"_s;
    return {};
}

void ProtocolTest::postgresAcquireIsPreparedThroughLibpq()
{
    // Session::isPrepared answers for libpq's statements too (it said false for all of them):
    // the acquire's text is prepared after an acquire, and still after a second one.
    if (const QString why = withoutLibpq(); !why.isEmpty())
        QSKIP(qPrintable(why));
    const QString name = lockName();
    const QString acquire =
        m_session->dialect().acquire(m_locks->tables(), name, u"alice"_s, 30000).text();
    for (int round = 0; round < 2; ++round) {
        auto grant = m_locks->acquire(name, u"alice"_s, 30000);
        LOCKSCOPE_VERIFY_OK(grant);
        QVERIFY(grant->acquired);
        QVERIFY2(SessionInternals::isPrepared(*m_session, acquire),
                 "the acquire through libpq is not prepared");
        QVERIFY(m_locks->release(name, u"alice"_s, grant->fence)->released);
    }
}

void ProtocolTest::waitedGrantStopsListening()
{
    // A waiter LISTENs while it waits and UNLISTENs when it gets the lock: its connection is
    // not left subscribed to every release of the table (it was, for its whole life).
    if (const QString why = withoutLibpq(); !why.isEmpty())
        QSKIP(qPrintable(why));
    const QString name = lockName();
    Holder holder;
    holder.start(m_table, name, 500);
    QTRY_VERIFY_WITH_TIMEOUT(holder.held || holder.thread->isFinished(), 10000);
    QVERIFY2(holder.held, qPrintable(holder.error));
    const quint64 notificationsBefore = SessionInternals::releaseListener(*m_session).received();
    auto waited = m_locks->acquireWithWait(name, u"alice"_s, 30000, pollingEvery10s(30000));
    holder.thread->wait();
    QVERIFY2(holder.error.isEmpty(), qPrintable(holder.error));
    LOCKSCOPE_VERIFY_OK(waited);
    QVERIFY(waited->acquired);
    QVERIFY2(SessionInternals::releaseListener(*m_session).received() > notificationsBefore,
             "the waiter was not woken by a notification: the test proves nothing");
    QCOMPARE(valueOf(*m_session, u"SELECT count(*) FROM pg_listening_channels()"_s).toInt(), 0);
    // The woken waiter's attempt was the acquire (the upsert), not a conditional UPDATE of its
    // own (one text fewer: it made no hand-off faster, docs/benchmarks.md).
    QCOMPARE(valueOf(*m_session, u"SELECT count(*) FROM pg_prepared_statements WHERE statement"
                                 u" LIKE 'UPDATE %fence = CASE%'"_s).toInt(),
             0);

    // A release notified by another client afterwards reaches this connection no more. (A
    // statement on it after the NOTIFY: the server sends what it has for it before the answer.)
    QVERIFY(m_locks->release(name, u"alice"_s, waited->fence)->released);
    QVERIFY(notifyFromOther(name));
    QVERIFY(valueOf(*m_session, u"SELECT 1"_s).isValid());
    const quint64 afterGrant = SessionInternals::releaseListener(*m_session).received();
    SessionInternals::releaseListener(*m_session).arm(name);
    QVERIFY(!m_session->waitForRelease(name, 0, nullptr));
    SessionInternals::releaseListener(*m_session).disarm(name);
    QCOMPARE(SessionInternals::releaseListener(*m_session).received(), afterGrant);
}

void ProtocolTest::releaseNotifiedDuringAStatementEndsTheWait()
{
    // libpq reads a notification that arrives while one of its statements runs into its
    // queue, where the socket no longer shows it: the wait after that statement must find it
    // there and end at once, as ReleaseListener promises.
    if (const QString why = withoutLibpq(); !why.isEmpty())
        QSKIP(qPrintable(why));
    const QString name = lockName();
    auto held = m_otherLocks->acquire(name, u"bob"_s, 30000);
    QVERIFY(held && held->acquired);
    QVERIFY(m_session->listenForReleases(m_session->dialect().releaseChannel(m_locks->tables())));
    SessionInternals::releaseListener(*m_session).arm(name);
    QVERIFY(notifyFromOther(name)); // as a release sends it when a waiter is queued
    // A statement through libpq (an attempt, refused): the notification comes in with its
    // answer.
    auto refused = m_locks->acquire(name, u"alice"_s, 30000);
    QVERIFY(refused && !refused->acquired);
    QElapsedTimer waited;
    waited.start();
    QVERIFY2(m_session->waitForRelease(name, 10000, nullptr),
             "the release notified during the statement was not seen");
    QVERIFY2(waited.elapsed() < 5000, qPrintable(QString::number(waited.elapsed())));
    SessionInternals::releaseListener(*m_session).disarm(name);
    m_session->stopListening(m_session->dialect().releaseChannel(m_locks->tables()));
    QCOMPARE(valueOf(*m_session, u"SELECT count(*) FROM pg_listening_channels()"_s).toInt(), 0);
    QVERIFY(m_otherLocks->release(name, u"bob"_s, held->fence)->released);
}

void ProtocolTest::refusalAfterTheInsertFreesTheWakeLock()
{
    // MariaDB, the acquire as the batch (before 10.5): a lock never used is created by the
    // batch's upsert. An answer that refuses (here a trigger gives the new row to another
    // holder, as a concurrent change would) must not keep the wake-up lock: it once was kept
    // (when a separate INSERT took it), so the next waiter queued on it behind nobody.
    if (m_session->dialect().kind() != Dialect::Kind::MySQL || !m_session->hasFeature(Feature::WakeLocks))
        QSKIP("MariaDB's wake-up locks only");
    const QString name = lockName();
    const QString wakeLock = m_session->dialect().wakeLockName(m_locks->tables(), name);
    const QString trigger = m_table + u"_steal"_s;
    QVERIFY(execOther(u"CREATE TRIGGER "_s + trigger + u" BEFORE INSERT ON "_s + m_table
                      + u" FOR EACH ROW SET NEW.holder = IF(NEW.name = '"_s + name
                      + u"', 'mallory', NEW.holder)"_s));
    const auto dropTrigger = qScopeGuard([&] { execOther(u"DROP TRIGGER "_s + trigger); });
    SessionInternals::forceBatchAcquire(*m_session, true);
    const auto unforce = qScopeGuard([&] { SessionInternals::forceBatchAcquire(*m_session, false); });
    const quint64 tripsBefore = m_session->roundTrips();
    auto grant = m_locks->acquire(name, u"alice"_s, 30000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(!grant->acquired);
    QCOMPARE(grant->current.holder, u"mallory"_s);
    // Created by the batch: one round trip, or one per statement through Connector/ODBC,
    // which takes one statement per call (the upsert, then the SELECT).
    QCOMPARE(m_session->roundTrips() - tripsBefore, quint64(TestBackend::instance().isOdbc() ? 2 : 1));
    QVERIFY(!m_session->holdsWakeLock(wakeLock));
    QVERIFY(valueOf(*m_other, u"SELECT IS_USED_LOCK('"_s + wakeLock + u"')"_s).isNull());
}

void ProtocolTest::postgresAcquireWhileAQueryIsBeingRead()
{
    // A forward-only query of Qt's driver is read row by row and keeps libpq busy until it is
    // finished. An acquire and a release on the same connection meanwhile must still work, not
    // fail with "another command is already in progress": libpq's synchronous calls discard the
    // unread rows first, as Qt's driver does before a statement of its own.
    if (m_session->dialect().kind() != Dialect::Kind::PostgreSQL)
        QSKIP("PostgreSQL only");
    QSqlQuery reading(m_session->database());
    reading.setForwardOnly(true);
    QVERIFY(reading.exec(u"SELECT generate_series(1, 100000)"_s));
    QVERIFY(reading.next());
    const QString name = lockName();
    auto grant = m_locks->acquire(name, u"alice"_s, 30000);
    QVERIFY2(grant, grant ? "" : qPrintable(grant.error().message));
    QVERIFY(grant->acquired);
    auto released = m_locks->release(name, u"alice"_s, grant->fence);
    QVERIFY2(released, released ? "" : qPrintable(released.error().message));
    QVERIFY(released->released);
    while (reading.next()) { } // the rest was discarded; reading on is harmless
    QVERIFY(reading.exec(u"SELECT 1"_s) && reading.next());
}

void ProtocolTest::mariadbAcquireIsOnePreparedStatement()
{
    // The fast path must not fall back to the batch unnoticed: on MariaDB 10.5 and later, with
    // Connector/C in this build (scripts install libmariadb-dev), the acquire is the prepared
    // INSERT .. RETURNING, unless a test forces the batch.
    if (!TestBackend::instance().isMariadb())
        QSKIP("MariaDB only");
    if (qEnvironmentVariableIsSet("LOCKSCOPE_TEST_MYSQL_BATCH"))
        QSKIP("the batch is forced (LOCKSCOPE_TEST_MYSQL_BATCH)");
    QVERIFY2(MariaDbStatements::compiledIn(),
             "built without MariaDB Connector/C: install libmariadb-dev and configure again");
    QSqlQuery version(m_session->database());
    QVERIFY(version.exec(u"SELECT VERSION()"_s) && version.next());
    if (QVersionNumber::fromString(version.value(0).toString()) < QVersionNumber(10, 5))
        QSKIP("MariaDB before 10.5 has no INSERT .. RETURNING");
    QVERIFY(m_session->hasFeature(Feature::InsertReturning));
}

void ProtocolTest::roundTripsPerOperation()
{
    // Events at the Admin level (the default): the protocol's own cost, nothing else.
    const QString name = lockName();
    // PostgreSQL, SQLite: INSERT .. ON CONFLICT .. RETURNING; MariaDB 10.5 on: INSERT .. ON
    // DUPLICATE KEY UPDATE .. RETURNING; MySQL and older MariaDB: a batch, or two statements.
    const bool oneStatement =
        m_session->dialect().hasFeature(Feature::UpsertReturning) || m_session->hasFeature(Feature::InsertReturning);
    const quint64 maxAcquire = oneStatement ? 1 : 2;
    // MySQL, MariaDB: the renewal's UPDATE and the SELECT of its row in one batch.
    // Through ODBC, MariaDB Connector/ODBC takes one statement per call (the renewal's batch is
    // sent as two) and cannot hand over the release's LAST_INSERT_ID (asked for after it).
    const bool odbcMysql = TestBackend::instance().isOdbc()
                           && m_session->dialect().kind() == Dialect::Kind::MySQL;
    const bool renewInOne =
        m_session->dialect().hasFeature(Feature::UpsertReturning)
        || (!odbcMysql
            && m_session->dialect().hasFeature(Feature::Batches));

    QVERIFY(m_locks->initialize(name, 5000, {})->created);
    quint64 before = m_session->roundTrips();
    auto grant = m_locks->acquire(name, u"alice"_s, 5000);
    QVERIFY(grant && grant->acquired);
    const quint64 acquireTrips = m_session->roundTrips() - before;
    qInfo("uncontended acquire of an existing lock: %llu round trip(s)", acquireTrips);
    QVERIFY(acquireTrips >= 1 && acquireTrips <= maxAcquire);

    before = m_session->roundTrips();
    auto renewed = m_locks->renew(name, u"alice"_s, grant->fence, 5000);
    QVERIFY(renewed && renewed->renewed);
    QVERIFY(renewed->expiresAt > renewed->dbNow);
    const quint64 renewTrips = m_session->roundTrips() - before;
    qInfo("renew: %llu round trip(s)", renewTrips);
    QCOMPARE(renewTrips, quint64(renewInOne ? 1 : 2));

    before = m_session->roundTrips();
    QVERIFY(m_locks->release(name, u"alice"_s, grant->fence)->released);
    const quint64 releaseTrips = m_session->roundTrips() - before;
    qInfo("release: %llu round trip(s)", releaseTrips);
    QCOMPARE(releaseTrips, quint64(odbcMysql ? 2 : 1));

    // A lock nobody initialized costs what an existing one costs: the acquire creates it (the
    // batch too: no INSERT, then answer, after it).
    before = m_session->roundTrips();
    auto fresh = m_locks->acquire(name + u".fresh"_s, u"alice"_s, 5000);
    QVERIFY(fresh && fresh->acquired);
    QCOMPARE(fresh->fence, Dialect::firstFence);
    const quint64 freshTrips = m_session->roundTrips() - before;
    qInfo("first-ever acquire of a lock: %llu round trip(s)", freshTrips);
    QCOMPARE(freshTrips, acquireTrips);
}

qint64 ProtocolTest::deletedWithHistory(const QString &name)
{
    auto grant = m_locks->acquire(name, u"alice"_s, 60000);
    if (!grant || !grant->acquired || !m_locks->release(name, u"alice"_s, grant->fence))
        return -1;
    auto deleted = m_otherLocks->remove(name);
    if (!deleted || !deleted->deleted)
        return -1;
    return grant->fence;
}

bool ProtocolTest::execOther(const QString &sql)
{
    QString error;
    const bool done = testsupport::execRaw(*m_other, sql, &error);
    if (!done)
        qWarning("%s: %s", qPrintable(sql), qPrintable(error));
    return done;
}

void ProtocolTest::deletedLockComesBackAboveItsFence()
{
    // Deleted by another client since m_locks last held it: its tombstone is taken by
    // m_locks' acquire like a free lock, in one statement where the upsert exists, and the
    // grant continues above the deleted fence. Initialize brings a tombstone back too.
    const QString name = lockName();
    const qint64 deletedFence = deletedWithHistory(name);
    QVERIFY(deletedFence > 0);
    auto list = m_locks->list();
    LOCKSCOPE_VERIFY_OK(list);
    for (const LockInfo &lock : *list)
        QVERIFY2(lock.name != name, "a deleted lock is not listed");

    quint64 before = m_session->roundTrips();
    auto grant = m_locks->acquire(name, u"alice"_s, 60000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    if (m_session->dialect().hasFeature(Feature::UpsertReturning) || m_session->hasFeature(Feature::InsertReturning))
        QCOMPARE(m_session->roundTrips() - before, quint64(1));
    QCOMPARE(grant->fence, deletedFence + 1);
    QCOMPARE(grant->depth, 1);
    QVERIFY(grant->tookOverFrom.isEmpty());
    auto row = m_locks->lock(name);
    QVERIFY(row && *row);
    QCOMPARE((*row)->fence, grant->fence);
    QCOMPARE((*row)->holder, u"alice"_s);
    QCOMPARE((*row)->ttlMs, qint64(30000)); // a deleted lock's definition went with it
    QVERIFY(m_locks->release(name, u"alice"_s, grant->fence)->released);

    QVERIFY(m_otherLocks->remove(name)->deleted);
    auto initialized = m_locks->initialize(name, 7000, u"again"_s);
    LOCKSCOPE_VERIFY_OK(initialized);
    QVERIFY(initialized->created);
    QCOMPARE(initialized->current.fence, grant->fence);
    QCOMPARE(initialized->current.ttlMs, qint64(7000));
    QCOMPARE(initialized->current.description, u"again"_s);
    QCOMPARE(initialized->current.state, LockState::Free);
    auto twice = m_locks->initialize(name, 9000, u"not this"_s);
    QVERIFY(twice && !twice->created && twice->current.ttlMs == 7000);
    auto next = m_locks->acquire(name, u"alice"_s, 0);
    QVERIFY(next && next->acquired);
    QCOMPARE(next->fence, grant->fence + 1);
    QVERIFY(m_locks->release(name, u"alice"_s, next->fence)->released);
}

void ProtocolTest::migrationKeepsFencesOfTablesFromBefore()
{
    // A table that Lockscope wrote before tombstones: a row an acquire left unnumbered (fence
    // -1, held by a client that stopped before numbering it) and a lock whose row a delete
    // removed. Both have a history; createSchema() (lockctl schema, the window's Create
    // schema) brings them up to date, and again changes nothing.
    const QString table = m_otherLocks->session().dialect().lockTable(m_otherLocks->tables());
    const QString unnumbered = lockName() + u".unnumbered"_s;
    const QString removed = lockName() + u".removed"_s;
    const qint64 unnumberedFence = deletedWithHistory(unnumbered);
    const qint64 removedFence = deletedWithHistory(removed);
    QVERIFY(unnumberedFence > 0 && removedFence > 0);
    QVERIFY(execOther(u"UPDATE "_s + table + u" SET fence = -1, depth = 1, holder = 'ghost'"
                      u" WHERE name = '"_s + unnumbered + u'\''));
    QVERIFY(execOther(u"DELETE FROM "_s + table + u" WHERE name = '"_s + removed + u'\''));

    for (int run = 0; run < 2; ++run) {
        LOCKSCOPE_VERIFY_OK(m_otherLocks->createSchema());
        auto freed = m_locks->lock(unnumbered);
        QVERIFY(freed && *freed);
        QCOMPARE((*freed)->fence, unnumberedFence);
        QCOMPARE((*freed)->state, LockState::Free);
        auto tombstone = m_locks->lock(removed);
        QVERIFY(tombstone && !*tombstone);
        QCOMPARE(testsupport::rawLockRow(*m_session, m_table, removed).value(3),
                 QString::number(removedFence));
    }
    for (const auto &[name, fence] : {std::pair{unnumbered, unnumberedFence},
                                      std::pair{removed, removedFence}}) {
        auto grant = m_locks->acquire(name, u"alice"_s, 60000);
        LOCKSCOPE_VERIFY_OK(grant);
        QVERIFY(grant->acquired);
        QCOMPARE(grant->fence, fence + 1);
        QVERIFY(m_locks->release(name, u"alice"_s, grant->fence)->released);
    }
}

void ProtocolTest::statementsRunAgainTakeTheNewValues()
{
    // LockService builds its statements once per (name, holder, lease) and the session binds
    // again only the values that changed: each release must carry its own grant's fence (a
    // stale one is refused), and another lock through the same prepared text its own name.
    const QString name = lockName();
    qint64 previous = 0;
    for (int i = 0; i < 3; ++i) {
        auto grant = m_locks->acquire(name, u"alice"_s, 5000);
        LOCKSCOPE_VERIFY_OK(grant);
        QVERIFY(grant->acquired);
        QVERIFY(grant->fence > previous);
        if (previous > 0) {
            auto stale = m_locks->release(name, u"alice"_s, previous);
            LOCKSCOPE_VERIFY_OK(stale);
            QVERIFY2(!stale->released, "a release with the previous grant's fence was accepted");
        }
        auto released = m_locks->release(name, u"alice"_s, grant->fence);
        LOCKSCOPE_VERIFY_OK(released);
        QVERIFY(released->released);
        previous = grant->fence;
    }
    const QString other = name + u".other"_s;
    auto grant = m_locks->acquire(other, u"alice"_s, 5000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    auto first = m_locks->lock(name);
    auto second = m_locks->lock(other);
    LOCKSCOPE_VERIFY_OK(first);
    LOCKSCOPE_VERIFY_OK(second);
    QVERIFY(*first && *second);
    QCOMPARE((*first)->holder, QString());
    QCOMPARE((*second)->holder, u"alice"_s);
    QVERIFY(m_locks->release(other, u"alice"_s, grant->fence)->released);
}

void ProtocolTest::directStatementsTakeEveryNewValue()
{
    // The connections that run statements past Qt's driver (libpq, Connector/C) keep each
    // prepared statement's values and encode again only those that changed, and read the
    // columns into buffers kept from one execution to the next. Every execution must still
    // send exactly its own values and read back exactly its own row: changed or not, rebound
    // in place (as LockService does) or in another list, short, empty, NULL, non-ASCII and
    // longer than a column's first buffer (256 bytes).
    if (!m_session->hasFeature(Feature::DirectTransport))
        QSKIP("This connection runs every statement through Qt's driver.");
    const bool postgres = m_session->dialect().kind() == lockcore::Dialect::Kind::PostgreSQL;
    const QString text = postgres ? u"SELECT CAST(? AS text), CAST(? AS bigint), CAST(? AS text)"_s
                                  : u"SELECT CAST(? AS CHAR), CAST(? AS SIGNED), CAST(? AS CHAR)"_s;
    const QString longText = u"\u00fc\u597d-"_s.repeated(120); // 600 characters, 1,200 bytes
    const QList<QVariantList> rounds = {
        {u"a"_s, qint64(1), QVariant()},
        {u"a"_s, qint64(1), QVariant()}, // the same values again
        {u"\u00fc \u597d"_s, qint64(-5), longText},
        {u""_s, qint64(9000000001), u"b"_s},
        {longText, qint64(2), u"b"_s},
        {u"a"_s, qint64(1), QVariant()},
    };
    Statement inPlace;
    inPlace.embed(text, rounds.first());
    for (const QVariantList &values : rounds) {
        for (qsizetype i = 0; i < values.size(); ++i)
            inPlace.rebind(i, values.at(i));
        Statement fresh;
        fresh.embed(text, values);
        for (const Statement *st : {&inPlace, &fresh}) {
            auto answer = m_session->runRows(*st, u"echoing values"_s);
            LOCKSCOPE_VERIFY_OK(answer);
            QCOMPARE(answer->rows.size(), 1);
            const QVariantList &row = answer->rows.constFirst();
            QCOMPARE(row.size(), 3);
            QCOMPARE(row.at(0).toString(), values.at(0).toString());
            QCOMPARE(row.at(1).toLongLong(), values.at(1).toLongLong());
            QCOMPARE(row.at(2).isNull(), values.at(2).isNull());
            QCOMPARE(row.at(2).toString(), values.at(2).toString());
        }
    }
}

void ProtocolTest::ttlZeroMeansTheLocksOwnLease()
{
    // A lease of 0 asks for the lock's own (ttl_ms, set by initialize), and for a lock that
    // does not exist yet the default 30 s: in every statement that takes or renews a lease.
    const QString name = lockName();
    QVERIFY(m_locks->initialize(name, 7000, {})->created);
    auto grant = m_locks->acquire(name, u"alice"_s, 0);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    QCOMPARE(grant->dbNow.msecsTo(grant->expiresAt), 7000);
    auto renewed = m_locks->renew(name, u"alice"_s, grant->fence, 0);
    LOCKSCOPE_VERIFY_OK(renewed);
    QVERIFY(renewed->renewed);
    QCOMPARE(renewed->dbNow.msecsTo(renewed->expiresAt), 7000);
    QVERIFY(m_locks->release(name, u"alice"_s, grant->fence)->released);
    // The waiting form (PostgreSQL and MariaDB queue in the server) too.
    auto waited = m_locks->acquireWithWait(name, u"bob"_s, 0, pollingEvery10s(1000));
    LOCKSCOPE_VERIFY_OK(waited);
    QVERIFY(waited->acquired);
    QCOMPARE(waited->dbNow.msecsTo(waited->expiresAt), 7000);
    QVERIFY(m_locks->release(name, u"bob"_s, waited->fence)->released);

    auto fresh = m_locks->acquire(name + u".fresh"_s, u"alice"_s, 0);
    LOCKSCOPE_VERIFY_OK(fresh);
    QVERIFY(fresh->acquired);
    QCOMPARE(fresh->dbNow.msecsTo(fresh->expiresAt), 30000);
}

void ProtocolTest::refusedPollsCostOneRoundTrip()
{
    // While the holder's lease runs, a waiter's refused poll does not read who holds the lock
    // again: one round trip per poll (on PostgreSQL a refused upsert returns no row, and the
    // read of the holder would be a second one).
    if (m_session->dialect().kind() == Dialect::Kind::SQLite)
        QSKIP("SQLite is in-process: no round trips to save.");
    const QString name = lockName();
    QVERIFY(m_otherLocks->acquire(name, u"bob"_s, 60000)->acquired);
    RetryPolicy policy;
    policy.maxAttempts = 8;
    policy.initialDelayMs = 5;
    policy.maxDelayMs = 5;
    policy.jitter = 0;
    const quint64 before = m_session->roundTrips();
    auto waited = m_locks->acquireWithWait(name, u"alice"_s, 5000, policy);
    const quint64 trips = m_session->roundTrips() - before;
    LOCKSCOPE_VERIFY_OK(waited);
    QVERIFY(!waited->acquired);
    QCOMPARE(waited->attempts, 8);
    QCOMPARE(waited->current.holder, u"bob"_s); // the answer still says who holds it
    qInfo("8 refused attempts: %llu round trips", trips);
    // First attempt and the read of the holder, LISTEN (PostgreSQL), 7 more polls, the final
    // read of the holder, UNLISTEN (PostgreSQL): at most attempts + 5; two per poll would be
    // 17 or more. (Where the pauses are spent queued for the wake-up lock, that is inside the
    // attempts.)
    QVERIFY2(trips <= 13, qPrintable(QString::number(trips)));
}

void ProtocolTest::clockOffsetIsSmallOnLoopback()
{
    auto clock = m_locks->clock();
    LOCKSCOPE_VERIFY_OK(clock);
    QVERIFY(clock->dbNow.isValid());
    QCOMPARE(clock->dbNow.timeSpec(), Qt::UTC);
    // Same machine: the database clock and ours agree within the round trip and a margin.
    QVERIFY2(qAbs(clock->offsetMs) < 1000 + clock->roundTripMs,
             qPrintable(QString::number(clock->offsetMs)));
}

// A statement that fails inside a transaction is reported as what it is, not as a lost
// connection: on PostgreSQL the transaction is aborted after the error, so a "SELECT 1" probe
// there fails too, and took the ordinary error for a dead connection (and dropped the
// connection). The session stays usable.
void ProtocolTest::errorInsideATransactionIsNotALostConnection()
{
    LOCKSCOPE_VERIFY_OK(m_session->begin());
    Statement failing;
    failing << "SELECT no_such_column FROM " << m_locks->tables().locks << " WHERE name = "
            << Param{u"anything"_s};
    auto result = m_session->run(failing, u"reading a column that is not there"_s);
    const bool brokenInside = m_session->isBroken();
    m_session->rollback();
    QVERIFY(!result);
    QCOMPARE(result.error().kind, Error::Kind::Database);
    QVERIFY(!brokenInside);
    QVERIFY(m_locks->lock(u"anything"_s)); // the session still answers
}

// One rule on every path for a statement that failed: kept prepared after a duplicate key or
// a busy database (expected outcomes), prepared afresh after other errors. Connector/C
// (MariaDB's direct path) used to close it after every error, so the next run paid a prepare.
void ProtocolTest::aDuplicateKeyKeepsThePreparedStatement()
{
    const QString table = TestBackend::uniqueTable(u"dup"_s);
    LOCKSCOPE_VERIFY_OK(m_session->runDdl(u"CREATE TABLE "_s + table + u" (k INT PRIMARY KEY)"_s));
    Statement insert;
    insert << "INSERT INTO " << table << " (k) VALUES (" << Param{1} << ")";
    const bool direct = m_session->hasFeature(Feature::DirectTransport); // Connector/C or libpq
    const auto runIt = [&](const Statement &statement) -> std::optional<Error> {
        if (direct) {
            auto answer = m_session->runRows(statement, u"inserting"_s);
            return answer ? std::nullopt : std::optional<Error>(answer.error());
        }
        auto answer = m_session->run(statement, u"inserting"_s);
        return answer ? std::nullopt : std::optional<Error>(answer.error());
    };
    QVERIFY(!runIt(insert));
    QVERIFY(SessionInternals::isPrepared(*m_session, insert.text()));
    const auto duplicate = runIt(insert);
    QVERIFY(duplicate);
    QCOMPARE(duplicate->kind, Error::Kind::Duplicate);
    QVERIFY2(SessionInternals::isPrepared(*m_session, insert.text()),
             direct ? "past Qt's driver" : "Qt driver");
    Statement unknown;
    unknown << "INSERT INTO " << table << " (k) VALUES (" << Param{u"not a number"_s} << ")";
    if (!TestBackend::instance().isSqlite()) { // SQLite stores the text as it is
        QVERIFY(runIt(unknown));
        // prepared afresh next time
        QVERIFY(!SessionInternals::isPrepared(*m_session, unknown.text()));
    }
    LOCKSCOPE_VERIFY_OK(m_session->runDdl(u"DROP TABLE "_s + table));
}

LOCKSCOPE_BACKEND_TEST_MAIN(ProtocolTest)
#include "tst_protocol.moc"
