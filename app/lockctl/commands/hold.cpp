#include "hold.h"

#include "errortext.h"
#include "leasekeeper.h"
#include "lockctltr.h"
#include "lockservice.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QThread>

using namespace cli;

namespace lockctl {

namespace {

constexpr qint64 pollMs = 50; // how quickly a signal or the end of the hold is noticed

} // namespace

HoldOutcome holdLock(lockcore::LockService &service, const lockcore::Grant &grant,
                     const HoldPlan &plan, const std::atomic_bool &stop,
                     const std::function<void(const QString &)> &warn, const RenewedFn &renewed)
{
    HoldOutcome outcome;
    QElapsedTimer held;
    held.start();
    // Renews at a third of the lease the database gave (lockcore's keeper for every holder).
    lockcore::LeaseKeeper keeper(service, grant, plan.ttlMs, [&held] { return held.elapsed(); });

    while (held.elapsed() < plan.holdMs) {
        if (stop.load()) {
            outcome.interrupted = true;
            break;
        }
        if (plan.renew) {
            const qint64 sentAtMs = QDeadlineTimer::current().deadline();
            const lockcore::LeaseKeeper::Step renewal = keeper.renewIfDue();
            if (renewal == lockcore::LeaseKeeper::Step::Renewed && renewed) {
                renewed(sentAtMs, keeper.grant());
            } else if (renewal == lockcore::LeaseKeeper::Step::Failed) {
                warn(Tr::tr("Could not renew \"%1\"; retrying: %2")
                         .arg(grant.name, errorText(keeper.lastError())));
            } else if (renewal == lockcore::LeaseKeeper::Step::Lost) {
                outcome.lost = true;
                outcome.current = *keeper.lost();
                break;
            }
            outcome.renewals = keeper.renewals();
        }
        qint64 pause = qMin(pollMs, plan.holdMs - held.elapsed());
        if (plan.renew)
            pause = qMin(pause, keeper.msUntilDue());
        if (pause > 0)
            QThread::msleep(quint32(pause));
    }
    outcome.heldMs = held.elapsed();
    if (outcome.lost)
        return outcome;

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
