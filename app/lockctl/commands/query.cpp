// SPDX-License-Identifier: GPL-3.0-or-later
// Read-only commands: lockctl list, show, history, now.

#include "commands.h"
#include "exitcode.h"
#include "invocation.h"
#include "jsonformat.h"
#include "lockctltr.h"
#include "options.h"
#include "output.h"
#include "reachedserver.h"
#include "rowlockedby.h"
#include "rowlocker.h"
#include "textformat.h"
#include "validation.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace cli;

namespace lockctl {

namespace {

// --stuck-after applies to an application's table only; on the native one it is still read, so
// that a duration without a unit is refused there too (issue 48) rather than ignored.
lockcore::Status checkStuckAfter(const Invocation &invocation)
{
    auto stuck = durationOption(invocation.args(), u"stuck-after"_s, 0);
    if (!stuck)
        return stuck.error();
    return {};
}

} // namespace

int runList(Invocation &invocation)
{
    if (invocation.usesProfile())
        return runProfileList(invocation);
    if (lockcore::Status none = invocation.noArguments(); !none)
        return invocation.usage(none.error());
    if (lockcore::Status stuck = checkStuckAfter(invocation); !stuck)
        return invocation.usage(stuck.error());
    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    auto locks = (*service)->list();
    if (!locks)
        return invocation.fail(locks.error());
    QJsonArray array;
    for (const lockcore::LockInfo &lock : *locks)
        array.append(lockToJson(lock));
    invocation.out().result(
        QJsonObject{{u"table"_s, invocation.settings().table}, {u"locks"_s, array}},
        lockListText(*locks));
    return ExitDone;
}

int runShow(Invocation &invocation)
{
    if (invocation.usesProfile())
        return runProfileShow(invocation);
    auto name = invocation.lockName();
    if (!name)
        return invocation.usage(name.error());
    if (lockcore::Status stuck = checkStuckAfter(invocation); !stuck)
        return invocation.usage(stuck.error());
    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    auto lock = (*service)->lock(*name);
    if (!lock)
        return invocation.fail(lock.error());
    if (!lock->has_value())
        return invocation.noSuchLock(*name);
    QJsonObject json{{u"lock"_s, lockToJson(**lock)}};
    QString text = lockDetailsText(**lock);
    // Whether another session's transaction holds the lock's row (a writer of the lock waits
    // for it): one bounded, read-only look; what it cannot tell is said, not an error.
    auto lockers = lockcore::findRowLockers(**invocation.session(), (*service)->tables(), *name);
    if (!lockers) {
        lockcore::RowLockers unknown;
        unknown.note = Tr::tr("Who locks the lock's row could not be looked up: %1")
                           .arg(lockers.error().message);
        lockers = unknown;
    }
    addRowLockedBy(&json, *lockers);
    if (const QString locked = rowLockedByText(*lockers); !locked.isEmpty())
        text += locked + u'\n';
    invocation.out().result(json, text);
    return ExitDone;
}

QList<QCommandLineOption> historyOptions()
{
    return {QCommandLineOption(u"limit"_s, Tr::tr("Show at most this many events (default: 50)."),
                               u"N"_s)};
}

int runHistory(Invocation &invocation)
{
    auto name = invocation.lockName();
    if (!name)
        return invocation.usage(name.error());
    auto limit
        = integerOption(invocation.args(), u"limit"_s, 1, lockcore::limits::maxHistoryLimit, 50);
    if (!limit)
        return invocation.usage(limit.error());
    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    auto events = (*service)->history(*name, int(*limit));
    if (!events)
        return invocation.fail(events.error());
    QJsonArray array;
    for (const lockcore::LockEvent &event : *events)
        array.append(eventToJson(event));
    invocation.out().result(QJsonObject{{u"lock"_s, *name}, {u"events"_s, array}},
                            historyText(*events));
    return ExitDone;
}

int runNow(Invocation &invocation)
{
    if (lockcore::Status none = invocation.noArguments(); !none)
        return invocation.usage(none.error());
    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    auto clock = (*service)->clock();
    if (!clock)
        return invocation.fail(clock.error());
    // Which of the URL's hosts answered (PostgreSQL; with several hosts, the one reached).
    auto server = lockcore::reachedServer(**invocation.session());
    if (!server)
        return invocation.fail(server.error());
    QJsonObject json{
        {u"db_now"_s, jsonTime(clock->dbNow)},
        {u"offset_ms"_s, clock->offsetMs},
        {u"round_trip_ms"_s, clock->roundTripMs},
    };
    const QString offset
        = (clock->offsetMs >= 0 ? u"+"_s : QString()) + QString::number(clock->offsetMs);
    QString text = textTime(clock->dbNow) + u'\n'
                   + Tr::tr("The database clock is %1 ms from this machine's (round trip %2 ms).")
                         .arg(offset)
                         .arg(clock->roundTripMs);
    if (!server->isEmpty()) {
        json.insert(u"server"_s, *server);
        text += u'\n' + Tr::tr("The server that answered: %1.").arg(*server);
    }
    invocation.out().result(json, text);
    return ExitDone;
}

} // namespace lockctl
