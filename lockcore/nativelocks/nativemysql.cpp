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

private:
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
