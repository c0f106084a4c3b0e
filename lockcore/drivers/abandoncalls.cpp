// SPDX-License-Identifier: Apache-2.0
#include "abandoncalls.h"

#include "callwatchdog.h"

namespace lockcore {

void abandonCallsInProgress(qint64 graceMs)
{
    CallWatchdog::instance().abandonAll(graceMs);
}

} // namespace lockcore
