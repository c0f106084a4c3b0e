// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "dialect.h"

namespace lockcore {

struct LockPageOrder; // lockpageorder.h
struct AuditTimeBound; // auditrequest.h

// Statements shared by all dialects, written in terms of a few per-database expressions.
// The renew/release here are the two-step form (conditional UPDATE, then SELECT). Each dialect
// has its own acquire: one statement that creates a missing lock too.
class SqlDialectBase : public Dialect
{
public:
    Statement selectGrant(const TableNames &t, const QString &name,
                          const QString &holder) const override;
    Statement acquireAnswer(const TableNames &t, const QString &name,
                            const QString &holder) const override;
    Statement renew(const TableNames &t, const QString &name, const QString &holder,
                    qint64 fence, qint64 ttlMs) const override;
    Statement release(const TableNames &t, const QString &name, const QString &holder,
                      qint64 fence) const override;
    Statement forceRelease(const TableNames &t, const QString &name,
                           qint64 expectedFence) const override;
    Statement initialize(const TableNames &t, const QString &name, qint64 ttlMs,
                         const QString &description) const override;
    Statement reviveDeleted(const TableNames &t, const QString &name, qint64 ttlMs,
                            const QString &description) const override;
    Statement deleteLock(const TableNames &t, const QString &name, qint64 fence) const override;
    QStringList migration(const TableNames &t) const override;
    Statement selectState(const TableNames &t, const QString &name) const override;
    Statement selectAll(const TableNames &t) const override;
    Statement lockPage(const TableNames &t, const LockPageRequest &request) const override;
    Statement history(const TableNames &t, const QString &name, int limit) const override;
    Statement adminEvents(const TableNames &t, const AuditRequest &request) const override;
    Statement now() const override;
    Statement insertEvent(const TableNames &t, const QString &name, const QString &kind,
                          const QString &holder, qint64 fence, const QString &actor,
                          const QString &detail, const QDateTime &at = {}) const override;
    Statement insertEventFromRow(const TableNames &t, const QString &name, const QString &kind,
                                 const QString &holderColumn, const QString &actor,
                                 const QString &detail) const override;
    Statement claimFence(const TableNames &fences, const QString &resource,
                         qint64 fence) const override;
    Statement insertFence(const TableNames &fences, const QString &resource,
                          qint64 fence) const override;

protected:
    static constexpr qint64 defaultTtlMs = 30000;

    virtual QString nowExpr() const = 0;                       // the database clock
    // The clock of a statement that changes a row, read where the change is made: after any
    // wait of the statement (a row lock, a wake-up lock). Default: nowExpr().
    virtual QString changeNow() const { return nowExpr(); }
    // changeNow() again later in a statement that assigned `renewed_at = changeNow()` first
    // (in a SET, or first of the times in a VALUES list): the same instant. Default:
    // changeNow() (constant within a statement, or, on SQLite, within a step; PostgreSQL
    // overrides every statement that would need it). MySQL reads the column just assigned
    // (SET runs left to right; a value may read a column set earlier in its VALUES list).
    virtual QString changeNowAgain() const { return changeNow(); }
    // The start of a statement that changes rows ("UPDATE", "INSERT", "DELETE"), with what
    // its changeNow() needs (MySQL: UTC for SYSDATE()).
    virtual QString writeVerb(const QString &verb) const { return verb; }
    // A database time given in milliseconds since the epoch (a bound value) as a column value.
    virtual QString timeFromMs(const QString &msExpr) const = 0;
    virtual QString msOf(const QString &timeExpr) const = 0;   // -> integer ms since the epoch
    virtual QString plusMs(const QString &timeExpr, const QString &msExpr) const = 0;
    virtual QString fromDual() const { return {}; }            // Oracle: " FROM dual"
    virtual QString freeHolder() const { return QStringLiteral("''"); }
    virtual QString isFree(const QString &column) const { return column + QStringLiteral(" = ''"); }
    virtual QString isHeld(const QString &column) const { return column + QStringLiteral(" <> ''"); }
    virtual Param bigint(qint64 value) const { return Param{value}; }
    virtual Param text(const QString &value) const { return Param{value}; }
    virtual void appendLimit(Statement &st, int limit) const;
    // Rows `offset` on, at most `limit` of them, after an ORDER BY.
    virtual void appendWindow(Statement &st, qint64 offset, qint64 limit) const;
    // Where `needle` first starts in `haystack` (from 1), 0 when it is not in it.
    virtual QString positionOf(const QString &haystack, const QString &needle) const;
    // "CASE WHEN <given ttl> > 0 THEN <given ttl> ELSE <fallback> END": ttlMs 0 means the
    // lock's own default (ttl_ms column) or, for a new row, 30 s.
    void appendTtl(Statement &st, qint64 ttlMs, const QString &fallback) const;
    // SHA-1 of the table and the lock name: what a wake-up lock's name is made from.
    static QByteArray wakeLockDigest(const TableNames &t, const QString &name);
    // The database time read once for the whole statement, as a derived table "n" with column t.
    QString nowSource() const;
    // `now`: the database time of the statement (the derived table's n.t, or an expression).
    QString stateColumns(const QString &alias, const QString &now = QStringLiteral("n.t")) const;
    QString grantColumns(const QString &alias) const;
    // lockPage()'s filter on the lock row `alias` at the database time n.t; "1 = 1" for none.
    void appendPageFilter(Statement &st, const QString &alias,
                          const LockPageRequest &request) const;
    // lockPage()'s " ORDER BY ..." of the rows `alias` at the database time n.t (pageorder.cpp).
    QString pageOrder(const QString &alias, const LockPageOrder &order) const;
    // lockPage()'s problems filter (LockPageProblems) on the lock row `alias` at n.t.
    void appendProblemFilter(Statement &st, const QString &alias,
                             const LockPageProblems &problems) const;
    // "<column> contains <needle>, ignoring case", both lowered by the database.
    void appendContains(Statement &st, const QString &column, const QString &needle) const;
    // adminEvents()'s filters (auditevents.cpp): " AND <e.at comparison bound>" on the
    // database clock, and " AND (<the actions' kinds>)".
    void appendAuditTime(Statement &st, const char *comparison,
                         const AuditTimeBound &bound) const;
    void appendAuditActions(Statement &st, const QStringList &actions) const;
};

class SqliteDialect : public SqlDialectBase
{
public:
    Kind kind() const override { return Kind::SQLite; }
    bool hasFeature(Feature feature) const override
    {
        return feature == Feature::UpsertReturning || feature == Feature::BeginStatement;
    }
    QString name() const override { return QStringLiteral("sqlite"); }
    QStringList schema(const TableNames &t) const override;
    Statement acquire(const TableNames &t, const QString &name, const QString &holder,
                      qint64 ttlMs) const override;
    Statement renew(const TableNames &t, const QString &name, const QString &holder,
                    qint64 fence, qint64 ttlMs) const override;
    Statement release(const TableNames &t, const QString &name, const QString &holder,
                      qint64 fence) const override;
    QString beginTransaction() const override { return QStringLiteral("BEGIN IMMEDIATE"); }
    QStringList sessionSettings(bool readOnly) const override
    {
        // (a read-only connection cannot change the journal mode)
        return readOnly ? QStringList() : QStringList{QStringLiteral("PRAGMA journal_mode=WAL")};
    }
    bool isDuplicateKey(const QSqlError &error) const override;
    bool isMissingTable(const QSqlError &error) const override;
    bool isConnectionLost(const QSqlError &error) const override;
    bool isAuthenticationFailure(const QSqlError &) const override { return false; }
    bool isBusy(const QSqlError &error) const override;

protected:
    QString nowExpr() const override;
    QString timeFromMs(const QString &msExpr) const override { return msExpr; }
    QString msOf(const QString &timeExpr) const override { return timeExpr; }
    QString plusMs(const QString &timeExpr, const QString &msExpr) const override;
};

class PostgresDialect : public SqlDialectBase
{
public:
    Statement setTimeZone(const QString &zone) const override;
    Statement serverAddress() const override;
    Kind kind() const override { return Kind::PostgreSQL; }
    QStringList sessionSettings(bool) const override
    {
        // "relation already exists, skipping" and similar notices are not for the user.
        return {QStringLiteral("SET client_min_messages = warning")};
    }
    QString readOnlySession() const override
    {
        return QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
    }
    bool hasFeature(Feature feature) const override;
    QString name() const override { return QStringLiteral("postgresql"); }
    QList<Statement> clusterFacts() const override;
    Statement clusterStandbys() const override;
    Statement clusterUpstream() const override;
    QStringList schema(const TableNames &t) const override;
    Statement acquire(const TableNames &t, const QString &name, const QString &holder,
                      qint64 ttlMs) const override;
    Statement renew(const TableNames &t, const QString &name, const QString &holder,
                    qint64 fence, qint64 ttlMs) const override;
    Statement release(const TableNames &t, const QString &name, const QString &holder,
                      qint64 fence) const override;
    Statement acquireUpsert(const TableNames &t, const QString &name, const QString &holder,
                            qint64 ttlMs, const QString &wakeLock, WakeLockTaking taking,
                            double waitSeconds = 0) const override;
    QString wakeLockName(const TableNames &t, const QString &name) const override;
    QVariant wakeWaitValue(double seconds) const override;
    Statement releaseFreeingWakeLock(const TableNames &t, const QString &name,
                                     const QString &holder, qint64 fence,
                                     const QString &wakeLock) const override;
    Statement takeWakeLock(const QString &wakeLock, double seconds) const override;
    Statement freeWakeLock(const QString &wakeLock) const override;
    QString releaseChannel(const TableNames &t) const override;
    Statement notifyReleased(const TableNames &t, const QString &name) const override;
    bool isDuplicateKey(const QSqlError &error) const override;
    bool isMissingTable(const QSqlError &error) const override;
    bool isConnectionLost(const QSqlError &error) const override;
    bool isAuthenticationFailure(const QSqlError &error) const override;
    bool isBusy(const QSqlError &error) const override;
    bool isUnavailable(const QSqlError &error) const override;
    bool isPermissionDenied(const QSqlError &error) const override;
    QStringList serverBounds(qint64 statementMs, qint64 lockMs, bool mariaDb) const override;
    bool isLockTimeout(const QSqlError &error) const override;
    bool isStatementTimeout(const QSqlError &error) const override;

protected:
    QString nowExpr() const override { return QStringLiteral("clock_timestamp()"); }
    QString timeFromMs(const QString &msExpr) const override;
    // The clock read after this session holds the row of lock `name` (a derived table "n"
    // with column t): an UPDATE that reads it meets no row lock afterwards.
    void appendClockAfterRowLock(Statement &st, const TableNames &t, const QString &name) const;
    // acquire() reading the clock from `source` (a derived table "n" with column t).
    // "INSERT INTO <table><alias> (every column) SELECT <a new row: one holder, fence 1, its
    // times all n.t> FROM ": the new row of the acquire's upsert.
    void insertNewRow(Statement &st, const TableNames &t, const QString &alias,
                      const QString &name, const QString &holder, qint64 ttlMs) const;
    Statement acquireFrom(const TableNames &t, const QString &name, const QString &holder,
                          qint64 ttlMs, const Statement &source) const;
    // The RETURNING list of a grant: col::Acquire, granted.
    QString grantedAnswer() const;
    // An advisory lock key from a wake-up lock's name.
    Param wakeKey(const QString &wakeLock) const;
    // A derived table "w" that waits up to `seconds` for the wake-up lock.
    void appendAdvisoryWait(Statement &st, const QString &wakeLock, double seconds) const;
    // The release's UPDATE, returning the remaining depth and the database time (col::R*).
    Statement releaseReturning(const TableNames &t, const QString &name, const QString &holder,
                               qint64 fence) const;
    QString msOf(const QString &timeExpr) const override;
    QString plusMs(const QString &timeExpr, const QString &msExpr) const override;
    Param bigint(qint64 value) const override;
    Param text(const QString &value) const override;
    // PostgreSQL has no INSTR.
    QString positionOf(const QString &haystack, const QString &needle) const override
    {
        return QStringLiteral("strpos(%1, %2)").arg(haystack, needle);
    }
};

class MysqlDialect : public SqlDialectBase
{
public:
    Statement setTimeZone(const QString &zone) const override;
    Statement clockCheck() const override;
    Kind kind() const override { return Kind::MySQL; }
    QString readOnlySession() const override
    {
        return QStringLiteral("SET SESSION TRANSACTION READ ONLY");
    }
    bool hasFeature(Feature feature) const override;
    QString name() const override { return QStringLiteral("mysql"); }
    QList<Statement> clusterFacts() const override;
    QStringList schema(const TableNames &t) const override;
    // Never sent alone: the upsert that acquireBatch carries (and acquireUpsert with its
    // RETURNING); LockService sends one of those two.
    Statement acquire(const TableNames &t, const QString &name, const QString &holder,
                      qint64 ttlMs) const override;
    Statement release(const TableNames &t, const QString &name, const QString &holder,
                      qint64 fence) const override;
    Statement renewBatch(const TableNames &t, const QString &name, const QString &holder,
                         qint64 fence, qint64 ttlMs) const override;
    Statement acquireBatch(const TableNames &t, const QString &name, const QString &holder,
                           qint64 ttlMs, const QString &takeWakeLock = {},
                           WakeLockTaking taking = WakeLockTaking::NotQueued) const override;
    Statement acquireUpsert(const TableNames &t, const QString &name, const QString &holder,
                            qint64 ttlMs, const QString &wakeLock, WakeLockTaking taking,
                            double waitSeconds = 0) const override;
    QString wakeLockName(const TableNames &t, const QString &name) const override;
    Statement releaseFreeingWakeLock(const TableNames &t, const QString &name,
                                     const QString &holder, qint64 fence,
                                     const QString &wakeLock) const override;
    Statement takeWakeLock(const QString &wakeLock, double seconds) const override;
    Statement freeWakeLock(const QString &wakeLock) const override;
    QString inlineLiteral(const QVariant &value) const override;
    QString quoteIdentifier(const QString &identifier) const override;
    bool isDuplicateKey(const QSqlError &error) const override;
    bool isMissingTable(const QSqlError &error) const override;
    bool isConnectionLost(const QSqlError &error) const override;
    bool isAuthenticationFailure(const QSqlError &error) const override;
    bool isBusy(const QSqlError &error) const override;
    bool isUnavailable(const QSqlError &error) const override;
    QStringList serverBounds(qint64 statementMs, qint64 lockMs, bool mariaDb) const override;
    bool isLockTimeout(const QSqlError &error) const override;
    bool isStatementTimeout(const QSqlError &error) const override;
    QString multiPrimaryProbe() const override
    {
        return QStringLiteral("SHOW VARIABLES LIKE 'wsrep_on'"); // an empty answer on MySQL
    }
    QString multiPrimaryReadyProbe() const override
    {
        return QStringLiteral("SHOW GLOBAL STATUS LIKE 'wsrep_ready'");
    }
    QStringList multiPrimarySessionSettings() const override
    {
        // Galera: a statement first waits until this node has applied every write the
        // cluster committed before it: reads (1), UPDATE and DELETE (2), INSERT (4). So list,
        // show and the window never show a stale holder, and an acquire or release right after
        // a release on another node sees that release instead of refusing on a stale row.
        return {QStringLiteral("SET SESSION wsrep_sync_wait = 7")};
    }

protected:
    QString nowExpr() const override { return QStringLiteral("UTC_TIMESTAMP(3)"); }
    QString changeNow() const override { return QStringLiteral("SYSDATE(3)"); }
    QString changeNowAgain() const override { return QStringLiteral("renewed_at"); }
    QString writeVerb(const QString &verb) const override;
    QString timeFromMs(const QString &msExpr) const override;
    QString msOf(const QString &timeExpr) const override;
    QString plusMs(const QString &timeExpr, const QString &msExpr) const override;

private:
    void writeUpsert(Statement &st, const TableNames &t, const QString &name,
                     const QString &holder, qint64 ttlMs, const QString &wakeLock,
                     bool waitInValues, double waitSeconds) const;
};

// Not run against a live server here (no Oracle in Debian); its SQL is unit-tested only.
class OracleDialect : public SqlDialectBase
{
public:
    Statement setTimeZone(const QString &zone) const override;
    Kind kind() const override { return Kind::Oracle; }
    bool hasFeature(Feature feature) const override
    {
        return feature == Feature::SessionTimeZone;
    }
    QString name() const override { return QStringLiteral("oracle"); }
    QStringList schema(const TableNames &t) const override;
    // A MERGE: creates a missing lock too (its answer: acquireAnswer).
    Statement acquire(const TableNames &t, const QString &name, const QString &holder,
                      qint64 ttlMs) const override;
    bool isDuplicateKey(const QSqlError &error) const override;
    bool isMissingTable(const QSqlError &error) const override;
    bool isConnectionLost(const QSqlError &error) const override;
    bool isAuthenticationFailure(const QSqlError &error) const override;
    bool isBusy(const QSqlError &error) const override;

protected:
    QString nowExpr() const override { return QStringLiteral("SYS_EXTRACT_UTC(SYSTIMESTAMP)"); }
    QString timeFromMs(const QString &msExpr) const override;
    QString msOf(const QString &timeExpr) const override;
    QString plusMs(const QString &timeExpr, const QString &msExpr) const override;
    QString fromDual() const override { return QStringLiteral(" FROM dual"); }
    // Oracle stores '' as NULL.
    QString freeHolder() const override { return QStringLiteral("NULL"); }
    QString isFree(const QString &column) const override { return column + QStringLiteral(" IS NULL"); }
    QString isHeld(const QString &column) const override { return column + QStringLiteral(" IS NOT NULL"); }
    void appendLimit(Statement &st, int limit) const override;
    void appendWindow(Statement &st, qint64 offset, qint64 limit) const override;
};

} // namespace lockcore
