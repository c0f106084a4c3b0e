// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl cluster: what the connected server says about its cluster (Galera, PostgreSQL
// primary or standby), with the warnings that matter for locks.

#include "clusterjson.h"
#include "clusterstatus.h"
#include "clustertext.h"
#include "commands.h"
#include "exitcode.h"
#include "invocation.h"
#include "output.h"

using namespace cli;

namespace lockctl {

int runCluster(Invocation &invocation)
{
    if (lockcore::Status none = invocation.noArguments(); !none)
        return invocation.usage(none.error());
    auto session = invocation.session();
    if (!session)
        return invocation.fail(session.error());
    auto status = lockcore::readClusterStatus(**session);
    if (!status)
        return invocation.fail(status.error());
    // Warnings do not change the exit code: the command did what was asked, and a script reads
    // them from the JSON's "warnings".
    invocation.out().result(lockcore::clusterStatusToJson(*status), clusterStatusText(*status));
    return ExitDone;
}

} // namespace lockctl
