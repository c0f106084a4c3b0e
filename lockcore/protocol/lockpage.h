#pragma once

#include "locktypes.h"
#include "result.h"
#include "statement.h"

#include <optional>

namespace lockcore {

class Dialect;
class Session;
struct TableNames;

// Which part of the lock table to read: the rows that match a filter, in name order, from
// `offset` on, at most `limit` of them. For a monitor that cannot hold a huge table.
struct LockPageRequest
{
    QString text; // a case-insensitive substring of the name, holder or description; empty: any
                  // (SQLite folds the case of ASCII letters only)
    std::optional<LockState> state; // only rows in this state by the database clock; none: any
    qint64 offset = 0;
    qint64 limit = 200;
};

// One page of the lock table and the counts it was cut from, as one statement read them.
struct LockPage
{
    QList<LockInfo> locks; // the page, in name order (by the database's collation)
    qint64 offset = 0;     // of locks.first() among the matching rows
    qint64 matching = 0;   // rows that match the request's filter
    qint64 total = 0;      // rows in the table
    qint64 free = 0;       // of the total; held (running or not) = total - free
    qint64 expired = 0;    // of the total: held, but the lease ran out
    QDateTime dbNow;       // the database clock the states were decided by
};

// The statement behind readLockPage: one SELECT that returns the page's rows (the columns of
// col::State) followed by total, matching, free and expired; always at least one row, whose
// name is NULL when the page is empty. Mirrors the dialects' selectAll (sqldialectbase.cpp)
// column for column; tst_lockpage compares the two on every backend.
Statement lockPageStatement(const Dialect &dialect, const TableNames &tables,
                            const LockPageRequest &request);

// Reads one page in one statement (one round trip).
Result<LockPage> readLockPage(Session &session, const TableNames &tables,
                              const LockPageRequest &request);

} // namespace lockcore
