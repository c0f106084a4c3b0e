// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Holds for the simulator's verdict (locksim::checkHistory), built from what lockcore reported
// for a grant and its release, never adjusted: for the suites that check mutual exclusion over
// their own client threads (the cluster suites). Header only: the suites that use it link
// Lockscope::sim, which testsupport does not.

#include "locktypes.h"
#include "result.h"
#include "simhistory.h"

namespace testsupport {

// A reported time in µs since the epoch (0: not reported).
inline qint64 reportedUs(const QDateTime &time)
{
    return time.isValid() ? time.toMSecsSinceEpoch() * 1000 : 0;
}

// A grant as a hold of `client`, still running.
inline locksim::HoldRecord holdOf(const lockcore::Grant &grant, int client)
{
    locksim::HoldRecord hold;
    hold.client = client;
    hold.holder = grant.holder;
    hold.fence = grant.fence;
    hold.acquiredDbUs = reportedUs(grant.acquiredAt);
    hold.expiresDbUs = reportedUs(grant.expiresAt);
    hold.tookOver = !grant.tookOverFrom.isEmpty();
    return hold;
}

// Ends a hold with what its release reported: released at its time; lost (nothing changed:
// held, as far as anyone can tell, until its lease's end); an error (a connection cut by a kill:
// its outcome unknown) counts as held until the lease's end too.
inline void endHold(locksim::HoldRecord &hold,
                    const lockcore::Result<lockcore::ReleaseOutcome> &release)
{
    if (release && release->released) {
        hold.end = locksim::HoldRecord::End::Released;
        hold.releasedDbUs = reportedUs(release->releasedAt);
    } else {
        hold.end = release ? locksim::HoldRecord::End::Lost : locksim::HoldRecord::End::Crashed;
    }
}

} // namespace testsupport
