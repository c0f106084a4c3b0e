// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace lockcore {

// An error as a value: what went wrong in words a user can act on, plus the database's own code.
struct Error
{
    enum class Kind {
        InvalidInput,     // rejected before any SQL was sent
        DriverMissing,    // the Qt SQL driver for this URL is not installed
        Connection,       // could not reach or open the database
        Authentication,   // the server refused the user or password
        MissingSchema,    // the lock table or its event table does not exist
        Database,         // a statement failed on the server
        Duplicate,        // a row with this key already exists (a concurrent creator won)
        ConnectionLost,   // the connection broke during an operation: outcome unknown
        Cancelled,        // the caller cancelled a wait
        Busy,             // the server refused for now (lock timeout, deadlock, SQLite busy):
                          // the statement changed nothing and may be retried
        ReadOnly,         // a write on a read-only session: refused before any SQL was sent
        Unavailable,      // the server takes no writes now: a PostgreSQL standby, a Galera node
                          // outside the cluster's primary component (quorum lost). Nothing was
                          // changed; the connection is reopened on the next attempt
        PermissionDenied, // the server refused this user the statement: a privilege it lacks,
                          // or (PostgreSQL) sessions read-only by its settings. Nothing was
                          // changed
    };

    Kind kind = Kind::Database;
    QString message;    // complete sentence(s), translated, never containing a password
    QString nativeCode; // SQLSTATE, MySQL error number, SQLite result code, ORA number
    QString driverText; // the driver's own text, for the log
    // MissingSchema: the table the server has that was most likely meant (PostgreSQL: the
    // lower-case table of a name given with capitals), for a tool to offer in its own terms.
    QString tableInstead{};
    // Busy: the server itself ended the statement at its own time limit (a lock wait timeout,
    // a statement timeout: Session's server bounds, docs/reliability.md), so nothing was done.
    // Not retried at once (it would wait as long again), and worth naming what it waited for.
    bool serverEnded = false;
    // serverEnded: how long its call had run when the server ended it (-1: not known).
    qint64 serverEndedAfterMs = -1;
    // serverEnded: the server ended a wait for a lock (not the statement's whole time).
    bool lockWait = false;

    static Error invalidInput(const QString &message) { return {Kind::InvalidInput, message, {}, {}}; }
    // The message followed by the native code and the driver's text, for a terminal or a log.
    QString fullText() const;
    static QString kindName(Kind kind);
};

} // namespace lockcore
