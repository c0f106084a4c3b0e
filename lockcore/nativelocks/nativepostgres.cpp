// SPDX-License-Identifier: Apache-2.0
// PostgreSQL advisory locks: pg_locks (locktype 'advisory') joined with pg_stat_activity.
// pg_advisory_lock(bigint) shows as classid = high 32 bits, objid = low 32 bits, objsubid = 1;
// pg_advisory_lock(int4, int4) as classid = key1, objid = key2, objsubid = 2. The statements,
// then the backend that reads and terminates with them.

#include "nativebackend.h"
#include "nativesql.h"
#include "tr.h"

#include <QSqlQuery>
#include <algorithm>

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

Statement postgresSessionsNamed(qint64 pid)
{
    // LIKE on digits only: the pattern holds no metacharacter but its own '%'.
    Statement st;
    // (granted 0: no lock of its own to terminate it by)
    st << "SELECT NULL, 0, 0, 0, '', 0, a.pid, 0, a.usename, a.application_name, "
          "COALESCE(host(a.client_addr) || ':' || CAST(a.client_port AS text), 'local'), "
          "a.datname, a.state, "
       << us(u"a.backend_start"_s) << ", " << ms(u"a.xact_start"_s) << ", "
       << ms(u"a.state_change"_s) << ", NULL, '' FROM pg_stat_activity a"
       << " WHERE a.application_name LIKE "
       << Param{QString(u"% "_s + QString::number(pid) + u"@%"_s)}
       << " ORDER BY a.backend_start, a.pid";
    return st;
}

Statement postgresBlocking(int serverVersion)
{
    // A relation named only when it is in this database (a relation's oid of another database
    // may be another relation's here).
    const QString here = u"x.database = (SELECT d.oid FROM pg_database d"
                         u" WHERE d.datname = current_database())"_s;
    const QString relation = u"CASE WHEN "_s + here
                             + u" THEN CAST(CAST(x.relation AS regclass) AS text)"
                               u" ELSE 'relation ' || CAST(x.relation AS text) END"_s;
    const QString row = relation + u" || ' (' || CAST(x.page AS text) || ','"
                                   u" || CAST(x.tuple AS text) || ')'"_s;
    const QString since = u"CASE WHEN b.pid IS NOT NULL THEN "_s + ms(u"a.state_change"_s)
                          + u" END"_s;
    const QString waitStart = serverVersion >= waitStartVersion
                                  ? u"COALESCE("_s + ms(u"l.waitstart"_s) + u", "_s + since
                                        + u")"_s
                                  : since;
    Statement st;
    // The sessions waiting on a lock, their blockers, and the lock each waits for (for a
    // transactionid wait, the row it found locked: the tuple lock it holds meanwhile).
    // The waiters from pg_locks, which every role sees (pg_stat_activity.wait_event_type is
    // hidden from a role without pg_read_all_stats).
    st << "WITH w AS (SELECT p.pid, pg_blocking_pids(p.pid) AS blockers FROM (SELECT DISTINCT"
          " pid FROM pg_locks WHERE NOT granted AND pid IS NOT NULL) p),"
          " b AS (SELECT pid, blockers FROM w WHERE cardinality(blockers) > 0),"
          " s AS (SELECT pid FROM b UNION SELECT unnest(blockers) FROM b)"
          " SELECT a.pid, 0, a.usename, a.application_name, "
          "COALESCE(host(a.client_addr) || ':' || CAST(a.client_port AS text), 'local'), "
          "a.datname, a.state, "
       << us(u"a.backend_start"_s) << ", " << us(u"a.xact_start"_s) << ", "
       << ms(u"a.state_change"_s) << ", " << waitStart
       << ", a.query, array_to_string(b.blockers, ','), l.locktype, l.mode, l.target, NULL, 0,"
          " NULL"
          " FROM s JOIN pg_stat_activity a ON a.pid = s.pid LEFT JOIN b ON b.pid = a.pid"
          " LEFT JOIN LATERAL (SELECT x.locktype, x.mode, x.waitstart_or_null AS waitstart,"
          " CASE x.locktype WHEN 'relation' THEN "
       << relation << " WHEN 'tuple' THEN " << row
       << " WHEN 'transactionid' THEN COALESCE((SELECT "
       << QString(row).replace(u"x."_s, u"t."_s)
       << " FROM pg_locks t WHERE t.pid = x.pid AND t.locktype = 'tuple' AND t.granted"
          " LIMIT 1), 'xid ' || CAST(x.transactionid AS text))"
          " WHEN 'advisory' THEN CAST(x.classid AS text) || '/' || CAST(x.objid AS text)"
          " || '/' || CAST(x.objsubid AS text)"
          " ELSE x.locktype END AS target"
          " FROM (SELECT p.*, "
       << (serverVersion >= waitStartVersion ? "p.waitstart" : "CAST(NULL AS timestamptz)")
       << " AS waitstart_or_null FROM pg_locks p WHERE p.pid = a.pid AND NOT p.granted"
          " LIMIT 1) x) l ON b.pid IS NOT NULL"
          " ORDER BY a.pid";
    return st;
}

Statement postgresEndSession(const NativeLock &expected, SessionAction action,
                             int serverVersion)
{
    // One statement: the check (the same backend, in the same transaction, not this session)
    // and the signal, so nothing can change between them.
    const bool terminate = action == SessionAction::Terminate;
    const QString wait = terminate && serverVersion >= waitStartVersion
                             ? u", "_s + QString::number(terminateWaitMs)
                             : QString();
    Statement st;
    st << "SELECT CASE WHEN "
       << (terminate ? "pg_terminate_backend" : "pg_cancel_backend") << "(a.pid" << wait
       << ") THEN 1 ELSE 0 END FROM pg_stat_activity a WHERE a.pid = " << Param{expected.pid}
       << " AND COALESCE(" << us(u"a.backend_start"_s)
       << ", 0) = " << Param{expected.sessionStartUs} << " AND COALESCE("
       << us(u"a.xact_start"_s) << ", 0) = " << Param{expected.xactStartUs}
       << " AND a.pid <> pg_backend_pid()";
    return st;
}

Statement postgresSessionNow(qint64 pid)
{
    Statement st;
    st << "SELECT " << us(u"a.backend_start"_s) << ", " << us(u"a.xact_start"_s)
       << ", a.usename, a.state, " << ms(u"a.state_change"_s)
       << ", NULL, a.application_name, NULL FROM pg_stat_activity a WHERE a.pid = "
       << Param{pid};
    return st;
}

} // namespace lockcore::nativesql

namespace lockcore::nativebackends {

namespace {

// The key as the lock functions take it.
QString postgresKey(quint32 classId, quint32 objId, int objSubId)
{
    if (objSubId == 1)
        return QString::number(qint64((quint64(classId) << 32) | objId));
    if (objSubId == 2)
        return QString::number(qint32(classId)) + u',' + QString::number(qint32(objId));
    return QString::number(classId) + u'/' + QString::number(objId) + u'/'
           + QString::number(objSubId);
}

class PostgresNativeLocks final : public NativeLockBackend
{
public:
    NativeLockCapabilities capabilities() const override { return {true, false, true}; }

    Statement identity() const override { return nativesql::postgresIdentity(); }

    Status read(const NativeLockIdentity &id, const NativeLockRequest &,
                const AppendNativeLocks &append, NativeLockSnapshot *snapshot) const override
    {
        snapshot->source = u"pg_locks"_s;
        return append(nativesql::postgresLocks(id.serverVersion), &snapshot->locks);
    }

    QString keyOf(const QSqlQuery &, const NativeLock &lock) const override
    {
        return postgresKey(lock.classId, lock.objId, lock.objSubId);
    }
    // Lockscope's wake-up locks are one bigint key.
    bool mayBeWakeLock(const NativeLock &lock) const override { return lock.objSubId == 1; }

    Statement checkedTerminate(const NativeLock &expected,
                               const NativeLockIdentity &id) const override
    {
        return nativesql::postgresTerminate(expected, id.serverVersion);
    }
    Statement sessionsNamed(const HolderProcess &process) const override
    {
        return nativesql::postgresSessionsNamed(process.pid);
    }

    Statement stillHeld(const NativeLock &expected) const override
    {
        return nativesql::postgresStillHeld(expected);
    }
    bool isPrivilegeError(const Error &error) const override
    {
        return error.nativeCode == u"42501";
    }
    QString privilegeHint() const override
    {
        return Tr::tr("Ending another user's session needs membership in pg_signal_backend (or "
                      "superuser); a superuser's session can only be ended by a superuser.");
    }

    Status readBlocking(const NativeLockIdentity &id, const AppendBlocking &append,
                        QList<BlockingSession> *sessions,
                        NativeLockSnapshot *snapshot) const override
    {
        if (Status s = append(nativesql::postgresBlocking(id.serverVersion), sessions); !s)
            return s;
        // Without pg_read_all_stats another user's session shows no state or statement.
        const bool hidden = std::any_of(sessions->cbegin(), sessions->cend(),
                                        [](const BlockingSession &s) {
                                            return s.session.state.isEmpty()
                                                   && s.session.pid != 0;
                                        });
        if (hidden)
            addNote(snapshot, readPrivilegeHint());
        return {};
    }
    Statement endSessionChecked(const NativeLock &expected, SessionAction action,
                                const NativeLockIdentity &id) const override
    {
        return nativesql::postgresEndSession(expected, action, id.serverVersion);
    }
    Statement sessionNow(const NativeLock &expected) const override
    {
        return nativesql::postgresSessionNow(expected.pid);
    }
    QString endSql(const NativeLock &, SessionAction) const override { return {}; }
    QString readPrivilegeHint() const override
    {
        return Tr::tr("The state, transaction and statement of other users' sessions are "
                      "hidden from this role: seeing them needs pg_read_all_stats (or "
                      "pg_monitor).");
    }
};

} // namespace

std::unique_ptr<const NativeLockBackend> postgres()
{
    return std::make_unique<PostgresNativeLocks>();
}

} // namespace lockcore::nativebackends
