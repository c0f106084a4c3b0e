// SPDX-License-Identifier: GPL-3.0-or-later
#include "runacquire.h"

#include "lockservice.h"

#include <QDeadlineTimer>
#include <QThread>

namespace lockctl {

namespace {

constexpr qint64 sameHolderRetryMs = 250; // no release wakes a same-holder waiter: polled

lockcore::Result<lockcore::Grant> acquireOnce(lockcore::LockService &service,
                                              const QString &name, const LeaseOptions &lease,
                                              qint64 waitMs, const std::atomic_bool &cancel)
{
    if (waitMs > 0)
        return service.acquireWithWait(name, lease.holder, lease.ttlMs,
                                       lockcore::RetryPolicy{waitMs}, &cancel);
    return service.acquire(name, lease.holder, lease.ttlMs);
}

// Gives back the level a re-entry took; the grant, now a refusal with the lock as it is.
lockcore::Result<lockcore::Grant> giveBack(lockcore::LockService &service,
                                           lockcore::Grant grant)
{
    auto released = service.release(grant.name, grant.holder, grant.fence);
    if (!released)
        return released.error();
    grant.acquired = false;
    if (auto now = service.lock(grant.name); now && now->has_value())
        grant.current = **now;
    return grant;
}

} // namespace

lockcore::Result<lockcore::Grant> acquireForRun(lockcore::LockService &service,
                                                const QString &name, const LeaseOptions &lease,
                                                const std::atomic_bool &cancel, bool *sameHolder)
{
    const QDeadlineTimer deadline(lease.waitMs);
    qint64 waitMs = lease.waitMs;
    int attempts = 0;
    for (;;) {
        auto grant = acquireOnce(service, name, lease, waitMs, cancel);
        if (!grant)
            return grant;
        attempts += grant->attempts;
        grant->attempts = attempts;
        if (!grant->acquired || grant->depth <= 1)
            return grant;
        *sameHolder = true;
        auto refused = giveBack(service, *grant);
        waitMs = lease.waitMs > 0 ? deadline.remainingTime() : 0;
        if (!refused || waitMs <= sameHolderRetryMs || cancel.load())
            return refused;
        QThread::msleep(quint32(sameHolderRetryMs));
        waitMs -= sameHolderRetryMs;
    }
}

} // namespace lockctl
