// SPDX-License-Identifier: GPL-3.0-or-later
#include "hold.h"

#include "errortext.h"
#include "leasekeeper.h"
#include "lockctltr.h"
#include "lockservice.h"

#include <QElapsedTimer>
#include <QThread>

using namespace cli;

namespace lockctl {

namespace {

constexpr qint64 pollMs = 50; // how quickly a signal or the end of the hold is noticed

} // namespace

QString renewalFailedText(const lockcore::LeaseKeeper &keeper)
{
    return Tr::tr("Could not renew \"%1\"; retrying: %2")
        .arg(keeper.grant().name, errorText(keeper.lastError()));
}

HoldOutcome holdLock(lockcore::LockService &service, lockcore::LeaseKeeper &keeper,
                     const HoldPlan &plan, const std::atomic_bool &stop,
                     const std::function<void(const QString &)> &warn, const RenewedFn &renewed)
{
    const lockcore::Grant grant = keeper.grant(); // its name, holder and fence stay
    HoldOutcome outcome;
    outcome.renewals = keeper.renewals();
    QElapsedTimer held;
    held.start();

    while (held.elapsed() < plan.holdMs) {
        if (stop.load()) {
            outcome.interrupted = true;
            break;
        }
        if (plan.renew) {
            // Renews at a third of the lease the database gave.
            const lockcore::LeaseKeeper::Step renewal = keeper.renewIfDue();
            if (renewal == lockcore::LeaseKeeper::Step::Renewed && renewed) {
                renewed(keeper);
            } else if (renewal == lockcore::LeaseKeeper::Step::Failed) {
                warn(renewalFailedText(keeper));
            } else if (renewal == lockcore::LeaseKeeper::Step::Lost) {
                outcome.lost = true;
                outcome.current = *keeper.lost();
                break;
            } else if (renewal == lockcore::LeaseKeeper::Step::Lapsed) {
                outcome.lost = outcome.lapsed = true;
                outcome.lapseError = keeper.lastError();
                break;
            }
            outcome.renewals = keeper.renewals();
        }
        const qint64 pause = qMin(pollMs, plan.holdMs - held.elapsed());
        if (plan.renew) // (PostgreSQL: woken at once by a force release of the lock)
            keeper.wait(pause, stop);
        else if (pause > 0)
            QThread::msleep(quint32(pause));
    }
    outcome.heldMs = held.elapsed();
    if (outcome.lost && !outcome.lapsed)
        return outcome; // someone else's now: nothing to release

    // A lapsed lease may still be ours in the database (a renewal that landed after its end
    // here): released, fence-checked, so that it does not wait for that renewal's end.
    auto released = service.release(grant.name, grant.holder, grant.fence);
    if (!released) {
        outcome.error = released.error();
        return outcome;
    }
    outcome.released = released->released;
    if (!released->released) {
        outcome.lost = true;
        outcome.current = released->current;
        return outcome;
    }
    outcome.remainingDepth = released->remainingDepth;
    outcome.releasedAt = released->releasedAt; // as the release reported it (none: still held)
    return outcome;
}

} // namespace lockctl
