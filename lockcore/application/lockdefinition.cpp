// SPDX-License-Identifier: Apache-2.0
#include "lockdefinition.h"

#include "validation.h"

#include "tr.h"

namespace lockcore {

namespace {

Status invalid(const QString &name, const QString &why)
{
    return Error::invalidInput(Tr::tr("The lock definition \"%1\": %2").arg(name, why));
}

} // namespace

Status LockDefinition::validate() const
{
    if (Status valid = validateLockName(name); !valid)
        return valid;
    if (Status valid = validateTtl(leaseMs); !valid)
        return invalid(name, valid.error().message);
    if (Status valid = validateDescription(description, Tr::tr("the description")); !valid)
        return invalid(name, valid.error().message);
    if (waitMs < 0)
        return invalid(name, Tr::tr("the wait is negative."));
    if (intervalMs < 0)
        return invalid(name, Tr::tr("the retry interval is negative."));
    if (retries < untilWaitEnds)
        return invalid(name, Tr::tr("the number of retries is negative."));
    return {};
}

LockDefinition LockDefinition::of(const QString &name, std::chrono::milliseconds lease,
                                  std::chrono::milliseconds wait)
{
    LockDefinition definition;
    definition.name = name;
    definition.leaseMs = lease.count();
    definition.waitMs = wait.count();
    return definition;
}

RetryPolicy LockDefinition::retryPolicy() const
{
    RetryPolicy policy;
    policy.deadlineMs = waitMs;
    // Until the wait ends: no count (the deadline bounds it); no wait either: one attempt.
    if (retries == untilWaitEnds)
        policy.maxAttempts = waitMs > 0 ? 0 : 1;
    else
        policy.maxAttempts = retries + 1;
    if (intervalMs > 0) {
        policy.initialDelayMs = intervalMs;
        policy.maxDelayMs = intervalMs;
        policy.multiplier = 1.0;
    }
    policy.jitter = 0.25; // waiters that started together do not retry together
    return policy;
}

} // namespace lockcore
