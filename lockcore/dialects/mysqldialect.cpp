// SPDX-License-Identifier: Apache-2.0
#include "dialects.h"


using namespace Qt::StringLiterals;

namespace lockcore {

// MySQL and MariaDB: DATETIME(3) columns holding UTC (TIMESTAMP would convert through the session
// time zone and ends in 2038). A statement that changes a row reads the clock with SYSDATE(3),
// read when it is called, so after any wait of the statement (UTC_TIMESTAMP() and NOW() are
// fixed when the statement starts, before it waits on a row lock or a GET_LOCK), in UTC for
// that statement alone (writeVerb). Reads use UTC_TIMESTAMP(3). utf8mb4_bin so names compare
// exactly (the default collations ignore case and accents, which would merge different locks).
// An acquire is an INSERT .. ON DUPLICATE KEY UPDATE: with RETURNING on MariaDB 10.5 on
// (acquireUpsert), followed by a SELECT of the grant in the same batch elsewhere (acquireBatch).

QString MysqlDialect::writeVerb(const QString &verb) const
{
    // For this statement alone, whatever the session's settings: UTC, which SYSDATE() answers
    // in, and a known SQL mode, so SET runs left to right (MariaDB's SIMULTANEOUS_ASSIGNMENT
    // would not) and later assignments can read the one clock reading an earlier one stored.
    // MariaDB runs the /*M! */ comment (SET STATEMENT .. FOR); MySQL 8 reads the SET_VAR hint
    // after the verb and takes /*M! */ as a comment (MySQL is not run here).
    return u"/*M! SET STATEMENT time_zone = '+00:00', sql_mode = 'STRICT_ALL_TABLES' FOR */ "_s
           + verb
           + u" /*+ SET_VAR(time_zone = '+00:00') SET_VAR(sql_mode = 'STRICT_ALL_TABLES') */"_s;
}

QString MysqlDialect::timeFromMs(const QString &msExpr) const
{
    return u"TIMESTAMPADD(MICROSECOND, 1000 * "_s + msExpr + u", '1970-01-01 00:00:00')"_s;
}

QStringList MysqlDialect::schema(const TableNames &t) const
{
    const QString locks = lockTable(t);
    const QString events = eventTable(t);
    return {
        u"CREATE TABLE IF NOT EXISTS "_s + locks + u" (\n"
        u"    name        VARCHAR(255)  NOT NULL,\n"
        u"    holder      VARCHAR(255)  NOT NULL DEFAULT '',\n"
        u"    prev_holder VARCHAR(255)  NOT NULL DEFAULT '',\n"
        u"    depth       INT           NOT NULL DEFAULT 0,\n"
        u"    fence       BIGINT        NOT NULL DEFAULT 0,\n"
        u"    acquired_at DATETIME(3)   NULL,\n"
        u"    expires_at  DATETIME(3)   NULL,\n"
        u"    renewed_at  DATETIME(3)   NULL,\n"
        u"    ttl_ms      BIGINT        NOT NULL DEFAULT 30000,\n"
        u"    description VARCHAR(1000) NOT NULL DEFAULT '',\n"
        u"    PRIMARY KEY (name)\n"
        u") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin"_s,
        u"CREATE TABLE IF NOT EXISTS "_s + events + u" (\n"
        u"    id        BIGINT        NOT NULL AUTO_INCREMENT,\n"
        u"    at        DATETIME(3)   NOT NULL,\n"
        u"    lock_name VARCHAR(255)  NOT NULL,\n"
        u"    kind      VARCHAR(16)   NOT NULL,\n"
        u"    holder    VARCHAR(255)  NOT NULL DEFAULT '',\n"
        u"    fence     BIGINT        NOT NULL DEFAULT 0,\n"
        u"    actor     VARCHAR(255)  NOT NULL DEFAULT '',\n"
        u"    detail    VARCHAR(1000) NOT NULL DEFAULT '',\n"
        u"    PRIMARY KEY (id),\n"
        u"    KEY "_s + quoteIdentifier(t.events + u"_ix1"_s) + u" (lock_name, id),\n"
        u"    KEY "_s + quoteIdentifier(t.events + u"_ix2"_s) + u" (lock_name, fence)\n"
        u") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin"_s,
    };
}

Statement MysqlDialect::acquire(const TableNames &t, const QString &name, const QString &holder,
                                qint64 ttlMs) const
{
    // Not sent on its own (LockService::acquireText sends acquireUpsert on MariaDB 10.5 on,
    // acquireBatch elsewhere): the upsert both carry, without the wake-up lock or RETURNING.
    Statement st;
    writeUpsert(st, t, name, holder, ttlMs, QString(), false, 0);
    return st;
}

Statement MysqlDialect::release(const TableNames &t, const QString &name, const QString &holder,
                                qint64 fence) const
{
    // LAST_INSERT_ID(expr) hands the outcome back in the OK packet: still one round trip. It
    // is the remaining depth, or, when the lock became free, the time it did (the expires_at
    // just assigned, SET running left to right) in ms since 1970, always above any depth
    // (releasedAtFromInsertId).
    Statement st;
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(t)
       << "\nSET holder = CASE WHEN depth <= 1 THEN '' ELSE holder END,"
          "\n    expires_at = CASE WHEN depth <= 1 THEN " << changeNow() << " ELSE expires_at END,"
          "\n    depth = CASE WHEN depth <= 1 THEN 0 * LAST_INSERT_ID(" << msOf(u"expires_at"_s)
       << ") ELSE LAST_INSERT_ID(depth - 1) END"
          "\nWHERE name = " << text(name) << " AND holder = " << text(holder)
       << " AND fence = " << bigint(fence);
    st.mark(Statement::Slot::Fence);
    return st;
}

Statement MysqlDialect::renewBatch(const TableNames &t, const QString &name,
                                   const QString &holder, qint64 fence, qint64 ttlMs) const
{
    // The UPDATE and a SELECT of the row it renewed, sent together: one round trip. A row
    // with this holder and fence (fences only grow, so the pair cannot come back once it is
    // gone) is one the UPDATE matched if the UPDATE counted it (CLIENT_FOUND_ROWS: matched
    // rows), or if its lease still runs (a data source without that flag counts a row set to
    // its own values as 0); a lease the UPDATE refused had ended before it. No row: lost.
    Statement st = renew(t, name, holder, fence, ttlMs);
    st << ";\nSELECT " << grantColumns(u"l"_s) << " FROM " << lockTable(t)
       << " l WHERE l.name = " << text(name) << " AND l.holder = " << text(holder)
       << " AND l.fence = " << bigint(fence)
       << "\n  AND (ROW_COUNT() > 0 OR l.expires_at >= " << nowExpr() << ")";
    st.sentAsBatchOf(2);
    return st;
}

namespace {
// Set by the statement that opens a WaitedFirst batch, read by the batch's UPDATE and SELECT.
constexpr auto kWakeVariable = "@lockscope_wake";
// How long a lock just released stays reserved for the waiter that holds its wake-up lock.
constexpr int kQueueGraceMs = 500;
} // namespace

Statement MysqlDialect::acquireBatch(const TableNames &t, const QString &name,
                                     const QString &holder, qint64 ttlMs,
                                     const QString &takeWakeLock, WakeLockTaking taking) const
{
    // The upsert of acquireUpsert (a missing lock is created, held from the first fence) and a
    // SELECT of the row as the acquire's answer (col::Acquire) sent together: granted or
    // refused, new or not, an acquire is one round trip. NotQueued: the wake-up lock is not
    // taken (Feature::WakeLockOnContention). WaitedFirst: a statement before the upsert waits
    // for the wake-up lock (not inside it, which would hold the row's lock meanwhile, and the
    // holder's release needs that row); its wait is the bind marked WakeWait.
    //
    // Granted: the row is ours and the upsert changed it. CLIENT_FOUND_ROWS (ConnectionSpec)
    // makes ROW_COUNT() 2 for a changed row, 1 for an inserted one and 1 for a refusal (a row
    // set to its own values); so 1 is a grant only for the row just inserted: ours, with the
    // first fence (a lock taken after a refusal has a later fence).
    const bool waitFirst = !takeWakeLock.isEmpty() && taking == WakeLockTaking::WaitedFirst;
    Statement st;
    if (waitFirst) {
        st << "SET " << kWakeVariable << " = GET_LOCK(" << text(takeWakeLock) << ", "
           << Param{wakeWaitValue(0.0)};
        st.mark(Statement::Slot::WakeWait);
        st << ");\n";
    }
    writeUpsert(st, t, name, holder, ttlMs, takeWakeLock, false, 0);
    st << ";\nSELECT " << stateColumns(u"l"_s) << ",\n    CASE WHEN l.holder = " << text(holder)
       << " AND (ROW_COUNT() = 2 OR (ROW_COUNT() = 1 AND l.fence = "
       << QString::number(firstFence) << ")) THEN 1 ELSE 0 END,\n    ";
    // Not waiting, the wake-up lock is not taken (Feature::WakeLockOnContention): NULL.
    st << (waitFirst ? kWakeVariable : "NULL");
    st << "\nFROM " << lockTable(t) << " l, " << nowSource() << "\nWHERE l.name = " << text(name);
    st.sentAsBatchOf(waitFirst ? 3 : 2);
    return st;
}

Statement MysqlDialect::acquireUpsert(const TableNames &t, const QString &name,
                                      const QString &holder, qint64 ttlMs,
                                      const QString &wakeLock, WakeLockTaking taking,
                                      double waitSeconds) const
{
    // A missing lock is inserted, held from the first fence; an existing one (a tombstone
    // too) is taken, re-entered or taken over (docs/protocol.md, Semantics). The server parses
    // the whole statement before it runs any of it, so a waiter woken by a release goes
    // straight on to the row.
    //
    // ON DUPLICATE KEY UPDATE has no WHERE. Its assignments run left to right, each seeing
    // the columns assigned before it (the MySQL and MariaDB manuals say so for UPDATE's SET,
    // and writeVerb() sets the SQL mode, so MariaDB's SIMULTANEOUS_ASSIGNMENT cannot apply;
    // tst_protocol sessionSettingsCannotBendTheStatements). So the decision is taken once, by
    // the first assignment, and carried in depth: 1 a fresh grant (taken, or taken over), more
    // than 1 a re-entry, negative (-1 - depth: below 0 whatever depth was) refused; the
    // last assignment restores a refused depth, and every other assignment of a refused
    // acquire sets a column to itself. VALUES(holder) is the row that would have been
    // inserted: this holder.
    //
    // The clock: SYSDATE(3), read when called (writeVerb makes it UTC). The decision reads it
    // once the row is locked, after any wait (the wake-up lock in VALUES, the row's lock); a
    // grant then reads it once more into renewed_at, and acquired_at and expires_at are
    // counted from that column. So a grant's time is never before the change it follows, and
    // its lease is a full ttl from the grant. A new row reads it once too, into acquired_at:
    // the VALUES that follow read that column (a value may read a column set earlier in its
    // list, in MySQL and MariaDB alike), so the lease is exactly its ttl (two SYSDATE(3)
    // calls may fall on either side of a millisecond).
    const QString table = lockTable(t);
    const bool waitFirst = !wakeLock.isEmpty() && taking == WakeLockTaking::WaitedFirst;
    Statement st;
    writeUpsert(st, t, name, holder, ttlMs, wakeLock, waitFirst, waitSeconds);
    st << "\nRETURNING " << stateColumns(table, changeNow()) << ",\n    CASE WHEN " << table
       << ".holder = " << text(holder) << " THEN 1 ELSE 0 END,\n    ";
    if (wakeLock.isEmpty()) {
        st << "0";
    } else if (waitFirst) {
        st << "IS_USED_LOCK(" << text(wakeLock) << ") <=> CONNECTION_ID()";
    } else {
        // A fresh grant takes no wake-up lock: only a waiter that finds the lock held takes
        // one (Feature::WakeLockOnContention). NULL: this connection's holding is unchanged.
        st << "NULL";
    }
    return st;
}

void MysqlDialect::writeUpsert(Statement &st, const TableNames &t, const QString &name,
                               const QString &holder, qint64 ttlMs, const QString &wakeLock,
                               bool waitInValues, double waitSeconds) const
{
    // The INSERT .. ON DUPLICATE KEY UPDATE of acquireUpsert and acquireBatch, without its
    // RETURNING; with `waitInValues`, its VALUES first wait for the wake-up lock.
    const QString now = changeNow();
    const QString table = lockTable(t);
    const qint64 insertTtl = ttlMs > 0 ? ttlMs : defaultTtlMs;
    const auto owns = [&] {
        st << "IS_USED_LOCK(" << text(wakeLock) << ") <=> CONNECTION_ID()";
    };
    const auto freeOrOwned = [&] {
        st << "COALESCE(IS_USED_LOCK(" << text(wakeLock) << "), CONNECTION_ID()) = CONNECTION_ID()";
    };
    st << writeVerb(u"INSERT"_s) << " INTO " << table
       << " (description, name, holder, prev_holder, depth, fence, acquired_at, expires_at,"
          " renewed_at, ttl_ms)"
          "\nVALUES (";
    if (waitInValues) {
        // Evaluated before the row is looked at, so the wait holds no lock a release needs.
        // Not taken twice (GET_LOCK counts re-entries); the value inserted is '' either way.
        st << "IF(";
        owns();
        st << " OR GET_LOCK(" << text(wakeLock) << ", " << Param{wakeWaitValue(waitSeconds)};
        st.mark(Statement::Slot::WakeWait);
        st << ") IS NOT NULL, '', '')";
    } else {
        st << "''";
    }
    st << ", " << text(name) << ", " << text(holder) << ", '', 1, "
       << QString::number(firstFence) << ", " << now << ", "
       << plusMs(u"acquired_at"_s, QString::number(insertTtl)) << ", acquired_at, "
       << QString::number(insertTtl) << ")"
       << "\nON DUPLICATE KEY UPDATE"
          "\n    depth = IF(";
    if (!wakeLock.isEmpty()) {
        // An acquirer without the wake-up lock leaves a lock released less than kQueueGraceMs
        // ago to the waiter that has it (woken by that release, its statement is on its way);
        // see acquireBatch. A tombstone has no lease end: taken at once.
        st << "holder = VALUES(holder) OR (holder <> '' AND expires_at < " << now
           << ") OR (holder = '' AND (";
        freeOrOwned();
        st << " OR expires_at IS NULL OR expires_at < "
           << plusMs(now, QString::number(-kQueueGraceMs)) << "))";
    } else {
        st << "holder IN ('', VALUES(holder)) OR expires_at < " << now;
    }
    st << ", IF(holder = VALUES(holder) AND expires_at >= " << now << ", depth + 1, 1), -1 - depth),"
       << "\n    prev_holder = IF(depth = 1, holder, prev_holder),"
          "\n    fence = IF(depth = 1, fence + 1, fence),"
          "\n    renewed_at = IF(depth > 0, " << now << ", renewed_at),"
          "\n    acquired_at = IF(depth = 1, renewed_at, acquired_at),"
          "\n    holder = IF(depth > 0, VALUES(holder), holder),"
          "\n    expires_at = IF(depth > 0, "
       << plusMs(u"renewed_at"_s, ttlMs > 0 ? QString::number(ttlMs) : u"ttl_ms"_s)
       << ", expires_at),"
          "\n    depth = IF(depth < 0, -1 - depth, depth)";
}

QString MysqlDialect::wakeLockName(const TableNames &t, const QString &name) const
{
    // GET_LOCK names are at most 64 characters and case-insensitive: a digest of the table
    // and the lock name (a collision only makes a waiter wait on the wrong holder's release).
    return u"lockscope:"_s + QString::fromLatin1(wakeLockDigest(t, name).toHex());
}

Statement MysqlDialect::releaseFreeingWakeLock(const TableNames &t, const QString &name,
                                               const QString &holder, qint64 fence,
                                               const QString &wakeLock) const
{
    // RELEASE_LOCK runs only for our row and only when the lock becomes free (the AND is
    // evaluated left to right); its result never changes the outcome (>= 0, and NULL -> 0).
    Statement st = release(t, name, holder, fence);
    st << " AND (depth > 1 OR COALESCE(RELEASE_LOCK(" << text(wakeLock) << "), 0) >= 0)";
    return st;
}

Statement MysqlDialect::takeWakeLock(const QString &wakeLock, double seconds) const
{
    Statement st;
    st << "SELECT GET_LOCK(" << text(wakeLock) << ", " << Param{seconds} << ")";
    return st;
}

Statement MysqlDialect::freeWakeLock(const QString &wakeLock) const
{
    Statement st;
    st << "SELECT RELEASE_LOCK(" << text(wakeLock) << ")";
    return st;
}

QList<Statement> MysqlDialect::clusterFacts() const
{
    // SHOW, not SELECT: a Galera node outside the primary component still answers SHOW, and
    // MySQL, which has no wsrep variables, answers with the rest. SHOW VARIABLES gives this
    // session's values (its own wsrep_sync_wait).
    Statement variables;
    variables << "SHOW VARIABLES WHERE Variable_name IN ('hostname', 'port', 'wsrep_on', "
                 "'wsrep_node_name', 'wsrep_node_address', 'wsrep_node_incoming_address', "
                 "'wsrep_sync_wait')";
    Statement status;
    status << "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_cluster_size', "
              "'wsrep_cluster_status', 'wsrep_local_state_comment', 'wsrep_ready', "
              "'wsrep_incoming_addresses', 'wsrep_cluster_state_uuid', 'wsrep_local_index')";
    return {variables, status};
}

QString MysqlDialect::inlineLiteral(const QVariant &value) const
{
    // Text as hex in the connection's character set: no escaping, so NO_BACKSLASH_ESCAPES or
    // any other SQL mode cannot change what the server reads.
    if (value.metaType().id() == QMetaType::QString) {
        const QByteArray utf8 = value.toString().toUtf8();
        if (utf8.isEmpty())
            return u"''"_s;
        return u"_utf8mb4 X'"_s + QString::fromLatin1(utf8.toHex()) + u'\'';
    }
    return Dialect::inlineLiteral(value);
}

QString MysqlDialect::quoteIdentifier(const QString &identifier) const
{
    return u'`' + identifier + u'`';
}

QString MysqlDialect::msOf(const QString &timeExpr) const
{
    return u"CAST(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', "_s + timeExpr
           + u") DIV 1000 AS SIGNED)"_s;
}

QString MysqlDialect::plusMs(const QString &timeExpr, const QString &msExpr) const
{
    return u"TIMESTAMPADD(MICROSECOND, 1000 * ("_s + msExpr + u"), "_s + timeExpr + u')';
}

bool MysqlDialect::isDuplicateKey(const QSqlError &error) const
{
    return error.nativeErrorCode() == u"1062";
}

bool MysqlDialect::isMissingTable(const QSqlError &error) const
{
    return error.nativeErrorCode() == u"1146";
}

bool MysqlDialect::isConnectionLost(const QSqlError &error) const
{
    // 2006 gone away, 2013 lost during query, 2055 lost at reading, 1927 (MariaDB) connection
    // killed, 4031 (MariaDB) disconnected for inactivity, 1053 server shutdown in progress;
    // 2026 a TLS error on a connection that was open (Connector/C's "TLS/SSL error: unexpected
    // eof while reading" when a TLS connection is cut): nothing more can be read from it.
    static const QStringList codes = {u"2006"_s, u"2013"_s, u"2055"_s, u"1927"_s,
                                      u"4031"_s, u"1053"_s, u"2026"_s};
    return codes.contains(error.nativeErrorCode());
}

bool MysqlDialect::isBusy(const QSqlError &error) const
{
    // 1213 deadlock, 1205 lock wait timeout
    const QString code = error.nativeErrorCode();
    return code == u"1213" || code == u"1205";
}

QStringList MysqlDialect::serverBounds(qint64 statementMs, qint64 lockMs, bool mariaDb) const
{
    // InnoDB's row lock waits and the metadata lock waits (lock_wait_timeout) take whole
    // seconds, at least 1: rounded down, so they end before the statement's bound. MariaDB's
    // max_statement_time (seconds, fractions allowed) ends any statement; MySQL's
    // max_execution_time ends SELECTs only and is not set. One SET, one round trip.
    const qint64 lockS = qMax<qint64>(1, lockMs / 1000);
    QString set = u"SET SESSION innodb_lock_wait_timeout = %1, SESSION lock_wait_timeout = %1"_s
                      .arg(lockS);
    if (mariaDb)
        set += u", SESSION max_statement_time = %1"_s.arg(
            QString::number(double(qMax<qint64>(1, statementMs)) / 1000.0, 'f', 3));
    return {set};
}

bool MysqlDialect::isLockTimeout(const QSqlError &error) const
{
    // ER_LOCK_WAIT_TIMEOUT: a row lock (innodb_lock_wait_timeout) or a metadata lock
    // (lock_wait_timeout), and a locking read with NOWAIT
    return error.nativeErrorCode() == u"1205";
}

bool MysqlDialect::isStatementTimeout(const QSqlError &error) const
{
    // MariaDB 1969 ER_STATEMENT_TIMEOUT (max_statement_time); MySQL 3024
    // ER_QUERY_TIMEOUT (max_execution_time, SELECT only)
    const QString code = error.nativeErrorCode();
    return code == u"1969" || code == u"3024";
}

bool MysqlDialect::isUnavailable(const QSqlError &error) const
{
    // Galera: 1047 "WSREP has not yet prepared node for application use" (a node outside the
    // primary component: quorum lost, or still joining); 1180 "Got error 6 during COMMIT" is
    // a commit refused for the same reason.
    const QString code = error.nativeErrorCode();
    return code == u"1047" || (code == u"1180" && error.databaseText().contains(u"error 6 "_s));
}

bool MysqlDialect::isAuthenticationFailure(const QSqlError &error) const
{
    const QString code = error.nativeErrorCode();
    return code == u"1045" || code == u"1698"
           || error.databaseText().contains(u"Access denied"_s);
}

Statement MysqlDialect::clockCheck() const
{
    // SYSDATE() is read when called, unless the server runs with --sysdate-is-now (or the
    // session set @@timestamp): then it is the statement's start, and a grant after a wait
    // would be timed before it. The select list is evaluated left to right.
    Statement st;
    st << "SELECT SLEEP(0.002), SYSDATE(6) > NOW(6)";
    return st;
}

bool MysqlDialect::hasFeature(Feature feature) const
{
    switch (feature) {
    case Feature::Batches:
    case Feature::InsertReturning: // MariaDB 10.5 on (Session::hasFeature asks the version)
    case Feature::ReleaseDepthViaInsertId:
    case Feature::SessionTimeZone:
    case Feature::ClockCheck:
    case Feature::WakeLocks: // GET_LOCK (Session::hasFeature: fractional waits, MariaDB)
    case Feature::WakeLockOnContention:
    case Feature::ClusterFacts:
    case Feature::ReadOnlySession:
    case Feature::MultiPrimaryProbe:
        return true;
    default:
        return false;
    }
}

Statement MysqlDialect::setTimeZone(const QString &zone) const
{
    Statement st;
    st << "SET time_zone = " << text(zone);
    return st;
}

} // namespace lockcore
