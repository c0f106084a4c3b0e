// SPDX-License-Identifier: Apache-2.0
#include "lockservice.h"

#include "busyretry.h"
#include "changetransaction.h"
#include "rows.h"
#include "session.h"
#include "tr.h"
#include "validation.h"

#include <QSqlQuery>
#include <limits>

using namespace Qt::StringLiterals;

// What a holder does with its grant: renew it and release it, each owner-and-fence checked and,
// with its event, one transaction (inOneTransaction).

namespace lockcore {

namespace {

// A MySQL release's LAST_INSERT_ID (MysqlDialect::release): the remaining depth, or, when the
// lock became free, the time it did in ms since 1970 (above any depth, an INT).
ReleaseOutcome releasedFromInsertId(qint64 insertId)
{
    ReleaseOutcome outcome;
    outcome.released = true;
    const bool becameFree = insertId > std::numeric_limits<qint32>::max();
    outcome.remainingDepth = becameFree ? 0 : int(insertId);
    if (becameFree)
        outcome.releasedAt = timeFromMs(insertId);
    return outcome;
}

// What a release answered: its row (the remaining depth and the time; PostgreSQL, SQLite), or
// the row it changed with the depth in LAST_INSERT_ID (MySQL), or only that it changed it
// (Oracle: the depth is not reported).
ReleaseOutcome releaseOutcome(const DirectResult &answer, const Dialect &dialect)
{
    ReleaseOutcome outcome;
    if (!answer.rows.isEmpty()) {
        const QVariantList &row = answer.rows.constFirst();
        outcome.released = true;
        outcome.remainingDepth = row.value(col::RDepth).toInt();
        outcome.releasedAt = timeFromMs(row.value(col::RNowMs));
    } else if (answer.affectedRows == 1) {
        if (dialect.hasFeature(Feature::ReleaseDepthViaInsertId))
            outcome = releasedFromInsertId(qint64(answer.insertId));
        outcome.released = true;
    }
    return outcome;
}

// A refused renewal whose lock is still this holder's with this fence: the statement found its
// lease ended (it renews only a lease that still runs), and the lock was anyone's from then on.
void noteLapse(const QString &holder, qint64 fence, RenewOutcome *outcome)
{
    const LockInfo &current = outcome->current;
    if (current.name.isEmpty() || current.holder != holder || current.fence != fence
        || !current.expiresAt.isValid())
        return;
    outcome->leaseEndedAt = current.expiresAt;
    outcome->dbNow = current.dbNow;
}

} // namespace

Result<RenewOutcome> LockService::renew(const QString &name, const QString &holder, qint64 fence,
                                        qint64 ttlMs)
{
    if (Status writable = m_session->checkWritable(Tr::tr("renewing \"%1\"").arg(name)); !writable)
        return writable.error();
    if (Status valid = validateAcquire(name, holder, ttlMs); !valid)
        return valid.error();
    const Dialect &dialect = m_session->dialect();
    // One statement that returns the renewed row (PostgreSQL, SQLite), or a batch of the
    // UPDATE and a SELECT of the row it renewed (MySQL, MariaDB); Oracle: the UPDATE alone,
    // and the row read after it.
    const Statement statement = dialect.hasFeature(Feature::Batches)
                                    ? dialect.renewBatch(m_tables, name, holder, fence, ttlMs)
                                    : dialect.renew(m_tables, name, holder, fence, ttlMs);
    return retriedWhileBusy([&] {
        return inOneTransaction(*m_session, recordsEvents(), [&] {
            return renewOnce(statement, name, holder, fence);
        });
    });
}

Result<RenewOutcome> LockService::renewOnce(const Statement &statement, const QString &name,
                                            const QString &holder, qint64 fence)
{
    auto answer = m_session->runRows(statement, Tr::tr("renewing \"%1\"").arg(name));
    if (!answer)
        return answer.error();
    RenewOutcome outcome;
    std::optional<Grant> row;
    if (!answer->rows.isEmpty()) {
        row = grantFromRow(answer->rows.constFirst(), name, holder);
    } else if (answer->affectedRows == 1) {
        auto read = grantFromSelect(name, holder);
        if (!read)
            return read.error();
        if (read->acquired && read->fence == fence)
            row = *read;
    }
    if (row) {
        outcome.renewed = true;
        outcome.expiresAt = row->expiresAt;
        outcome.dbNow = row->dbNow;
    }
    if (!outcome.renewed) {
        m_session->freeWakeLock(wakeLockFor(name)); // lost: its wake-up lock is not ours
        if (Status read = readCurrent(name, &outcome.current); !read)
            return read.error();
        noteLapse(holder, fence, &outcome);
    }
    const QString refusal = outcome.leaseEndedAt.isValid()
                                ? u"renew refused: the lease had ended"_s
                                : u"renew refused: no longer the holder"_s;
    if (Status recorded = recordEvent(name, outcome.renewed ? u"renew"_s : u"lost"_s, holder,
                                      fence, outcome.renewed ? QString() : refusal,
                                      outcome.renewed ? outcome.dbNow : QDateTime());
        !recorded)
        return recorded.error();
    return outcome;
}

Result<ReleaseOutcome> LockService::release(const QString &name, const QString &holder,
                                            qint64 fence)
{
    if (m_session->isReadOnly())
        return m_session->checkWritable(Tr::tr("releasing \"%1\"").arg(name)).error();
    if (Status valid = validateAcquire(name, holder, 0); !valid)
        return valid.error();
    auto outcome = retriedWhileBusy([&] {
        return inOneTransaction(*m_session, recordsEvents(),
                                [&] { return releaseOnce(name, holder, fence); });
    });
    if (outcome) // (told to this service once committed)
        noteReleased(name, holder, fence, *outcome);
    return outcome;
}

Statement &LockService::releaseStatement(const QString &name, const QString &holder,
                                         qint64 fence, bool freesWakeLock)
{
    ReleaseText &cached = m_releaseText;
    if (cached.name != name || cached.holder != holder || cached.plain.text().isEmpty()) {
        const Dialect &dialect = m_session->dialect();
        const QString wakeLock = wakeLockFor(name);
        cached = ReleaseText{};
        cached.plain = dialect.release(m_tables, name, holder, fence);
        if (!wakeLock.isEmpty())
            cached.freeing =
                dialect.releaseFreeingWakeLock(m_tables, name, holder, fence, wakeLock);
        cached.name = name;
        cached.holder = holder;
        cached.what = Tr::tr("releasing \"%1\"").arg(name);
    }
    // Every dialect marks the fence (tst_dialects::rebindingASlotEqualsBuildingAfresh).
    Statement &statement = freesWakeLock ? cached.freeing : cached.plain;
    const qsizetype fenceAt = statement.slotIndex(Statement::Slot::Fence);
    Q_ASSERT(fenceAt >= 0);
    statement.rebind(fenceAt, fence);
    return statement;
}

Result<ReleaseOutcome> LockService::releaseOnce(const QString &name, const QString &holder,
                                                qint64 fence)
{
    // With the wake-up lock held, the release frees it too (in the same statement), waking
    // the first waiter blocked on it.
    const QString wakeLock = wakeLockFor(name);
    const bool freesWakeLock = m_session->holdsWakeLock(wakeLock);
    const Statement &statement = releaseStatement(name, holder, fence, freesWakeLock);
    auto answer = m_session->runRows(statement, m_releaseText.what);
    if (!answer)
        return answer.error();
    ReleaseOutcome outcome = releaseOutcome(*answer, m_session->dialect());
    if (freesWakeLock) {
        if (!outcome.released)
            m_session->freeWakeLock(wakeLock); // lost: not ours to keep
        else if (outcome.remainingDepth <= 0)
            m_session->noteWakeLock(wakeLock, false); // freed by the release itself
    }
    if (!outcome.released) {
        // Lost: taken over after expiry, force-released or deleted. Nothing was changed.
        if (Status read = readCurrent(name, &outcome.current); !read)
            return read.error();
    }
    if (Status recorded = recordEvent(name, outcome.released ? u"release"_s : u"lost"_s, holder,
                                      fence,
                                      outcome.released
                                          ? QString()
                                          : u"release refused: no longer the holder"_s,
                                      outcome.releasedAt);
        !recorded)
        return recorded.error();
    return outcome;
}

Status LockService::readCurrent(const QString &name, LockInfo *current)
{
    auto read = lock(name);
    if (!read)
        return read.error();
    if (*read)
        *current = **read;
    return {};
}

void LockService::noteReleased(const QString &name, const QString &holder, qint64 fence,
                               const ReleaseOutcome &outcome)
{
    const auto known = m_held.find({name, holder});
    if (known == m_held.end())
        return;
    if (outcome.released && known->fence == fence)
        known->depth = outcome.remainingDepth >= 0 ? outcome.remainingDepth : known->depth - 1;
    if (!outcome.released || known->depth <= 0)
        m_held.erase(known);
}

} // namespace lockcore
