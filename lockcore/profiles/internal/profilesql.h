// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "dialect.h"
#include "profile.h"
#include "profilecolumntypes.h"
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
    // An instant column (timestamptz): the clock as an instant, and its milliseconds.
    virtual QString nowInstant() const { return now(Profile::Time::Utc); }
    virtual QString msOfInstant(const QString &e) const { return msOf(e); }
    // An integer expression divided by 1000, rounded down (for epoch seconds).
    virtual QString div1000(const QString &e) const { return QLatin1String("(") + e + QLatin1String(" / 1000)"); }
    // Epoch seconds (an integer column) in milliseconds, without overflowing a 32-bit integer.
    virtual QString secondsToMs(const QString &e) const
    {
        return QLatin1String("(") + e + QLatin1String(" * 1000)");
    }
};

// Result columns of ProfileSql::select().
namespace pcol {
enum { Name, Holder, LockedAtMs, ExpiresMs, Status, NowMs, UtcNowMs, Group, TtlMs };
}

// A profile's statements on one table. Pure functions of their inputs (unit-testable as text):
// every value is bound; the table and columns are validated identifiers quoted by the dialect.
class ProfileSql
{
public:
    // `table` validated (optionally "schema.table"); `forms` from the catalog (ProfileTable).
    ProfileSql(const Dialect &dialect, const Profile &profile, const QString &table);
    ProfileSql(const Dialect &dialect, const Profile &profile, const QString &table,
               const ProfileColumnForms &forms);

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
    // Per time column, in its stored form: the clock, milliseconds of a value, "now + ? ms".
    TimeForm formOf(const QString &column) const;
    QString nowOf(const QString &column) const;
    QString msOfExpr(const QString &column, const QString &expr) const;
    QString msOfColumn(const QString &column) const { return msOfExpr(column, col(column)); }
    QString plusBoundMsOf(const QString &column) const; // nowOf(column) + the bound ms
    QString statusLiteral(bool held) const;
    void appendKey(Statement &st, const QString &name) const; // with the nameLike condition
    void appendNameLike(Statement &st, const char *joiner) const; // "<joiner>name LIKE ?"
    void appendHeld(Statement &st) const; // " AND <still held>" for release/force release
    void appendReleaseHead(Statement &st) const; // "UPDATE t SET .. WHERE " or "DELETE .."

    const Dialect &m_dialect;
    Profile m_profile;
    std::unique_ptr<ProfileClock> m_clock;
    QString m_table;
    ProfileColumnForms m_forms;
};

} // namespace lockcore
