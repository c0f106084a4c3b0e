// The database's own locks: lockctl native-locks (who holds which advisory / user lock) and
// lockctl terminate PID --expect-lock KEY (ends the holding session; audited).

#include "commands.h"
#include "exitcode.h"
#include "holderid.h"
#include "invocation.h"
#include "jsonformat.h"
#include "lockctltr.h"
#include "nativelocks.h"
#include "output.h"
#include "textformat.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>
#include <cstdio>
#include <limits>
#include <unistd.h>

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
    QString text = snapshot.locks.isEmpty()
                       ? Tr::tr("No session holds or waits for a lock of the database's own.")
                       : renderTable({Tr::tr("PID"), Tr::tr("USER"), Tr::tr("CLIENT"),
                                      Tr::tr("APPLICATION"), Tr::tr("LOCK"), Tr::tr("STATE"),
                                      Tr::tr("SINCE"), Tr::tr("WAITERS")},
                                     rows);
    text += u'\n' + Tr::tr("Source: %1 (database time %2; * is this connection).")
                        .arg(snapshot.source, textTime(snapshot.dbNow));
    if (!snapshot.note.isEmpty())
        text += u'\n' + snapshot.note;
    return text;
}

QStringList namesOption(const Invocation &invocation)
{
    return invocation.args().values(u"name"_s);
}

bool confirm(const QString &question)
{
    Output::writeStderr(question + u' ' + Tr::tr("[y/N]") + u' ');
    QTextStream in(stdin);
    const QString answer = in.readLine().trimmed().toLower();
    return answer == u"y" || answer == u"yes" || answer == Tr::tr("y");
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
    const QJsonObject json{{u"source"_s, snapshot->source},
                           {u"note"_s, jsonText(snapshot->note)},
                           {u"own_pid"_s, snapshot->ownPid},
                           {u"db_now"_s, jsonTime(snapshot->dbNow)},
                           {u"locks"_s, locks}};
    invocation.out().result(json, nativeLocksText(*snapshot));
    return ExitDone;
}

QList<QCommandLineOption> terminateOptions()
{
    return {
        QCommandLineOption(u"expect-lock"_s,
                           Tr::tr("The lock the session must still hold (as native-locks shows "
                                  "it); nothing is done otherwise."),
                           u"KEY"_s),
        QCommandLineOption(u"yes"_s, Tr::tr("Do not ask for confirmation.")),
        nativeLocksOptions().constFirst(),
    };
}

int runTerminate(Invocation &invocation)
{
    const QStringList positional = invocation.args().positionalArguments();
    if (positional.size() != 1)
        return invocation.usage(Tr::tr("terminate needs one PID (a PostgreSQL backend pid or a "
                                       "MySQL connection id)."));
    bool isNumber = false;
    const qint64 pid = positional.constFirst().toLongLong(&isNumber);
    if (!isNumber || pid <= 0)
        return invocation.usage(Tr::tr("The PID must be a positive whole number; got \"%1\".")
                                    .arg(positional.constFirst().left(80)));
    const QString key = invocation.args().value(u"expect-lock"_s).trimmed();
    if (key.isEmpty())
        return invocation.usage(Tr::tr("--expect-lock is required: the lock the session holds, "
                                       "as \"lockctl native-locks\" shows it."));
    const bool yes = invocation.args().isSet(u"yes"_s);
    if (!yes && isatty(STDIN_FILENO) != 1)
        return invocation.usage(Tr::tr("Not asking on a terminal: pass --yes to terminate "
                                       "without confirmation."));

    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    NativeLockReader reader((*service)->session());
    QStringList names = namesOption(invocation);
    names.append(key);
    reader.setNames(names);
    reader.setAuditTable(invocation.settings().table);
    reader.setActor(lockcore::actorId(u"lockctl"_s));
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
        && !confirm(Tr::tr("Terminate %1 (database %2), which holds the lock %3?")
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
