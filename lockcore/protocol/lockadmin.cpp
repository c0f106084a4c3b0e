// SPDX-License-Identifier: Apache-2.0
#include "lockservice.h"

#include "rowlocker.h"
#include "session.h"
#include "tr.h"
#include "validation.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

// Admin actions: each is one short transaction that changes the row and records the event,
// so an action is never applied without its audit record (or recorded without being applied).

namespace {

// A statement of an admin transaction after its change: the transaction is rolled back when
// it fails.
Status inTransaction(Session &session, const Statement &statement, const QString &what)
{
    auto ran = session.run(statement, what);
    if (!ran) {
        session.rollback();
        return ran.error();
    }
    (*ran)->finish();
    return {};
}

// The end of an admin transaction that changed the row: committed, or rolled back.
Status commitOrRollBack(Session &session)
{
    if (Status committed = session.commit(); !committed) {
        session.rollback();
        return committed;
    }
    return {};
}

} // namespace

Result<InitOutcome> LockService::initialize(const QString &name, qint64 ttlMs,
                                            const QString &description)
{
    if (Status writable = m_session->checkWritable(Tr::tr("initializing \"%1\"").arg(name)); !writable)
        return writable.error();
    if (Status s = validateLockName(name); !s)
        return s.error();
    if (Status s = validateTtl(ttlMs); !s)
        return s.error();
    if (Status s = validateDescription(description, Tr::tr("description")); !s)
        return s.error();

    const Dialect &dialect = m_session->dialect();
    const QString what = Tr::tr("initializing \"%1\"").arg(name);
    if (Status begun = m_session->begin(); !begun)
        return begun.error();
    // A deleted lock's tombstone comes back (keeping its fence); otherwise a new row.
    auto revived = m_session->run(dialect.reviveDeleted(m_tables, name, ttlMs, description), what);
    if (!revived) {
        m_session->rollback();
        return revived.error();
    }
    const bool wasDeleted = (*revived)->numRowsAffected() == 1;
    (*revived)->finish();
    Result<QSqlQuery *> inserted = *revived;
    if (!wasDeleted)
        inserted = m_session->run(dialect.initialize(m_tables, name, ttlMs, description), what);
    InitOutcome outcome;
    if (inserted) {
        if (Status recorded = inTransaction(*m_session,
                                            dialect.insertEventFromRow(m_tables, name, u"init"_s,
                                                                       u"holder"_s, m_actor,
                                                                       description),
                                            Tr::tr("recording the initialization"));
            !recorded)
            return recorded.error();
        if (Status committed = commitOrRollBack(*m_session); !committed)
            return committed.error();
        outcome.created = true;
    } else {
        m_session->rollback();
        if (inserted.error().kind != Error::Kind::Duplicate)
            return inserted.error();
    }
    auto current = lock(name);
    if (!current)
        return current.error();
    if (*current)
        outcome.current = **current;
    return outcome;
}

Result<ForceReleaseOutcome> LockService::forceRelease(const QString &name, qint64 expectedFence,
                                                      const QString &reason)
{
    if (Status writable = m_session->checkWritable(Tr::tr("force-releasing \"%1\"").arg(name)); !writable)
        return writable.error();
    if (Status s = validateStoredLockName(name); !s)
        return s.error();
    if (reason.trimmed().isEmpty())
        return Error::invalidInput(
            Tr::tr("A force release needs a reason; it is recorded with your name."));
    if (Status s = validateDescription(reason, Tr::tr("reason")); !s)
        return s.error();

    const Dialect &dialect = m_session->dialect();
    if (Status begun = m_session->begin(); !begun)
        return begun.error();
    auto updated = m_session->run(dialect.forceRelease(m_tables, name, expectedFence),
                                  Tr::tr("force-releasing \"%1\"").arg(name));
    if (!updated) {
        m_session->rollback();
        // A wait for the row that the server ended: nothing was done; say who holds the row.
        return withRowLocker(*m_session, m_tables, name, updated.error());
    }
    const bool changed = (*updated)->numRowsAffected() == 1;
    ForceReleaseOutcome outcome;
    if (changed) {
        const QString detail = reason + u" (fence "_s + QString::number(expectedFence)
                               + u" revoked)"_s;
        if (Status recorded = inTransaction(
                *m_session,
                dialect.insertEventFromRow(m_tables, name, u"force_release"_s, u"prev_holder"_s,
                                           m_actor,
                                           truncatedToCodePoints(detail,
                                                                 limits::maxDescriptionChars)),
                Tr::tr("recording the force release"));
            !recorded)
            return recorded.error();
        // Waiters retry at once (PostgreSQL: delivered at commit).
        if (dialect.hasFeature(Feature::ReleaseNotifies)) {
            if (Status notified = inTransaction(*m_session,
                                                dialect.notifyReleased(m_tables, name),
                                                Tr::tr("notifying waiters"));
                !notified)
                return notified.error();
        }
        if (Status committed = commitOrRollBack(*m_session); !committed)
            return committed.error();
        outcome.released = true;
    } else {
        m_session->rollback();
    }
    auto current = lock(name);
    if (!current)
        return current.error();
    if (*current) {
        outcome.current = **current;
        if (outcome.released) {
            outcome.releasedHolder = outcome.current.prevHolder;
            outcome.newFence = outcome.current.fence;
        }
    }
    return outcome;
}

Result<DeleteOutcome> LockService::remove(const QString &name, std::optional<qint64> seenFence)
{
    if (Status writable = m_session->checkWritable(Tr::tr("deleting \"%1\"").arg(name)); !writable)
        return writable.error();
    if (Status s = validateStoredLockName(name); !s)
        return s.error();
    const Dialect &dialect = m_session->dialect();
    if (Status begun = m_session->begin(); !begun)
        return begun.error();
    auto current = lock(name);
    if (!current) {
        m_session->rollback();
        return current.error();
    }
    DeleteOutcome outcome;
    if (!*current) {
        m_session->rollback();
        outcome.missing = true;
        return outcome;
    }
    outcome.current = **current;
    if (seenFence && outcome.current.fence != *seenFence) {
        m_session->rollback();
        outcome.changed = true;
        return outcome; // not the lock the admin chose any more
    }
    if (outcome.current.state == LockState::Held) {
        m_session->rollback();
        return outcome; // held: force-release it first
    }
    // Only the row read here (same fence) and only while it is still free or expired.
    auto deleted = m_session->run(dialect.deleteLock(m_tables, name, outcome.current.fence),
                                  Tr::tr("deleting \"%1\"").arg(name));
    if (!deleted) {
        m_session->rollback();
        return deleted.error();
    }
    if ((*deleted)->numRowsAffected() != 1) {
        m_session->rollback();
        auto now = lock(name);
        if (!now)
            return now.error();
        outcome.current = now->value_or(LockInfo{});
        outcome.missing = !now->has_value();
        outcome.changed = !outcome.missing && outcome.current.fence != (*current)->fence;
        return outcome;
    }
    // The row stays as a tombstone with its fence, so a re-created lock continues above it;
    // the event records the fence too.
    if (Status recorded = inTransaction(
            *m_session,
            dialect.insertEvent(m_tables, name, u"delete"_s, outcome.current.holder,
                                outcome.current.fence, m_actor,
                                truncatedToCodePoints(outcome.current.description,
                                                      limits::maxDescriptionChars)),
            Tr::tr("recording the delete"));
        !recorded)
        return recorded.error();
    if (Status committed = commitOrRollBack(*m_session); !committed)
        return committed.error();
    outcome.deleted = true;
    return outcome;
}

} // namespace lockcore
