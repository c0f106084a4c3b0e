// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl cancel PID and lockctl terminate PID: end the statement of a session, or the session,
// whatever lock it holds or waits for (a row locked by an idle transaction, a metadata lock),
// only while it is the session the admin saw (--expect-session, the token native-locks prints),
// with a reason that is recorded. lockcore checks the session again at the moment of acting.

#include "nativeend.h"

#include "exitcode.h"
#include "holderid.h"
#include "invocation.h"
#include "jsonformat.h"
#include "lockctltr.h"
#include "nativelocks.h"
#include "nativetree.h"
#include "output.h"
#include "session.h"

#include <QDateTime>
#include <QJsonObject>
#include <QTextStream>
#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::NativeLock;
using lockcore::NativeLockReader;
using lockcore::SessionAction;
using lockcore::TerminateOutcome;

namespace lockctl {

namespace {

QString question(const NativeLock &session, bool cancel)
{
    QString text = cancel ? Tr::tr("Cancel the statement of %1 (%2)?")
                          : Tr::tr("Terminate %1 (%2)? Its transaction is rolled back.");
    text = text.arg(session.sessionText(), session.state.isEmpty() ? Tr::tr("state not known")
                                                                   : session.state);
    if (!session.statement.isEmpty())
        text += u' ' + Tr::tr("Its statement: %1").arg(session.statement.simplified().left(200));
    return text;
}

QJsonObject outcomeJson(const TerminateOutcome &outcome)
{
    return {
        {u"outcome"_s, outcome.outcomeName()},
        {u"action"_s, outcome.action == SessionAction::Cancel ? u"cancel"_s : u"terminate"_s},
        {u"reason"_s, outcome.reason},
        {u"admin_reason"_s, jsonText(outcome.adminReason)},
        {u"at"_s, jsonTime(outcome.at)},
        {u"actor"_s, outcome.actor},
        {u"recorded_in_table"_s, outcome.recordedInTable},
        {u"session"_s, nativeSessionToJson(outcome.target)},
    };
}

int report(Invocation &invocation, const TerminateOutcome &outcome)
{
    QString text = outcome.reason + u'\n' + Tr::tr("Reason given: %1").arg(outcome.adminReason)
                   + u'\n'
                   + (outcome.recordedInTable
                          ? Tr::tr("Recorded in the event table of %1.")
                                .arg(invocation.settings().table)
                          : Tr::tr("Recorded in the log only (no Lockscope event table here)."));
    invocation.out().result(outcomeJson(outcome), text);
    switch (outcome.status) {
    case TerminateOutcome::Status::Terminated: return ExitDone;
    case TerminateOutcome::Status::Refused: return ExitRefused;
    case TerminateOutcome::Status::Failed: return ExitDatabase;
    }
    return ExitDatabase;
}

// No such session now: nothing to compare, nothing done.
int reportGone(Invocation &invocation, qint64 pid, const QString &reason, bool cancel)
{
    const QString text = Tr::tr("There is no session %1 now (it has ended, or the id is wrong); "
                                "nothing was done. See \"lockctl native-locks\".")
                             .arg(pid);
    const QJsonObject json{{u"outcome"_s, u"refused"_s},
                           {u"action"_s, cancel ? u"cancel"_s : u"terminate"_s},
                           {u"reason"_s, text},
                           {u"admin_reason"_s, reason},
                           {u"session"_s, QJsonValue()}};
    invocation.out().result(json, text);
    return ExitRefused;
}


// What cancel / terminate PID was asked to do, checked before connecting.
struct EndRequest
{
    qint64 pid = 0;
    QString reason;
    QString token; // --expect-session; empty: the session as read now
    bool allowOwn = false;
    bool yes = false;
};

std::optional<EndRequest> endRequest(const Invocation &invocation, bool cancel, int *exitCode)
{
    const QCommandLineParser &args = invocation.args();
    EndRequest request;
    const std::optional<qint64> pid = pidArgument(invocation, exitCode);
    if (!pid)
        return std::nullopt;
    request.pid = *pid;
    request.reason = args.value(u"reason"_s).trimmed();
    request.token = args.value(u"expect-session"_s).trimmed();
    request.allowOwn = args.isSet(u"allow-lockscope-session"_s);
    request.yes = args.isSet(u"yes"_s);
    if (request.reason.isEmpty())
        *exitCode = invocation.usage(Tr::tr("--reason is required: say why, for whoever reads "
                                            "the event table or the log later."));
    else if (!request.token.isEmpty() && !NativeLock().seenAs(request.token))
        *exitCode = invocation.usage(
            Tr::tr("--expect-session \"%1\" is not a session id as \"lockctl native-locks\" "
                   "prints it (\"session id: ...\").")
                .arg(request.token.left(80)));
    else
        *exitCode = needsConfirmation(invocation, cancel ? Tr::tr("cancel")
                                                          : Tr::tr("terminate"));
    if (*exitCode != 0)
        return std::nullopt;
    return request;
}

} // namespace

std::optional<qint64> pidArgument(const Invocation &invocation, int *exitCode)
{
    const QStringList positional = invocation.args().positionalArguments();
    if (positional.size() != 1) {
        *exitCode = invocation.usage(Tr::tr("%1 needs one PID (a PostgreSQL backend pid or a "
                                            "MySQL/MariaDB connection id).")
                                         .arg(invocation.commandName()));
        return std::nullopt;
    }
    bool isNumber = false;
    const qint64 pid = positional.constFirst().toLongLong(&isNumber);
    if (!isNumber || pid <= 0) {
        *exitCode = invocation.usage(Tr::tr("The PID must be a positive whole number; got \"%1\".")
                                         .arg(positional.constFirst().left(80)));
        return std::nullopt;
    }
    return pid;
}

bool confirmOnTerminal(const QString &question)
{
    Output::writeStderr(question + u' ' + Tr::tr("[y/N]") + u' ');
    QTextStream in(stdin);
    const QString answer = in.readLine().trimmed().toLower();
    return answer == u"y" || answer == u"yes" || answer == Tr::tr("y");
}

int needsConfirmation(const Invocation &invocation, const QString &yesMeans)
{
    if (invocation.args().isSet(u"yes"_s) || isatty(STDIN_FILENO) == 1)
        return 0;
    return invocation.usage(Tr::tr("Not asking on a terminal: pass --yes to %1 without "
                                   "confirmation.")
                                .arg(yesMeans));
}

QList<QCommandLineOption> endSessionOptions()
{
    return {
        QCommandLineOption(u"reason"_s,
                           Tr::tr("Why you do it (required; recorded with the action)."),
                           u"TEXT"_s),
        QCommandLineOption(
            u"expect-session"_s,
            Tr::tr("The session as native-locks showed it (its \"session id\", "
                   "\"<session start us>.<transaction start us>.<transaction id or 0>"
                   "[.<statement id>]\"): "
                   "refused, with what changed, when PID is another session or in another "
                   "transaction now. Without it, the session as read now."),
            u"ID"_s),
        QCommandLineOption(u"allow-lockscope-session"_s,
                           Tr::tr("Also end a connection of Lockscope's own (lockctl, the "
                                  "window), which is refused otherwise.")),
        QCommandLineOption(u"yes"_s, Tr::tr("Do not ask for confirmation.")),
    };
}

int runEndSession(Invocation &invocation, bool cancel)
{
    int exitCode = ExitUsage;
    const std::optional<EndRequest> request = endRequest(invocation, cancel, &exitCode);
    if (!request)
        return exitCode;
    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    // A read-only connection refuses before anything is read, whichever session PID is.
    if (lockcore::Status writable = (*service)->session().checkWritable(
            cancel ? Tr::tr("cancelling a session's statement") : Tr::tr("terminating a session"));
        !writable)
        return invocation.fail(writable.error());
    NativeLockReader reader((*service)->session());
    reader.setAuditTable(invocation.settings().table);
    reader.setActor(lockcore::actorId(u"lockctl"_s));
    reader.setReason(request->reason);
    reader.setAllowLockscopeSessions(request->allowOwn);
    auto now = reader.findSession(request->pid);
    if (!now)
        return invocation.fail(now.error());
    if (!now->has_value())
        return reportGone(invocation, request->pid, request->reason, cancel);
    const NativeLock expected = request->token.isEmpty() ? **now
                                                         : *(*now)->seenAs(request->token);
    // Ask only when it can be done: lockcore refuses a changed session or Lockscope's own
    // connection without acting, and records the refusal.
    const bool refused = !(*now)->changeSince(expected).isEmpty()
                         || (expected.lockscopeSession && !request->allowOwn);
    if (!refused && !request->yes && !confirmOnTerminal(question(expected, cancel)))
        return invocation.out().error(u"cancelled"_s, Tr::tr("Not confirmed; nothing was done."),
                                      ExitRefused);
    auto outcome = reader.endSession(expected, cancel ? SessionAction::Cancel
                                                      : SessionAction::Terminate);
    if (!outcome)
        return invocation.fail(outcome.error());
    return report(invocation, *outcome);
}

} // namespace lockctl
