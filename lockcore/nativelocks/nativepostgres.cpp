// PostgreSQL advisory locks: pg_locks (locktype 'advisory') joined with pg_stat_activity.
// pg_advisory_lock(bigint) shows as classid = high 32 bits, objid = low 32 bits, objsubid = 1;
// pg_advisory_lock(int4, int4) as classid = key1, objid = key2, objsubid = 2.

#include "nativelocks.h"

using namespace Qt::StringLiterals;

namespace lockcore::nativesql {

namespace {

constexpr int waitStartVersion = 140000; // pg_locks.waitstart, pg_terminate_backend(pid, ms)
constexpr int terminateWaitMs = 5000;    // how long pg_terminate_backend waits for the exit

QString ms(const QString &expr)
{
    return u"CAST(floor(extract(epoch FROM "_s + expr + u") * 1000) AS bigint)"_s;
}

QString us(const QString &expr)
{
    return u"CAST(floor(extract(epoch FROM "_s + expr + u") * 1000000) AS bigint)"_s;
}

// The advisory lock `expected` names, held by its pid (alias l).
void appendLockMatch(Statement &st, const NativeLock &expected)
{
    st << "l.locktype = 'advisory' AND l.granted AND l.pid = " << Param{expected.pid}
       << " AND CAST(l.classid AS bigint) = " << Param{qint64(expected.classId)}
       << " AND CAST(l.objid AS bigint) = " << Param{qint64(expected.objId)}
       << " AND l.objsubid = " << Param{expected.objSubId};
}

} // namespace

Statement postgresIdentity()
{
    Statement st;
    st << "SELECT CAST(current_setting('server_version_num') AS integer), pg_backend_pid(), "
       << ms(u"clock_timestamp()"_s);
    return st;
}

Statement postgresLocks(int serverVersion)
{
    const QString waitStart = serverVersion >= waitStartVersion ? ms(u"l.waitstart"_s)
                                                                : u"NULL"_s;
    Statement st;
    st << "SELECT NULL, CAST(l.classid AS bigint), CAST(l.objid AS bigint), l.objsubid, l.mode, "
          "CASE WHEN l.granted THEN 1 ELSE 0 END, l.pid, 0, a.usename, a.application_name, "
          "COALESCE(host(a.client_addr) || ':' || CAST(a.client_port AS text), 'local'), "
          "a.datname, a.state, "
       << us(u"a.backend_start"_s) << ", " << ms(u"a.xact_start"_s) << ", "
       << ms(u"a.state_change"_s) << ", " << waitStart
       << ", '' FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
          " WHERE l.locktype = 'advisory'"
          " ORDER BY l.classid, l.objid, l.objsubid, l.granted DESC, l.pid";
    return st;
}

Statement postgresTerminate(const NativeLock &expected, int serverVersion)
{
    // One statement: the check (still that lock, same backend, not this session) and the kill,
    // so nothing can change between them but the instant of the snapshot itself.
    const QString wait = serverVersion >= waitStartVersion
                             ? u", "_s + QString::number(terminateWaitMs)
                             : QString();
    Statement st;
    st << "SELECT CASE WHEN pg_terminate_backend(l.pid" << wait
       << ") THEN 1 ELSE 0 END FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE ";
    appendLockMatch(st, expected);
    // backend_start is NULL for another user's session unless the reader may see it
    // (pg_read_all_stats): then the pid and the lock are the identity.
    st << " AND COALESCE(" << us(u"a.backend_start"_s) << ", 0) = " << Param{expected.sessionStartUs}
       << " AND l.pid <> pg_backend_pid()";
    return st;
}

Statement postgresStillHeld(const NativeLock &expected)
{
    // One row when the pid is a session: its start (identity) and whether it holds the lock.
    Statement st;
    st << "SELECT " << us(u"a.backend_start"_s) << ", a.usename, CASE WHEN EXISTS (SELECT 1 FROM "
       << "pg_locks l WHERE ";
    appendLockMatch(st, expected);
    st << ") THEN 1 ELSE 0 END FROM pg_stat_activity a WHERE a.pid = " << Param{expected.pid};
    return st;
}

} // namespace lockcore::nativesql
