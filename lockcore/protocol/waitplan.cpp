// SPDX-License-Identifier: Apache-2.0
#include "waitplan.h"

#include <QDateTime>

namespace lockcore {

qint64 WaitPlan::firstQueueWait(double u) const
{
    // An acquirer that finds the lock held joins the queue in the same round trip, unless the
    // policy allows only one attempt.
    if (!m_means.queue || m_means.queueOnContention || m_policy.maxAttempts == 1)
        return -1;
    return queueWait(m_policy.delayMs(1, u), 0);
}

bool WaitPlan::describeRefusal(qint64 now) const
{
    return m_leaseEndsAt < 0 || now >= m_leaseEndsAt;
}

void WaitPlan::learn(const LockInfo &current, qint64 now)
{
    if (current.expiresAt.isValid() && current.dbNow.isValid()) {
        const qint64 untilExpiry = current.dbNow.msecsTo(current.expiresAt);
        m_leaseEndsAt = untilExpiry >= 0 ? now + untilExpiry + 1 : -1;
    } else if (!current.name.isEmpty()) {
        m_leaseEndsAt = -1; // described, but free or without a lease end: read it next time
    }
}

qint64 WaitPlan::untilDeadline(qint64 now) const
{
    return m_policy.deadlineMs > 0 ? m_policy.deadlineMs - now : 0;
}

bool WaitPlan::exhausted(int attempt, qint64 now) const
{
    const bool bounded = m_policy.maxAttempts > 0 || m_policy.deadlineMs > 0;
    const bool attemptsLeft = m_policy.maxAttempts <= 0 || attempt < m_policy.maxAttempts;
    const bool timeLeft = m_policy.deadlineMs <= 0 || untilDeadline(now) > 0;
    return !bounded || !attemptsLeft || !timeLeft;
}

bool WaitPlan::lostRace()
{
    if (++m_raceLosses < listenBudget)
        return false;
    m_listenSpent = true;
    return true;
}

bool WaitPlan::mayListen(bool holdsWakeLock) const
{
    // With a queue, only its first waiter listens: it holds the wake-up lock but not the lock,
    // whose holder will not wake it through the queue.
    return m_means.notifications && !m_listenSpent && (!m_means.queue || holdsWakeLock);
}

qint64 WaitPlan::pause(int attempt, qint64 now, double u) const
{
    qint64 delay = m_policy.delayMs(attempt, u);
    if (m_leaseEndsAt >= 0) // wake when that lease ends (by the database clock), if sooner
        delay = qMin(delay, qMax<qint64>(0, m_leaseEndsAt - now));
    if (m_means.releasesElsewhere)
        delay = qMin(delay, otherNodePollMs);
    if (m_policy.deadlineMs > 0)
        delay = qMin(delay, qMax<qint64>(0, untilDeadline(now)));
    return delay;
}

qint64 WaitPlan::headOfQueuePause(qint64 pause) const
{
    // Only while time alone bounds the wait: where the policy counts attempts, each is worth
    // its whole pause (a definition's `retries` and `intervalMs` mean what they say).
    return m_means.queue && m_means.queueOnContention && !queuesInSlices()
               ? qMin(pause, headPollMs)
               : pause;
}

WaitPlan::Way WaitPlan::way(bool listening, bool holdsWakeLock, bool connectionTrouble) const
{
    if (listening)
        return Way::Notification;
    if (m_means.queue && !holdsWakeLock && !connectionTrouble)
        return Way::Queue;
    return Way::Sleep;
}

qint64 WaitPlan::queueWait(qint64 pauseMs, qint64 now) const
{
    // While only time bounds the wait, an attempt queues for as long as the holder's lease
    // can still run, in slices short enough for a cancel to be seen (a waiter that gives up
    // its place goes to the back); with a bounded number of attempts, for the pause.
    qint64 wait = queuesInSlices() ? qMin(pauseMs, queueSliceMs) : queueSliceMs;
    if (m_leaseEndsAt >= 0)
        wait = qMin(wait, qMax<qint64>(0, m_leaseEndsAt - now));
    if (m_policy.deadlineMs > 0)
        wait = qMin(wait, qMax<qint64>(0, untilDeadline(now)));
    return wait;
}

} // namespace lockcore
