// SPDX-License-Identifier: GPL-3.0-or-later
// The database's own locks: lockctl native-locks (who holds which advisory / user lock, and
// who blocks whom: nativetree.cpp) and lockctl terminate PID --expect-lock KEY (ends the
// holding session; audited). cancel and terminate without --expect-lock: nativeend.cpp.

#include "commands.h"
#include "exitcode.h"
#include "holderid.h"
#include "invocation.h"
#include "jsonformat.h"
#include "lockctltr.h"
#include "nativeend.h"
#include "nativelocks.h"
#include "output.h"
#include "nativetree.h"
#include "textformat.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::NativeLock;
using lockcore::NativeLockReader;
using lockcore::TerminateOutcome;

namespace lockctl {

namespace {

QJsonObject nativeLockToJson(const NativeLock &lock)
{
    QJsonArray waiters;
    for (qint64 pid : lock.waiters)
        waiters.append(pid);
    QJsonObject json{
        {u"key"_s, lock.key},
        {u"granted"_s, lock.granted},
        {u"mode"_s, jsonText(lock.mode)},
        {u"pid"_s, lock.pid},
        {u"user"_s, lock.user},
        {u"application"_s, jsonText(lock.application)},
        {u"client"_s, jsonText(lock.client)},
        {u"database"_s, jsonText(lock.database)},
        {u"state"_s, jsonText(lock.state)},
        {u"session_start"_s, jsonTime(lock.sessionStart)},
        {u"xact_start"_s, jsonTime(lock.xactStart)},
        {u"state_since"_s, jsonTime(lock.stateSince)},
        {u"wait_start"_s, jsonTime(lock.waitStart)},
        {u"waiters"_s, waiters},
    };
    if (lock.objSubId > 0) {
        json.insert(u"classid"_s, qint64(lock.classId));
        json.insert(u"objid"_s, qint64(lock.objId));
        json.insert(u"objsubid"_s, lock.objSubId);
    }
    if (lock.serial > 0)
        json.insert(u"serial"_s, lock.serial);
    if (!lock.wakeLockOf.isEmpty())
        json.insert(u"wake_up_lock_of"_s, lock.wakeLockOf);
    return json;
}

QString nativeLocksText(const lockcore::NativeLockSnapshot &snapshot)
{
    QList<QStringList> rows;
    for (const NativeLock &lock : snapshot.locks) {
        QStringList waiters;
        for (qint64 pid : lock.waiters)
            waiters.append(QString::number(pid));
        const QDateTime since = lock.granted ? (lock.xactStart.isValid() ? lock.xactStart
                                                                         : lock.stateSince)
                                             : (lock.waitStart.isValid() ? lock.waitStart
                                                                         : lock.stateSince);
        rows.append({QString::number(lock.pid)
                         + (lock.pid == snapshot.ownPid ? u" *"_s : QString()),
                     lock.user, lock.client.isEmpty() ? u"-"_s : lock.client,
                     lock.application.isEmpty() ? u"-"_s : lock.application,
                     lock.key.isEmpty() ? u"?"_s
                     : lock.wakeLockOf.isEmpty()
                         ? lock.key
                         : Tr::tr("%1 (wake-up lock of \"%2\")").arg(lock.key, lock.wakeLockOf),
                     lock.granted ? Tr::tr("held") : Tr::tr("waiting"), textTime(since),
                     waiters.isEmpty() ? u"-"_s : waiters.join(u',')});
    }
    const QString tree = blockingTreeText(snapshot);
    QString text = snapshot.locks.isEmpty()
                       ? (tree.isEmpty() ? Tr::tr("No session holds or waits for a lock of the "
                                                  "database's own.")
                                         : QString())
                       : renderTable({Tr::tr("PID"), Tr::tr("USER"), Tr::tr("CLIENT"),
                                      Tr::tr("APPLICATION"), Tr::tr("LOCK"), Tr::tr("STATE"),
                                      Tr::tr("SINCE"), Tr::tr("WAITERS")},
                                     rows);
    while (text.endsWith(u'\n'))
        text.chop(1);
    if (!tree.isEmpty())
        text += (text.isEmpty() ? QString() : u"\n\n"_s) + tree;
    else if (!snapshot.locks.isEmpty())
        text += u'\n' + Tr::tr("No session waits for another.");
    text += u'\n' + Tr::tr("Source: %1 (database time %2; * is this connection).")
                        .arg(snapshot.source, textTime(snapshot.dbNow));
    return text;
}

QStringList namesOption(const Invocation &invocation)
{
    return invocation.args().values(u"name"_s);
}

} // namespace

QList<QCommandLineOption> nativeLocksOptions()
{
    return {QCommandLineOption(
        u"name"_s,
        Tr::tr("MySQL/MariaDB: a user lock name to look up with IS_USED_LOCK (repeatable); "
               "needed when performance_schema is off and metadata_lock_info is not installed."),
        u"NAME"_s)};
}

int runNativeLocks(Invocation &invocation)
{
    if (lockcore::Status none = invocation.noArguments(); !none)
        return invocation.usage(none.error());
    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    NativeLockReader reader((*service)->session());
    reader.setNames(namesOption(invocation));
    reader.setAuditTable(invocation.settings().table); // names its held locks' wake-up locks
    auto snapshot = reader.read();
    if (!snapshot)
        return invocation.fail(snapshot.error());
    QJsonArray locks;
    for (const NativeLock &lock : snapshot->locks)
        locks.append(nativeLockToJson(lock));
    QJsonObject json{{u"source"_s, snapshot->source},
                     {u"note"_s, jsonText(snapshot->note)},
                     {u"own_pid"_s, snapshot->ownPid},
                     {u"db_now"_s, jsonTime(snapshot->dbNow)},
                     {u"locks"_s, locks}};
    insertBlocking(&json, *snapshot);
    // What this read could not see (a missing privilege) is a warning beside the result.
    if (!invocation.out().isJson() && !snapshot->note.isEmpty())
        invocation.out().warning(snapshot->note);
    invocation.out().result(json, nativeLocksText(*snapshot));
    return ExitDone;
}

QList<QCommandLineOption> terminateOptions()
{
    QList<QCommandLineOption> options = endSessionOptions();
    options.append(QCommandLineOption(
        u"expect-lock"_s,
        Tr::tr("The lock the session must still hold (as native-locks shows it); nothing is "
               "done otherwise. Without it, the session is ended whatever it holds."),
        u"KEY"_s));
    options.append(nativeLocksOptions().constFirst());
    return options;
}

QList<QCommandLineOption> cancelOptions()
{
    return endSessionOptions();
}

int runCancel(Invocation &invocation)
{
    return runEndSession(invocation, true);
}

int runTerminate(Invocation &invocation)
{
    const QCommandLineParser &args = invocation.args();
    if (!args.isSet(u"expect-lock"_s))
        return runEndSession(invocation, false);
    if (args.isSet(u"expect-session"_s) || args.isSet(u"allow-lockscope-session"_s))
        return invocation.usage(Tr::tr("--expect-session and --allow-lockscope-session end a "
                                       "session whatever lock it holds: not with --expect-lock."));
    int exitCode = ExitUsage;
    const std::optional<qint64> pidArg = pidArgument(invocation, &exitCode);
    if (!pidArg)
        return exitCode;
    const qint64 pid = *pidArg;
    const QString key = args.value(u"expect-lock"_s).trimmed();
    if (key.isEmpty())
        return invocation.usage(Tr::tr("--expect-lock needs the lock the session holds, as "
                                       "\"lockctl native-locks\" shows it."));
    const bool yes = args.isSet(u"yes"_s);
    if (int usage = needsConfirmation(invocation, Tr::tr("terminate")); usage != 0)
        return usage;

    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    NativeLockReader reader((*service)->session());
    QStringList names = namesOption(invocation);
    names.append(key);
    reader.setNames(names);
    reader.setAuditTable(invocation.settings().table);
    reader.setActor(lockcore::actorId(u"lockctl"_s));
    reader.setReason(args.value(u"reason"_s).trimmed()); // optional here: a lock names the why
    auto target = reader.findHolder(pid, key);
    if (!target)
        return invocation.fail(target.error());
    if (!target->has_value())
        return invocation.out().error(
            u"not_found"_s,
            Tr::tr("Session %1 does not hold the lock %2 now; nothing was done. See \"lockctl "
                   "native-locks\".")
                .arg(QString::number(pid), key),
            ExitRefused);
    const NativeLock &lock = **target;
    if (!yes
        && !confirmOnTerminal(Tr::tr("Terminate %1 (database %2), which holds the lock %3?")
                        .arg(lock.sessionText(), lock.database, lock.key))) {
        return invocation.out().error(u"cancelled"_s, Tr::tr("Not confirmed; nothing was done."),
                                      ExitRefused);
    }
    auto outcome = reader.terminate(lock);
    if (!outcome)
        return invocation.fail(outcome.error());
    const QJsonObject json{
        {u"outcome"_s, TerminateOutcome::statusName(outcome->status)},
        {u"reason"_s, outcome->reason},
        {u"admin_reason"_s, jsonText(outcome->adminReason)},
        {u"lock_freed"_s, outcome->lockFreed},
        {u"at"_s, jsonTime(outcome->at)},
        {u"actor"_s, outcome->actor},
        {u"recorded_in_table"_s, outcome->recordedInTable},
        {u"target"_s, nativeLockToJson(outcome->target)},
    };
    QString text = outcome->reason;
    if (outcome->status == TerminateOutcome::Status::Terminated)
        text += u' ' + (outcome->lockFreed ? Tr::tr("The lock is free.")
                                           : Tr::tr("The lock was still held when last checked."));
    text += u'\n'
            + (outcome->recordedInTable
                   ? Tr::tr("Recorded in the event table of %1.").arg(invocation.settings().table)
                   : Tr::tr("Recorded in the log only (no Lockscope event table here)."));
    invocation.out().result(json, text);
    switch (outcome->status) {
    case TerminateOutcome::Status::Terminated: return ExitDone;
    case TerminateOutcome::Status::Refused: return ExitRefused;
    case TerminateOutcome::Status::Failed: return ExitDatabase;
    }
    return ExitDatabase;
}

} // namespace lockctl
