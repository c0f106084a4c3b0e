// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

namespace lockcore {

// How a waiting acquirer retries: exponential backoff with random jitter, until a deadline or a
// number of attempts (whichever comes first; 0 means no limit of that kind, but at least one
// of the two must be set).
struct RetryPolicy
{
    qint64 deadlineMs = 0;      // total time to keep trying
    int maxAttempts = 0;        // total attempts, including the first
    qint64 initialDelayMs = 50; // first pause
    qint64 maxDelayMs = 2000;   // pauses grow up to this
    double multiplier = 2.0;    // growth per attempt
    double jitter = 0.5;        // each pause is scaled by a random factor in [1 - j, 1 + j]

    // The pause before attempt `attempt + 1` (attempt >= 1), given a uniform random u in [0,1).
    qint64 delayMs(int attempt, double u) const;
};

} // namespace lockcore
