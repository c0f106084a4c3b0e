// SPDX-License-Identifier: GPL-3.0-or-later
#include "runresult.h"

#include "commands/jsonformat.h"
#include "commands/textformat.h"
#include "duration.h"
#include "errortext.h"
#include "exitcode.h"
#include "lockctltr.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;
using namespace cli;
using Outcome = lockctl::RunResult::Outcome;

namespace lockctl {

namespace {

QString outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Completed:
        return u"completed"_s;
    case Outcome::Interrupted:
        return u"interrupted"_s;
    case Outcome::Lost:
        return u"lost"_s;
    case Outcome::Expired:
        return u"expired"_s;
    case Outcome::Unwatched:
        return u"watcher_killed"_s;
    case Outcome::NotStarted:
        return u"not_started"_s;
    case Outcome::Refused:
        return u"refused"_s;
    case Outcome::Cancelled:
        return u"cancelled"_s;
    case Outcome::Error:
        break;
    }
    return u"error"_s;
}

QJsonValue orNull(bool known, const QJsonValue &value)
{
    return known ? value : QJsonValue();
}

// The lock as the refusal or the lost renewal found it.
const lockcore::LockInfo *foundLock(const RunResult &result)
{
    if (result.outcome == Outcome::Refused && result.grant)
        return &result.grant->current;
    if (result.outcome == Outcome::Lost || !result.held.current.name.isEmpty())
        return &result.held.current;
    return nullptr;
}

void insertFound(QJsonObject &json, const RunResult &result)
{
    const lockcore::LockInfo *found = foundLock(result);
    const bool known = found && !found->name.isEmpty();
    json.insert(u"held_by"_s, known ? jsonText(found->holder) : QJsonValue());
    json.insert(u"current"_s, known ? QJsonValue(lockToJson(*found)) : QJsonValue());
}

void insertCommand(QJsonObject &json, const RunResult &result)
{
    const bool ran = result.end.pid > 0;
    json.insert(u"command"_s, QJsonArray::fromStringList(result.command));
    json.insert(u"pid"_s, orNull(ran, result.end.pid));
    json.insert(u"command_exit_code"_s,
                orNull(ran && result.end.exit.signal == 0, result.end.exit.exitCode));
    json.insert(u"command_signal"_s,
                orNull(ran && result.end.exit.signal > 0, result.end.exit.signal));
    json.insert(u"signals_sent"_s, QJsonArray::fromStringList(result.end.signalsSent));
    json.insert(u"left_running"_s, orNull(ran, result.end.leftRunning));
    json.insert(u"scope"_s, jsonText(result.scopeUnit));
}

QString stopText(const RunResult &result)
{
    if (result.end.killedByWatcher)
        return u"SIGKILL"_s;
    if (result.end.signalsSent.contains(u"SIGKILL"_s))
        return Tr::tr("SIGTERM, then SIGKILL after %1").arg(lockcore::formatDurationMs(result.graceMs));
    return u"SIGTERM"_s;
}

QString expiredText(const RunResult &result, const QString &status)
{
    if (result.end.killedByWatcher)
        return Tr::tr("\"%1\" was not renewed in time (lockctl was stopped, or not scheduled): "
                      "the command's watcher killed it (SIGKILL) when the lease ended on this "
                      "machine's clock, before its end in the database (%2). Exit code %3.")
            .arg(result.lock, textTime(result.expiresAt), status);
    return Tr::tr("No renewal of \"%1\" got through in time: its lease ends at %2 (database "
                  "time), and then the lock may be someone else's. The command was stopped "
                  "before that (%3); exit code %4.")
        .arg(result.lock, textTime(result.expiresAt), stopText(result), status);
}

} // namespace

int runExitCode(const RunResult &result)
{
    switch (result.outcome) {
    case Outcome::Completed:
    case Outcome::Interrupted:
        return result.end.exit.status();
    case Outcome::Lost:
    case Outcome::Expired:
    case Outcome::Unwatched:
        return ExitRunLost;
    case Outcome::NotStarted:
        return result.end.notStarted ? result.end.notStarted->status : int(ExitNotFound);
    case Outcome::Refused:
        return result.conflictExitCode;
    case Outcome::Cancelled:
        return ExitRefused;
    case Outcome::Error:
        break;
    }
    return result.error ? exitCodeFor(*result.error) : int(ExitDatabase);
}

QJsonObject runResultJson(const RunResult &result)
{
    const bool acquired = result.grant && result.grant->acquired;
    const lockcore::Grant grant = result.grant.value_or(lockcore::Grant{});
    QJsonObject json{
        {u"lock"_s, result.lock},
        {u"holder"_s, result.holder},
        {u"outcome"_s, outcomeName(result.outcome)},
        {u"exit_code"_s, result.exitCode},
        {u"acquired"_s, acquired},
        {u"fence"_s, orNull(acquired, grant.fence)},
        {u"acquired_at"_s, acquired ? jsonTime(grant.acquiredAt) : QJsonValue()},
        {u"expires_at"_s, acquired ? jsonTime(result.expiresAt) : QJsonValue()},
        {u"attempts"_s, orNull(result.grant.has_value(), grant.attempts)},
        {u"took_over_from"_s, jsonText(grant.tookOverFrom)},
        {u"renewals"_s, result.renewals},
        {u"held_ms"_s, orNull(acquired, result.held.heldMs)},
        {u"released"_s, result.held.released},
        {u"released_at"_s, jsonTime(result.held.releasedAt)},
        {u"lost"_s, result.outcome == Outcome::Lost || result.outcome == Outcome::Expired},
        {u"interrupted"_s, result.end.interrupted || result.outcome == Outcome::Cancelled},
        {u"same_holder"_s, result.sameHolder},
        {u"hold_at_least_ms"_s, orNull(result.holdAtLeastMs > 0, result.holdAtLeastMs)},
    };
    insertCommand(json, result);
    insertFound(json, result);
    if (const auto &error = result.error ? result.error : result.held.error)
        json.insert(u"error"_s, errorToJson(*error)); // before the command, or the release's
    return json;
}

QString runResultText(const RunResult &result)
{
    const QString status = QString::number(result.exitCode);
    switch (result.outcome) {
    case Outcome::Completed:
        if (result.end.leftRunning > 0)
            return Tr::tr("The command left %n process(es) running; stopped (%1) before \"%2\" "
                          "was released.", nullptr, result.end.leftRunning)
                .arg(result.end.signalsSent.join(u", "_s), result.lock);
        return {};
    case Outcome::Interrupted:
        return Tr::tr("Interrupted: the command ended with status %1; released \"%2\".")
            .arg(QString::number(result.end.exit.status()), result.lock);
    case Outcome::Lost:
        if (result.lostBeforeStart)
            return Tr::tr("Lost before the command started: %1 The command was not run.")
                .arg(lostText(result.lock, result.grant->fence, result.held.current));
        return Tr::tr("Lost while the command ran: %1 The command was stopped (%2); exit code %3.")
            .arg(lostText(result.lock, result.grant->fence, result.held.current),
                 stopText(result), status);
    case Outcome::Expired:
        return expiredText(result, status);
    case Outcome::Unwatched:
        return Tr::tr("The watcher of the command (a second lockctl process) was killed: the "
                      "command was killed at once (SIGKILL), since nothing would have stopped it "
                      "had lockctl been killed next. Released \"%1\"; exit code %2.")
            .arg(result.lock, status);
    case Outcome::NotStarted:
        return Tr::tr("Cannot run \"%1\": %2. Released \"%3\"; exit code %4.")
            .arg(result.command.value(0), result.end.notStarted->reason, result.lock, status);
    case Outcome::Refused:
        if (result.sameHolder)
            return Tr::tr("Not acquired: \"%1\" is already held by this holder (%2), another run "
                          "or acquire with the same --holder; lockctl run does not re-enter a "
                          "lock. The command was not run.")
                .arg(result.lock, result.holder);
        if (result.grant->current.name.isEmpty())
            return Tr::tr("Not acquired: \"%1\" was taken by someone else. The command was not "
                          "run.")
                .arg(result.lock);
        return Tr::tr("Not acquired: \"%1\" is %2. The command was not run.")
            .arg(result.lock, lockStateText(result.grant->current));
    case Outcome::Cancelled:
        return Tr::tr("Interrupted before the command started; it was not run.");
    case Outcome::Error:
        break;
    }
    return result.error ? errorText(*result.error) : QString();
}

} // namespace lockctl
