// SPDX-License-Identifier: Apache-2.0
#include "dialects.h"

using namespace Qt::StringLiterals;

namespace lockcore {

// SQLite: times are INTEGER milliseconds since the epoch from SQLite's own clock ('now' is
// fixed for the whole statement). UPSERT with RETURNING (SQLite >= 3.35) makes an acquire one
// statement; a write statement holds the database's single write lock, so it is atomic.

QStringList SqliteDialect::schema(const TableNames &t) const
{
    const QString locks = lockTable(t);
    const QString events = eventTable(t);
    const QString prefix = t.schema.isEmpty() ? QString() : quoteIdentifier(t.schema) + u'.';
    return {
        u"CREATE TABLE IF NOT EXISTS "_s + locks + u" (\n"
        u"    name        TEXT    NOT NULL PRIMARY KEY,\n"
        u"    holder      TEXT    NOT NULL DEFAULT '',\n"
        u"    prev_holder TEXT    NOT NULL DEFAULT '',\n"
        u"    depth       INTEGER NOT NULL DEFAULT 0,\n"
        u"    fence       INTEGER NOT NULL DEFAULT 0,\n"
        u"    acquired_at INTEGER, -- ms since 1970-01-01 UTC, database clock\n"
        u"    expires_at  INTEGER,\n"
        u"    renewed_at  INTEGER,\n"
        u"    ttl_ms      INTEGER NOT NULL DEFAULT 30000,\n"
        u"    description TEXT    NOT NULL DEFAULT ''\n"
        u")"_s,
        u"CREATE TABLE IF NOT EXISTS "_s + events + u" (\n"
        u"    id        INTEGER PRIMARY KEY AUTOINCREMENT,\n"
        u"    at        INTEGER NOT NULL,\n"
        u"    lock_name TEXT    NOT NULL,\n"
        u"    kind      TEXT    NOT NULL,\n"
        u"    holder    TEXT    NOT NULL DEFAULT '',\n"
        u"    fence     INTEGER NOT NULL DEFAULT 0,\n"
        u"    actor     TEXT    NOT NULL DEFAULT '',\n"
        u"    detail    TEXT    NOT NULL DEFAULT ''\n"
        u")"_s,
        u"CREATE INDEX IF NOT EXISTS "_s + prefix + quoteIdentifier(t.events + u"_ix1"_s)
            + u" ON "_s + quoteIdentifier(t.events) + u" (lock_name, id)"_s,
        u"CREATE INDEX IF NOT EXISTS "_s + prefix + quoteIdentifier(t.events + u"_ix2"_s)
            + u" ON "_s + quoteIdentifier(t.events) + u" (lock_name, fence)"_s,
    };
}

QString SqliteDialect::nowExpr() const
{
    return u"CAST(ROUND((julianday('now') - 2440587.5) * 86400000.0) AS INTEGER)"_s;
}

QString SqliteDialect::plusMs(const QString &timeExpr, const QString &msExpr) const
{
    return timeExpr + u" + ("_s + msExpr + u')';
}

Statement SqliteDialect::acquire(const TableNames &t, const QString &name, const QString &holder,
                                 qint64 ttlMs) const
{
    // One writer at a time (the write lock is taken before any expression is evaluated), so
    // the clock n.t is read after any wait, for an inserted row as for an updated one.
    const QString fallback = QString::number(defaultTtlMs);
    const QString reenter = u"l.holder = excluded.holder AND l.expires_at >= excluded.renewed_at"_s;
    Statement st;
    st << "INSERT INTO " << lockTable(t)
       << " AS l (name, holder, prev_holder, depth, fence, acquired_at, expires_at, renewed_at, "
          "ttl_ms, description) SELECT "
       << text(name) << ", " << text(holder) << ", '', 1, " << QString::number(firstFence)
       << ", n.t, n.t + (";
    appendTtl(st, ttlMs, fallback);
    st << "), n.t, ";
    appendTtl(st, ttlMs, fallback);
    // "WHERE true" resolves SQLite's parsing ambiguity between a join and ON CONFLICT.
    st << ", ''"
          "\nFROM " << nowSource()
       << "\nWHERE true"
          "\nON CONFLICT (name) DO UPDATE SET"
          "\n    prev_holder = CASE WHEN " << reenter << " THEN l.prev_holder ELSE l.holder END,"
          "\n    depth = CASE WHEN " << reenter << " THEN l.depth + 1 ELSE 1 END,"
          "\n    fence = CASE WHEN " << reenter << " THEN l.fence ELSE l.fence + 1 END,"
          "\n    acquired_at = CASE WHEN " << reenter
       << " THEN l.acquired_at ELSE excluded.renewed_at END,"
          "\n    renewed_at = excluded.renewed_at,"
          "\n    expires_at = excluded.renewed_at + (";
    appendTtl(st, ttlMs, u"l.ttl_ms"_s);
    st << "),"
          "\n    holder = excluded.holder"
          "\n  WHERE l.holder = '' OR l.expires_at < excluded.renewed_at OR l.holder = excluded.holder"
          "\nRETURNING name, holder, prev_holder, depth, fence, acquired_at, expires_at, renewed_at,"
          " NULL, NULL, NULL, 1, 1, NULL";
    return st;
}

Statement SqliteDialect::renew(const TableNames &t, const QString &name, const QString &holder,
                               qint64 fence, qint64 ttlMs) const
{
    Statement st = SqlDialectBase::renew(t, name, holder, fence, ttlMs);
    st << "\nRETURNING fence, depth, acquired_at, expires_at, renewed_at, prev_holder";
    return st;
}

Statement SqliteDialect::release(const TableNames &t, const QString &name, const QString &holder,
                                 qint64 fence) const
{
    // The time of the release: the lease end it wrote when the lock became free (none while
    // a re-entered hold keeps it).
    Statement st = SqlDialectBase::release(t, name, holder, fence);
    st << "\nRETURNING depth, CASE WHEN depth = 0 THEN expires_at END";
    return st;
}

bool SqliteDialect::isDuplicateKey(const QSqlError &error) const
{
    // SQLITE_CONSTRAINT (19) and its extended codes PRIMARYKEY (1555) / UNIQUE (2067).
    const QString code = error.nativeErrorCode();
    return code == u"19" || code == u"1555" || code == u"2067";
}

bool SqliteDialect::isMissingTable(const QSqlError &error) const
{
    return error.databaseText().contains(u"no such table"_s);
}

bool SqliteDialect::isConnectionLost(const QSqlError &) const
{
    return false;
}

bool SqliteDialect::isBusy(const QSqlError &error) const
{
    // SQLITE_BUSY (5) after the busy timeout, or at once when a WAL snapshot is stale (517);
    // SQLITE_LOCKED (6).
    const QString code = error.nativeErrorCode();
    return code == u"5" || code == u"517" || code == u"6"
           || error.databaseText().contains(u"database is locked"_s);
}

} // namespace lockcore
