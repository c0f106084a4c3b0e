// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "profiletable.h"
#include "result.h"
#include "retrypolicy.h"

#include <atomic>

namespace lockctl {

struct ProfileWaited
{
    lockcore::ProfileAcquire outcome; // the last attempt's
    int attempts = 0;
};

// acquire --wait with --profile: the application's acquire, attempted again after each refusal
// with lockcore's RetryPolicy pauses (backoff with jitter), until it is granted, the policy's
// deadline (a last attempt at the deadline); `stop` set while it waits: Error::Kind::Cancelled,
// as a native wait. Applications' tables have no wake-up: nothing tells a waiter that the lock
// was released, so it polls. An attempt's error ends the wait (a native wait retries a lost
// connection and a busy database).
lockcore::Result<ProfileWaited> acquireProfileWithWait(lockcore::ProfileTable &table,
                                                       const QString &name,
                                                       const QString &holder, qint64 ttlMs,
                                                       const lockcore::RetryPolicy &policy,
                                                       const std::atomic_bool &stop);

// Sleeps `ms` in short steps; false as soon as `stop` is set (also for the profile hold).
bool pauseUnlessStopped(qint64 ms, const std::atomic_bool &stop);

} // namespace lockctl
