// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <optional>

namespace lockcore {

// One session's hold on (or wait for) a lock the database itself manages for applications:
// a PostgreSQL advisory lock, a MySQL/MariaDB user lock (GET_LOCK), an Oracle user lock (UL);
// in a BlockingSession (blockingtree.h) also a row, table or metadata lock.
struct NativeLock
{
    // The lock
    QString key;       // PostgreSQL: the bigint key ("42") or "k1,k2"; MySQL: the name
    quint32 classId = 0; // PostgreSQL: pg_locks.classid / objid / objsubid (1: one bigint key,
    quint32 objId = 0;   // 2: two int4 keys); Oracle: id1 in objId
    int objSubId = 0;
    QString mode;      // PostgreSQL: ExclusiveLock / ShareLock; MySQL: the lock type
    bool granted = true; // false: this session is waiting for the lock

    // The session
    qint64 pid = 0;    // PostgreSQL backend pid, MySQL connection id, Oracle SID
    qint64 serial = 0; // Oracle serial#; 0 elsewhere
    QString user;
    QString application; // PostgreSQL application_name; MySQL program name (or the command)
    QString client;      // client address[:port] or host
    QString database;
    // PostgreSQL: active / idle / idle in transaction / ...; MySQL: the command and its state
    // ("Query: Updating"), in the blocking tree "idle in transaction" for a connection asleep
    // in an open InnoDB transaction.
    QString state;
    QDateTime sessionStart; // PostgreSQL backend_start; Oracle logon time; MySQL: unknown
    qint64 sessionStartUs = 0; // the session's identity with pid (PostgreSQL), exact
    QDateTime xactStart;    // PostgreSQL xact_start; MySQL/MariaDB INNODB_TRX.trx_started
    // The transaction's identity with the session, exact: PostgreSQL xact_start in us;
    // MySQL/MariaDB trx_started in us (whole seconds). 0: not in a transaction, or not seen.
    qint64 xactStartUs = 0;
    // PostgreSQL backend_xid (empty before the transaction writes); MySQL/MariaDB
    // INNODB_TRX.trx_id. Empty: none, or not read.
    QString transactionId;
    // MariaDB: information_schema.PROCESSLIST.QUERY_ID, the session's current (or last)
    // statement, read fresh where INNODB_TRX is a cache the server may not have refreshed:
    // another value means the session ran a statement since (a COMMIT, a new transaction).
    // 0: not known (PostgreSQL, whose check is exact in the statement that signals; Oracle;
    // MySQL). The token's fourth part when known (identityToken()).
    qint64 statementId = 0;
    QDateTime stateSince;   // PostgreSQL state_change; MySQL now - processlist TIME
    QDateTime waitStart;    // waiting sessions (PostgreSQL 14+)
    // The session's current statement (PostgreSQL: its last one when idle); empty: not read,
    // or hidden from this user.
    QString statement;
    QList<qint64> waiters;  // granted rows: the sessions waiting for this lock
    // Lockscope's own wake-up lock (Dialect::wakeLockName) of this lock in the reader's lock
    // table (setAuditTable), held while that lock is held; empty: not one, or not known.
    QString wakeLockOf;
    // A session found as the holder of this lock of the lock table (holderSessions()).
    QString holderOf;
    // A connection lockcore opened (PostgreSQL: its application_name, sessionTag(); MySQL/
    // MariaDB: it holds a lockscope-session: user lock, seen where the server lists user
    // locks). Refused as the target of cancel and terminate unless allowed.
    bool lockscopeSession = false;

    // The key as the user gives it: the bigint, "k1,k2", or "classid/objid/objsubid"
    // (PostgreSQL); the name (MySQL); the name or id1 (Oracle).
    bool matchesKey(const QString &key) const;
    // "pid 1234 (alice@10.0.0.5, app)" for messages and the audit.
    QString sessionText() const;

    // The session's identity as one token for a command line ("lockctl terminate PID
    // --expect-session TOKEN"): "<sessionStartUs>.<xactStartUs>.<transactionId or 0>", and
    // ".<statementId>" where it is known (MariaDB).
    QString identityToken() const;
    // This session with the identity `token` names (the session as the admin saw it);
    // nullopt: not a token.
    std::optional<NativeLock> seenAs(const QString &token) const;
    // Whether `token` is that of this session now; else (translated) what changed, e.g.
    // "session 4711's transaction ended (it started at ...)". nullopt: not a token.
    std::optional<QString> changeSince(const QString &token) const;
    // The same against the session as it was seen: empty when `seen` is this session in the
    // same transaction.
    QString changeSince(const NativeLock &seen) const;
};

} // namespace lockcore
