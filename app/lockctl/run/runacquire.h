// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commands/leaseoptions.h"
#include "locktypes.h"
#include "result.h"

#include <atomic>

namespace lockcore {
class LockService;
}

namespace lockctl {

// The acquire of "lockctl run", which never re-enters a lock: a grant at depth > 1 means that
// this holder held it already (another run with the same --holder, or an acquire without
// --hold), so that level is given back at once (a release checked by holder and fence, which
// leaves the other's level as it was) and the run counts as refused, and tries again within
// --wait like any refused run. `sameHolder` tells the caller why it was refused.
lockcore::Result<lockcore::Grant> acquireForRun(lockcore::LockService &service,
                                                const QString &name, const LeaseOptions &lease,
                                                const std::atomic_bool &cancel, bool *sameHolder);

} // namespace lockctl
