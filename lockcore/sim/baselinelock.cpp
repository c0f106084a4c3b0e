// SPDX-License-Identifier: Apache-2.0
#include "baselinelock.h"

#include "forupdatelock.h"
#include "simtables.h"
#include "simtr.h"
#include "slicedsleep.h"
#include "unsafelock.h"

#include <QElapsedTimer>

namespace locksim {

std::unique_ptr<BaselineLock> BaselineLock::create(lockcore::LockService &service,
                                                   const SimSettings &settings, qint64 skewMs)
{
    if (settings.protocol == Protocol::ForUpdate)
        return std::make_unique<ForUpdateLock>(service, settings);
    return std::make_unique<UnsafeLock>(service, settings, skewMs);
}

BaselineLock::BaselineLock(lockcore::LockService &service, const SimSettings &settings)
    : m_service(service)
    , m_settings(settings)
{}

lockcore::Result<BaselineLock::Grant> BaselineLock::acquire(const QString &name,
                                                            const QString &holder,
                                                            const std::atomic_bool &stop,
                                                            QRandomGenerator &random)
{
    const lockcore::RetryPolicy &policy = m_settings.retry;
    const qint64 deadlineMs = policy.deadlineMs > 0 || policy.maxAttempts > 0
                                  ? policy.deadlineMs
                                  : 2 * m_settings.ttlMs;
    QElapsedTimer elapsed;
    elapsed.start();
    Grant grant;
    for (int attempt = 1;; ++attempt) {
        grant.attempts = attempt;
        auto before = dbNowUs(m_service);
        if (!before)
            return before.error();
        // A statement that waits in the server waits no longer than the policy would.
        const qint64 waitMs = deadlineMs > 0 ? qMax<qint64>(1, deadlineMs - elapsed.elapsed())
                                             : 2 * m_settings.ttlMs;
        auto granted = tryOnce(name, holder, waitMs);
        if (!granted)
            return granted.error();
        if (*granted) {
            auto after = dbNowUs(m_service);
            if (!after) {
                abandon();
                return after.error();
            }
            grant.acquired = true;
            grant.acquiredDbUs = m_grantedDbUs = *after;
            grant.expiresDbUs = leaseEnd(*before);
            return grant;
        }
        const qint64 remaining = deadlineMs > 0 ? deadlineMs - elapsed.elapsed() : 0;
        if ((policy.maxAttempts > 0 && attempt >= policy.maxAttempts)
            || (deadlineMs > 0 && remaining <= 0))
            return grant;
        qint64 delay = policy.delayMs(attempt, random.generateDouble());
        if (deadlineMs > 0)
            delay = qMin(delay, remaining);
        if (!lockcore::sleepInSlices(delay, 10, &stop))
            return lockcore::Error{lockcore::Error::Kind::Cancelled,
                                   SimTr::tr("Waiting for \"%1\" was cancelled.").arg(name),
                                   {},
                                   {}};
    }
}

} // namespace locksim
