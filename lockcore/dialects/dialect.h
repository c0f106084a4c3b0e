// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "feature.h"
#include "statement.h"

#include <QDateTime>
#include <QSqlError>
#include <QStringList>
#include <memory>

namespace lockcore {

struct LockPageRequest; // lockpagerequest.h
struct LockPageProblems; // lockpagerequest.h
struct AuditRequest;     // auditrequest.h

// The names of the lock table and its event table, unquoted and validated.
struct TableNames
{
    QString schema; // empty: the connection's default
    QString locks;  // default "dist_lock"
    QString events; // "<locks>_event"

    static TableNames fromTable(const QString &qualifiedTable); // caller validated it
};

// Result columns every dialect returns, so the flow in LockService is dialect-independent.
namespace col {
// acquire / renew grant rows
enum Grant { GFence, GDepth, GAcquiredMs, GExpiresMs, GNowMs, GPrevHolder };
// lock state rows (list, show)
enum State {
    SName, SHolder, SPrevHolder, SDepth, SFence, SAcquiredMs, SExpiresMs, SRenewedMs, STtlMs,
    SDescription, SNowMs, SState
};
// acquire answers: a lock state row (State) followed by whether this acquire granted the lock
// (taken, taken over, re-entered or created: 1) and whether this connection holds the lock's
// wake-up lock afterwards (1, 0; NULL: not asked). An answer that is only ever a grant (an
// upsert's RETURNING) may leave STtlMs, SDescription and SNowMs NULL: a grant's time is its
// renewed_at.
enum Acquire { AGranted = SState + 1, AWake };
// release rows
enum Release { RDepth, RNowMs };
// event rows
enum Event { EId, EAtMs, ELock, EKind, EHolder, EFence, EActor, EDetail };
// a page of the lock table (lockPage): the State columns, then these counts
enum Page { PTotal = SState + 1, PMatching, PFree, PExpired };
// a primary's standbys (clusterStandbys): NULL where the reader may not see it; lags in ms
enum Standby {
    SbName, SbAddress, SbState, SbSyncState, SbWriteLagMs, SbFlushLagMs, SbReplayLagMs
};
// the primary a standby follows (clusterUpstream)
enum Upstream { UpHost, UpPort, UpStatus };
} // namespace col

// Everything that differs between databases: SQL text and error classification. Statements are
// pure functions of their inputs, so they can be unit-tested without a server (Oracle).
class Dialect
{
public:
    enum class Kind { SQLite, PostgreSQL, MySQL, Oracle };

    virtual ~Dialect() = default;
    static std::unique_ptr<Dialect> create(Kind kind);
    // From a Qt driver name (QSQLITE, QPSQL, QMYSQL, QMARIADB, QOCI) or, for QODBC, the DBMS
    // name the driver reports. Returns null when unsupported.
    static std::unique_ptr<Dialect> forDriver(const QString &driverName, const QString &dbmsName);

    virtual Kind kind() const = 0;
    virtual QString name() const = 0;

    // What the database's SQL can do, as the protocol uses it (feature.h). A builder that
    // belongs to a feature the dialect lacks is never called: it asserts and returns no text.
    virtual bool hasFeature(Feature feature) const = 0;

    // Idempotent DDL (each element one statement, runnable as printed).
    virtual QStringList schema(const TableNames &t) const = 0;

    // Every acquire statement answers the same way (col::Acquire): the lock's state row with
    // whether it was granted and whether the connection holds the wake-up lock; an upsert
    // returns no row when it refuses (PostgreSQL, SQLite), the others no row when the lock
    // does not exist.
    //
    // A lock's row is never removed: delete turns it into a tombstone (deletedDepth, free,
    // keeping its fence), which no list or read shows, and which an acquire or initialize
    // brings back like a free lock (fence + 1). So a lock's fences rise across delete and
    // re-creation without any statement reading its history, and a row an INSERT creates
    // (a name never used in this table) starts at firstFence.
    static constexpr int deletedDepth = -1;
    static constexpr qint64 firstFence = 1;
    virtual Statement acquire(const TableNames &t, const QString &name, const QString &holder,
                              qint64 ttlMs) const = 0;
    virtual Statement selectGrant(const TableNames &t, const QString &name,
                                  const QString &holder) const = 0;
    // Where the acquire is a statement that returns nothing (Oracle's MERGE): its answer read
    // after it, as every other acquire returns it (col::Acquire), no row when the lock does
    // not exist.
    virtual Statement acquireAnswer(const TableNames &t, const QString &name,
                                    const QString &holder) const = 0;
    virtual Statement renew(const TableNames &t, const QString &name, const QString &holder,
                            qint64 fence, qint64 ttlMs) const = 0;
    // Where there is no RETURNING but the driver sends several statements in one round trip
    // (MySQL): renew() followed by a SELECT of the grant columns (col::Grant) of the row held
    // with that holder and fence, which is there only when the renewal matched it
    // (Feature::Batches; without it: renew(), then selectGrant()).
    virtual Statement renewBatch(const TableNames &t, const QString &name, const QString &holder,
                                 qint64 fence, qint64 ttlMs) const;
    virtual Statement release(const TableNames &t, const QString &name, const QString &holder,
                              qint64 fence) const = 0;

    // Where there is no RETURNING but the driver sends several statements in one round trip
    // (Feature::Batches, MySQL): the upsert of acquireUpsert (a missing lock is created)
    // followed by a SELECT of the acquire's answer (col::Acquire), one batch
    // (Statement::statements()). `takeWakeLock` (not empty), WaitedFirst: the batch also
    // takes that wake-up lock (see wakeLockName), reported in col::AWake: 1 taken, 0 not, NULL
    // not tried. NotQueued: the wake-up lock is not taken (AWake NULL): a fresh grant takes
    // none (Feature::WakeLockOnContention). WaitedFirst: a statement before the upsert waits for it (the bind marked
    // Statement::Slot::WakeWait, wakeWaitValue), so a waiter woken by the holder's release goes
    // on to its upsert inside the server, without a round trip to the client first.
    enum class WakeLockTaking { NotQueued, WaitedFirst };
    virtual Statement acquireBatch(const TableNames &t, const QString &name,
                                   const QString &holder, qint64 ttlMs,
                                   const QString &takeWakeLock = {},
                                   WakeLockTaking taking = WakeLockTaking::NotQueued) const;
    // MariaDB 10.5 and later (INSERT .. RETURNING, Feature::InsertReturning): the whole
    // acquire as one statement that can be prepared, INSERT .. ON DUPLICATE KEY UPDATE ..
    // RETURNING the acquire's answer (col::Acquire); a missing lock is created. `taking` as
    // for acquireBatch; WaitedFirst waits up to `waitSeconds` for the wake-up lock before the
    // row is touched. PostgreSQL: the queued form of its acquire, WaitedFirst only.
    virtual Statement acquireUpsert(const TableNames &t, const QString &name,
                                    const QString &holder, qint64 ttlMs, const QString &wakeLock,
                                    WakeLockTaking taking, double waitSeconds = 0) const;
    // A value written into SQL text for a batch (binds cannot be used there): never from
    // escaping rules that depend on the server's SQL mode.
    virtual QString inlineLiteral(const QVariant &value) const;
    // The statement's text with each "?" outside quoted text replaced by its bind's literal.
    QString inlined(const Statement &statement) const;

    // MySQL/MariaDB: a server-side lock the holder keeps while it holds `name` (GET_LOCK), so
    // that waiters block in the server and the release wakes one of them at once
    // (Feature::WakeLocks).
    // A hint only: the lease row decides; a wake-up lock held by anyone else costs a waiter
    // time, never safety.
    virtual QString wakeLockName(const TableNames &t, const QString &name) const;
    // The release that also frees the holder's wake-up lock when the lock becomes free.
    virtual Statement releaseFreeingWakeLock(const TableNames &t, const QString &name,
                                             const QString &holder, qint64 fence,
                                             const QString &wakeLock) const;
    // Waits up to `seconds` for the wake-up lock: one row, 1 when taken.
    virtual Statement takeWakeLock(const QString &wakeLock, double seconds) const;
    // The value of the bind marked Statement::Slot::WakeWait in acquireUpsert's WaitedFirst
    // form, for a wait of `seconds`: the statement is built once and run again with another.
    virtual QVariant wakeWaitValue(double seconds) const { return seconds; }
    virtual Statement freeWakeLock(const QString &wakeLock) const;

    // PostgreSQL: the channel a release NOTIFYs (payload: the lock name) so that waiters retry
    // at once instead of at their next poll (Feature::ReleaseNotifies; without it waiters poll).
    virtual QString releaseChannel(const TableNames &t) const;
    // A statement that notifies waiters that `name` is free (after a force release).
    virtual Statement notifyReleased(const TableNames &t, const QString &name) const;

    virtual Statement forceRelease(const TableNames &t, const QString &name,
                                   qint64 expectedFence) const = 0;
    virtual Statement initialize(const TableNames &t, const QString &name, qint64 ttlMs,
                                 const QString &description) const = 0;
    // initialize() of a deleted lock: its tombstone becomes a free lock again (keeping its
    // fence); no row changed when the name has no tombstone.
    virtual Statement reviveDeleted(const TableNames &t, const QString &name, qint64 ttlMs,
                                    const QString &description) const = 0;
    // Turns the lock's row into a tombstone (deletedDepth), if it is still free or expired
    // with the fence the admin saw.
    virtual Statement deleteLock(const TableNames &t, const QString &name, qint64 fence) const = 0;
    // Brings a table written by Lockscope before tombstones up to date (idempotent, DML only):
    // a row left unnumbered (fence -1) by an acquire that stopped half-way becomes free above
    // the highest fence its history recorded, and every name whose row a delete removed gets a
    // tombstone with the last fence recorded. Run by LockService::createSchema().
    virtual QStringList migration(const TableNames &t) const = 0;
    virtual Statement selectState(const TableNames &t, const QString &name) const = 0;
    virtual Statement selectAll(const TableNames &t) const = 0;
    // A window onto the lock table for a monitor that cannot hold a huge one: one SELECT of
    // the page's rows (col::State, the rows and states of selectAll) and the counts it was cut
    // from (col::Page), always at least one row, whose name is NULL when the page is empty.
    virtual Statement lockPage(const TableNames &t, const LockPageRequest &request) const = 0;
    virtual Statement history(const TableNames &t, const QString &name, int limit) const = 0;
    // The admin actions across every lock (auditrequest.h): event rows (col::Event), newest
    // first, at most request.limit + 1 of them (one more tells that more match).
    virtual Statement adminEvents(const TableNames &t, const AuditRequest &request) const = 0;
    virtual Statement now() const = 0;

    // What the server says about the cluster it is a node of (lockcore/cluster): reads any user
    // may run, each sent as text (MySQL cannot prepare SHOW): Feature::ClusterFacts.
    // clusterFacts: rows of (name, value), the server's own replication settings and state
    // under its own names (Galera's wsrep_* variables and status; PostgreSQL's
    // pg_is_in_recovery, synchronous_commit, ...), a NULL value where it has none.
    virtual QList<Statement> clusterFacts() const;
    // The standbys streaming from this server, one row each (col::Standby):
    // Feature::ClusterStandbys, as clusterUpstream.
    virtual Statement clusterStandbys() const;
    // The server this one replicates from, when it is a standby: one row (col::Upstream).
    virtual Statement clusterUpstream() const;

    // `at`: the database time the change took effect, as the operation reported it (a grant's
    // acquired_at, a renewal's renewed_at, a release's time), so the history carries the same
    // time as the answer; invalid: the database clock now (an event that changed nothing).
    virtual Statement insertEvent(const TableNames &t, const QString &name, const QString &kind,
                                  const QString &holder, qint64 fence, const QString &actor,
                                  const QString &detail, const QDateTime &at = {}) const = 0;
    // An event whose holder, fence and time are read from the lock row itself (same
    // transaction, right after the change): its time is the row's expires_at, which an
    // initialize and a force release set to the time of the change.
    virtual Statement insertEventFromRow(const TableNames &t, const QString &name,
                                         const QString &kind, const QString &holderColumn,
                                         const QString &actor, const QString &detail) const = 0;

    // The claim of a fence on an application's fence table (`resource` text primary key,
    // `fence` bigint; docs/library.md): the resource's row moved up to `fence`, in the grant's
    // transaction. One row changed: claimed; none: the row has a higher fence, or there is no
    // row yet, which insertFence() then adds (a duplicate key: a higher fence got there first).
    virtual Statement claimFence(const TableNames &fences, const QString &resource,
                                 qint64 fence) const = 0;
    virtual Statement insertFence(const TableNames &fences, const QString &resource,
                                  qint64 fence) const = 0;

    // A query whose one row's last column is 1 when the clock a change reads moves within a
    // statement, as the protocol needs (the lease is timed after the statement's waits):
    // Feature::ClockCheck.
    virtual Statement clockCheck() const;

    // Sets the session's time zone (validated by validateTimeZoneName): the zone local-time
    // functions (now(), LOCALTIMESTAMP, SYSDATE() on MySQL) answer in
    // (Feature::SessionTimeZone).
    virtual Statement setTimeZone(const QString &zone) const;

    // The server this connection reached, one row: its address (NULL over a Unix socket) and
    // its port. With several hosts in the URL, the one libpq chose (see reachedServer()).
    // Feature::ServerAddress.
    virtual Statement serverAddress() const;

    // What a connection runs when it opens, and again after a reconnect: settings whose
    // failure does not matter (PostgreSQL: no notices; SQLite, writable: WAL, so that readers
    // run beside the one writer), then, on a read-only connection, the statement that makes
    // the session itself read-only where the database has one (Feature::ReadOnlySession;
    // SQLite is opened read-only, Oracle relies on lockcore's own check).
    virtual QStringList sessionSettings(bool readOnly) const;
    virtual QString readOnlySession() const;
    // The bounds the server itself puts on this session's statements (Session sets them with
    // the session settings, below its call deadline: docs/reliability.md, "Deadlines that
    // reach the server"): a statement ends after `statementMs`, a wait for a lock after
    // `lockMs`, each with the server's own timeout error, which says that nothing was done.
    // One statement each time. `mariaDb`: the MySQL dialect on a MariaDB server
    // (max_statement_time, for every statement; MySQL's max_execution_time covers SELECT
    // only and is not set). Empty where there are none: SQLite (its busy timeout bounds a
    // wait), Oracle (only the client's deadline applies).
    virtual QStringList serverBounds(qint64 statementMs, qint64 lockMs, bool mariaDb) const;
    // A statement the server ended at such a bound (or cancelled): it changed nothing.
    // Lock: it waited for a lock (PostgreSQL 55P03, MySQL/MariaDB 1205); statement: its time
    // ran out (PostgreSQL 57014, MariaDB 1969, MySQL 3024).
    virtual bool isLockTimeout(const QSqlError &) const { return false; }
    virtual bool isStatementTimeout(const QSqlError &) const { return false; }

    // How a transaction starts (Feature::BeginStatement; without it
    // QSqlDatabase::transaction()).
    virtual QString beginTransaction() const;

    virtual bool isDuplicateKey(const QSqlError &error) const = 0;
    virtual bool isMissingTable(const QSqlError &error) const = 0;
    virtual bool isConnectionLost(const QSqlError &error) const = 0;
    virtual bool isAuthenticationFailure(const QSqlError &error) const = 0;
    // The statement was refused for now and changed nothing: deadlock victim, lock wait
    // timeout, serialization failure, SQLite's busy database.
    virtual bool isBusy(const QSqlError &error) const = 0;
    // The server takes no writes now, and changed nothing: a standby (PostgreSQL), a cluster
    // node that lost quorum (Galera). Another node, or this one later, can take the statement.
    virtual bool isUnavailable(const QSqlError &) const { return false; }
    // The server refused this user the statement: it lacks a privilege on the table (PostgreSQL
    // insufficient_privilege). MySQL's and MariaDB's refusals name the command, the user and
    // the table themselves, and stay database errors.
    virtual bool isPermissionDenied(const QSqlError &) const { return false; }

    // Multi-primary clusters (MariaDB Galera), where a write on any node is certified against
    // the others at commit and the wake-up locks are each node's own. A query whose answer has
    // a row with "ON" in its second column on such a node (Feature::MultiPrimaryProbe, as the
    // next two).
    virtual QString multiPrimaryProbe() const;
    // What a session on such a node runs after sessionSettings(): reads that see every write
    // the cluster committed before them.
    virtual QStringList multiPrimarySessionSettings() const;
    // A query whose answer has "ON" in its second column while such a node serves: it is in
    // the cluster's primary component (quorum) and synced.
    virtual QString multiPrimaryReadyProbe() const;

    virtual QString quoteIdentifier(const QString &identifier) const;
    QString lockTable(const TableNames &t) const;
    QString eventTable(const TableNames &t) const;

protected:
    QString qualified(const TableNames &t, const QString &table) const;
};

} // namespace lockcore
