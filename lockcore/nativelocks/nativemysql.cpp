// SPDX-License-Identifier: Apache-2.0
// MySQL / MariaDB user locks (GET_LOCK), from the best source the server has:
// performance_schema.metadata_locks (OBJECT_TYPE 'USER LEVEL LOCK', holders and waiters) when
// performance_schema is on; else MariaDB's information_schema.METADATA_LOCK_INFO (plugin
// metadata_lock_info, holders only); else IS_USED_LOCK on names the user gives. Waiters of the
// last two come from the processlist (state "User lock"), their lock name from the statement.
// Each joined with information_schema.PROCESSLIST. MySQL records no time a user lock was taken:
// "since" is when the session's current command or state began (now - TIME). The statements,
// then the backend that reads and terminates with them.

#include "nativebackend.h"
#include "nativesql.h"
#include "sessionname.h"
#include "tr.h"

#include <QRegularExpression>
#include <QSqlQuery>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace lockcore::nativesql {

namespace {

const QString nowMs = u"CAST(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', "
                      u"UTC_TIMESTAMP(3)) DIV 1000 AS SIGNED)"_s;

// The session columns (nativecol Pid .. Statement) of processlist row p; `waiting` an SQL
// condition that is true for a waiting row.
QString sessionColumns(const QString &waiting)
{
    const QString since = u"("_s + nowMs + u" - p.TIME * 1000)"_s;
    return u"p.ID, 0, p.USER, "_s + u"%1, p.HOST, p.DB, "
           u"CONCAT_WS(': ', p.COMMAND, NULLIF(p.STATE, '')), NULL, NULL, "_s
           + since + u", CASE WHEN "_s + waiting + u" THEN "_s + since + u" END"_s;
}

} // namespace

Statement mysqlIdentity()
{
    Statement st;
    st << "SELECT 0, CONNECTION_ID(), " << nowMs
       << ", @@performance_schema, (SELECT COUNT(*) FROM information_schema.PLUGINS"
          " WHERE PLUGIN_NAME = 'METADATA_LOCK_INFO' AND PLUGIN_STATUS = 'ACTIVE'),"
          " CASE WHEN VERSION() LIKE '%MariaDB%' THEN 1 ELSE 0 END";
    return st;
}

Statement mysqlPerformanceSchemaLocks()
{
    Statement st;
    st << "SELECT m.OBJECT_NAME, 0, 0, 0, m.LOCK_TYPE, "
          "CASE WHEN m.LOCK_STATUS = 'GRANTED' THEN 1 ELSE 0 END, "
       << sessionColumns(u"m.LOCK_STATUS <> 'GRANTED'"_s)
              .arg(u"COALESCE((SELECT MAX(a.ATTR_VALUE) FROM "
                   u"performance_schema.session_connect_attrs a WHERE a.PROCESSLIST_ID = p.ID "
                   u"AND a.ATTR_NAME = 'program_name'), '')"_s)
       << ", '' FROM performance_schema.metadata_locks m"
          " JOIN performance_schema.threads t ON t.THREAD_ID = m.OWNER_THREAD_ID"
          " JOIN information_schema.PROCESSLIST p ON p.ID = t.PROCESSLIST_ID"
          " WHERE m.OBJECT_TYPE = 'USER LEVEL LOCK'"
          " ORDER BY m.OBJECT_NAME, m.LOCK_STATUS, p.ID";
    return st;
}

Statement mysqlPluginLocks()
{
    // For a user lock the plugin puts the lock's name in TABLE_SCHEMA.
    Statement st;
    st << "SELECT i.TABLE_SCHEMA, 0, 0, 0, i.LOCK_MODE, 1, " << sessionColumns(u"0 = 1"_s).arg(u"''"_s)
       << ", '' FROM information_schema.METADATA_LOCK_INFO i"
          " JOIN information_schema.PROCESSLIST p ON p.ID = i.THREAD_ID"
          " WHERE i.LOCK_TYPE = 'User lock' ORDER BY i.TABLE_SCHEMA, p.ID";
    return st;
}

Statement mysqlNamedLock(const QString &name)
{
    // The name is not selected back: QMYSQL fetches no row of a bound value as a result
    // column (the reader sets the key).
    Statement st;
    st << "SELECT '', 0, 0, 0, '', 1, " << sessionColumns(u"0 = 1"_s).arg(u"''"_s)
       << ", '' FROM information_schema.PROCESSLIST p WHERE p.ID = IS_USED_LOCK(" << Param{name}
       << ")";
    return st;
}

Statement mysqlWaiters()
{
    Statement st;
    st << "SELECT '', 0, 0, 0, '', 0, " << sessionColumns(u"1 = 1"_s).arg(u"''"_s)
       << ", p.INFO FROM information_schema.PROCESSLIST p WHERE p.STATE = 'User lock'"
          " ORDER BY p.ID";
    return st;
}

Statement mysqlSessionsNamed(const QStringList &lockNames)
{
    // (granted 0: the session's own name lock is not the lock it is shown for)
    Statement st;
    st << "SELECT '', 0, 0, 0, '', 0, " << sessionColumns(u"0 = 1"_s).arg(u"''"_s)
       << ", '' FROM information_schema.PROCESSLIST p WHERE p.ID IN (";
    for (qsizetype i = 0; i < lockNames.size(); ++i)
        st << (i ? ", " : "") << "IS_USED_LOCK(" << Param{lockNames.at(i)} << ")";
    st << ") ORDER BY p.ID";
    return st;
}

Statement mysqlStillHeld(const NativeLock &expected)
{
    Statement st;
    st << "SELECT NULL, p.USER, CASE WHEN IS_USED_LOCK(" << Param{expected.key}
       << ") = p.ID THEN 1 ELSE 0 END FROM information_schema.PROCESSLIST p WHERE p.ID = "
       << Param{expected.pid};
    return st;
}

namespace {

const QString mdlWait = u"'Waiting for table metadata lock'"_s;

// The state of processlist row p; with innodb (INNODB_TRX row t) a connection asleep in an
// open transaction as PostgreSQL says it: "idle in transaction".
QString stateOf(bool innodb)
{
    const QString state = u"CONCAT_WS(': ', p.COMMAND, NULLIF(p.STATE, ''))"_s;
    return innodb ? u"CASE WHEN p.COMMAND = 'Sleep' AND t.trx_id IS NOT NULL THEN"
                    u" 'idle in transaction' ELSE "_s
                        + state + u" END"_s
                  : state;
}
const QString tableMdl = u"'Table metadata lock'"_s;

// InnoDB's tables as derived tables that the server materializes with a key on the column
// joined (DISTINCT keeps them from being merged): INNODB_LOCK_WAITS names each waiter of a
// queue as blocked by every waiter ahead of it (200 waiters: 20,100 pairs), and joined to
// the bare tables, which have no index, one read took 3.2-3.6 s (MariaDB 10.11), against
// 0.06 s for these joins.
const QString keyedTrx = u"(SELECT DISTINCT trx_id, trx_mysql_thread_id, trx_wait_started"
                         u" FROM information_schema.INNODB_TRX)"_s;
const QString keyedLocks = u"(SELECT DISTINCT lock_id, lock_type, lock_mode, lock_table,"
                           u" lock_index FROM information_schema.INNODB_LOCKS)"_s;

// The session's statement id, PROCESSLIST.QUERY_ID, which MariaDB has and MySQL has not:
// inside MariaDB's executable comment, which MySQL reads as a comment (NULL there).
const QString queryId = u"COALESCE(NULL /*M! , p.QUERY_ID */)"_s;

// MySQL 8's InnoDB lock waits (performance_schema.data_lock_waits and data_locks, which
// replaced INNODB_LOCK_WAITS and INNODB_LOCKS), in the columns of MariaDB's part below.
// Text only: there is no MySQL server here.
QString dataLockWaitEdges(const QString &waitMs)
{
    return u"SELECT rt.trx_mysql_thread_id AS waiter, bt.trx_mysql_thread_id AS blocker,"
           u" LOWER(COALESCE(l.LOCK_TYPE, 'RECORD')) AS kind, l.LOCK_MODE AS mode,"
           u" CONCAT_WS(' ', CONCAT(l.OBJECT_SCHEMA, '.', l.OBJECT_NAME), l.INDEX_NAME)"
           u" AS target, "_s
           + waitMs
           + u" AS since FROM performance_schema.data_lock_waits w"
             u" JOIN "_s + keyedTrx + u" rt ON rt.trx_id = w.REQUESTING_ENGINE_TRANSACTION_ID"
             u" JOIN "_s + keyedTrx + u" bt ON bt.trx_id = w.BLOCKING_ENGINE_TRANSACTION_ID"
             u" LEFT JOIN performance_schema.data_locks l"
             u" ON l.ENGINE_LOCK_ID = w.REQUESTING_ENGINE_LOCK_ID"_s;
}

// (waiter, blocker, kind, mode, target, since ms) of every lock wait the server shows.
QString waitEdges(bool plugin, bool innodb, bool dataLockWaits)
{
    const QString since = u"("_s + nowMs + u" - p.TIME * 1000)"_s;
    QStringList parts;
    if (innodb && dataLockWaits) {
        parts << dataLockWaitEdges(u"("_s + nowMs
                                   + u" - TIMESTAMPDIFF(MICROSECOND, rt.trx_wait_started,"
                                     u" NOW(6)) DIV 1000)"_s);
    } else if (innodb) {
        const QString waitMs = u"("_s + nowMs
                               + u" - TIMESTAMPDIFF(MICROSECOND, rt.trx_wait_started, NOW(6))"
                                 u" DIV 1000)"_s;
        parts << u"SELECT rt.trx_mysql_thread_id AS waiter, bt.trx_mysql_thread_id AS blocker,"
                 u" LOWER(COALESCE(l.lock_type, 'RECORD')) AS kind, l.lock_mode AS mode,"
                 u" CONCAT_WS(' ', l.lock_table, l.lock_index) AS target, "_s
                     + waitMs
                     + u" AS since FROM information_schema.INNODB_LOCK_WAITS w"
                       u" JOIN "_s + keyedTrx + u" rt ON rt.trx_id = w.requesting_trx_id"
                       u" JOIN "_s + keyedTrx + u" bt ON bt.trx_id = w.blocking_trx_id"
                       u" LEFT JOIN "_s + keyedLocks + u" l ON l.lock_id = w.requested_lock_id"_s;
    }
    // Every metadata lock waiter, its blocker not named (the plugin may name it below, with
    // its table: "db.table", which MAX prefers to this "db").
    // (named columns: without InnoDB's part first, this part names the CTE's columns)
    parts << u"SELECT p.ID AS waiter, NULL AS blocker, 'metadata' AS kind, NULL AS mode,"
             u" p.DB AS target, "_s
                 + since
                 + u" AS since FROM information_schema.PROCESSLIST p WHERE p.STATE = "_s + mdlWait;
    if (plugin) {
        // A waiter that holds a lock on its table (ALTER TABLE holds SHARED_UPGRADABLE while
        // it waits to upgrade): the other sessions with a lock on that table.
        parts << u"SELECT p.ID, h.THREAD_ID, 'metadata', 'MDL_EXCLUSIVE',"
                 u" CONCAT(m.TABLE_SCHEMA, '.', m.TABLE_NAME), "_s
                     + since
                     + u" FROM information_schema.PROCESSLIST p"
                       u" JOIN information_schema.METADATA_LOCK_INFO m ON m.THREAD_ID = p.ID"
                       u" AND m.LOCK_TYPE = "_s
                     + tableMdl
                     + u" JOIN information_schema.METADATA_LOCK_INFO h"
                       u" ON h.LOCK_TYPE = m.LOCK_TYPE AND h.TABLE_SCHEMA = m.TABLE_SCHEMA"
                       u" AND h.TABLE_NAME = m.TABLE_NAME AND h.THREAD_ID <> p.ID"
                       u" WHERE p.STATE = "_s
                     + mdlWait;
        // A waiter that holds none (a statement queued behind a waiting ALTER TABLE): the
        // waiters holding a lock on a table its statement names (by the name's text).
        parts << u"SELECT p.ID, q.ID, 'metadata', NULL,"
                 u" CONCAT(m.TABLE_SCHEMA, '.', m.TABLE_NAME), "_s
                     + since
                     + u" FROM information_schema.PROCESSLIST p"
                       u" JOIN information_schema.PROCESSLIST q ON q.ID <> p.ID AND q.STATE = "_s
                     + mdlWait
                     + u" JOIN information_schema.METADATA_LOCK_INFO m ON m.THREAD_ID = q.ID"
                       u" AND m.LOCK_TYPE = "_s
                     + tableMdl + u" WHERE p.STATE = "_s + mdlWait
                     + u" AND p.INFO LIKE CONCAT('%', m.TABLE_NAME, '%') AND NOT EXISTS ("
                       u"SELECT 1 FROM information_schema.METADATA_LOCK_INFO o"
                       u" WHERE o.THREAD_ID = p.ID AND o.LOCK_TYPE = "_s
                     + tableMdl + u")"_s;
    }
    return parts.join(u" UNION ALL "_s);
}

} // namespace

Statement mysqlBlocking(bool plugin, bool innodb, bool dataLockWaits)
{
    const QString since = u"("_s + nowMs + u" - p.TIME * 1000)"_s;
    const QString lockscope
        = plugin ? u"CASE WHEN EXISTS (SELECT 1 FROM information_schema.METADATA_LOCK_INFO k"
                   u" WHERE k.THREAD_ID = p.ID AND k.LOCK_TYPE = 'User lock'"
                   u" AND k.TABLE_SCHEMA LIKE 'lockscope-session:%') THEN 1 ELSE 0 END"_s
                 : u"0"_s;
    Statement st;
    st << "WITH e AS (" << waitEdges(plugin, innodb, dataLockWaits)
       << "), g AS (SELECT waiter, GROUP_CONCAT(DISTINCT blocker ORDER BY blocker) AS blockers,"
          " MIN(kind) AS kind, MIN(mode) AS mode, MAX(target) AS target, MIN(since) AS since"
          " FROM e GROUP BY waiter),"
          " b AS (SELECT DISTINCT blocker FROM e WHERE blocker IS NOT NULL)"
          " SELECT p.ID, 0, p.USER, '', p.HOST, p.DB, "
       << stateOf(innodb) << ", NULL, "
       << (innodb ? "UNIX_TIMESTAMP(t.trx_started) * 1000000" : "NULL") << ", " << since
       << ", g.since, " << (innodb ? "COALESCE(p.INFO, t.trx_query)" : "p.INFO")
       << ", g.blockers, g.kind, g.mode, g.target, "
       << (innodb ? "t.trx_id" : "NULL") << ", " << lockscope << ", " << queryId
       << " FROM information_schema.PROCESSLIST p"
       << (innodb ? " LEFT JOIN information_schema.INNODB_TRX t"
                    " ON t.trx_mysql_thread_id = p.ID"
                  : "")
       << " LEFT JOIN g ON g.waiter = p.ID LEFT JOIN b ON b.blocker = p.ID"
          " WHERE g.waiter IS NOT NULL OR b.blocker IS NOT NULL ORDER BY p.ID";
    return st;
}

Statement mysqlSessionNow(qint64 connectionId)
{
    Statement st;
    st << "SELECT NULL, UNIX_TIMESTAMP(t.trx_started) * 1000000, p.USER, " << stateOf(true)
       << ", NULL, t.trx_id, NULL, " << queryId
       << " FROM information_schema.PROCESSLIST p LEFT JOIN information_schema.INNODB_TRX t"
          " ON t.trx_mysql_thread_id = p.ID WHERE p.ID = "
       << Param{connectionId};
    return st;
}

QString mysqlKillQuery(qint64 connectionId)
{
    return u"KILL QUERY "_s + QString::number(connectionId);
}

QString mysqlKill(qint64 connectionId)
{
    // KILL is not preparable: the id is written in, as the integer it is.
    return u"KILL CONNECTION "_s + QString::number(connectionId);
}

} // namespace lockcore::nativesql

namespace lockcore {

QString getLockNameFromStatement(const QString &sql)
{
    // GET_LOCK('name', ...) or GET_LOCK("name", ...), with '' or backslash escapes inside.
    static const QRegularExpression call(
        u"GET_LOCK\\s*\\(\\s*(?:'((?:[^'\\\\]|\\\\.|'')*)'|\"((?:[^\"\\\\]|\\\\.|\"\")*)\")"_s,
        QRegularExpression::CaseInsensitiveOption);
    const auto m = call.match(sql);
    if (!m.hasMatch())
        return {};
    const bool single = m.capturedStart(1) >= 0;
    QString raw = single ? m.captured(1) : m.captured(2);
    const QChar quote = single ? u'\'' : u'"';
    QString name;
    for (qsizetype i = 0; i < raw.size(); ++i) {
        const QChar c = raw.at(i);
        if ((c == u'\\' || c == quote) && i + 1 < raw.size()) {
            name += raw.at(++i);
            continue;
        }
        name += c;
    }
    return name;
}

namespace nativebackends {

namespace {

class MysqlNativeLocks final : public NativeLockBackend
{
public:
    NativeLockCapabilities capabilities() const override { return {true, true, true}; }

    Statement identity() const override { return nativesql::mysqlIdentity(); }
    NativeLockIdentity identityFrom(const QSqlQuery &row) const override
    {
        NativeLockIdentity id = NativeLockBackend::identityFrom(row);
        id.performanceSchema = row.value(3).toInt() == 1;
        id.plugin = row.value(4).toInt() > 0;
        id.mariaDb = row.value(5).toInt() == 1;
        return id;
    }

    Status read(const NativeLockIdentity &id, const NativeLockRequest &request,
                const AppendNativeLocks &append, NativeLockSnapshot *snapshot) const override
    {
        bool listed = false;
        if (!request.namesOnly) {
            const Result<bool> all = listAll(id, append, snapshot);
            if (!all)
                return all.error();
            listed = *all;
        }
        if (!listed)
            noteNamesOnly(request, snapshot);
        if (!listed || snapshot->source == u"metadata_lock_info") {
            // The processlist shows who waits (the plugin and IS_USED_LOCK do not).
            if (Status s = append(nativesql::mysqlWaiters(), &snapshot->locks); !s)
                return s;
        }
        return appendNamed(request.names, append, &snapshot->locks);
    }

    // A waiter's row from the processlist has its lock's name only in its GET_LOCK call.
    QString keyOf(const QSqlQuery &row, const NativeLock &lock) const override
    {
        const QString name = NativeLockBackend::keyOf(row, lock);
        return name.isEmpty()
                   ? getLockNameFromStatement(row.value(nativecol::StatementText).toString())
                   : name;
    }

    // Each slot's per-connection user lock of the process (mysqlsessionlock.h).
    Statement sessionsNamed(const HolderProcess &process) const override
    {
        QStringList names;
        for (int slot = 0; slot < mysqlSessionSlots; ++slot)
            names.append(mysqlSessionLockName(process, slot));
        return nativesql::mysqlSessionsNamed(names);
    }
    bool isSessionOf(const NativeLock &, const HolderProcess &) const override
    {
        return true; // each row holds one of the process's names
    }
    QString noSessionText(const HolderProcess &process) const override
    {
        return Tr::tr("No session of process %1 on %2 is connected to the database: it has "
                      "ended (lockctl acquire ends once it holds the lock, which stays held "
                      "until its lease ends), or it is not lockcore's (each lockcore connection "
                      "holds a user lock named after its process), or this user may not see "
                      "other users' connections (that needs the PROCESS privilege).")
            .arg(process.pid)
            .arg(process.host);
    }

    Statement stillHeld(const NativeLock &expected) const override
    {
        return nativesql::mysqlStillHeld(expected);
    }
    QString goneText(const NativeLock &expected) const override
    {
        return Tr::tr("%1 is not in the processlist: it has ended, or this user may not see "
                      "other users' connections (that needs the PROCESS privilege).")
            .arg(expected.sessionText());
    }
    QString kill(const NativeLock &expected) const override
    {
        return nativesql::mysqlKill(expected.pid);
    }
    bool endedByItself(const Error &error) const override
    {
        return error.nativeCode == u"1094"; // no such thread
    }
    bool isPrivilegeError(const Error &error) const override
    {
        return error.nativeCode == u"1095" || error.nativeCode == u"1227";
    }
    QString privilegeHint() const override
    {
        return Tr::tr("Killing another user's connection needs the CONNECTION ADMIN privilege "
                      "(or SUPER).");
    }

    Status readBlocking(const NativeLockIdentity &id, const AppendBlocking &append,
                        QList<BlockingSession> *sessions,
                        NativeLockSnapshot *snapshot) const override
    {
        // MySQL 8 keeps InnoDB's lock waits in performance_schema.data_lock_waits: without
        // performance_schema, its metadata and user lock waits only, and a note.
        const bool mysql = !id.mariaDb;
        if (mysql && !id.performanceSchema)
            addNote(snapshot, Tr::tr("Row lock waits are not shown: MySQL keeps them in "
                                     "performance_schema.data_lock_waits, and "
                                     "performance_schema is off."));
        Status s = append(nativesql::mysqlBlocking(id.plugin, !mysql || id.performanceSchema,
                                                   mysql),
                          sessions);
        if (!s && isPrivilegeError(s.error())) {
            // INNODB_TRX needs PROCESS: the metadata lock waits this user may see.
            addNote(snapshot, readPrivilegeHint());
            sessions->clear();
            s = append(nativesql::mysqlBlocking(false, false), sessions);
        }
        if (!s)
            return s;
        if (!id.plugin && std::any_of(sessions->cbegin(), sessions->cend(), isMetadataWait))
            addNote(snapshot, Tr::tr("Sessions wait for a table's metadata lock, but who holds "
                                     "it cannot be read here: they are listed with their "
                                     "blocker unknown. The metadata_lock_info plugin (MariaDB: "
                                     "INSTALL SONAME 'metadata_lock_info') names it."));
        appendUserLockWaits(snapshot->locks, sessions);
        return {};
    }
    bool isLockscopeSession(const NativeLock &) const override
    {
        return false; // known by its lockscope-session: user lock (isSessionMark)
    }
    bool isSessionMark(const NativeLock &lock) const override
    {
        return lock.granted && lock.key.startsWith(u"lockscope-session:"_s);
    }
    Statement sessionNow(const NativeLock &expected) const override
    {
        return nativesql::mysqlSessionNow(expected.pid);
    }
    QString endSql(const NativeLock &expected, SessionAction action) const override
    {
        return action == SessionAction::Cancel ? nativesql::mysqlKillQuery(expected.pid)
                                               : nativesql::mysqlKill(expected.pid);
    }
    QString readPrivilegeHint() const override
    {
        return Tr::tr("Row lock waits cannot be read: information_schema.INNODB_TRX needs the "
                      "PROCESS privilege (which also shows other users' connections).");
    }

private:
    static bool isMetadataWait(const BlockingSession &s)
    {
        return s.lockType == u"metadata" && s.blockedBy.isEmpty();
    }

    // From the best source the server has; false when it cannot list its user locks.
    static Result<bool> listAll(const NativeLockIdentity &id, const AppendNativeLocks &append,
                                NativeLockSnapshot *snapshot)
    {
        if (id.performanceSchema) {
            snapshot->source = u"performance_schema"_s;
            Status s = append(nativesql::mysqlPerformanceSchemaLocks(), &snapshot->locks);
            if (s)
                return true;
            // e.g. MariaDB before 10.5 has no metadata_locks table
            snapshot->note = Tr::tr("performance_schema.metadata_locks could not be read (%1).")
                                 .arg(s.error().driverText);
        }
        if (!id.plugin)
            return false;
        snapshot->source = u"metadata_lock_info"_s;
        if (Status s = append(nativesql::mysqlPluginLocks(), &snapshot->locks); !s)
            return s.error();
        return true;
    }

    static void noteNamesOnly(const NativeLockRequest &request, NativeLockSnapshot *snapshot)
    {
        snapshot->source = u"is_used_lock"_s;
        if (request.namesOnly)
            return;
        const QString hint = Tr::tr(
            "performance_schema is off and the metadata_lock_info plugin is not installed, so "
            "the server cannot list its user locks: only the names you give are looked up "
            "(IS_USED_LOCK). Turn performance_schema on, or INSTALL SONAME "
            "'metadata_lock_info' (MariaDB), to see them all.");
        snapshot->note = snapshot->note.isEmpty() ? hint : snapshot->note + u' ' + hint;
    }

    // GET_LOCK waits: a waiting row of `locks` blocked by the holder of the same name.
    static void appendUserLockWaits(const QList<NativeLock> &locks,
                                    QList<BlockingSession> *sessions)
    {
        const auto known = [sessions](qint64 pid) {
            return std::any_of(sessions->cbegin(), sessions->cend(),
                               [pid](const BlockingSession &s) { return s.session.pid == pid; });
        };
        for (const NativeLock &held : locks) {
            if (!held.granted || held.waiters.isEmpty())
                continue;
            for (const NativeLock &waiter : locks) {
                if (waiter.granted || !held.waiters.contains(waiter.pid) || waiter.key != held.key
                    || known(waiter.pid))
                    continue;
                BlockingSession s;
                s.session = waiter;
                s.lockType = u"user lock"_s;
                s.blockedBy = {held.pid};
                sessions->append(s);
            }
            if (!known(held.pid)) {
                BlockingSession s;
                s.session = held;
                s.session.key.clear();
                s.session.waiters.clear();
                sessions->append(s);
            }
        }
    }

    // The names not listed as held already, looked up one by one.
    static Status appendNamed(const QStringList &names, const AppendNativeLocks &append,
                              QList<NativeLock> *locks)
    {
        for (const QString &name : names) {
            const bool known = std::any_of(locks->cbegin(), locks->cend(),
                                           [&](const NativeLock &l) {
                                               return l.granted && l.key == name;
                                           });
            if (known || name.isEmpty())
                continue;
            const qsizetype before = locks->size();
            if (Status s = append(nativesql::mysqlNamedLock(name), locks); !s)
                return s;
            for (qsizetype i = before; i < locks->size(); ++i)
                (*locks)[i].key = name; // the statement does not select it back
        }
        return {};
    }
};

} // namespace

std::unique_ptr<const NativeLockBackend> mysql()
{
    return std::make_unique<MysqlNativeLocks>();
}

} // namespace nativebackends

} // namespace lockcore
