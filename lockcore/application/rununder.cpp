// SPDX-License-Identifier: Apache-2.0
#include "rununder.h"

#include "tr.h"

namespace lockcore {

RunReport RunReport::after(LockGuard &guard, bool ran)
{
    RunReport report;
    report.fence = guard.fence();
    for (const Grant &grant : guard.grants())
        report.fences.insert(grant.name, grant.fence);
    if (!guard.acquired()) {
        report.refusal = guard.refusal();
        report.error = guard.error();
        report.status = report.refusal ? RunStatus::Refused : RunStatus::Failed;
        return report;
    }
    report.releaseError = guard.release();
    report.lost = guard.lost(); // also a lease the release found taken away
    if (!ran)
        report.status = RunStatus::LostBeforeRun;
    else
        report.status = report.lost ? RunStatus::Lost : RunStatus::Done;
    return report;
}

QString RunReport::summary() const
{
    switch (status) {
    case RunStatus::Done:
        return releaseError.ok() ? Tr::tr("Done under fence %1.").arg(fence)
                                 : Tr::tr("Done under fence %1, but the release failed: %2")
                                       .arg(fence)
                                       .arg(releaseError.error().message);
    case RunStatus::Refused:
        return Tr::tr("Not run: \"%1\" is held by %2 (fence %3).")
            .arg(refusal->name, refusal->current.holder)
            .arg(refusal->current.fence);
    case RunStatus::Failed:
        return Tr::tr("Not run: %1").arg(error.message);
    case RunStatus::LostBeforeRun:
        return lost ? Tr::tr("Not run: the lease of \"%1\" (fence %2) was lost before the run "
                             "could start.")
                          .arg(lost->name)
                          .arg(lost->fence)
                    : Tr::tr("Not run: a lease ended before the run could start (fence %1).")
                          .arg(fence);
    case RunStatus::Lost:
        return lost->reason == LostLease::Reason::TakenAway
                   ? Tr::tr("Ran, but the lease of \"%1\" (fence %2) was lost meanwhile: it is "
                            "now held by \"%3\" with fence %4.")
                         .arg(lost->name)
                         .arg(lost->fence)
                         .arg(lost->current.holder)
                         .arg(lost->current.fence)
                   : Tr::tr("Ran, but the lease of \"%1\" (fence %2) ran out before a renewal "
                            "reached the database: %3")
                         .arg(lost->name)
                         .arg(lost->fence)
                         .arg(lost->lastError.message);
    }
    return {};
}

} // namespace lockcore
