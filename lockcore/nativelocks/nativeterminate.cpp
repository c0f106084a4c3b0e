// SPDX-License-Identifier: Apache-2.0
// Terminating the session that holds a database lock (NativeLockReader::terminate): a
// compare-and-set on (session, lock), refused for this session itself, and audited.

#include "nativelocks.h"

#include "nativebackend.h"
#include "rows.h"
#include "session.h"
#include "tr.h"
#include "validation.h"

#include <QSqlQuery>
#include <QThread>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

constexpr int freedChecks = 10;     // after a kill: how often to look whether the lock is free
constexpr int freedCheckGapMs = 100; // (MySQL's KILL returns before the session has ended)

} // namespace

Result<QString> NativeLockReader::whyNotHeld(const NativeLock &expected)
{
    if (!m_backend)
        return QString();
    auto query = m_session->run(m_backend->stillHeld(expected),
                                Tr::tr("checking who holds the lock"));
    if (!query)
        return query.error();
    QString why;
    if (!(*query)->next()) {
        why = m_backend->goneText(expected);
    } else if (!(*query)->value(0).isNull()
               && (*query)->value(0).toLongLong() != expected.sessionStartUs) {
        why = Tr::tr("The id %1 now belongs to another session (started at %2), not the one you "
                     "saw (started at %3).")
                  .arg(expected.pid)
                  .arg(timeFromMs(QVariant((*query)->value(0).toLongLong() / 1000))
                           .toString(Qt::ISODateWithMs),
                       expected.sessionStart.toString(Qt::ISODateWithMs));
    } else if ((*query)->value(1).toString() != expected.user) {
        why = Tr::tr("The id %1 now belongs to user \"%2\", not \"%3\": another session.")
                  .arg(QString::number(expected.pid), (*query)->value(1).toString(),
                       expected.user);
    } else if ((*query)->value(2).toInt() != 1) {
        why = Tr::tr("%1 no longer holds the lock %2.").arg(expected.sessionText(), expected.key);
    }
    (*query)->finish();
    return why;
}

Status NativeLockReader::kill(const NativeLock &expected, const NativeLockIdentity &id,
                              TerminateOutcome &outcome)
{
    const Statement checked = m_backend->checkedTerminate(expected, id);
    return checked.text().isEmpty() ? checkThenKill(expected, outcome)
                                    : killChecked(checked, expected, outcome);
}

Status NativeLockReader::killChecked(const Statement &checkedTerminate,
                                     const NativeLock &expected, TerminateOutcome &outcome)
{
    // The check and the kill in one statement (PostgreSQL's pg_terminate_backend).
    auto query = m_session->run(checkedTerminate,
                                Tr::tr("terminating %1").arg(expected.sessionText()));
    if (!query)
        return query.error();
    const bool matched = (*query)->next();
    const bool ended = matched && (*query)->value(0).toInt() == 1;
    (*query)->finish();
    if (!matched) {
        auto why = whyNotHeld(expected);
        outcome.status = TerminateOutcome::Status::Refused;
        outcome.reason = why ? (why->isEmpty() ? Tr::tr("The lock changed while checking; "
                                                        "nothing was done.")
                                               : *why)
                             : why.error().message;
        return {};
    }
    outcome.status = ended ? TerminateOutcome::Status::Terminated
                           : TerminateOutcome::Status::Failed;
    outcome.reason = ended ? Tr::tr("%1 was terminated.").arg(expected.sessionText())
                           : Tr::tr("pg_terminate_backend did not end %1 in time (or it was "
                                    "no longer a server process).")
                                 .arg(expected.sessionText());
    return {};
}

Status NativeLockReader::checkThenKill(const NativeLock &expected, TerminateOutcome &outcome)
{
    // The check right before the kill (MySQL's KILL, Oracle's ALTER SYSTEM KILL SESSION
    // cannot be conditional).
    auto why = whyNotHeld(expected);
    if (!why)
        return why.error();
    if (!why->isEmpty()) {
        outcome.status = TerminateOutcome::Status::Refused;
        outcome.reason = *why;
        return {};
    }
    QSqlQuery query(m_session->database());
    if (!query.exec(m_backend->kill(expected))) {
        const Error error = m_session->errorFrom(
            query.lastError(), Tr::tr("terminating %1").arg(expected.sessionText()));
        if (m_backend->endedByItself(error)) {
            outcome.status = TerminateOutcome::Status::Refused;
            outcome.reason = Tr::tr("%1 ended by itself just now.").arg(expected.sessionText());
            return {};
        }
        return error;
    }
    outcome.status = TerminateOutcome::Status::Terminated;
    outcome.reason = Tr::tr("%1 was terminated.").arg(expected.sessionText());
    return {};
}

Result<TerminateOutcome> NativeLockReader::terminate(const NativeLock &expected)
{
    if (Status writable = m_session->checkWritable(Tr::tr("terminating the session that holds a lock")); !writable)
        return writable.error();
    TerminateOutcome outcome;
    outcome.target = expected;
    outcome.actor = m_actor;
    auto id = identity();
    if (!id) {
        qCInfo(lcNativeLocks).noquote()
            << u"terminate %1 lock %2 by %3: failed: %4"_s.arg(expected.sessionText(),
                                                                expected.key, m_actor,
                                                                id.error().fullText());
        return id.error();
    }
    outcome.at = id->dbNow;
    if (expected.pid == id->ownPid) {
        outcome.status = TerminateOutcome::Status::Refused;
        outcome.reason = Tr::tr("%1 is Lockscope's own connection: refused.")
                             .arg(expected.sessionText());
    } else if (!expected.granted) {
        outcome.status = TerminateOutcome::Status::Refused;
        outcome.reason = Tr::tr("%1 waits for the lock %2; it does not hold it.")
                             .arg(expected.sessionText(), expected.key);
    } else if (Status done = kill(expected, *id, outcome); !done) {
        outcome.status = TerminateOutcome::Status::Failed;
        outcome.reason = done.error().fullText();
        if (m_backend->isPrivilegeError(done.error()))
            outcome.reason = Tr::tr("The database refused to end %1: %2 %3")
                                 .arg(expected.sessionText(), done.error().driverText,
                                      m_backend->privilegeHint());
    }
    if (outcome.status == TerminateOutcome::Status::Terminated) {
        for (int i = 0; i < freedChecks && !outcome.lockFreed; ++i) {
            if (i > 0)
                QThread::msleep(freedCheckGapMs);
            auto why = whyNotHeld(expected);
            outcome.lockFreed = why && !why->isEmpty();
        }
    }
    audit(outcome);
    return outcome;
}

void NativeLockReader::audit(TerminateOutcome &outcome, bool sessionTarget)
{
    const NativeLock &t = outcome.target;
    const QString lockLabel = sessionTarget ? u"native:session:"_s + QString::number(t.pid)
                                            : u"native:"_s + t.key;
    const QString kind = outcome.action == SessionAction::Cancel ? u"cancel"_s
                                                                 : u"terminate"_s;
    outcome.adminReason = m_reason;
    const QString detail = outcome.outcomeName() + u": "_s + outcome.reason
                           + (outcome.lockFreed ? u" (lock freed)"_s : QString())
                           + (m_reason.isEmpty() ? QString() : u"; reason: "_s + m_reason);
    const QString what = sessionTarget
                             ? u"transaction %1"_s.arg(t.xactStartUs ? t.xactStart.toString(
                                                                           Qt::ISODateWithMs)
                                                                     : u"none"_s)
                             : u"lock "_s + t.key;
    outcome.auditText = u"%1 at %2 by %3: %4 pid %5 user %6 %7: %8"_s.arg(
        kind, outcome.at.toString(Qt::ISODateWithMs), outcome.actor, m_session->dialect().name(),
        QString::number(t.pid), t.user, what, detail);
    qCInfo(lcNativeLocks).noquote() << outcome.auditText;

    if (m_auditTable.isEmpty() || validateTableName(m_auditTable).ok() == false)
        return;
    const TableNames tables = TableNames::fromTable(m_auditTable);
    auto recorded = m_session->run(
        m_session->dialect().insertEvent(
            tables, truncatedToCodePoints(lockLabel, limits::maxNameChars), kind,
            truncatedToCodePoints(t.sessionText(), limits::maxNameChars), 0,
            truncatedToCodePoints(outcome.actor, limits::maxNameChars),
            truncatedToCodePoints(detail, limits::maxDescriptionChars)),
        Tr::tr("recording the %1").arg(kind));
    if (recorded) {
        outcome.recordedInTable = true;
        return;
    }
    if (recorded.error().kind != Error::Kind::MissingSchema) // no Lockscope schema: log only
        qCWarning(lcNativeLocks).noquote()
            << u"could not record the %1 in %2: %3"_s.arg(kind, m_auditTable,
                                                                  recorded.error().fullText());
}

} // namespace lockcore
