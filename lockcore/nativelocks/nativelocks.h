// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "blockingtree.h"
#include "dialect.h"
#include "nativelock.h"
#include "result.h"

#include <QDateTime>
#include <QList>
#include <QLoggingCategory>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace lockcore {

class NativeLockBackend;
class Session;
struct ConnectionSpec;
struct NativeLockIdentity;

// The audit trail of terminate attempts in the application log (qInfo).
Q_DECLARE_LOGGING_CATEGORY(lcNativeLocks)

// What a read found, from where, and what could not be seen.
struct NativeLockSnapshot
{
    QList<NativeLock> locks; // granted first by key, then waiters
    QString source;          // "pg_locks", "performance_schema", "metadata_lock_info", "is_used_lock"
    QString note;            // translated: a limit of this source (empty: none)
    qint64 ownPid = 0;       // the reading session itself
    QDateTime dbNow;
    // Who blocks whom (blockingtree.h): every session that waits for a lock of the
    // database's own (rows, tables, metadata, advisory and user locks) and its blockers, read
    // in one statement whatever their number.
    BlockingTree blocking;
    // Sessions known as Lockscope's own (NativeLock::lockscopeSession); on MySQL/MariaDB their
    // lockscope-session: user locks are not listed in `locks`.
    QList<qint64> lockscopeSessions;
};

// What NativeLockReader does to a session.
enum class SessionAction {
    Terminate, // end the session (its transaction is rolled back, its locks freed)
    Cancel,    // cancel its running statement; the session and its transaction live on
};

struct TerminateOutcome
{
    enum class Status {
        Terminated, // done: the session was killed, or (action Cancel) its statement cancelled
        Refused,    // the compare-and-set check failed, or the target is this session
        Failed,     // the database refused (privileges) or the statement failed
    };
    Status status = Status::Refused;
    QString reason;     // translated: why refused or failed; what happened when terminated
    NativeLock target;  // as the caller saw it
    bool lockFreed = false;   // after terminating: the target no longer holds the lock
    QDateTime at;             // the database clock at the attempt
    QString actor;
    bool recordedInTable = false; // also written to the event table (kind "terminate")
    QString auditText;        // the line written to the log
    SessionAction action = SessionAction::Terminate;
    QString adminReason;      // why the admin did it (setReason), as recorded
    static QString statusName(Status status); // "terminated", "refused", "failed"
    // "terminated" or "cancelled" when done, else "refused", "failed".
    QString outcomeName() const;
};

// The database sessions of a lock's holder (NativeLockReader::holderSessions), each as a row
// of the Database locks view would show it, with holderOf set (on MySQL the lock's wake-up
// lock, on PostgreSQL the session alone: key and mode empty, not granted).
struct HolderSessions
{
    QList<NativeLock> sessions;
    QString whyNot; // translated: why the database cannot tell (empty when found)
};

// What the database's own locks offer on a database, so that a caller (the window, lockctl)
// asks what it may show and do instead of which database it is.
struct NativeLockCapabilities
{
    bool supported = false;    // the database has such locks (SQLite has none)
    bool namedLocks = false;   // MySQL/MariaDB: names the applications chose, which can be
                               // looked up one by one (IS_USED_LOCK; NativeLockReader::setNames)
    bool canTerminate = false; // the session that holds one can be ended

    // Before the database is known (no connection yet, an ODBC data source before connecting):
    // taken to have such locks, none of them named; a read says so when it has not.
    static NativeLockCapabilities assumed() { return {true, false, true}; }
};
// Those of the session's dialect.
NativeLockCapabilities nativeLockCapabilities(const Dialect &dialect);
// Those of the database a URL names, before connecting (ODBC: assumed()).
NativeLockCapabilities nativeLockCapabilities(const ConnectionSpec &spec);

// SQL of the native lock views, per database: pure functions, unit-tested as text.
namespace nativesql {
// PostgreSQL: advisory locks (all databases) joined with pg_stat_activity; serverVersion as
// server_version_num (14+ has pg_locks.waitstart and pg_terminate_backend(pid, timeout)).
Statement postgresLocks(int serverVersion);
Statement postgresIdentity(); // server_version_num, pg_backend_pid(), clock (ms)
// Terminates when the pid still holds the lock with that key and is the same backend; one row
// (the function's result) when the check matched, no row otherwise.
Statement postgresTerminate(const NativeLock &expected, int serverVersion);
// The pid's session: (backend_start in us, user, 1 when it holds the lock); no row: gone.
Statement postgresStillHeld(const NativeLock &expected);
// The sessions whose application_name ends in " <pid>@..." (sessionTag()), as postgresLocks'
// rows with no lock.
Statement postgresSessionsNamed(qint64 pid);

// MySQL / MariaDB: @@performance_schema, the plugin's presence, CONNECTION_ID(), clock (ms).
Statement mysqlIdentity();
Statement mysqlPerformanceSchemaLocks();
Statement mysqlPluginLocks();
Statement mysqlNamedLock(const QString &name); // IS_USED_LOCK(name) joined with the processlist
Statement mysqlWaiters();                      // sessions waiting in GET_LOCK
// The sessions holding one of the user locks `lockNames` (IS_USED_LOCK), as held rows with no
// lock: a process's per-connection locks (mysqlSessionLockName), for holderSessions.
Statement mysqlSessionsNamed(const QStringList &lockNames);
// The pid's session (NULL, user, 1 when it holds the lock) for the check before KILL.
Statement mysqlStillHeld(const NativeLock &expected);
QString mysqlKill(qint64 connectionId); // KILL takes no bound value: a validated integer

// The blocking graph (blockingcol columns, nativesql.h): every session that waits for a lock
// and every session it waits for, one statement for any number of them.
// PostgreSQL: pg_blocking_pids() of each session waiting on a lock, with the lock it waits for
// from pg_locks.
Statement postgresBlocking(int serverVersion);
// Cancels (pg_cancel_backend) or terminates the session `expected` when it still is that
// session: same pid, backend_start and xact_start (each compared as 0 when NULL), not this
// session; one row (1: done) when it matched, none otherwise.
Statement postgresEndSession(const NativeLock &expected, SessionAction action,
                             int serverVersion);
// The pid's session now: (backend_start us, xact_start us, usename, state, state_change ms,
// NULL, application_name); no row: gone.
Statement postgresSessionNow(qint64 pid);
// MySQL/MariaDB: InnoDB lock waits (INNODB_LOCK_WAITS, INNODB_TRX, INNODB_LOCKS) and, with
// the metadata_lock_info plugin, metadata lock waits (the holders of the waiter's table);
// without it the sessions in "Waiting for table metadata lock" with no blocker named.
// innodb false: without the InnoDB tables (a user without PROCESS), metadata waits only.
// dataLockWaits: MySQL 8, whose InnoDB lock waits are in performance_schema.data_lock_waits
// (text only: no MySQL server here).
Statement mysqlBlocking(bool plugin, bool innodb = true, bool dataLockWaits = false);
// The session now for the check before KILL: (NULL, trx_started us, user, state, NULL,
// trx_id, NULL); no row: gone.
Statement mysqlSessionNow(qint64 connectionId);
QString mysqlKillQuery(qint64 connectionId); // KILL QUERY id

// Oracle (text only: never run against a server here).
Statement oracleIdentity();
Statement oracleLocks();
Statement oracleStillHeld(const NativeLock &expected);
QString oracleKill(qint64 sid, qint64 serial);
// v$session.blocking_session of each waiting session, with its blockers (text only).
Statement oracleBlocking();
Statement oracleSessionNow(qint64 sid, qint64 serial);
QString oracleCancel(qint64 sid, qint64 serial); // ALTER SYSTEM CANCEL SQL 'sid,serial#'
} // namespace nativesql

// Reads the database's own locks and terminates their holders, on one Session. Every
// statement is short and bound; nothing waits for a lock.
class NativeLockReader
{
public:
    explicit NativeLockReader(Session &session);

    // MySQL without performance_schema or the metadata_lock_info plugin: names to look up
    // with IS_USED_LOCK (also added to the other sources' results when not listed there).
    void setNames(const QStringList &names) { m_names = names; }
    // MySQL: true looks up only the names given, whatever else the server offers.
    void setNamesOnly(bool namesOnly) { m_namesOnly = namesOnly; }
    // The Lockscope lock table whose event table receives the audit, when it exists
    // (default dist_lock; empty: the log and the outcome only). read() also names the
    // wake-up locks of its held locks (NativeLock::wakeLockOf).
    void setAuditTable(const QString &table) { m_auditTable = table; }
    void setActor(const QString &actor) { m_actor = actor; }
    // Why the admin terminates or cancels (required by lockctl and the GUI): added to the
    // audit's detail.
    void setReason(const QString &reason) { m_reason = reason; }
    // true: Lockscope's own connections (NativeLock::lockscopeSession) may be cancelled or
    // terminated too. Default false: refused. The reader's own session is always refused.
    void setAllowLockscopeSessions(bool allow) { m_allowLockscope = allow; }

    NativeLockCapabilities capabilities() const;

    Result<NativeLockSnapshot> read();
    Result<QList<NativeLock>> locks();

    // Finds the granted lock `key` held by `pid` in a fresh read (for a command line that
    // names them). An empty result: no such holder now.
    Result<std::optional<NativeLock>> findHolder(qint64 pid, const QString &key);

    // Terminates the session holding `expected` (as read by read()): refused unless that
    // session still holds that lock and is the same session (PostgreSQL backend_start; MySQL
    // connection id and user), and refused for this reader's own session. Every attempt is
    // audited: the log, the event table when Lockscope's schema exists, the outcome.
    Result<TerminateOutcome> terminate(const NativeLock &expected);

    // Cancels the running statement of, or terminates, the session `expected` as a read showed
    // it (a BlockingSession's session, any row of read()), whatever lock it holds or waits
    // for: only if it is still that session (PostgreSQL: pid, backend_start and xact_start,
    // checked in the statement that signals it; MySQL/MariaDB: connection id, user, and
    // INNODB_TRX trx_id and trx_started, checked right before KILL [QUERY]); otherwise refused
    // with what changed. Refused for this reader's session, for Lockscope's own connections
    // unless setAllowLockscopeSessions(true), and (Cancel) for a session running no statement.
    // Audited as terminate() is (event kind "terminate" or "cancel", lock "native:session:PID").
    Result<TerminateOutcome> endSession(const NativeLock &expected, SessionAction action);
    // The session `pid` in a fresh read: its blocking-tree entry when it has one, else its row
    // of `locks`, else the session alone (state, transaction, statement). Empty: no such
    // session now.
    Result<std::optional<NativeLock>> findSession(qint64 pid);

    // The sessions of the holder of `lockName` in the reader's lock table (setAuditTable),
    // when the database can tell (holdersessions.cpp): PostgreSQL by the name lockcore gives
    // its sessions (sessionTag()) and the process the holder id names; MySQL/MariaDB by the
    // user lock each lockcore connection holds, named after its process (mysqlsessionlock.h).
    // Else why not, in HolderSessions::whyNot.
    Result<HolderSessions> holderSessions(const QString &holder, const QString &lockName);

private:
    Result<NativeLockIdentity> identity();
    Status appendRows(const Statement &statement, const QString &what, QList<NativeLock> *out);
    // Sets wakeLockOf on the locks that are wake-up locks of the lock table's held locks.
    void nameWakeLocks(QList<NativeLock> *locks);
    // The compare-and-set: empty when `expected` still holds its lock, else why not.
    Result<QString> whyNotHeld(const NativeLock &expected);
    Status kill(const NativeLock &expected, const NativeLockIdentity &id,
                TerminateOutcome &outcome);
    Status killChecked(const Statement &checkedTerminate, const NativeLock &expected,
                       TerminateOutcome &outcome);
    Status checkThenKill(const NativeLock &expected, TerminateOutcome &outcome);
    // sessionTarget: the event names the session ("native:session:PID"), not a lock.
    void audit(TerminateOutcome &outcome, bool sessionTarget = false);
    // endSession's parts (nativeendsession.cpp).
    QString refusalBeforeEnding(const NativeLock &expected, SessionAction action,
                                const NativeLockIdentity &id) const;
    Status endChecked(const NativeLock &expected, SessionAction action,
                      const NativeLockIdentity &id, TerminateOutcome &outcome);
    Result<QString> whatChanged(const NativeLock &expected);
    Result<BlockingTree> readBlocking(const NativeLockIdentity &id, NativeLockSnapshot *snapshot);
    void markLockscopeSessions(NativeLockSnapshot *snapshot) const;

    Session *m_session;
    // The session's database, chosen once; null: it has no such locks (SQLite). Shared, so
    // that a reader stays copyable; a backend holds no state.
    std::shared_ptr<const NativeLockBackend> m_backend;
    QStringList m_names;
    bool m_namesOnly = false;
    QString m_auditTable;
    QString m_actor;
    QString m_reason;
    bool m_allowLockscope = false;
};

// Groups waiters under the granted rows with the same key; sorts granted first by key.
void linkWaiters(QList<NativeLock> &locks);
// The lock name in a GET_LOCK('name', ...) statement text; empty when not a literal.
QString getLockNameFromStatement(const QString &sql);

} // namespace lockcore
