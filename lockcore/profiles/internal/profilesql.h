#pragma once

#include "dialect.h"
#include "profile.h"
#include "statement.h"

#include <memory>
#include <optional>

namespace lockcore {

// The database clock as a profile's application writes it, per database: the time expression,
// milliseconds since the epoch of a stored time, and a time plus bound milliseconds.
class ProfileClock
{
public:
    virtual ~ProfileClock() = default;
    static std::unique_ptr<ProfileClock> create(Dialect::Kind kind);

    virtual QString now(Profile::Time time) const = 0;
    virtual QString msOf(const QString &timeExpr) const = 0;
    // `timeExpr` plus the milliseconds bound at the "?" this text contains.
    virtual QString plusBoundMs(const QString &timeExpr) const = 0;
};

// Result columns of ProfileSql::select().
namespace pcol {
enum { Name, Holder, LockedAtMs, ExpiresMs, Status, NowMs, UtcNowMs };
}

// A profile's statements on one table. Pure functions of their inputs (unit-testable as text):
// every value is bound; the table and columns are validated identifiers quoted by the dialect.
class ProfileSql
{
public:
    // `table` validated (optionally "schema.table").
    ProfileSql(const Dialect &dialect, const Profile &profile, const QString &table);

    QString table() const { return m_table; }
    // SELECT of every mapped column with no rows: proves the table and the columns exist.
    Statement probe() const;
    // The locks (pcol columns), in name order; one lock when `name` is given.
    Statement select(const std::optional<QString> &name = std::nullopt) const;
    // The application's conditional UPDATE taking a free, expired or (re-entrant) own lock.
    // Empty text when the profile has no way for a row to be free (seed-004: INSERT only).
    Statement acquireUpdate(const QString &name, const QString &holder, qint64 ttlMs) const;
    // The INSERT creating the lock held (a duplicate key: someone holds it).
    Statement acquireInsert(const QString &name, const QString &holder, qint64 ttlMs) const;
    // The application's release, owner-checked when the table has a holder column.
    Statement release(const QString &name, const QString &holder) const;
    // The release's effect, only if the lock is still held by `expectHolder` with the time
    // column (Profile::seenTimeColumn()) at `expectTimeMs` as select() returned it.
    Statement forceRelease(const QString &name, const QString &expectHolder,
                           std::optional<qint64> expectTimeMs) const;
    // The free row (only for profiles with initialize: the status column).
    Statement initialize(const QString &name, const QString &holder) const;

private:
    // The INSERT of a row, held by `holder` for ttlMs or free (acquireInsert, initialize).
    Statement insertRow(const QString &name, const QString &holder, bool held,
                        qint64 ttlMs) const;
    QString col(const QString &column) const { return m_dialect.quoteIdentifier(column); }
    void appendKey(Statement &st, const QString &name) const;
    void appendHeld(Statement &st) const; // " AND <still held>" for release/force release
    void appendReleaseHead(Statement &st) const; // "UPDATE t SET .. WHERE " or "DELETE .."

    const Dialect &m_dialect;
    Profile m_profile;
    std::unique_ptr<ProfileClock> m_clock;
    QString m_table;
};

} // namespace lockcore
