#pragma once

#include "dialect.h"
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

// One session's hold on (or wait for) a lock the database itself manages for applications:
// a PostgreSQL advisory lock, a MySQL/MariaDB user lock (GET_LOCK), an Oracle user lock (UL).
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
    QString state;       // PostgreSQL: active / idle / ...; MySQL: the command and its state
    QDateTime sessionStart; // PostgreSQL backend_start; Oracle logon time; MySQL: unknown
    qint64 sessionStartUs = 0; // the session's identity with pid (PostgreSQL), exact
    QDateTime xactStart;    // PostgreSQL
    QDateTime stateSince;   // PostgreSQL state_change; MySQL now - processlist TIME
    QDateTime waitStart;    // waiting sessions (PostgreSQL 14+)
    QList<qint64> waiters;  // granted rows: the sessions waiting for this lock
    // Lockscope's own wake-up lock (Dialect::wakeLockName) of this lock in the reader's lock
    // table (setAuditTable), held while that lock is held; empty: not one, or not known.
    QString wakeLockOf;
    // A session found as the holder of this lock of the lock table (holderSessions()).
    QString holderOf;

    // The key as the user gives it: the bigint, "k1,k2", or "classid/objid/objsubid"
    // (PostgreSQL); the name (MySQL); the name or id1 (Oracle).
    bool matchesKey(const QString &key) const;
    // "pid 1234 (alice@10.0.0.5, app)" for messages and the audit.
    QString sessionText() const;
};

// What a read found, from where, and what could not be seen.
struct NativeLockSnapshot
{
    QList<NativeLock> locks; // granted first by key, then waiters
    QString source;          // "pg_locks", "performance_schema", "metadata_lock_info", "is_used_lock"
    QString note;            // translated: a limit of this source (empty: none)
    qint64 ownPid = 0;       // the reading session itself
    QDateTime dbNow;
};

struct TerminateOutcome
{
    enum class Status {
        Terminated, // the session was killed
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
    static QString statusName(Status status); // "terminated", "refused", "failed"
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

// Oracle (text only: never run against a server here).
Statement oracleIdentity();
Statement oracleLocks();
Statement oracleStillHeld(const NativeLock &expected);
QString oracleKill(qint64 sid, qint64 serial);
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
    // Why the admin terminates (the GUI asks for it): added to the audit's detail.
    void setReason(const QString &reason) { m_reason = reason; }

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
    void audit(TerminateOutcome &outcome);

    Session *m_session;
    // The session's database, chosen once; null: it has no such locks (SQLite). Shared, so
    // that a reader stays copyable; a backend holds no state.
    std::shared_ptr<const NativeLockBackend> m_backend;
    QStringList m_names;
    bool m_namesOnly = false;
    QString m_auditTable;
    QString m_actor;
    QString m_reason;
};

// Groups waiters under the granted rows with the same key; sorts granted first by key.
void linkWaiters(QList<NativeLock> &locks);
// The lock name in a GET_LOCK('name', ...) statement text; empty when not a literal.
QString getLockNameFromStatement(const QString &sql);

} // namespace lockcore
