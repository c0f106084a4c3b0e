// SPDX-License-Identifier: Apache-2.0
#include "retrypolicy.h"

#include <algorithm>
#include <cmath>

namespace lockcore {

qint64 RetryPolicy::delayMs(int attempt, double u) const
{
    const double grown = double(initialDelayMs) * std::pow(std::max(1.0, multiplier),
                                                           std::max(0, attempt - 1));
    const double capped = std::min(grown, double(std::max(maxDelayMs, initialDelayMs)));
    const double j = std::clamp(jitter, 0.0, 1.0);
    const double factor = 1.0 - j + 2.0 * j * std::clamp(u, 0.0, 1.0);
    return std::max<qint64>(1, qint64(std::llround(capped * factor)));
}

} // namespace lockcore
