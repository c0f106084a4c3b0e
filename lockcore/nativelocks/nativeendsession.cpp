// SPDX-License-Identifier: Apache-2.0
// Cancelling or terminating a session whatever lock it holds or waits for
// (NativeLockReader::endSession): only while it is the session the admin saw (the same
// backend and transaction), never this session or, unless allowed, Lockscope's own; audited.

#include "nativelocks.h"

#include "nativebackend.h"
#include "rows.h"
#include "session.h"
#include "tr.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

QString actionText(SessionAction action, const NativeLock &target)
{
    return action == SessionAction::Cancel
               ? Tr::tr("cancelling the statement of %1").arg(target.sessionText())
               : Tr::tr("terminating %1").arg(target.sessionText());
}

bool isIdle(const QString &state)
{
    // PostgreSQL: idle, idle in transaction (aborted); MySQL/MariaDB: the Sleep command.
    return state.startsWith(u"idle"_s) || state.startsWith(u"Sleep"_s);
}

} // namespace

QString NativeLockReader::refusalBeforeEnding(const NativeLock &expected, SessionAction action,
                                              const NativeLockIdentity &id) const
{
    if (expected.pid == id.ownPid)
        return Tr::tr("%1 is this connection of Lockscope's own: refused.")
            .arg(expected.sessionText());
    if (expected.lockscopeSession && !m_allowLockscope)
        return Tr::tr("%1 is a connection of Lockscope's own (lockctl or the window): refused. "
                      "Allow it explicitly to end it.")
            .arg(expected.sessionText());
    if (action == SessionAction::Cancel && isIdle(expected.state))
        return Tr::tr("%1 runs no statement (%2): cancelling would do nothing. Terminate the "
                      "session to end its transaction.")
            .arg(expected.sessionText(), expected.state);
    return {};
}

Result<QString> NativeLockReader::whatChanged(const NativeLock &expected)
{
    auto query = m_session->run(m_backend->sessionNow(expected),
                                Tr::tr("checking %1").arg(expected.sessionText()));
    if (!query)
        return query.error();
    if (!(*query)->next())
        return m_backend->goneText(expected);
    NativeLock now = expected;
    const QSqlQuery &row = **query;
    now.sessionStartUs = row.value(0).isNull() ? expected.sessionStartUs
                                               : row.value(0).toLongLong();
    now.xactStartUs = row.value(1).isNull() ? 0 : row.value(1).toLongLong();
    now.user = row.value(2).toString();
    now.state = row.value(3).toString();
    now.transactionId = row.value(5).toString();
    now.statementId = row.value(7).isNull() ? 0 : row.value(7).toLongLong();
    (*query)->finish();
    return now.changeSince(expected);
}

Status NativeLockReader::endChecked(const NativeLock &expected, SessionAction action,
                                    const NativeLockIdentity &id, TerminateOutcome &outcome)
{
    const Statement checked = m_backend->endSessionChecked(expected, action, id);
    bool matched = false;
    bool done = false;
    if (!checked.text().isEmpty()) {
        // The check and the signal in one statement (PostgreSQL).
        auto query = m_session->run(checked, actionText(action, expected));
        if (!query)
            return query.error();
        matched = (*query)->next();
        done = matched && (*query)->value(0).toInt() == 1;
        (*query)->finish();
    } else {
        // The check right before KILL, which cannot be conditional.
        auto why = whatChanged(expected);
        if (!why)
            return why.error();
        matched = why->isEmpty();
        if (matched) {
            QSqlQuery query(m_session->database());
            if (!query.exec(m_backend->endSql(expected, action))) {
                const Error error = m_session->errorFrom(query.lastError(),
                                                         actionText(action, expected));
                if (!m_backend->endedByItself(error))
                    return error;
                outcome.status = TerminateOutcome::Status::Refused;
                outcome.reason = Tr::tr("%1 ended by itself just now; nothing was done.")
                                     .arg(expected.sessionText());
                return {};
            }
            done = true;
        }
    }
    if (!matched) {
        auto why = whatChanged(expected);
        outcome.status = TerminateOutcome::Status::Refused;
        outcome.reason = (why ? (why->isEmpty() ? Tr::tr("%1 changed while checking.")
                                                      .arg(expected.sessionText())
                                                : *why)
                              : why.error().message)
                         + u' ' + Tr::tr("Nothing was done.");
        return {};
    }
    outcome.status = done ? TerminateOutcome::Status::Terminated
                          : TerminateOutcome::Status::Failed;
    if (action == SessionAction::Cancel)
        outcome.reason = done ? Tr::tr("The statement of %1 was cancelled.")
                                    .arg(expected.sessionText())
                              : Tr::tr("%1 could not be signalled.").arg(expected.sessionText());
    else
        outcome.reason = done ? Tr::tr("%1 was terminated.").arg(expected.sessionText())
                              : Tr::tr("pg_terminate_backend did not end %1 in time (or it was "
                                       "no longer a server process).")
                                    .arg(expected.sessionText());
    return {};
}

Result<TerminateOutcome> NativeLockReader::endSession(const NativeLock &expected,
                                                      SessionAction action)
{
    if (Status writable = m_session->checkWritable(actionText(action, expected)); !writable)
        return writable.error();
    TerminateOutcome outcome;
    outcome.target = expected;
    outcome.actor = m_actor;
    outcome.action = action;
    outcome.adminReason = m_reason;
    auto id = identity();
    if (!id)
        return id.error();
    outcome.at = id->dbNow;
    const QString refusal = refusalBeforeEnding(expected, action, *id);
    if (!refusal.isEmpty()) {
        outcome.status = TerminateOutcome::Status::Refused;
        outcome.reason = refusal;
    } else if (Status done = endChecked(expected, action, *id, outcome); !done) {
        outcome.status = TerminateOutcome::Status::Failed;
        outcome.reason = done.error().fullText();
        if (m_backend->isPrivilegeError(done.error()))
            outcome.reason = Tr::tr("The database refused %1: %2 %3")
                                 .arg(actionText(action, expected), done.error().driverText,
                                      m_backend->privilegeHint());
    }
    audit(outcome, true);
    return outcome;
}

Result<std::optional<NativeLock>> NativeLockReader::findSession(qint64 pid)
{
    auto snapshot = read();
    if (!snapshot)
        return snapshot.error();
    if (const BlockingSession *s = snapshot->blocking.find(pid); s && !s->session.user.isEmpty())
        return std::optional<NativeLock>(s->session);
    for (const NativeLock &lock : std::as_const(snapshot->locks)) {
        if (lock.pid == pid)
            return std::optional<NativeLock>(lock);
    }
    // Neither blocking nor holding a lock: the session alone.
    NativeLock alone;
    alone.pid = pid;
    auto query = m_session->run(m_backend->sessionNow(alone),
                                Tr::tr("looking for session %1").arg(pid));
    if (!query)
        return query.error();
    if (!(*query)->next())
        return std::optional<NativeLock>();
    const QSqlQuery &row = **query;
    alone.sessionStartUs = row.value(0).isNull() ? 0 : row.value(0).toLongLong();
    alone.sessionStart = alone.sessionStartUs ? timeFromMs(QVariant(alone.sessionStartUs / 1000))
                                              : QDateTime();
    alone.xactStartUs = row.value(1).isNull() ? 0 : row.value(1).toLongLong();
    alone.xactStart = alone.xactStartUs ? timeFromMs(QVariant(alone.xactStartUs / 1000))
                                        : QDateTime();
    alone.user = row.value(2).toString();
    alone.state = row.value(3).toString();
    alone.stateSince = timeFromMs(row.value(4));
    alone.transactionId = row.value(5).toString();
    alone.application = row.value(6).toString();
    alone.statementId = row.value(7).isNull() ? 0 : row.value(7).toLongLong();
    (*query)->finish();
    alone.lockscopeSession = pid == snapshot->ownPid || snapshot->lockscopeSessions.contains(pid)
                             || m_backend->isLockscopeSession(alone);
    return std::optional<NativeLock>(alone);
}

} // namespace lockcore
