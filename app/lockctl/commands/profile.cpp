// The commands on an application's own lock table (--profile): list, show, acquire, release,
// force-release and init through lockcore's profiles; and detect, which finds such tables.
#include "commands.h"
#include "duration.h"
#include "exitcode.h"
#include "holderid.h"
#include "invocation.h"
#include "jsonformat.h"
#include "lockctltr.h"
#include "output.h"
#include "profiledetect.h"
#include "textformat.h"
#include "validation.h"

#include <QJsonArray>
#include <QJsonObject>
#include <limits>

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::ProfileLock;

namespace lockctl {

namespace {

QJsonValue optionalMs(const std::optional<qint64> &ms)
{
    return ms ? QJsonValue(*ms) : QJsonValue();
}

QJsonObject profileLockToJson(const ProfileLock &lock)
{
    return {
        {u"name"_s, lock.name},
        {u"holder"_s, jsonText(lock.holder)},
        {u"state"_s, ProfileLock::stateName(lock.state)},
        {u"locked_at_ms"_s, optionalMs(lock.lockedAtMs)},
        {u"expires_at_ms"_s, optionalMs(lock.expiresAtMs)},
        {u"db_now_ms"_s, lock.dbNowMs},
        {u"remaining_ms"_s, optionalMs(lock.remainingMs())},
        {u"held_ms"_s, optionalMs(lock.heldMs())},
        {u"possibly_stuck"_s, lock.possiblyStuck},
        {u"expect_time"_s, optionalMs(lock.seenTimeMs)},
    };
}

QString stateText(const ProfileLock &lock)
{
    switch (lock.state) {
    case ProfileLock::State::Free: return Tr::tr("free");
    case ProfileLock::State::Held: return Tr::tr("held");
    case ProfileLock::State::Expired: return Tr::tr("expired");
    }
    return {};
}

QString profileLockText(const ProfileLock &lock)
{
    QString line = lock.name + u"  "_s + stateText(lock);
    if (!lock.holder.isEmpty())
        line += u"  "_s + Tr::tr("holder %1").arg(lock.holder);
    if (const auto remaining = lock.remainingMs())
        line += u"  "_s + Tr::tr("%1 left").arg(lockcore::formatDurationMs(*remaining));
    else if (const auto held = lock.heldMs(); held && !lock.expiresAtMs)
        line += u"  "_s + Tr::tr("held for %1").arg(lockcore::formatDurationMs(*held));
    if (lock.possiblyStuck)
        line += u"  "_s + Tr::tr("POSSIBLY STUCK");
    if (lock.seenTimeMs)
        line += u"  "_s + Tr::tr("(--expect-time %1)").arg(*lock.seenTimeMs);
    return line;
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
    auto name = invocation.lockName();
    if (!name)
        return invocation.usage(name.error());
    for (const QString &option : {u"wait"_s, u"hold"_s, u"renew"_s}) {
        if (invocation.args().isSet(option))
            return invocation.usage(
                Tr::tr("--%1 is not available with --profile: the applications' protocols "
                       "have no renewal, so Lockscope takes the lock once, as they do.")
                    .arg(option));
    }
    auto ttl = durationOption(invocation.args(), u"ttl"_s, 30000);
    if (!ttl)
        return invocation.usage(ttl.error());
    const QString holder = invocation.args().isSet(u"holder"_s)
                               ? invocation.args().value(u"holder"_s)
                               : lockcore::defaultHolderId();
    if (lockcore::Status valid = lockcore::validateHolder(holder); !valid)
        return invocation.usage(valid.error());
    auto table = invocation.profileTable();
    if (!table)
        return invocation.fail(table.error());
    auto outcome = (*table)->acquire(*name, holder, *ttl);
    if (!outcome)
        return invocation.fail(outcome.error());
    const QJsonObject json{
        {u"acquired"_s, outcome->acquired},
        {u"lock"_s, *name},
        {u"holder"_s, holder},
        {u"current"_s, outcome->current ? QJsonValue(profileLockToJson(*outcome->current))
                                        : QJsonValue()},
    };
    if (!outcome->acquired) {
        invocation.out().result(
            json, Tr::tr("Not acquired: %1").arg(outcome->current
                                                     ? profileLockText(*outcome->current)
                                                     : *name));
        return ExitRefused;
    }
    invocation.out().result(json, Tr::tr("Acquired \"%1\" as %2.").arg(*name, holder));
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
    auto table = invocation.profileTable();
    if (!table)
        return invocation.fail(table.error());
    auto released = (*table)->release(*name, *holder);
    if (!released)
        return invocation.fail(released.error());
    invocation.out().result(
        QJsonObject{{u"released"_s, *released}, {u"lock"_s, *name}, {u"holder"_s, *holder}},
        *released ? Tr::tr("Released \"%1\".").arg(*name)
                  : Tr::tr("Not released: \"%1\" is not held by %2; nothing changed.")
                        .arg(*name, *holder));
    return *released ? ExitDone : ExitRefused;
}

int runProfileForceRelease(Invocation &invocation)
{
    auto name = invocation.lockName();
    if (!name)
        return invocation.usage(name.error());
    auto table = invocation.profileTable();
    if (!table)
        return invocation.fail(table.error());
    const lockcore::Profile &profile = (*table)->profile();
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
    auto outcome = (*table)->forceRelease(*name, expectHolder, expectTime);
    if (!outcome)
        return invocation.fail(outcome.error());
    const QJsonObject json{
        {u"released"_s, outcome->released},
        {u"lock"_s, *name},
        {u"expected_holder"_s, jsonText(expectHolder)},
        {u"expected_time"_s, optionalMs(expectTime)},
        {u"current"_s, outcome->current ? QJsonValue(profileLockToJson(*outcome->current))
                                        : QJsonValue()},
    };
    if (!outcome->released) {
        invocation.out().result(
            json, Tr::tr("Not released: \"%1\" changed since you looked (or is not held); "
                         "nothing changed. Now: %2")
                      .arg(*name, outcome->current ? profileLockText(*outcome->current)
                                                   : Tr::tr("no such lock")));
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
    auto table = invocation.profileTable();
    if (!table)
        return invocation.fail(table.error());
    auto created = (*table)->initialize(*name, lockcore::actorId(u"lockctl"_s));
    if (!created)
        return invocation.fail(created.error());
    invocation.out().result(QJsonObject{{u"created"_s, *created}, {u"lock"_s, *name}},
                            *created ? Tr::tr("Created the free lock \"%1\".").arg(*name)
                                     : Tr::tr("\"%1\" exists already; left as it is.")
                                           .arg(*name));
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
