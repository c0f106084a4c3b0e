// MySQL / MariaDB user locks (GET_LOCK), from the best source the server has:
// performance_schema.metadata_locks (OBJECT_TYPE 'USER LEVEL LOCK', holders and waiters) when
// performance_schema is on; else MariaDB's information_schema.METADATA_LOCK_INFO (plugin
// metadata_lock_info, holders only); else IS_USED_LOCK on names the user gives. Waiters of the
// last two come from the processlist (state "User lock"), their lock name from the statement.
// Each joined with information_schema.PROCESSLIST. MySQL records no time a user lock was taken:
// "since" is when the session's current command or state began (now - TIME).

#include "nativelocks.h"

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
          " WHERE PLUGIN_NAME = 'METADATA_LOCK_INFO' AND PLUGIN_STATUS = 'ACTIVE')";
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

Statement mysqlStillHeld(const NativeLock &expected)
{
    Statement st;
    st << "SELECT NULL, p.USER, CASE WHEN IS_USED_LOCK(" << Param{expected.key}
       << ") = p.ID THEN 1 ELSE 0 END FROM information_schema.PROCESSLIST p WHERE p.ID = "
       << Param{expected.pid};
    return st;
}

QString mysqlKill(qint64 connectionId)
{
    // KILL is not preparable: the id is written in, as the integer it is.
    return u"KILL CONNECTION "_s + QString::number(connectionId);
}

} // namespace lockcore::nativesql
