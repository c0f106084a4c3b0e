// SPDX-License-Identifier: GPL-3.0-or-later
// The commands on an application's own lock table (--profile): list, show, acquire, release,
// force-release and init through lockcore's profiles; and detect, which finds such tables.
// Every action on such a table is recorded, with its reason (profilerecord.h).
#include "commands.h"
#include "duration.h"
#include "exitcode.h"
#include "holderid.h"
#include "interrupt.h"
#include "invocation.h"
#include "jsonformat.h"
#include "leaseoptions.h"
#include "lockctltr.h"
#include "output.h"
#include "profiledetect.h"
#include "profilehold.h"
#include "profilerecord.h"
#include "profilewait.h"
#include "textformat.h"

#include <QJsonArray>
#include <QJsonObject>
#include <limits>
#include <optional>

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::ProfileLock;

namespace lockctl {

namespace {

QJsonValue optionalMs(const std::optional<qint64> &ms)
{
    return ms ? QJsonValue(*ms) : QJsonValue();
}

struct ProfileAcquireRequest
{
    QString name;
    LeaseOptions lease;
};

lockcore::Result<ProfileAcquireRequest> parseAcquire(const Invocation &invocation)
{
    const QCommandLineParser &args = invocation.args();
    if (args.isSet(u"renew"_s))
        return lockcore::Error::invalidInput(
            Tr::tr("--renew is not available with --profile: the applications' protocols have "
                   "no renewal. Give a --ttl as long as the --hold."));
    ProfileAcquireRequest request;
    auto name = invocation.lockName();
    if (!name)
        return name.error();
    request.name = *name;
    LeaseRules rules;
    rules.ttlFallbackMs = 30000;
    rules.checkTtl = false; // the table checks it, when its protocol has a lease
    auto lease = leaseOptions(args, rules);
    if (!lease)
        return lease.error();
    request.lease = *lease;
    return request;
}

// The answer to acquire, in native acquire's names (no fence, depth or took_over_from: these
// tables keep none).
QJsonObject profileGrantJson(const ProfileAcquireRequest &request, const ProfileWaited &waited)
{
    const lockcore::ProfileAcquire &outcome = waited.outcome;
    const bool granted = outcome.acquired && outcome.current;
    QJsonObject json{
        {u"acquired"_s, outcome.acquired},
        {u"lock"_s, request.name},
        {u"holder"_s, request.lease.holder},
        {u"acquired_at"_s, granted ? jsonTime(outcome.current->lockedAt()) : QJsonValue()},
        {u"expires_at"_s, granted ? jsonTime(outcome.current->expiresAt()) : QJsonValue()},
        {u"db_now"_s, outcome.current ? jsonTime(outcome.current->dbNow()) : QJsonValue()},
        {u"attempts"_s, waited.attempts},
    };
    if (!outcome.acquired) {
        json.insert(u"remaining_ms"_s, outcome.current
                                           ? profileLockToJson(*outcome.current)[u"remaining_ms"_s]
                                           : QJsonValue());
        insertProfileCurrent(json, outcome.current);
    }
    return json;
}

QString refusalText(const ProfileAcquireRequest &request, const ProfileWaited &waited)
{
    const auto &current = waited.outcome.current;
    QString text = Tr::tr("Not acquired: %1")
                       .arg(current ? profileLockText(*current) : request.name);
    if (request.lease.waitMs > 0)
        text += u' '
                + Tr::tr("Gave up after %n attempt(s) in %1.", nullptr, waited.attempts)
                      .arg(lockcore::formatDurationMs(request.lease.waitMs));
    return text;
}

lockcore::Result<qint64> stuckAfter(const Invocation &invocation)
{
    return durationOption(invocation.args(), u"stuck-after"_s, 0);
}

} // namespace

QList<QCommandLineOption> listOptions()
{
    return {QCommandLineOption(u"stuck-after"_s,
                               Tr::tr("With --profile, on tables without expiry: mark locks "
                                      "held longer than this (such as 10m) as possibly stuck."),
                               u"DURATION"_s)};
}

int runProfileList(Invocation &invocation)
{
    if (lockcore::Status none = invocation.noArguments(); !none)
        return invocation.usage(none.error());
    auto stuck = stuckAfter(invocation);
    if (!stuck)
        return invocation.usage(stuck.error());
    auto table = invocation.profileTable();
    if (!table)
        return invocation.fail(table.error());
    auto locks = (*table)->list(*stuck);
    if (!locks)
        return invocation.fail(locks.error());
    QJsonArray array;
    QStringList lines;
    for (const ProfileLock &lock : *locks) {
        array.append(profileLockToJson(lock));
        lines.append(profileLockText(lock));
    }
    if (lines.isEmpty())
        lines.append(Tr::tr("No locks in %1.").arg((*table)->table()));
    invocation.out().result(QJsonObject{{u"table"_s, (*table)->table()},
                                        {u"profile"_s, (*table)->profile().id},
                                        {u"locks"_s, array}},
                            lines.join(u'\n'));
    return ExitDone;
}

int runProfileShow(Invocation &invocation)
{
    auto name = invocation.lockName();
    if (!name)
        return invocation.usage(name.error());
    auto stuck = stuckAfter(invocation);
    if (!stuck)
        return invocation.usage(stuck.error());
    auto table = invocation.profileTable();
    if (!table)
        return invocation.fail(table.error());
    auto lock = (*table)->lock(*name, *stuck);
    if (!lock)
        return invocation.fail(lock.error());
    if (!lock->has_value())
        return invocation.noSuchLock(*name);
    invocation.out().result(QJsonObject{{u"profile"_s, (*table)->profile().id},
                                        {u"lock"_s, profileLockToJson(**lock)}},
                            profileLockText(**lock));
    return ExitDone;
}

int runProfileAcquire(Invocation &invocation)
{
    auto request = parseAcquire(invocation);
    if (!request)
        return invocation.usage(request.error());
    auto reason = profileReason(invocation, false);
    if (!reason)
        return invocation.usage(reason.error());
    auto table = invocation.profileTable();
    if (!table)
        return invocation.fail(table.error());
    lockcore::ProfileAction action = profileAction(**table, u"acquire"_s, request->name, *reason);
    action.holder = request->lease.holder;
    // While waiting or holding, Ctrl-C and SIGTERM stop cleanly instead of ending the process.
    const LeaseOptions &lease = request->lease;
    std::optional<InterruptGuard> guard;
    if (lease.waitMs > 0 || lease.holdMs >= 0)
        guard.emplace();
    auto waited = acquireProfileWithWait(**table, request->name, lease.holder, lease.ttlMs,
                                         lockcore::RetryPolicy{lease.waitMs},
                                         InterruptGuard::flag());
    if (!waited) {
        action.outcome = u"failed"_s;
        if (lockcore::actionWasTried(waited.error()))
            recordProfileAction(invocation, action);
        return invocation.fail(waited.error());
    }
    QJsonObject json = profileGrantJson(*request, *waited);
    const lockcore::ProfileAcquire &outcome = waited->outcome;
    action.outcome = outcome.acquired ? u"acquired"_s : u"refused"_s;
    json.insert(u"recorded"_s, recordProfileAction(invocation, action));
    if (!outcome.acquired || !outcome.current) {
        invocation.out().result(json, refusalText(*request, *waited));
        return ExitRefused;
    }
    if (lease.holdMs >= 0)
        return holdProfileAndRelease(invocation, **table, lease.holder, lease.holdMs,
                                     *outcome.current, json);
    invocation.out().result(json, profileGrantText(request->name, lease.holder, *outcome.current));
    return ExitDone;
}

int runProfileRelease(Invocation &invocation)
{
    auto name = invocation.lockName();
    if (!name)
        return invocation.usage(name.error());
    auto holder = requiredOption(invocation.args(), u"holder"_s);
    if (!holder)
        return invocation.usage(holder.error());
    auto reason = profileReason(invocation, false);
    if (!reason)
        return invocation.usage(reason.error());
    auto table = invocation.profileTable();
    if (!table)
        return invocation.fail(table.error());
    lockcore::ProfileAction action = profileAction(**table, u"release"_s, *name, *reason);
    action.holder = *holder;
    auto released = (*table)->release(*name, *holder);
    if (!released) {
        action.outcome = u"failed"_s;
        if (lockcore::actionWasTried(released.error()))
            recordProfileAction(invocation, action);
        return invocation.fail(released.error());
    }
    action.outcome = *released ? u"released"_s : u"refused"_s;
    const QJsonObject recorded = recordProfileAction(invocation, action);
    QJsonObject json{{u"released"_s, *released},
                     {u"lock"_s, *name},
                     {u"holder"_s, *holder},
                     {u"recorded"_s, recorded}};
    if (*released) {
        invocation.out().result(json, Tr::tr("Released \"%1\".").arg(*name));
        return ExitDone;
    }
    // As native release: who has it now.
    auto current = (*table)->lock(*name);
    if (!current)
        return invocation.fail(current.error());
    insertProfileCurrent(json, *current);
    invocation.out().result(
        json, Tr::tr("Not released: \"%1\" is not held by %2; nothing changed.")
                      .arg(*name, *holder));
    return ExitRefused;
}

int runProfileForceRelease(Invocation &invocation)
{
    auto name = invocation.lockName();
    if (!name)
        return invocation.usage(name.error());
    auto reason = profileReason(invocation, true);
    if (!reason)
        return invocation.usage(reason.error());
    auto table = invocation.profileTable();
    if (!table)
        return invocation.fail(table.error());
    const lockcore::Profile &profile = (*table)->profile();
    if (profile.readOnly) // refused with its reason (Quartz's row locks: the session to end)
        return invocation.fail((*table)->forceRelease(*name, {}, std::nullopt).error());
    const QString expectHolder = invocation.args().value(u"expect-holder"_s);
    if (!profile.columns.holder.isEmpty() && expectHolder.isEmpty())
        return invocation.usage(Tr::tr("--expect-holder is required: give the holder you saw "
                                       "with \"lockctl --profile %1 show %2\".")
                                    .arg(profile.id, shellQuote(*name)));
    std::optional<qint64> expectTime;
    if (!profile.seenTimeColumn().isEmpty()) {
        if (!invocation.args().isSet(u"expect-time"_s))
            return invocation.usage(Tr::tr("--expect-time is required: give the expect_time "
                                           "you saw with \"lockctl --profile %1 show %2\".")
                                        .arg(profile.id, shellQuote(*name)));
        auto time = integerOption(invocation.args(), u"expect-time"_s,
                                  std::numeric_limits<qint64>::min(),
                                  std::numeric_limits<qint64>::max(), 0);
        if (!time)
            return invocation.usage(time.error());
        expectTime = *time;
    }
    // Recorded whatever comes of it, after the attempt: ops want the release even when no
    // record can be written (said on stderr and in --json; the exit code stays the action's).
    lockcore::ProfileAction action = profileAction(**table, u"force_release"_s, *name, *reason);
    action.holder = expectHolder;
    action.expectTimeMs = expectTime;
    auto outcome = (*table)->forceRelease(*name, expectHolder, expectTime);
    if (!outcome) {
        action.outcome = u"failed"_s; // outcome unknown when the connection was lost
        if (lockcore::actionWasTried(outcome.error()))
            recordProfileAction(invocation, action);
        return invocation.fail(outcome.error());
    }
    action.outcome = outcome->released  ? u"released"_s
                     : outcome->current ? u"refused"_s
                                        : u"no_such_lock"_s;
    const QJsonObject recorded = recordProfileAction(invocation, action);
    if (!outcome->released && !outcome->current)
        return invocation.noSuchLock(*name);
    // As native force-release: the lock as it is now (none: the release deleted the row).
    std::optional<ProfileLock> now = outcome->current;
    if (outcome->released) {
        auto after = (*table)->lock(*name);
        if (!after)
            return invocation.fail(after.error());
        now = *after;
    }
    const QJsonObject json{
        {u"recorded"_s, recorded},
        {u"released"_s, outcome->released},
        {u"lock"_s, *name},
        {u"expected_holder"_s, jsonText(expectHolder)},
        {u"expected_time"_s, optionalMs(expectTime)},
        {u"released_holder"_s, outcome->released ? jsonText(expectHolder) : QJsonValue()},
        {u"current"_s, now ? QJsonValue(profileLockToJson(*now)) : QJsonValue()},
    };
    if (!outcome->released) {
        invocation.out().result(
            json, Tr::tr("Not released: \"%1\" changed since you looked (or is not held); "
                         "nothing changed. Now: %2")
                      .arg(*name, profileLockText(*outcome->current)));
        return ExitRefused;
    }
    invocation.out().result(json, Tr::tr("Force-released \"%1\" as %2's release does.")
                                      .arg(*name, profile.id));
    return ExitDone;
}

int runProfileInit(Invocation &invocation)
{
    auto name = invocation.lockName();
    if (!name)
        return invocation.usage(name.error());
    auto reason = profileReason(invocation, false);
    if (!reason)
        return invocation.usage(reason.error());
    auto table = invocation.profileTable();
    if (!table)
        return invocation.fail(table.error());
    lockcore::ProfileAction action = profileAction(**table, u"init"_s, *name, *reason);
    action.holder = lockcore::actorId(u"lockctl"_s);
    auto created = (*table)->initialize(*name, action.holder);
    if (!created) {
        action.outcome = u"failed"_s;
        if (lockcore::actionWasTried(created.error()))
            recordProfileAction(invocation, action);
        return invocation.fail(created.error());
    }
    action.outcome = *created ? u"created"_s : u"exists"_s;
    const QJsonObject recorded = recordProfileAction(invocation, action);
    // As native init: the lock as it is now.
    auto lock = (*table)->lock(*name);
    if (!lock)
        return invocation.fail(lock.error());
    invocation.out().result(
        QJsonObject{{u"created"_s, *created},
                    {u"lock"_s, *lock ? QJsonValue(profileLockToJson(**lock)) : QJsonValue()},
                    {u"recorded"_s, recorded}},
        *created ? Tr::tr("Created the free lock \"%1\".").arg(*name)
                 : Tr::tr("\"%1\" exists already; left as it is.").arg(*name));
    return ExitDone;
}

int runDetect(Invocation &invocation)
{
    if (lockcore::Status none = invocation.noArguments(); !none)
        return invocation.usage(none.error());
    auto session = invocation.session();
    if (!session)
        return invocation.fail(session.error());
    auto found = lockcore::detectProfileTables(**session);
    if (!found)
        return invocation.fail(found.error());
    QJsonArray array;
    QStringList lines;
    for (const lockcore::DetectedTable &table : *found) {
        array.append(QJsonObject{{u"table"_s, table.table}, {u"profile"_s, table.profile}});
        lines.append(table.table + u"  "_s + table.profile);
    }
    if (lines.isEmpty())
        lines.append(Tr::tr("No table matches a profile."));
    invocation.out().result(QJsonObject{{u"tables"_s, array}}, lines.join(u'\n'));
    return ExitDone;
}

} // namespace lockctl
