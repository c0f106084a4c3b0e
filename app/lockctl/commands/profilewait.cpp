// SPDX-License-Identifier: GPL-3.0-or-later
#include "profilewait.h"

#include "lockctltr.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QThread>

namespace lockctl {

namespace {

constexpr qint64 stepMs = 50; // how quickly a signal is noticed

// As a native wait that a signal ends (LockService::acquireWithWait).
lockcore::Error cancellation(const QString &name)
{
    return {lockcore::Error::Kind::Cancelled,
            Tr::tr("Waiting for \"%1\" was cancelled.").arg(name), {}, {}};
}

} // namespace

bool pauseUnlessStopped(qint64 ms, const std::atomic_bool &stop)
{
    QElapsedTimer paused;
    paused.start();
    while (!stop.load()) {
        const qint64 left = ms - paused.elapsed();
        if (left <= 0)
            return true;
        QThread::msleep(quint32(qMin(stepMs, left)));
    }
    return false;
}

lockcore::Result<ProfileWaited> acquireProfileWithWait(lockcore::ProfileTable &table,
                                                       const QString &name,
                                                       const QString &holder, qint64 ttlMs,
                                                       const lockcore::RetryPolicy &policy,
                                                       const std::atomic_bool &stop)
{
    QElapsedTimer waited;
    waited.start();
    ProfileWaited result;
    for (;;) {
        auto outcome = table.acquire(name, holder, ttlMs);
        if (!outcome)
            return outcome.error();
        ++result.attempts;
        result.outcome = *outcome;
        if (outcome->acquired)
            return result;
        const qint64 left = policy.deadlineMs - waited.elapsed();
        const bool triedEnough = policy.maxAttempts > 0 && result.attempts >= policy.maxAttempts;
        if (left <= 0 || triedEnough)
            return result;
        const double u = QRandomGenerator::global()->generateDouble();
        if (!pauseUnlessStopped(qMin(policy.delayMs(result.attempts, u), left), stop))
            return cancellation(name);
    }
}

} // namespace lockctl
