// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl acquire NAME [--ttl D] [--holder ID] [--wait D] [--hold D] [--renew]

#include "commands.h"
#include "duration.h"
#include "errortext.h"
#include "exitcode.h"
#include "hold.h"
#include "interrupt.h"
#include "invocation.h"
#include "jsonformat.h"
#include "leasekeeper.h"
#include "leaseoptions.h"
#include "lockctltr.h"
#include "output.h"
#include "textformat.h"

#include <QJsonObject>
#include <optional>

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::formatDurationMs;
using lockcore::Grant;

namespace lockctl {

namespace {

struct AcquireRequest
{
    QString name;
    LeaseOptions lease; // ttlMs 0: the lock's own lease
    bool renew = false;
};

lockcore::Result<AcquireRequest> parseRequest(const Invocation &invocation)
{
    const QCommandLineParser &args = invocation.args();
    AcquireRequest request;
    auto name = invocation.lockName();
    if (!name)
        return name.error();
    request.name = *name;
    auto lease = leaseOptions(args);
    if (!lease)
        return lease.error();
    request.lease = *lease;
    request.renew = args.isSet(u"renew"_s);
    if (request.renew && request.lease.holdMs < 0)
        return lockcore::Error::invalidInput(Tr::tr("--renew only applies with --hold."));
    return request;
}

QJsonObject grantJson(const Grant &grant)
{
    QJsonObject json{
        {u"acquired"_s, grant.acquired},
        {u"lock"_s, grant.name},
        {u"holder"_s, grant.holder},
        {u"fence"_s, grant.acquired ? QJsonValue(grant.fence) : QJsonValue()},
        {u"depth"_s, grant.acquired ? QJsonValue(grant.depth) : QJsonValue()},
        {u"acquired_at"_s, grant.acquired ? jsonTime(grant.acquiredAt) : QJsonValue()},
        {u"expires_at"_s, grant.acquired ? jsonTime(grant.expiresAt) : QJsonValue()},
        {u"db_now"_s, jsonTime(grant.dbNow)},
        {u"attempts"_s, grant.attempts},
        {u"took_over_from"_s, jsonText(grant.tookOverFrom)},
    };
    if (!grant.acquired) {
        const bool known = !grant.current.name.isEmpty();
        json.insert(u"held_by"_s, known ? jsonText(grant.current.holder) : QJsonValue());
        json.insert(u"held_until"_s, known ? jsonTime(grant.current.expiresAt) : QJsonValue());
        json.insert(u"remaining_ms"_s, grant.current.remainingMs());
        json.insert(u"current"_s, known ? QJsonValue(lockToJson(grant.current)) : QJsonValue());
    }
    return json;
}

QString grantText(const Grant &grant)
{
    QString text = Tr::tr("Acquired \"%1\": holder %2, fence %3, depth %4, expires at %5 "
                          "(lease %6).")
                       .arg(grant.name, grant.holder)
                       .arg(grant.fence)
                       .arg(grant.depth)
                       .arg(textTime(grant.expiresAt),
                            formatDurationMs(grant.dbNow.msecsTo(grant.expiresAt)));
    if (!grant.tookOverFrom.isEmpty())
        text += u' '
                + Tr::tr("Took it over from %1, whose lease had expired.").arg(grant.tookOverFrom);
    if (grant.attempts > 1)
        text += u' ' + Tr::tr("(attempt %1)").arg(grant.attempts);
    return text;
}

QString refusalText(const Grant &grant, qint64 waitMs)
{
    QString text
        = grant.current.name.isEmpty()
              ? Tr::tr("Not acquired: \"%1\" was taken by someone else.").arg(grant.name)
              : Tr::tr("Not acquired: \"%1\" is %2.").arg(grant.name, lockStateText(grant.current));
    if (waitMs > 0)
        text += u' '
                + Tr::tr("Gave up after %n attempt(s) in %1.", nullptr, grant.attempts)
                      .arg(formatDurationMs(waitMs));
    return text;
}

QString releaseHint(const Invocation &invocation, const Grant &grant)
{
    QString command = u"lockctl "_s;
    if (invocation.settings().table != lockcore::LockService::defaultTable())
        command += u"--table "_s + invocation.settings().table + u' ';
    command += u"release --holder "_s + shellQuote(grant.holder) + u" --fence "_s
               + QString::number(grant.fence) + u' ';
    if (grant.name.startsWith(u'-'))
        command += u"-- "_s; // a name that looks like an option
    command += shellQuote(grant.name);
    return Tr::tr("Release it with: %1").arg(command);
}

int holdAndRelease(Invocation &invocation, lockcore::LockService &service,
                   const AcquireRequest &request, const Grant &grant, QJsonObject json)
{
    Output &out = invocation.out();
    const LeaseOptions &lease = request.lease;
    const qint64 leaseMs = lockcore::LeaseSchedule::leaseOf(
        grant.dbNow, grant.expiresAt,
        lease.ttlMs > 0 ? lease.ttlMs : lockcore::LeaseSchedule::unknownLeaseMs);
    const QString plan = request.renew
                             ? Tr::tr("Holding it for %1, renewing every %2; Ctrl-C releases it "
                                      "early.")
                                   .arg(formatDurationMs(lease.holdMs),
                                        formatDurationMs(lockcore::LeaseSchedule::intervalFor(leaseMs)))
                             : Tr::tr("Holding it for %1; Ctrl-C releases it early.")
                                   .arg(formatDurationMs(lease.holdMs));
    out.progress(grantText(grant) + u'\n' + plan);
    if (!request.renew && lease.holdMs > leaseMs)
        out.warning(Tr::tr("The lease (%1) is shorter than the hold (%2): the lock expires during "
                           "the hold; add --renew to keep it.")
                        .arg(formatDurationMs(leaseMs), formatDurationMs(lease.holdMs)));

    lockcore::LeaseKeeper keeper(service, grant, lease.ttlMs);
    const HoldOutcome held
        = holdLock(service, keeper, HoldPlan{lease.holdMs, request.renew, lease.ttlMs},
                   InterruptGuard::flag(), [&out](const QString &text) { out.warning(text); });

    insertHoldEnd(json, held);
    json.insert(u"released_at"_s, jsonTime(held.releasedAt));
    json.insert(u"remaining_depth"_s, held.released && held.remainingDepth >= 0
                                          ? QJsonValue(held.remainingDepth)
                                          : QJsonValue());
    json.insert(u"renewals"_s, held.renewals);
    if (held.error && !held.lapsed)
        return answerFailedRelease(out, json, *held.error);
    if (held.lost && !held.current.name.isEmpty()) {
        json.insert(u"held_by"_s, jsonText(held.current.holder));
        json.insert(u"current"_s, lockToJson(held.current));
    }
    if (held.lapsed) {
        out.result(json, Tr::tr("Lost during the hold: the lease of \"%1\" (fence %2) ended "
                                "here with no renewal through (%3); stopped holding at its "
                                "end. %4")
                             .arg(grant.name)
                             .arg(grant.fence)
                             .arg(errorText(held.lapseError),
                                  held.released ? Tr::tr("It was still ours and is released.")
                                  : held.lost && !held.current.name.isEmpty()
                                      ? lostText(grant.name, grant.fence, held.current)
                                      : Tr::tr("It ends with its lease.")));
        return ExitRefused;
    }
    if (held.lost) {
        out.result(json, Tr::tr("Lost during the hold: %1")
                             .arg(lostText(grant.name, grant.fence, held.current)));
        return ExitRefused;
    }
    QString text
        = held.interrupted
              ? Tr::tr("Interrupted after %1: released \"%2\" at %3.")
                    .arg(formatDurationMs(held.heldMs), grant.name, textTime(held.releasedAt))
              : Tr::tr("Released \"%1\" at %2.").arg(grant.name, textTime(held.releasedAt));
    if (request.renew)
        text += u' ' + Tr::tr("Renewed %n time(s).", nullptr, held.renewals);
    if (held.remainingDepth > 0) {
        text += u' ';
        text += Tr::tr("Still held by the same holder at depth %1.").arg(held.remainingDepth);
    }
    out.result(json, text);
    return ExitDone;
}

} // namespace

QList<QCommandLineOption> acquireOptions()
{
    return {
        QCommandLineOption(u"ttl"_s,
                           Tr::tr("The lease: the lock expires this long after the acquire (or "
                                  "the last renewal), such as 500ms, 30s or 5m. Default: the "
                                  "lock's own lease (30s for a lock this acquire creates)."),
                           u"DURATION"_s),
        QCommandLineOption(u"holder"_s,
                           Tr::tr("Who holds the lock. Default: user@host:pid:random, unique to "
                                  "this run; the same holder acquiring again re-enters."),
                           u"ID"_s),
        QCommandLineOption(u"wait"_s,
                           Tr::tr("When the lock is held, keep trying (with backoff) for up to "
                                  "this long."),
                           u"DURATION"_s),
        QCommandLineOption(u"hold"_s, Tr::tr("Keep the lock this long, then release it."),
                           u"DURATION"_s),
        QCommandLineOption(u"renew"_s,
                           Tr::tr("With --hold: renew the lease at a third of its length, so it "
                                  "does not expire during the hold.")),
        QCommandLineOption(u"reason"_s,
                           Tr::tr("With --profile: why (recorded with your name)."), u"TEXT"_s),
    };
}

int runAcquire(Invocation &invocation)
{
    if (invocation.usesProfile())
        return runProfileAcquire(invocation);
    if (invocation.args().isSet(u"reason"_s))
        return invocation.usage(reasonNeedsProfile());
    auto request = parseRequest(invocation);
    if (!request)
        return invocation.usage(request.error());
    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());

    // While waiting or holding, Ctrl-C and SIGTERM stop cleanly instead of ending the process.
    const LeaseOptions &lease = request->lease;
    std::optional<InterruptGuard> guard;
    if (lease.waitMs > 0 || lease.holdMs >= 0)
        guard.emplace();

    auto grant = lease.waitMs > 0
                     ? (*service)->acquireWithWait(request->name, lease.holder, lease.ttlMs,
                                                   lockcore::RetryPolicy{lease.waitMs},
                                                   &InterruptGuard::flag())
                     : (*service)->acquire(request->name, lease.holder, lease.ttlMs);
    if (!grant)
        return invocation.fail(grant.error());

    const QJsonObject json = grantJson(*grant);
    if (!grant->acquired) {
        invocation.out().result(json, refusalText(*grant, lease.waitMs));
        return ExitRefused;
    }
    if (lease.holdMs < 0) {
        invocation.out().result(json, grantText(*grant) + u'\n' + releaseHint(invocation, *grant));
        return ExitDone;
    }
    return holdAndRelease(invocation, **service, *request, *grant, json);
}

} // namespace lockctl
