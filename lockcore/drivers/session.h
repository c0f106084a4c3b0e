// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connectionspec.h"
#include "dialect.h"
#include "directresult.h"
#include "result.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QSqlDatabase>
#include <QVersionNumber>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QSqlQuery;

namespace lockcore {

class ConnectionSocket;
class QtStatements;
class ReleaseListener;
class Transport;

struct SessionOptions
{
    int connectTimeoutS = 5; // bounded connect to an unreachable or silent host
    // Every statement's deadline (Session::DeadlineScope may set an earlier one); schema DDL
    // gets ddlTimeoutMs.
    qint64 callTimeoutMs = 10000;
    qint64 ddlTimeoutMs = 120000;
    // Refuse every write (also set when the ConnectionSpec says readonly=1); see
    // Session::checkWritable().
    bool readOnly = false;
};

// One open connection, owned by the thread that opened it. Statements are prepared once and
// reused, so each later execution is one round trip. The lock protocol's statements go through
// one transport chosen when the connection opens (runRows: libpq, Connector/C or Qt's driver);
// reads and admin transactions through Qt's driver (run). A connection lost mid-operation is
// reported as Error::Kind::ConnectionLost and reopened on the next call.
//
// Every call on the network has a deadline: SessionOptions::callTimeoutMs from its start, or
// the earlier end of a DeadlineScope. A call still waiting for its server then is abandoned:
// its connection's socket is shut down (CallWatchdog), the client library returns at once, and
// the call fails as ConnectionLost ("no answer within ..."; the outcome is unknown); the next
// call reconnects. The server bounds each statement as well, below that deadline by a margin
// (statement and lock timeouts, Dialect::serverBounds; a call with a longer budget, runDdl,
// raises them for itself): a live server ends a statement that waits too long with its own
// error, Busy with Error::serverEnded (nothing was done), before the client gives up on it.
// Connecting is bounded by connectTimeoutS. Through ODBC the socket is the one
// that appeared while the connection opened (none if another appeared at the same time);
// where lockcore cannot reach the connection's socket (then, and Oracle's QOCI) only the
// driver's own timeouts apply; SQLite has no network (its busy timeout bounds a wait for
// another writer).
class Session
{
public:
    // Within its life the session's calls end by `deadline` at the latest (a renewal's: the
    // lease's end). Scopes nest; the earlier deadline wins.
    class DeadlineScope
    {
    public:
        DeadlineScope(Session &session, QDeadlineTimer deadline);
        ~DeadlineScope();
        DeadlineScope(const DeadlineScope &) = delete;
        DeadlineScope &operator=(const DeadlineScope &) = delete;

    private:
        Session &m_session;
        QDeadlineTimer m_previous;
    };

    static Result<std::unique_ptr<Session>> open(const ConnectionSpec &spec,
                                                 const SessionOptions &options = {});
    ~Session();
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    const Dialect &dialect() const { return *m_dialect; }
    const ConnectionSpec &spec() const { return m_spec; }
    QSqlDatabase database() const { return m_db; }

    // A read-only session: every write path of lockcore (LockService, ProfileTable,
    // NativeLockReader::terminate, the simulator) asks checkWritable() before it sends any SQL,
    // and runDdl() refuses. The database session itself is read-only too where the database has
    // such a setting (PostgreSQL, MySQL/MariaDB; SQLite is opened read-only), re-applied after a
    // reconnect, so a write that slipped past lockcore is refused by the server.
    bool isReadOnly() const { return m_spec.readOnly; }
    // An Error::Kind::ReadOnly naming `what` (e.g. "acquiring \"x\"") on a read-only session.
    Status checkWritable(const QString &what) const;

    // Executes a statement (prepared and cached per connection). On success the query is
    // positioned before its first row and stays valid until the same statement runs again.
    Result<QSqlQuery *> run(const Statement &statement, const QString &what);
    // Several statements (separated by ";") in one round trip, binds written into the text as
    // the dialect's literals. On success the query is on the LAST statement's result, before
    // its first row; valid until the next batch.
    Result<QSqlQuery *> runBatch(const Statement &statement, int statements, const QString &what);
    // The same with the text already made by Dialect::inlined().
    Result<QSqlQuery *> runBatch(const QString &sql, int statements, const QString &what);
    // One statement through the session's transport, its rows read at once (with the affected
    // rows, and MySQL's LAST_INSERT_ID): on PostgreSQL prepared once per connection and run
    // through libpq's extended protocol (PostgresStatements), on MariaDB through Connector/C
    // (MariaDbStatements: one round trip where Qt's driver takes two, and the row of an
    // INSERT .. RETURNING, which Qt's driver cannot read), elsewhere through Qt's driver.
    Result<DirectResult> runRows(const Statement &statement, const QString &what);
    // What this connection can do (feature.h): the dialect's answer (Dialect::hasFeature),
    // narrowed by the server it reached and its transport: WakeLocks on MariaDB 10.1.2 on
    // (fractional GET_LOCK waits), InsertReturning on MariaDB 10.5 on with a transport that
    // reads its row, DirectTransport where runRows() goes past Qt's driver (libpq,
    // Connector/C). Asked of the open connection (the server's version is read as it opens).
    bool hasFeature(Feature feature) const;

    // LISTEN for releases on `channel` (after a reconnect again); false: waiters must poll.
    bool listenForReleases(const QString &channel);
    // UNLISTEN again: a listening connection is signalled by every release in the table.
    void stopListening(const QString &channel);
    // Waits for a release of `name` notified since its listener was armed (releaselistener.h).
    bool waitForRelease(const QString &name, qint64 timeoutMs, const std::atomic_bool *cancel);
    // Sets this connection's time zone (and again after every reconnect); empty: the server's
    // default from the next connection on. Refused on SQLite (no session time zone).
    Status setTimeZone(const QString &zone);
    QString timeZone() const { return m_timeZone; }
    Status runDdl(const QString &sql);
    // Refuses a writable connection whose clock for changes does not move within a statement
    // (Dialect::clockCheck: MySQL's SYSDATE() under --sysdate-is-now). Run at every connect.
    Status checkClock();
    Status begin();
    Status commit();
    void rollback();

    // Wake-up locks (Dialect::wakeLockName, Feature::WakeLocks) this connection holds; they
    // die with it.
    // A node of a multi-primary cluster (Galera): its wake-up locks are its own, so a release
    // on another node wakes nobody here (Dialect::multiPrimaryProbe, asked at connect).
    bool wakeLocksAreNodeLocal() const { return m_multiPrimary; }
    bool holdsWakeLock(const QString &lock) const { return m_wakeLocks.contains(lock); }
    void noteWakeLock(const QString &lock, bool held);
    // Frees it if held (one round trip); errors are ignored: it dies with the connection.
    void freeWakeLock(const QString &lock);
    // Frees it whether or not it is known to be held: after a statement that waited for it
    // failed, or did not say whether the wait took it.
    void giveBackWakeLock(const QString &lock);

    // Statements sent to the server so far: the round trips an operation cost.
    quint64 roundTrips() const { return m_roundTrips; }
    // The connection broke; the next statement reopens it.
    bool isBroken() const { return m_broken; }

    Error errorFrom(const QSqlError &error, const QString &what) const;
    // errorFrom(), and a generic database error on a connection that no longer answers
    // becomes ConnectionLost.
    Error failure(const QSqlError &error, const QString &what);
    // A BEGIN or COMMIT that failed; a lost connection is marked broken, to be reopened by the
    // next call.
    Error transactionFailure(const QSqlError &error, const QString &what);

private:
    // What is not lockcore's API (this header is installed): the release listener and the
    // tests' hooks, in SessionInternals (drivers/internal/sessioninternals.h).
    friend class SessionInternals;
    class CallWatch; // arms the CallWatchdog for the outermost call on the network
    Session(const ConnectionSpec &spec, const QString &connectionName);
    Status openConnection(const SessionOptions &options);
    Status reopenIfBroken();
    Status applySessionSettings(); // after every (re)connect
    // Sets the server's own bounds (serverbounds.h) for calls of `callMs`; false: refused, only
    // the client's deadline applies (serverbounds.cpp), or the database has none to set.
    bool applyServerBounds(qint64 callMs);
    // The error of a statement the server ended at its bound (Dialect::isLockTimeout, ...).
    Error serverEnded(const QSqlError &error, const QString &what) const;
    Status applyReadOnly();
    void clearCache();
    // After `error`, a cached prepared statement is dropped and prepared afresh next time.
    static bool preparedAfresh(const Error &error);
    static bool reopensAfter(const Error &error);
    Error unavailable(const QSqlError &error, const QString &what) const;
    static QString driverTextOf(const QSqlError &error);
    bool nodeIsReady(); // a multi-primary node in its cluster's primary component
    // A probe (SHOW ... LIKE 'x') answered with "ON" in its second column; none: no answer.
    std::optional<bool> answersOn(const QString &probe);
    // The transport of runRows(), chosen for the open connection (again after a reconnect or
    // a forced path).
    void chooseTransport();
    Transport &transport();

    ConnectionSpec m_spec;
    SessionOptions m_options;
    QString m_connectionName;
    QSqlDatabase m_db;
    std::unique_ptr<Dialect> m_dialect;
    std::unique_ptr<QtStatements> m_qt;   // Qt's driver: reads, admin, batches, and ...
    std::unique_ptr<Transport> m_direct;  // ... runRows() unless this is set
    std::unique_ptr<ReleaseListener> m_listener;
    quint64 m_roundTrips = 0;
    bool m_broken = false;
    QString m_timeZone;
    QSet<QString> m_wakeLocks;
    qint64 m_boundStatementMs = 0; // the server's bounds set now (0: none)
    qint64 m_boundLockMs = 0;
    void askServerVersion();
    void askMultiPrimary();
    bool m_multiPrimary = false;
    std::optional<QVersionNumber> m_mariaDbVersion; // null: not MariaDB; unset: not asked yet
    bool m_forceMySqlPath = false;
    bool m_forceBatchAcquire = false;
    bool m_forceQtDriver = false;

    // The connection's socket, where lockcore can reach it (libpq, Connector/C; through ODBC
    // the one socket that appeared while it opened); else -1.
    int socket() const;
    // m_db.open() by `deadline` (openingwatch.h; *abandoned: it was not met, or an interrupt);
    // through ODBC, also finds the connection's socket (m_odbcSocket).
    bool openDatabase(QDeadlineTimer deadline, bool *abandoned);
    // After the open: `steps` (lockcore's statements of a new connection) as one call that ends
    // by `deadline`, the open's; *abandoned: it did not, and the error says so.
    Status underConnectDeadline(QDeadlineTimer deadline, const std::function<Status()> &steps,
                                bool *abandoned);
    Status setUpOpened(); // the first open's steps after the login
    // The error of an open whose deadline passed (or that was interrupted).
    Error connectAbandoned(bool afterLogin, const QString &detail) const;
    std::unique_ptr<ConnectionSocket> m_odbcSocket;
    // When a call starting now must end: its timeout, or the scope's earlier deadline.
    QDeadlineTimer callDeadline(qint64 timeoutMs) const;
    // The error of a call that the watchdog abandoned.
    Error abandoned(const QString &what) const;
    QDeadlineTimer m_limit{QDeadlineTimer::Forever}; // DeadlineScope's
    int m_callDepth = 0;
    qint64 m_callBudgetMs = 0;                 // the outermost call's, when it was armed
    std::atomic_bool m_abandoned{false};       // set by the watchdog for the current call
    quint64 m_interruptsAtArm = 0;             // CallWatchdog::interrupts() when it was armed
    QElapsedTimer m_callTimer;                 // since the outermost call began
};

} // namespace lockcore
