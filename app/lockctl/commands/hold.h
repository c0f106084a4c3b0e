// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "holdend.h"
#include "locktypes.h"

#include <QDateTime>
#include <atomic>
#include <functional>
#include <optional>

namespace lockcore {
class LeaseKeeper;
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

// Told of each renewal, with the keeper as renewed (its grant() and leaseEndMs(): when the lease
// ends if no further renewal gets through, for "lockctl run").
using RenewedFn = std::function<void(const lockcore::LeaseKeeper &keeper)>;

// Keeps the lock that `keeper` keeps for plan.holdMs (or until `stop` is set; "lockctl run":
// until its command ends), renewing it when asked, then releases it. Renewal errors are passed
// to `warn` and retried; a renewal that finds the lock taken over ends the hold as lost
// (nothing is released then).
HoldOutcome holdLock(lockcore::LockService &service, lockcore::LeaseKeeper &keeper,
                     const HoldPlan &plan, const std::atomic_bool &stop,
                     const std::function<void(const QString &)> &warn,
                     const RenewedFn &renewed = {});

// "Could not renew NAME; retrying: ERROR", for a renewal that could not be sent.
QString renewalFailedText(const lockcore::LeaseKeeper &keeper);

} // namespace lockctl
