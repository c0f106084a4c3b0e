// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace lockcore {

// What a database can do, as lockcore uses it: one question, asked as QSqlDriver::hasFeature
// is. Dialect::hasFeature answers for the database's SQL; Session::hasFeature for the server a
// session reached and the transport it uses (its version, Connector/C or libpq). A statement
// builder whose feature the dialect lacks is never called (it asserts and returns no text).
enum class Feature {
    // acquire, renew and release are each one statement that returns the row
    // (INSERT .. ON CONFLICT .. RETURNING): PostgreSQL, SQLite.
    UpsertReturning,
    // Several statements in one round trip, as text (acquireBatch, renewBatch): MySQL.
    Batches,
    // The acquire as one prepared INSERT .. ON DUPLICATE KEY UPDATE .. RETURNING
    // (acquireUpsert): MariaDB 10.5 on; a session also needs a transport that reads its row.
    InsertReturning,
    // A release notifies waiters (releaseChannel, notifyReleased): PostgreSQL.
    ReleaseNotifies,
    // A release reports the remaining depth in LAST_INSERT_ID(expr): MySQL.
    ReleaseDepthViaInsertId,
    // The session has a time zone to set (setTimeZone): all but SQLite.
    SessionTimeZone,
    // A connection's clock must be checked to move within a statement (clockCheck): MySQL.
    ClockCheck,
    // Server-side wake-up locks (wakeLockName, takeWakeLock, freeWakeLock,
    // releaseFreeingWakeLock): PostgreSQL's advisory locks, GET_LOCK; a session: PostgreSQL,
    // MariaDB 10.1.2 on (MySQL's GET_LOCK takes whole seconds only).
    WakeLocks,
    // ... taken only when a waiter needs one: a fresh grant takes none, a waiter that finds
    // the lock held takes it (queueing later waiters behind it) and keeps it with the lock:
    // MySQL (MariaDB). Without it (PostgreSQL) every waited attempt queues from the first.
    WakeLockOnContention,
    // The server names the address a connection reached (serverAddress): PostgreSQL.
    ServerAddress,
    // The server tells of the cluster it is a node of (clusterFacts): PostgreSQL, MySQL.
    ClusterFacts,
    // ... and of its standbys and upstream (clusterStandbys, clusterUpstream): PostgreSQL.
    ClusterStandbys,
    // A session can be made read-only by the server (readOnlySession): PostgreSQL, MySQL.
    ReadOnlySession,
    // A transaction starts with a statement of the dialect's (beginTransaction): SQLite.
    BeginStatement,
    // Multi-primary clusters can be probed (multiPrimaryProbe ...): MySQL (Galera).
    MultiPrimaryProbe,
    // A session only: the protocol's statements go past Qt's driver (libpq, Connector/C).
    DirectTransport,
};

} // namespace lockcore
