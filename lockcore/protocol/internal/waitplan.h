// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "locktypes.h"
#include "retrypolicy.h"

namespace lockcore {

// When and how a waiting acquirer tries again, decided apart from the database:
// LockService::acquireWithWait carries the decisions out, tst_waitplan checks each one alone.
// Times are the waiter's own monotonic clock, in ms since the wait began; a holder's lease end
// is mapped onto it from the database's own times in a refusal (its dbNow and expiresAt).
//
// The ways of waking, chosen once for a wait from what the connection offers (Means):
// - a queue in the server (the lock's wake-up lock: a PostgreSQL advisory lock, MariaDB's
//   GET_LOCK): an attempt first waits in its own statement, and the release lets it go on;
// - a notification (PostgreSQL's NOTIFY): for the waiter that holds the wake-up lock but not
//   the lock, which the queue cannot wake;
// - the lease-end timer: no pause lasts past the end of the lease the last refusal reported;
// - polling with backoff and jitter (RetryPolicy): what is left, and the only way on SQLite,
//   MySQL and Oracle, and on a node of a multi-primary cluster (Galera), where a release on
//   another node reaches neither the node's queue nor a notification: there pauses are capped
//   at otherNodePollMs so that such a release is seen promptly, and LockService leaves the
//   node's queue out, whose waiters would otherwise pass the lock on among themselves.
class WaitPlan
{
public:
    struct Means
    {
        bool queue = false;         // the connection has wake-up locks
        bool notifications = false; // releases are notified (Dialect::releaseChannel)
        bool releasesElsewhere = false; // other nodes release too, unheard (Galera)
        // The wake-up lock is taken only once a waiter finds the lock held (MariaDB,
        // Feature::WakeLockOnContention): the first attempt does not queue, and the head of
        // the queue (it holds the wake-up lock, the lock's holder may not) polls every
        // headPollMs, as no release of a holder without it wakes anyone.
        bool queueOnContention = false;
    };
    // A queued attempt waits at most this long in one statement, so that a cancel is seen.
    static constexpr qint64 queueSliceMs = 250;
    // Races a woken waiter may lose before it stops listening: a notification reaches every
    // connection that listens on the table, so at most a few waiters listen at a time.
    static constexpr int listenBudget = 2;
    // The longest pause on a multi-primary cluster node (Means::releasesElsewhere): the delay
    // before a release made on another node is seen.
    static constexpr qint64 otherNodePollMs = 50;
    // The longest pause of the head of a queue taken on contention (Means::queueOnContention).
    static constexpr qint64 headPollMs = 5;

    WaitPlan(const RetryPolicy &policy, Means means) : m_policy(policy), m_means(means) {}

    // The first attempt's wait in the queue (-1: it does not queue). `u`: uniform in [0, 1).
    qint64 firstQueueWait(double u) const;
    // A refusal must also read who holds the lock: the lease end is unknown or has passed.
    bool describeRefusal(qint64 now) const;
    // What a refusal said about the holder (an empty name: it said nothing).
    void learn(const LockInfo &current, qint64 now);
    // The attempt just refused was the last the policy allows.
    bool exhausted(int attempt, qint64 now) const;
    // A woken attempt lost its race: true when the waiter is to stop listening now.
    bool lostRace();
    // The waiter may start listening (it holds the wake-up lock, where there is a queue).
    bool mayListen(bool holdsWakeLock) const;
    // The pause after a refused attempt: the policy's backoff, never past the lease end or
    // the deadline, nor past otherNodePollMs on a multi-primary cluster node.
    qint64 pause(int attempt, qint64 now, double u) const;
    // A pause slept by a waiter that holds the wake-up lock: capped at headPollMs where the
    // queue is taken on contention (the holder it waits for may have none to free) and only
    // time bounds the wait (a policy that counts attempts gets its whole pauses).
    qint64 headOfQueuePause(qint64 pause) const;
    enum class Way { Notification, Queue, Sleep };
    // How the pause is spent. `connectionTrouble`: the attempt failed with a lost connection
    // or a busy database (the queue is not joined then).
    Way way(bool listening, bool holdsWakeLock, bool connectionTrouble) const;
    // The wait a queued attempt's statement gets, for what is left of a pause.
    qint64 queueWait(qint64 pauseMs, qint64 now) const;
    // A pause longer than a slice is spent in slices of waiting for the wake-up lock before
    // the attempt (the policy bounds the attempts: each one is worth its whole pause).
    bool queuesInSlices() const { return m_policy.maxAttempts > 0; }
    // The queue is joined only on contention (Means::queueOnContention).
    bool queuesOnContention() const { return m_means.queue && m_means.queueOnContention; }

private:
    qint64 untilDeadline(qint64 now) const;

    RetryPolicy m_policy;
    Means m_means;
    qint64 m_leaseEndsAt = -1; // -1: unknown
    int m_raceLosses = 0;
    bool m_listenSpent = false;
};

} // namespace lockcore
