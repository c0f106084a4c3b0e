// SPDX-License-Identifier: Apache-2.0
#pragma once

// The columns every native-lock statement returns, in this order, so one reader parses them all
// (nativelocks.cpp). Times are integer milliseconds since the epoch from the database clock.
namespace lockcore::nativecol {
enum Column {
    Name,          // MySQL / Oracle: the lock name; PostgreSQL: NULL
    ClassId,       // PostgreSQL classid; Oracle: 0
    ObjId,         // PostgreSQL objid; Oracle: id1
    ObjSubId,      // PostgreSQL objsubid; Oracle: id2
    Mode,
    Granted,       // 1 held, 0 waiting
    Pid,
    Serial,
    User,
    Application,
    Client,
    Database,
    State,
    SessionStartUs, // microseconds, exact (the session's identity); NULL when unknown
    XactStartMs,
    StateSinceMs,
    WaitStartMs,
    StatementText,  // MySQL waiters: the statement text (the GET_LOCK call)
    ColumnCount
};
} // namespace lockcore::nativecol

// The columns of the blocking-graph statements (nativesql::postgresBlocking, mysqlBlocking,
// oracleBlocking), one row per session: a waiter (LockType set, BlockedBy its blockers'
// pids, comma-separated) or a blocker (LockType NULL). Times as above; identities exact (us).
namespace lockcore::blockingcol {
enum Column {
    Pid,
    Serial,         // Oracle serial#; 0 elsewhere
    User,
    Application,
    Client,
    Database,
    State,
    SessionStartUs, // NULL: unknown (MySQL) or hidden from this user
    XactStartUs,    // NULL: not in a transaction (or hidden)
    StateSinceMs,
    WaitStartMs,    // waiters: since when (PostgreSQL 14+ waitstart; InnoDB trx_wait_started)
    StatementText,  // current (or last) statement
    BlockedBy,      // "12,34"; NULL: waits for nobody (or the blocker is not known)
    LockType,       // NULL: waits for no lock
    LockMode,
    LockTarget,     // what the lock is on, as text
    TransactionId,
    Lockscope,      // 1: a connection lockcore opened (MySQL: its lockscope-session: lock)
    StatementId,    // MariaDB PROCESSLIST.QUERY_ID (NativeLock::statementId); NULL elsewhere
    ColumnCount
};
} // namespace lockcore::blockingcol
