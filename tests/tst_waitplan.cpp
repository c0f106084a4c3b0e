// SPDX-License-Identifier: GPL-3.0-or-later
// WaitPlan: each decision a waiting acquirer takes between attempts, alone, without a database
// (LockService::acquireWithWait carries them out; the contention and lockctl suites run them
// against real servers).

#include "waitplan.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;
using lockcore::RetryPolicy;
using lockcore::WaitPlan;

namespace {

RetryPolicy policy(qint64 deadlineMs, int maxAttempts)
{
    RetryPolicy p;
    p.deadlineMs = deadlineMs;
    p.maxAttempts = maxAttempts;
    p.initialDelayMs = 100;
    p.maxDelayMs = 1000;
    p.multiplier = 2.0;
    p.jitter = 0.0; // pauses exactly 100, 200, 400, ... ms
    return p;
}

// A refusal's view of the holder: its lease ends `leaseLeftMs` after the database's now.
LockInfo heldFor(qint64 leaseLeftMs)
{
    LockInfo info;
    info.name = u"job"_s;
    info.holder = u"other"_s;
    info.dbNow = QDateTime::fromMSecsSinceEpoch(1'800'000'000'000, Qt::UTC);
    info.expiresAt = info.dbNow.addMSecs(leaseLeftMs);
    return info;
}

constexpr WaitPlan::Means everything{true, true};
constexpr WaitPlan::Means pollingOnly{false, false};

} // namespace

class WaitPlanTest : public QObject
{
    Q_OBJECT

private slots:
    void theQueueIsJoinedFromTheFirstAttempt()
    {
        // Time-bounded: a slice; attempt-bounded: the first pause, at most a slice; one
        // attempt only, or no queue: not at all.
        QCOMPARE(WaitPlan(policy(10'000, 0), everything).firstQueueWait(0.5),
                 WaitPlan::queueSliceMs);
        QCOMPARE(WaitPlan(policy(0, 5), everything).firstQueueWait(0.5), qint64(100));
        QCOMPARE(WaitPlan(policy(0, 1), everything).firstQueueWait(0.5), qint64(-1));
        QCOMPARE(WaitPlan(policy(10'000, 0), pollingOnly).firstQueueWait(0.5), qint64(-1));
    }

    void aRefusalIsDescribedOnlyWithoutAKnownLeaseEnd()
    {
        WaitPlan plan(policy(10'000, 0), everything);
        QVERIFY(plan.describeRefusal(0));
        plan.learn(heldFor(3000), 1000); // ends at 4001 on the waiter's clock
        QVERIFY(!plan.describeRefusal(1000));
        QVERIFY(!plan.describeRefusal(4000));
        QVERIFY(plan.describeRefusal(4001));
        plan.learn(LockInfo{}, 4001); // a refusal that said nothing changes nothing
        QVERIFY(plan.describeRefusal(4001));
        plan.learn(heldFor(-5), 4100); // already expired: unknown again
        QVERIFY(plan.describeRefusal(4100));
        plan.learn(heldFor(3000), 5000);
        LockInfo free;
        free.name = u"job"_s; // described, no lease end
        plan.learn(free, 5100);
        QVERIFY(plan.describeRefusal(5100));
    }

    void pausesNeverOutlastTheLeaseOrTheDeadline()
    {
        WaitPlan plan(policy(10'000, 0), everything);
        QCOMPARE(plan.pause(1, 0, 0.5), qint64(100));
        QCOMPARE(plan.pause(3, 0, 0.5), qint64(400));
        QCOMPARE(plan.pause(9, 0, 0.5), qint64(1000)); // the policy's maximum
        plan.learn(heldFor(149), 0); // ends at 150
        QCOMPARE(plan.pause(3, 0, 0.5), qint64(150));
        QCOMPARE(plan.pause(3, 200, 0.5), qint64(0)); // ended: at once
        WaitPlan nearDeadline(policy(1000, 0), pollingOnly);
        QCOMPARE(nearDeadline.pause(5, 900, 0.5), qint64(100));
    }

    void aClusterNodePollsForReleasesOnOtherNodes()
    {
        // Galera: a release on another node wakes nothing here, so no pause is longer than
        // otherNodePollMs; the lease end and the deadline still cut it shorter. LockService
        // gives such a node no queue (its waiters would pass the lock on among themselves):
        // every waiter polls.
        const WaitPlan::Means galera{false, false, true};
        WaitPlan plan(policy(10'000, 0), galera);
        QCOMPARE(plan.pause(1, 0, 0.5), WaitPlan::otherNodePollMs);
        QCOMPARE(plan.pause(9, 0, 0.5), WaitPlan::otherNodePollMs);
        plan.learn(heldFor(19), 0); // ends at 20
        QCOMPARE(plan.pause(9, 0, 0.5), qint64(20));
        QCOMPARE(WaitPlan(policy(1000, 0), galera).pause(9, 990, 0.5), qint64(10));
        const WaitPlan fresh(policy(10'000, 0), galera);
        QCOMPARE(fresh.firstQueueWait(0.5), qint64(-1));
        QCOMPARE(fresh.way(false, false, false), WaitPlan::Way::Sleep);
    }

    void thePolicyEndsTheWait()
    {
        QVERIFY(!WaitPlan(policy(0, 3), pollingOnly).exhausted(2, 50'000));
        QVERIFY(WaitPlan(policy(0, 3), pollingOnly).exhausted(3, 0));
        QVERIFY(!WaitPlan(policy(1000, 0), pollingOnly).exhausted(100, 999));
        QVERIFY(WaitPlan(policy(1000, 0), pollingOnly).exhausted(1, 1000));
        QVERIFY(WaitPlan(policy(0, 0), pollingOnly).exhausted(1, 0)); // unbounded: one attempt
    }

    void onlyTheFirstWaiterInTheQueueListensUntilItLosesTwice()
    {
        WaitPlan plan(policy(10'000, 0), everything);
        QVERIFY(!plan.mayListen(false)); // queued behind another: the queue wakes it
        QVERIFY(plan.mayListen(true));
        QVERIFY(!plan.lostRace());
        QVERIFY(plan.lostRace()); // the budget is spent: stop listening ...
        QVERIFY(!plan.mayListen(true)); // ... for the rest of this wait
        QVERIFY(WaitPlan(policy(10'000, 0), {false, true}).mayListen(false)); // no queue
        QVERIFY(!WaitPlan(policy(10'000, 0), {true, false}).mayListen(true)); // no NOTIFY
    }

    void thePauseIsSpentTheWayTheWaiterIsWoken()
    {
        using Way = WaitPlan::Way;
        const WaitPlan plan(policy(10'000, 0), everything);
        QCOMPARE(plan.way(true, true, false), Way::Notification);
        QCOMPARE(plan.way(false, false, false), Way::Queue);
        QCOMPARE(plan.way(false, true, false), Way::Sleep);  // first in the queue, not listening
        QCOMPARE(plan.way(false, false, true), Way::Sleep);  // the connection is in trouble
        QCOMPARE(WaitPlan(policy(10'000, 0), pollingOnly).way(false, false, false), Way::Sleep);
    }

    void aQueuedWaitIsCutAtTheLeaseEndAndTheDeadline()
    {
        WaitPlan timeBound(policy(10'000, 0), everything);
        QCOMPARE(timeBound.queueWait(5000, 0), WaitPlan::queueSliceMs);
        timeBound.learn(heldFor(99), 0); // ends at 100
        QCOMPARE(timeBound.queueWait(5000, 40), qint64(60));
        WaitPlan attemptBound(policy(0, 9), everything);
        QCOMPARE(attemptBound.queueWait(80, 0), qint64(80));
        QCOMPARE(attemptBound.queueWait(5000, 0), WaitPlan::queueSliceMs);
        WaitPlan deadline(policy(1000, 0), everything);
        QCOMPARE(deadline.queueWait(5000, 950), qint64(50));
        QCOMPARE(deadline.queueWait(5000, 1200), qint64(0));
    }
};

QTEST_GUILESS_MAIN(WaitPlanTest)
#include "tst_waitplan.moc"
