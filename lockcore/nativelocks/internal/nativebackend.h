// SPDX-License-Identifier: Apache-2.0
#pragma once

// One database's own locks behind one interface: its statements (nativesql) and how to read
// their answers. NativeLockReader makes one from the session's dialect and calls through it,
// so that which database it is gets decided once, in NativeLockBackend::create.

#include "holderid.h"
#include "nativelocks.h"

#include <functional>
#include <memory>

class QSqlQuery;

namespace lockcore {

// The answer to the identity statement: the session and the database clock.
struct NativeLockIdentity
{
    int serverVersion = 0; // PostgreSQL: server_version_num; 0 elsewhere
    qint64 ownPid = 0;
    QDateTime dbNow;
    bool performanceSchema = false; // MySQL: @@performance_schema is on
    bool plugin = false;            // MySQL: the metadata_lock_info plugin is active
    bool mariaDb = false;           // MySQL dialect: the server is MariaDB
};

// What a read asks for besides what the server lists (NativeLockReader::setNames).
struct NativeLockRequest
{
    QStringList names;
    bool namesOnly = false;
};

// Runs a statement returning the nativecol columns and appends its rows as locks.
using AppendNativeLocks = std::function<Status(const Statement &, QList<NativeLock> *)>;
// Runs a statement returning the blockingcol columns and appends its rows as sessions.
using AppendBlocking = std::function<Status(const Statement &, QList<BlockingSession> *)>;

// The session as it is now, for the check before ending it (sessionNow()'s row).
struct SessionNow
{
    qint64 sessionStartUs = 0; // 0: unknown or hidden
    qint64 xactStartUs = 0;    // 0: no transaction
    QString user;
    QString state;
    QDateTime stateSince;
    QString transactionId;
};

class NativeLockBackend
{
public:
    virtual ~NativeLockBackend() = default;
    // The one place that asks which database it is. Null: it has no such locks (SQLite).
    static std::unique_ptr<const NativeLockBackend> create(const Dialect &dialect);

    virtual NativeLockCapabilities capabilities() const = 0;

    // Identity: one row of server version, this session's id and the clock (ms), then
    // whatever else the backend's read needs to know about the server.
    virtual Statement identity() const = 0;
    virtual NativeLockIdentity identityFrom(const QSqlQuery &row) const;

    // Read: every lock the server can list (and the request's names) into snapshot->locks,
    // with the source and its limits (snapshot->note).
    virtual Status read(const NativeLockIdentity &id, const NativeLockRequest &request,
                        const AppendNativeLocks &append, NativeLockSnapshot *snapshot) const = 0;

    // Keys: a row's key as the user gives it (default: the name column); `lock` has the
    // row's classid, objid and objsubid.
    virtual QString keyOf(const QSqlQuery &row, const NativeLock &lock) const;
    // Whether the lock's key can be a name Dialect::wakeLockName gives.
    virtual bool mayBeWakeLock(const NativeLock &) const { return true; }

    // Terminate. Where one statement can check and end the session (PostgreSQL), that
    // statement: one row when the check matched (1: ended), none otherwise. Empty: stillHeld
    // is checked right before kill(), which cannot be conditional.
    virtual Statement checkedTerminate(const NativeLock &, const NativeLockIdentity &) const
    {
        return {};
    }
    // The session expected.pid: one row of (its start in us or NULL, its user, 1 when it
    // holds the lock); no row: it is gone (goneText says so).
    virtual Statement stillHeld(const NativeLock &expected) const = 0;
    virtual QString goneText(const NativeLock &expected) const;
    virtual QString kill(const NativeLock &) const { return {}; }
    // The kill failed because the session had just ended by itself.
    virtual bool endedByItself(const Error &) const { return false; }
    virtual bool isPrivilegeError(const Error &error) const = 0;

    // A lock's holder's sessions (NativeLockReader::holderSessions), in the nativecol columns;
    // empty: this database cannot find them that way. By the name lockcore gives its sessions:
    // PostgreSQL's application_name (sessionTag()), MySQL's per-connection user lock
    // (mysqlSessionLockName); the rows isSessionOf the process.
    virtual Statement sessionsNamed(const HolderProcess &) const { return {}; }
    virtual bool isSessionOf(const NativeLock &row, const HolderProcess &process) const;
    // Translated: why a process the holder id names has no session found, where it may.
    virtual QString noSessionText(const HolderProcess &process) const;
    virtual QString privilegeHint() const = 0; // translated: which right ending a session needs

    // Who blocks whom: the blocking graph's sessions into `sessions` (not yet a tree), from
    // one statement (two where a privilege is missing); `snapshot` for its locks (MySQL's
    // user lock waits) and a note on what could not be read.
    virtual Status readBlocking(const NativeLockIdentity &id, const AppendBlocking &append,
                                QList<BlockingSession> *sessions,
                                NativeLockSnapshot *snapshot) const = 0;
    // Whether `session` is a connection lockcore opened, from what a read found.
    virtual bool isLockscopeSession(const NativeLock &session) const;
    // Whether `lock` is the mark a lockcore connection holds (MySQL's lockscope-session:
    // user lock), not a lock of an application's.
    virtual bool isSessionMark(const NativeLock &) const { return false; }
    // Where one statement can check and signal the session (PostgreSQL), that statement: one
    // row when the session is still `expected` (1: done), none otherwise. Empty: sessionNow()
    // is checked right before endSql().
    virtual Statement endSessionChecked(const NativeLock &, SessionAction,
                                        const NativeLockIdentity &) const
    {
        return {};
    }
    // One row: SessionNow's fields (sessionStartUs, xactStartUs, user, state, stateSinceMs,
    // transactionId, application, statementId); none: the session is gone.
    virtual Statement sessionNow(const NativeLock &expected) const = 0;
    virtual QString endSql(const NativeLock &expected, SessionAction action) const = 0;
    // Translated: the privileges that reading the blocking graph in full needs.
    virtual QString readPrivilegeHint() const = 0;
};

// Appends `note` (translated) to the snapshot's note.
inline void addNote(NativeLockSnapshot *snapshot, const QString &note)
{
    snapshot->note = snapshot->note.isEmpty() ? note : snapshot->note + u' ' + note;
}

// One per database, in its file (nativepostgres.cpp, nativemysql.cpp, nativeoracle.cpp).
namespace nativebackends {
std::unique_ptr<const NativeLockBackend> postgres();
std::unique_ptr<const NativeLockBackend> mysql();
std::unique_ptr<const NativeLockBackend> oracle();
} // namespace nativebackends

} // namespace lockcore
