#include "hold.h"

#include "errortext.h"
#include "lockctltr.h"
#include "lockservice.h"

#include <QElapsedTimer>
#include <QThread>

using namespace cli;

namespace lockctl {

namespace {

constexpr qint64 pollMs = 50;   // how quickly a signal or the end of the hold is noticed
constexpr qint64 retryMs = 500; // the pause before retrying a renewal that failed
constexpr qint64 fallbackLeaseMs = 30000;

qint64 leaseMs(const QDateTime &from, const QDateTime &until)
{
    if (!from.isValid() || !until.isValid())
        return fallbackLeaseMs;
    return qMax<qint64>(1, from.msecsTo(until));
}

} // namespace

HoldOutcome holdLock(lockcore::LockService &service, const lockcore::Grant &grant,
                     const HoldPlan &plan, const std::atomic_bool &stop,
                     const std::function<void(const QString &)> &warn)
{
    HoldOutcome outcome;
    QElapsedTimer held;
    held.start();
    qint64 interval = qMax<qint64>(1, leaseMs(grant.dbNow, grant.expiresAt) / 3);
    qint64 nextRenewal = interval;

    while (held.elapsed() < plan.holdMs) {
        if (stop.load()) {
            outcome.interrupted = true;
            break;
        }
        if (plan.renew && held.elapsed() >= nextRenewal) {
            auto renewed = service.renew(grant.name, grant.holder, grant.fence, plan.ttlMs);
            if (!renewed) {
                warn(Tr::tr("Could not renew \"%1\"; retrying: %2")
                         .arg(grant.name, errorText(renewed.error())));
                nextRenewal = held.elapsed() + qMin(interval, retryMs);
            } else if (!renewed->renewed) {
                outcome.lost = true;
                outcome.current = renewed->current;
                break;
            } else {
                ++outcome.renewals;
                interval = qMax<qint64>(1, leaseMs(renewed->dbNow, renewed->expiresAt) / 3);
                nextRenewal = held.elapsed() + interval;
            }
            continue;
        }
        qint64 pause = qMin(pollMs, plan.holdMs - held.elapsed());
        if (plan.renew)
            pause = qMin(pause, nextRenewal - held.elapsed());
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
