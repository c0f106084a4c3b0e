// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchoptions.h"
#include "retrypolicy.h"

#include <atomic>

namespace lockbench {

// How the polling protocols pause between attempts. All start from the same base interval
// (--poll-ms); each keeps the shape its own source uses:
// - lockcore (acquireWithWait) and raw-sql: lockcore's RetryPolicy, from pollMs doubling up to
//   pollMaxMs, each pause scaled by [1 - jitter, 1 + jitter];
// - seed-000: a fixed pause (the seed's retryInterval, Thread.sleep without jitter);
// - seed-004: pollMs scaled by [0.75, 1.25] (the seed sleeps 1500 + random(1000) ms);
// - shedlock-style: ShedLock itself never waits (a busy lock skips the task); pollMs with
//   the common jitter, without backoff.
lockcore::RetryPolicy retryPolicy(const WaitSettings &wait);
qint64 seed000PauseMs(const WaitSettings &wait);
qint64 seed004PauseMs(const WaitSettings &wait);
qint64 shedlockPauseMs(const WaitSettings &wait);

// A uniform random number in [0, 1) from this thread's generator.
double uniform01();
// Sleeps `ms` unless `stop` is raised first (checked every few ms); false when it was.
bool pauseUnlessStopped(qint64 ms, const std::atomic_bool &stop);

} // namespace lockbench
