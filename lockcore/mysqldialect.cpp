#include "dialects.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace lockcore {

// MySQL and MariaDB: DATETIME(3) columns holding UTC from UTC_TIMESTAMP(3) (constant within a
// statement, independent of the session time zone; TIMESTAMP would convert through the session
// time zone and ends in 2038). utf8mb4_bin so names compare exactly (the default collations
// ignore case and accents, which would merge different locks). No UPDATE .. RETURNING, so an
// acquire is the conditional UPDATE plus a SELECT of the grant.

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

Statement MysqlDialect::release(const TableNames &t, const QString &name, const QString &holder,
                                qint64 fence) const
{
    // LAST_INSERT_ID(expr) hands the remaining depth back in the OK packet: still one round trip.
    Statement st;
    st << "UPDATE " << lockTable(t)
       << " SET holder = CASE WHEN depth <= 1 THEN '' ELSE holder END,"
          " expires_at = CASE WHEN depth <= 1 THEN UTC_TIMESTAMP(3) ELSE expires_at END,"
          " depth = LAST_INSERT_ID(CASE WHEN depth <= 1 THEN 0 ELSE depth - 1 END)"
          " WHERE name = "
       << text(name) << " AND holder = " << text(holder) << " AND fence = " << bigint(fence);
    return st;
}

Statement MysqlDialect::acquireBatch(const TableNames &t, const QString &name,
                                     const QString &holder, qint64 ttlMs,
                                     const QString &takeWakeLock) const
{
    // The conditional UPDATE and a SELECT of the row with ROW_COUNT() (the UPDATE's affected
    // rows) sent together: granted or refused, an acquire of an existing lock is one round trip.
    // A fresh grant (depth 1, ours) also takes the wake-up lock, without waiting for it.
    Statement st = acquire(t, name, holder, ttlMs);
    st << ";\nSELECT " << stateColumns(u"l"_s) << ", ROW_COUNT()";
    if (!takeWakeLock.isEmpty())
        st << ", CASE WHEN ROW_COUNT() = 1 AND l.depth = 1 AND l.holder = " << text(holder)
           << " THEN GET_LOCK(" << text(takeWakeLock) << ", 0) END";
    st << " FROM " << lockTable(t) << " l, " << nowSource() << " WHERE l.name = " << text(name);
    return st;
}

QString MysqlDialect::wakeLockName(const TableNames &t, const QString &name) const
{
    // GET_LOCK names are at most 64 characters and case-insensitive: a digest of the table
    // and the lock name (a collision only makes a waiter wait on the wrong holder's release).
    const QString table = t.schema.isEmpty() ? t.locks : t.schema + u'.' + t.locks;
    const QByteArray key = table.toUtf8() + '\0' + name.toUtf8();
    return u"lockscope:"_s
           + QString::fromLatin1(
               QCryptographicHash::hash(key, QCryptographicHash::Sha1).toHex().left(40));
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
    // killed, 4031 (MariaDB) disconnected for inactivity, 1053 server shutdown in progress.
    static const QStringList codes = {u"2006"_s, u"2013"_s, u"2055"_s,
                                      u"1927"_s, u"4031"_s, u"1053"_s};
    return codes.contains(error.nativeErrorCode());
}

bool MysqlDialect::isBusy(const QSqlError &error) const
{
    // 1213 deadlock, 1205 lock wait timeout
    const QString code = error.nativeErrorCode();
    return code == u"1213" || code == u"1205";
}

bool MysqlDialect::isAuthenticationFailure(const QSqlError &error) const
{
    const QString code = error.nativeErrorCode();
    return code == u"1045" || code == u"1698"
           || error.databaseText().contains(u"Access denied"_s);
}

Statement MysqlDialect::setTimeZone(const QString &zone) const
{
    Statement st;
    st << "SET time_zone = " << text(zone);
    return st;
}

} // namespace lockcore
