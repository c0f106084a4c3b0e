// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

#include <atomic>
#include <functional>

namespace lockcore {

// Sleeps `ms` in slices of at most `sliceMs`, and ends early once `stop` is set (null: never).
// The time left is read once per slice and no slice is longer than it: a thread preempted
// between reading the clock and sleeping wakes up late by one slice at most, never sleeps for
// an underflowed (huge) duration. Returns false when `stop` ended it.
// `elapsedMs`: the clock, in ms since the sleep began (a test hook); empty: a monotonic timer.
bool sleepInSlices(qint64 ms, qint64 sliceMs, const std::atomic_bool *stop,
                   const std::function<qint64()> &elapsedMs = {});

} // namespace lockcore
