#pragma once

#include "holdend.h"
#include "locktypes.h"

#include <QDateTime>
#include <atomic>
#include <functional>
#include <optional>

namespace lockcore {
class LockService;
}

namespace lockctl {

struct HoldPlan
{
    qint64 holdMs = 0;
    bool renew = false; // renew at a third of the lease
    qint64 ttlMs = 0;   // the lease asked for at each renewal (0: the lock's own)
};

struct HoldOutcome : HoldEnd
{
    int renewals = 0;
    int remainingDepth = -1;
    QDateTime releasedAt;
    lockcore::LockInfo current; // when lost: the lock as it is now
};

// Told of each renewal: when it was sent (ms on the monotonic clock of QDeadlineTimer::current())
// and the grant as renewed (its expiresAt and dbNow), so that the caller knows when the lease
// ends if no further renewal gets through ("lockctl run").
using RenewedFn = std::function<void(qint64 sentAtMs, const lockcore::Grant &renewed)>;

// Keeps a granted lock for plan.holdMs (or until `stop` is set; "lockctl run": until its command
// ends), renewing it when asked, then releases it. Renewal errors are passed to `warn` and
// retried; a renewal that finds the lock taken over ends the hold as lost (nothing is released
// then).
HoldOutcome holdLock(lockcore::LockService &service, const lockcore::Grant &grant,
                     const HoldPlan &plan, const std::atomic_bool &stop,
                     const std::function<void(const QString &)> &warn,
                     const RenewedFn &renewed = {});

} // namespace lockctl
