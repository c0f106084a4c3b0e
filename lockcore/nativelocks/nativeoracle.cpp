// SPDX-License-Identifier: Apache-2.0
// Oracle user locks (DBMS_LOCK): v$lock type 'UL' joined with v$session; the name from
// sys.dbms_lock_allocated when the lock was allocated by name (ALLOCATE_UNIQUE).
// TEXT ONLY: there is no Oracle server here, so this SQL is unit-tested as text and has never
// run live (docs/native-locks.md).

#include "nativebackend.h"
#include "nativesql.h"
#include "tr.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore::nativesql {

namespace {

// Milliseconds since the epoch of a TIMESTAMP (in UTC).
QString ms(const QString &utcTimestamp)
{
    const QString since = u"("_s + utcTimestamp + u" - TIMESTAMP '1970-01-01 00:00:00')"_s;
    return u"(EXTRACT(DAY FROM "_s + since + u") * 86400000 + EXTRACT(HOUR FROM "_s + since
           + u") * 3600000 + EXTRACT(MINUTE FROM "_s + since
           + u") * 60000 + ROUND(EXTRACT(SECOND FROM "_s + since + u") * 1000))"_s;
}

const QString nowUtc = u"SYS_EXTRACT_UTC(SYSTIMESTAMP)"_s;

} // namespace

Statement oracleIdentity()
{
    Statement st;
    st << "SELECT 0, TO_NUMBER(SYS_CONTEXT('USERENV', 'SID')), " << ms(nowUtc) << " FROM dual";
    return st;
}

Statement oracleLocks()
{
    // logon_time is a DATE in the server's time zone: made a UTC timestamp first.
    const QString logon = u"SYS_EXTRACT_UTC(FROM_TZ(CAST(s.logon_time AS TIMESTAMP), "
                          u"TO_CHAR(SYSTIMESTAMP, 'TZH:TZM')))"_s;
    const QString since = u"("_s + ms(nowUtc) + u" - l.ctime * 1000)"_s;
    Statement st;
    st << "SELECT a.name, 0, l.id1, l.id2, TO_CHAR(l.lmode) || '/' || TO_CHAR(l.request), "
          "CASE WHEN l.lmode > 0 THEN 1 ELSE 0 END, s.sid, s.serial#, s.username, s.program, "
          "s.machine, s.schemaname, s.status, "
       << ms(logon) << " * 1000, NULL, " << since << ", CASE WHEN l.request > 0 THEN " << since
       << " END, '' FROM v$lock l JOIN v$session s ON s.sid = l.sid"
          " LEFT JOIN sys.dbms_lock_allocated a ON a.lockid = l.id1"
          " WHERE l.type = 'UL' ORDER BY l.id1, l.lmode DESC, s.sid";
    return st;
}

Statement oracleStillHeld(const NativeLock &expected)
{
    Statement st;
    st << "SELECT NULL, s.username, CASE WHEN EXISTS (SELECT 1 FROM v$lock l WHERE l.type = 'UL'"
          " AND l.sid = s.sid AND l.id1 = "
       << Param{qint64(expected.objId)}
       << " AND l.lmode > 0) THEN 1 ELSE 0 END FROM v$session s WHERE s.sid = "
       << Param{expected.pid} << " AND s.serial# = " << Param{expected.serial};
    return st;
}

QString oracleKill(qint64 sid, qint64 serial)
{
    // ALTER SYSTEM takes no bound value: the two integers are written in.
    return u"ALTER SYSTEM KILL SESSION '"_s + QString::number(sid) + u',' + QString::number(serial)
           + u"' IMMEDIATE"_s;
}

Statement oracleBlocking()
{
    // v$session.blocking_session of each waiting session; its blockers as rows of their own.
    const QString logon = u"SYS_EXTRACT_UTC(FROM_TZ(CAST(s.logon_time AS TIMESTAMP), "
                          u"TO_CHAR(SYSTIMESTAMP, 'TZH:TZM')))"_s;
    const QString waiting = u"s.blocking_session IS NOT NULL"_s;
    Statement st;
    st << "SELECT s.sid, s.serial#, s.username, s.program, s.machine, s.schemaname, s.status, "
       << ms(logon) << " * 1000, "
       << "(SELECT " << ms(QString(logon).replace(u"s.logon_time"_s, u"x.start_date"_s))
       << " * 1000 FROM v$transaction x WHERE x.addr = s.taddr), "
       << "(" << ms(nowUtc) << " - s.last_call_et * 1000), CASE WHEN " << waiting << " THEN ("
       << ms(nowUtc) << " - s.seconds_in_wait * 1000) END, "
          "(SELECT q.sql_text FROM v$sql q WHERE q.sql_id = COALESCE(s.sql_id, s.prev_sql_id)"
          " AND ROWNUM = 1), TO_CHAR(s.blocking_session), "
          "CASE WHEN " << waiting << " THEN (SELECT MIN(l.type) FROM v$lock l WHERE l.sid = s.sid"
          " AND l.request > 0) END, "
          "CASE WHEN " << waiting << " THEN (SELECT TO_CHAR(MIN(l.request)) FROM v$lock l"
          " WHERE l.sid = s.sid AND l.request > 0) END, "
          "CASE WHEN " << waiting << " THEN (SELECT o.owner || '.' || o.object_name FROM"
          " all_objects o WHERE o.object_id = s.row_wait_obj#) END, "
          "(SELECT RAWTOHEX(x.xid) FROM v$transaction x WHERE x.addr = s.taddr), 0, NULL"
          " FROM v$session s WHERE " << waiting
       << " OR s.sid IN (SELECT w.blocking_session FROM v$session w"
          " WHERE w.blocking_session IS NOT NULL) ORDER BY s.sid";
    return st;
}

Statement oracleSessionNow(qint64 sid, qint64 serial)
{
    Statement st;
    st << "SELECT NULL, NULL, s.username, s.status, NULL, (SELECT RAWTOHEX(x.xid) FROM"
          " v$transaction x WHERE x.addr = s.taddr), s.program, NULL FROM v$session s"
          " WHERE s.sid = "
       << Param{sid} << " AND s.serial# = " << Param{serial};
    return st;
}

QString oracleCancel(qint64 sid, qint64 serial)
{
    // Oracle 18c and later.
    return u"ALTER SYSTEM CANCEL SQL '"_s + QString::number(sid) + u',' + QString::number(serial)
           + u"'"_s;
}

} // namespace lockcore::nativesql

namespace lockcore::nativebackends {

namespace {

class OracleNativeLocks final : public NativeLockBackend
{
public:
    NativeLockCapabilities capabilities() const override { return {true, false, true}; }

    Statement identity() const override { return nativesql::oracleIdentity(); }

    Status read(const NativeLockIdentity &, const NativeLockRequest &,
                const AppendNativeLocks &append, NativeLockSnapshot *snapshot) const override
    {
        snapshot->source = u"v$lock"_s;
        return append(nativesql::oracleLocks(), &snapshot->locks);
    }

    // A lock not allocated by name is known by its id1.
    QString keyOf(const QSqlQuery &row, const NativeLock &lock) const override
    {
        const QString name = NativeLockBackend::keyOf(row, lock);
        return name.isEmpty() ? QString::number(lock.objId) : name;
    }

    Statement stillHeld(const NativeLock &expected) const override
    {
        return nativesql::oracleStillHeld(expected);
    }
    QString kill(const NativeLock &expected) const override
    {
        return nativesql::oracleKill(expected.pid, expected.serial);
    }
    bool isPrivilegeError(const Error &error) const override
    {
        return error.nativeCode.contains(u"1031"); // ORA-01031 insufficient privileges
    }
    QString privilegeHint() const override
    {
        return Tr::tr("ALTER SYSTEM KILL SESSION needs the ALTER SYSTEM privilege.");
    }

    Status readBlocking(const NativeLockIdentity &, const AppendBlocking &append,
                        QList<BlockingSession> *sessions, NativeLockSnapshot *) const override
    {
        return append(nativesql::oracleBlocking(), sessions);
    }
    Statement sessionNow(const NativeLock &expected) const override
    {
        return nativesql::oracleSessionNow(expected.pid, expected.serial);
    }
    QString endSql(const NativeLock &expected, SessionAction action) const override
    {
        return action == SessionAction::Cancel
                   ? nativesql::oracleCancel(expected.pid, expected.serial)
                   : nativesql::oracleKill(expected.pid, expected.serial);
    }
    QString readPrivilegeHint() const override
    {
        return Tr::tr("Reading who blocks whom needs SELECT on v$session, v$lock, v$sql and "
                      "v$transaction.");
    }
};

} // namespace

std::unique_ptr<const NativeLockBackend> oracle()
{
    return std::make_unique<OracleNativeLocks>();
}

} // namespace lockcore::nativebackends
