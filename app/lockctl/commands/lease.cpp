// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl renew NAME --holder ID --fence N [--ttl D]
// lockctl release NAME --holder ID --fence N

#include "commands.h"
#include "duration.h"
#include "exitcode.h"
#include "hold.h"
#include "invocation.h"
#include "jsonformat.h"
#include "lockctltr.h"
#include "output.h"
#include "textformat.h"
#include "validation.h"

#include <QJsonObject>
#include <limits>

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::Error;
using lockcore::Result;

namespace lockctl {

namespace {

struct HolderArgs
{
    QString name;
    QString holder;
    qint64 fence = 0;
};

QCommandLineOption holderOption()
{
    return QCommandLineOption(u"holder"_s, Tr::tr("The holder, as printed by acquire."), u"ID"_s);
}

QCommandLineOption fenceOption()
{
    return QCommandLineOption(u"fence"_s, Tr::tr("The fencing token, as printed by acquire."),
                              u"N"_s);
}

Result<HolderArgs> parseHolderArgs(const Invocation &invocation)
{
    HolderArgs parsed;
    auto name = invocation.lockName();
    if (!name)
        return name.error();
    parsed.name = *name;
    auto holder = requiredOption(invocation.args(), u"holder"_s);
    if (!holder)
        return holder.error();
    if (lockcore::Status valid = lockcore::validateHolder(*holder); !valid)
        return valid.error();
    parsed.holder = *holder;
    if (!invocation.args().isSet(u"fence"_s))
        return Error::invalidInput(Tr::tr("--fence is required."));
    auto fence
        = integerOption(invocation.args(), u"fence"_s, 0, std::numeric_limits<qint64>::max(), 0);
    if (!fence)
        return fence.error();
    parsed.fence = *fence;
    return parsed;
}

void insertLost(QJsonObject &json, const lockcore::LockInfo &current)
{
    const bool known = !current.name.isEmpty();
    json.insert(u"held_by"_s, known ? jsonText(current.holder) : QJsonValue());
    json.insert(u"held_until"_s,
                known && !current.holder.isEmpty() ? jsonTime(current.expiresAt) : QJsonValue());
    json.insert(u"current"_s, known ? QJsonValue(lockToJson(current)) : QJsonValue());
}

} // namespace

QList<QCommandLineOption> renewOptions()
{
    return {
        holderOption(),
        fenceOption(),
        QCommandLineOption(u"ttl"_s,
                           Tr::tr("The new lease from now, such as 30s. Default: the lock's own "
                                  "lease."),
                           u"DURATION"_s),
    };
}

int runRenew(Invocation &invocation)
{
    auto args = parseHolderArgs(invocation);
    if (!args)
        return invocation.usage(args.error());
    auto ttl = durationOption(invocation.args(), u"ttl"_s, 0);
    if (!ttl)
        return invocation.usage(ttl.error());
    if (invocation.args().isSet(u"ttl"_s)) {
        if (lockcore::Status valid = lockcore::validateTtl(*ttl); !valid)
            return invocation.usage(valid.error());
    }
    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    auto renewed = (*service)->renew(args->name, args->holder, args->fence, *ttl);
    if (!renewed)
        return invocation.fail(renewed.error());

    QJsonObject json{
        {u"renewed"_s, renewed->renewed},
        {u"lock"_s, args->name},
        {u"holder"_s, args->holder},
        {u"fence"_s, args->fence},
        {u"expires_at"_s, jsonTime(renewed->expiresAt)},
        {u"db_now"_s, jsonTime(renewed->dbNow)},
    };
    if (!renewed->renewed) {
        // Its lease had ended (nobody took it, or not yet): lost all the same, for good.
        const bool lapsed = renewed->leaseEndedAt.isValid();
        insertLost(json, renewed->current);
        json.insert(u"lease_ended_at"_s, jsonTime(renewed->leaseEndedAt));
        invocation.out().result(
            json, Tr::tr("Not renewed: %1")
                      .arg(lapsed ? lockcore::renewLapsedText(args->name, *renewed)
                                  : lostText(args->name, args->fence, renewed->current)));
        return ExitRefused;
    }
    invocation.out().result(
        json, Tr::tr("Renewed \"%1\" (fence %2) until %3 (lease %4).")
                  .arg(args->name)
                  .arg(args->fence)
                  .arg(textTime(renewed->expiresAt),
                       lockcore::formatDurationMs(renewed->dbNow.msecsTo(renewed->expiresAt))));
    return ExitDone;
}

QList<QCommandLineOption> releaseOptions()
{
    return {holderOption(), fenceOption(),
            QCommandLineOption(u"reason"_s,
                               Tr::tr("With --profile: why (recorded with your name)."),
                               u"TEXT"_s)};
}

int runRelease(Invocation &invocation)
{
    if (invocation.usesProfile())
        return runProfileRelease(invocation);
    if (invocation.args().isSet(u"reason"_s))
        return invocation.usage(reasonNeedsProfile());
    auto args = parseHolderArgs(invocation);
    if (!args)
        return invocation.usage(args.error());
    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    auto released = (*service)->release(args->name, args->holder, args->fence);
    if (!released)
        return invocation.fail(released.error());

    QJsonObject json{
        {u"released"_s, released->released},
        {u"lock"_s, args->name},
        {u"holder"_s, args->holder},
        {u"fence"_s, args->fence},
    };
    if (!released->released) {
        insertLost(json, released->current);
        invocation.out().result(
            json,
            Tr::tr("Not released: %1").arg(lostText(args->name, args->fence, released->current)));
        return ExitRefused;
    }
    // The time the lock became free, as the release reported it (null while still held).
    const QDateTime at = released->releasedAt;
    json.insert(u"released_at"_s, jsonTime(at));
    json.insert(u"remaining_depth"_s, released->remainingDepth >= 0
                                          ? QJsonValue(released->remainingDepth)
                                          : QJsonValue());
    const QString text = released->remainingDepth > 0
                             ? Tr::tr("Released one level of \"%1\"; still held by %2 at depth %3.")
                                   .arg(args->name, args->holder)
                                   .arg(released->remainingDepth)
                             : Tr::tr("Released \"%1\" at %2.").arg(args->name, textTime(at));
    invocation.out().result(json, text);
    return ExitDone;
}

} // namespace lockctl
