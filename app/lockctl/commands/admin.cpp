// SPDX-License-Identifier: GPL-3.0-or-later
// Admin actions: lockctl init, force-release, delete. Each is recorded in the event table
// with the actor user@host (lockctl).

#include "commands.h"
#include "dialect.h"
#include "duration.h"
#include "exitcode.h"
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
using lockcore::formatDurationMs;

namespace lockctl {

namespace {

constexpr qint64 defaultInitTtlMs = 30000;

QJsonValue currentJson(const lockcore::LockInfo &current)
{
    return current.name.isEmpty() ? QJsonValue() : QJsonValue(lockToJson(current));
}

} // namespace

QList<QCommandLineOption> initOptions()
{
    return {
        QCommandLineOption(u"ttl"_s,
                           Tr::tr("The lock's default lease, used when an acquire gives none "
                                  "(default: 30s)."),
                           u"DURATION"_s),
        QCommandLineOption(u"description"_s, Tr::tr("What the lock guards."), u"TEXT"_s),
        QCommandLineOption(u"reason"_s,
                           Tr::tr("With --profile: why (recorded with your name)."), u"TEXT"_s),
    };
}

int runInit(Invocation &invocation)
{
    if (invocation.usesProfile())
        return runProfileInit(invocation);
    if (invocation.args().isSet(u"reason"_s))
        return invocation.usage(reasonNeedsProfile());
    auto name = invocation.lockName();
    if (!name)
        return invocation.usage(name.error());
    auto ttl = durationOption(invocation.args(), u"ttl"_s, defaultInitTtlMs);
    if (!ttl)
        return invocation.usage(ttl.error());
    if (lockcore::Status valid = lockcore::validateTtl(*ttl); !valid)
        return invocation.usage(valid.error());
    const QString description = invocation.args().value(u"description"_s);
    if (lockcore::Status valid = lockcore::validateDescription(description, Tr::tr("description"));
        !valid)
        return invocation.usage(valid.error());

    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    auto outcome = (*service)->initialize(*name, *ttl, description);
    if (!outcome)
        return invocation.fail(outcome.error());

    const lockcore::LockInfo &lock = outcome->current;
    const QJsonObject json{{u"created"_s, outcome->created}, {u"lock"_s, currentJson(lock)}};
    const QString text
        = outcome->created
              ? Tr::tr("Created \"%1\" (lease %2).").arg(*name, formatDurationMs(lock.ttlMs))
              : Tr::tr("\"%1\" already exists (lease %2, %3); left as it is.")
                    .arg(*name, formatDurationMs(lock.ttlMs), lockStateText(lock));
    invocation.out().result(json, text);
    return ExitDone;
}

QList<QCommandLineOption> forceReleaseOptions()
{
    return {
        QCommandLineOption(u"fence"_s,
                           Tr::tr("The fence you saw (lockctl show NAME); nothing is done if it "
                                  "changed since."),
                           u"N"_s),
        QCommandLineOption(u"reason"_s,
                           Tr::tr("Why (recorded with your name: in the history; with "
                                  "--profile, in the event table or the local audit log)."),
                           u"TEXT"_s),
        QCommandLineOption(u"expect-holder"_s,
                           Tr::tr("With --profile: the holder you saw; nothing is done if the "
                                  "lock changed hands since."),
                           u"ID"_s),
        QCommandLineOption(u"expect-time"_s,
                           Tr::tr("With --profile: the expect_time you saw (list or show)."),
                           u"MS"_s),
    };
}

int runForceRelease(Invocation &invocation)
{
    if (invocation.usesProfile())
        return runProfileForceRelease(invocation);
    auto name = invocation.lockName();
    if (!name)
        return invocation.usage(name.error());
    if (!invocation.args().isSet(u"fence"_s))
        return invocation.usage(Tr::tr("--fence is required: give the fence you saw with "
                                       "\"lockctl show %1\".")
                                    .arg(shellQuote(*name)));
    auto fence = integerOption(invocation.args(), u"fence"_s, 0,
                               std::numeric_limits<qint64>::max(), 0);
    if (!fence)
        return invocation.usage(fence.error());
    const QString reason = invocation.args().value(u"reason"_s);
    if (reason.trimmed().isEmpty())
        return invocation.usage(Tr::tr("--reason is required; it is recorded with your name."));
    if (lockcore::Status valid = lockcore::validateDescription(reason, Tr::tr("reason")); !valid)
        return invocation.usage(valid.error());

    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    auto outcome = (*service)->forceRelease(*name, *fence, reason);
    if (!outcome)
        return invocation.fail(outcome.error());

    const lockcore::LockInfo &lock = outcome->current;
    if (!outcome->released && lock.name.isEmpty())
        return invocation.noSuchLock(*name);
    const QJsonObject json{
        {u"released"_s, outcome->released},
        {u"lock"_s, *name},
        {u"expected_fence"_s, *fence},
        {u"released_holder"_s,
         outcome->released ? jsonText(outcome->releasedHolder) : QJsonValue()},
        {u"new_fence"_s, outcome->released ? QJsonValue(outcome->newFence) : QJsonValue()},
        {u"current"_s, currentJson(lock)},
    };
    if (!outcome->released) {
        invocation.out().result(
            json, lockcore::forceReleaseRefusal(*name, *fence, lock) + u' '
                      + Tr::tr("Check with \"lockctl show %1\".").arg(shellQuote(*name)));
        return ExitRefused;
    }
    const QString text
        = outcome->releasedHolder.isEmpty()
              ? Tr::tr("Force-released \"%1\"; the new fence is %2.")
                    .arg(*name)
                    .arg(outcome->newFence)
              : Tr::tr("Force-released \"%1\" from %2; the new fence is %3 (fence %4 is no longer "
                       "valid).")
                    .arg(*name, outcome->releasedHolder)
                    .arg(outcome->newFence)
                    .arg(*fence);
    invocation.out().result(json, text);
    return ExitDone;
}

int runDelete(Invocation &invocation)
{
    auto name = invocation.lockName();
    if (!name)
        return invocation.usage(name.error());
    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    auto outcome = (*service)->remove(*name);
    if (!outcome)
        return invocation.fail(outcome.error());
    if (outcome->missing)
        return invocation.noSuchLock(*name);

    const QJsonObject json{
        {u"deleted"_s, outcome->deleted},
        {u"lock"_s, *name},
        {u"current"_s, outcome->deleted ? QJsonValue() : currentJson(outcome->current)},
    };
    if (!outcome->deleted) {
        invocation.out().result(
            json, Tr::tr("Not deleted: \"%1\" is %2. Release or force-release it first.")
                      .arg(*name, lockStateText(outcome->current)));
        return ExitRefused;
    }
    invocation.out().result(json, Tr::tr("Deleted \"%1\"; its history is kept.").arg(*name));
    return ExitDone;
}

} // namespace lockctl
