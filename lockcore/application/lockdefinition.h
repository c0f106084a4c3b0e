// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"
#include "retrypolicy.h"

#include <QString>

#include <chrono>

namespace lockcore {

// One lock an application uses, declared once (seed 000's PessimisticLockEnum): its name, the
// lease each grant and renewal asks for, and how long and how often to try for it.
// Attempts: the first, then `retries` more (seed 000's retryCount), `intervalMs` apart, but
// never past `waitMs` after the first one. A release notified by the database (PostgreSQL's
// NOTIFY, the wake-up queue on PostgreSQL and MariaDB) wakes a waiter before its interval
// ends. A wait means the same here as in a definitions file: `LockDefinition{name, lease,
// wait}` keeps trying until the wait ends (retries untilWaitEnds, the default); without a wait
// that is one attempt. Defaults: one attempt, no waiting.
struct LockDefinition
{
    // `retries`: as many attempts as the wait allows (without a wait: one attempt).
    static constexpr int untilWaitEnds = -1;

    QString name;
    qint64 leaseMs = 30000; // the lease of the grant and of every renewal
    qint64 waitMs = 0;      // how long to keep trying at most; 0: no wait (or no deadline
                            // when `retries` counts the attempts)
    int retries = untilWaitEnds; // attempts after the first; untilWaitEnds: bounded by waitMs
    qint64 intervalMs = 0;  // the pause between attempts; 0: lockcore's backoff (50 ms doubling
                            // up to 2 s); either way scaled by a random factor in [0.75, 1.25]
    QString description;

    // The same with std::chrono durations (seconds, minutes... convert to milliseconds).
    static LockDefinition of(const QString &name, std::chrono::milliseconds lease,
                             std::chrono::milliseconds wait = std::chrono::milliseconds(0));

    // The name, lease, description and the numbers checked (the errors name the lock).
    Status validate() const;
    // How LockService::acquireWithWait tries for it.
    RetryPolicy retryPolicy() const;
};

} // namespace lockcore
