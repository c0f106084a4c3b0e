// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "dialect.h"
#include "error.h"
#include "nativelocks.h"
#include "result.h"

#include <QList>
#include <QString>

namespace lockcore {

class Session;

// A session that holds the row lock on a lock's row of the lock table: an application's
// transaction idle after a SELECT .. FOR UPDATE, an admin's UPDATE left uncommitted. Writers of
// that row (an acquire, a release, a force release) wait for it until the server's lock timeout.
struct RowLocker
{
    NativeLock session;      // pid, user, application, client, database, state, xactStart,
                             // stateSince (its key and mode stay empty)
    QString query;           // its statement now, or its last one when idle (PostgreSQL)
    qint64 xactAgeMs = -1;   // how long its transaction has run; -1: unknown
    qint64 stateAgeMs = -1;  // how long it has been in its state; -1: unknown
};

// Who holds the row lock on a lock's row, as far as the database can tell (docs/native-locks.md,
// "A lock's row locked by another session").
struct RowLockers
{
    bool locked = false; // another session holds the row's lock
    // `lockers` are the row's lockers (PostgreSQL: the transaction in the row's xmax;
    // MariaDB/MySQL: the one transaction that holds row locks). False: candidates only.
    bool exact = false;
    QList<RowLocker> lockers; // locked and empty: the database cannot tell who
    QString note;             // translated: what the database could not tell; empty: nothing
};

// Looks up the row of lock `name` in `tables`: one row, read-only (no lock is waited for), each
// statement under the session's call deadline. PostgreSQL: exact, from the row's xmax through
// pg_locks and pg_stat_activity. MariaDB 10.6+ and MySQL 8: whether the row is locked, from a
// locking read that skips locked rows; by whom, from InnoDB's transactions that hold row locks
// (information_schema.INNODB_TRX, PROCESS privilege) and the processlist. SQLite has no row
// locks; Oracle: not looked up (lockers empty, a note).
Result<RowLockers> findRowLockers(Session &session, const TableNames &tables,
                                  const QString &name);

// "row locked by session 4711, idle in transaction for 43s (application quartz, user app)";
// empty when the row is not locked.
QString rowLockerText(const RowLockers &lockers);

// `error` of a statement on the row of `name` whose wait for a lock the server ended
// (Error::serverEnded, lockWait), said again with the row's locker named: "Not done: the
// statement waited for a row lock held by session 4711 (idle in transaction 43s, application
// quartz, ...), and the server ended it after 8.6 s. ...". Any other error, or a row nobody
// locks now, is returned as it is.
Error withRowLocker(Session &session, const TableNames &tables, const QString &name,
                    Error error);

} // namespace lockcore
