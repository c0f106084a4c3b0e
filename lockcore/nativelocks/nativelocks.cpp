// Reading the database's own locks (NativeLockReader::read) into one list of NativeLock.

#include "nativelocks.h"

#include "nativesql.h"
#include "holderid.h"
#include "rows.h"
#include "session.h"
#include "tr.h"
#include "validation.h"

#include <QHash>
#include <QRegularExpression>
#include <QSqlQuery>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace lockcore {

Q_LOGGING_CATEGORY(lcNativeLocks, "lockscope.nativelocks")

namespace {

// PostgreSQL: the key as the lock functions take it.
QString postgresKey(quint32 classId, quint32 objId, int objSubId)
{
    if (objSubId == 1)
        return QString::number(qint64((quint64(classId) << 32) | objId));
    if (objSubId == 2)
        return QString::number(qint32(classId)) + u',' + QString::number(qint32(objId));
    return QString::number(classId) + u'/' + QString::number(objId) + u'/'
           + QString::number(objSubId);
}

NativeLock lockFromRow(const QSqlQuery &q, Dialect::Kind kind)
{
    using namespace nativecol;
    NativeLock lock;
    lock.classId = quint32(q.value(ClassId).toLongLong());
    lock.objId = quint32(q.value(ObjId).toLongLong());
    lock.objSubId = q.value(ObjSubId).toInt();
    lock.key = kind == Dialect::Kind::PostgreSQL ? postgresKey(lock.classId, lock.objId,
                                                               lock.objSubId)
                                                 : q.value(Name).toString();
    if (kind == Dialect::Kind::Oracle && lock.key.isEmpty())
        lock.key = QString::number(lock.objId);
    if (kind == Dialect::Kind::MySQL && lock.key.isEmpty())
        lock.key = getLockNameFromStatement(q.value(StatementText).toString());
    lock.mode = q.value(Mode).toString();
    lock.granted = q.value(Granted).toInt() == 1;
    lock.pid = q.value(Pid).toLongLong();
    lock.serial = q.value(Serial).toLongLong();
    lock.user = q.value(User).toString();
    lock.application = q.value(Application).toString();
    lock.client = q.value(Client).toString();
    lock.database = q.value(Database).toString();
    lock.state = q.value(State).toString();
    const QVariant startUs = q.value(SessionStartUs);
    if (!startUs.isNull()) {
        lock.sessionStartUs = startUs.toLongLong();
        lock.sessionStart = timeFromMs(QVariant(lock.sessionStartUs / 1000));
    }
    lock.xactStart = timeFromMs(q.value(XactStartMs));
    lock.stateSince = timeFromMs(q.value(StateSinceMs));
    lock.waitStart = timeFromMs(q.value(WaitStartMs));
    return lock;
}

bool sameLock(const NativeLock &a, const NativeLock &b)
{
    return a.key == b.key && a.classId == b.classId && a.objId == b.objId
           && a.objSubId == b.objSubId;
}

} // namespace

bool NativeLock::matchesKey(const QString &given) const
{
    const QString k = given.trimmed();
    if (k.isEmpty())
        return false;
    if (k == key)
        return true;
    // PostgreSQL's raw form, classid/objid/objsubid.
    static const QRegularExpression triple(u"^(\\d+)/(\\d+)/(\\d+)$"_s);
    const auto m = triple.match(k);
    return m.hasMatch() && m.captured(1).toULongLong() == classId
           && m.captured(2).toULongLong() == objId && m.captured(3).toInt() == objSubId;
}

QString NativeLock::sessionText() const
{
    QString who = user;
    if (!client.isEmpty())
        who += u'@' + client;
    if (!application.isEmpty())
        who += u", "_s + application;
    const QString id = serial > 0 ? QString::number(pid) + u',' + QString::number(serial)
                                  : QString::number(pid);
    return Tr::tr("session %1 (%2)").arg(id, who);
}

QString TerminateOutcome::statusName(Status status)
{
    switch (status) {
    case Status::Terminated: return u"terminated"_s;
    case Status::Refused: return u"refused"_s;
    case Status::Failed: return u"failed"_s;
    }
    return {};
}

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

void linkWaiters(QList<NativeLock> &locks)
{
    std::stable_sort(locks.begin(), locks.end(), [](const NativeLock &a, const NativeLock &b) {
        if (a.granted != b.granted)
            return a.granted;
        return a.key < b.key;
    });
    for (NativeLock &held : locks) {
        held.waiters.clear();
        if (!held.granted)
            continue;
        for (const NativeLock &other : std::as_const(locks)) {
            if (!other.granted && sameLock(held, other) && !held.waiters.contains(other.pid))
                held.waiters.append(other.pid);
        }
    }
}

NativeLockReader::NativeLockReader(Session &session)
    : m_session(&session)
    , m_auditTable(u"dist_lock"_s)
    , m_actor(actorId(u"lockcore"_s))
{}

Result<NativeLockReader::Identity> NativeLockReader::identity()
{
    Statement st;
    switch (m_session->dialect().kind()) {
    case Dialect::Kind::PostgreSQL: st = nativesql::postgresIdentity(); break;
    case Dialect::Kind::MySQL: st = nativesql::mysqlIdentity(); break;
    case Dialect::Kind::Oracle: st = nativesql::oracleIdentity(); break;
    case Dialect::Kind::SQLite:
        return Error{Error::Kind::InvalidInput,
                     Tr::tr("SQLite has no locks of its own for applications (no advisory or "
                            "user locks): there is nothing to show."),
                     {},
                     {}};
    }
    auto query = m_session->run(st, Tr::tr("identifying this session"));
    if (!query)
        return query.error();
    if (!(*query)->next())
        return Error{Error::Kind::Database, Tr::tr("The database did not identify the session."),
                     {}, {}};
    Identity id;
    id.serverVersion = (*query)->value(0).toInt();
    id.ownPid = (*query)->value(1).toLongLong();
    id.dbNow = timeFromMs((*query)->value(2));
    if (m_session->dialect().kind() == Dialect::Kind::MySQL) {
        id.performanceSchema = (*query)->value(3).toInt() == 1;
        id.plugin = (*query)->value(4).toInt() > 0;
    }
    (*query)->finish();
    return id;
}

Status NativeLockReader::appendRows(const Statement &statement, const QString &what,
                                    QList<NativeLock> *out)
{
    auto query = m_session->run(statement, what);
    if (!query)
        return query.error();
    while ((*query)->next())
        out->append(lockFromRow(**query, m_session->dialect().kind()));
    (*query)->finish();
    return {};
}

Result<NativeLockSnapshot> NativeLockReader::read()
{
    auto id = identity();
    if (!id)
        return id.error();
    NativeLockSnapshot snapshot;
    snapshot.ownPid = id->ownPid;
    snapshot.dbNow = id->dbNow;
    const QString what = Tr::tr("reading the database's own locks");
    switch (m_session->dialect().kind()) {
    case Dialect::Kind::PostgreSQL:
        snapshot.source = u"pg_locks"_s;
        if (Status s = appendRows(nativesql::postgresLocks(id->serverVersion), what,
                                  &snapshot.locks);
            !s)
            return s.error();
        break;
    case Dialect::Kind::Oracle:
        snapshot.source = u"v$lock"_s;
        if (Status s = appendRows(nativesql::oracleLocks(), what, &snapshot.locks); !s)
            return s.error();
        break;
    case Dialect::Kind::MySQL:
        if (Status s = readMysql(*id, what, &snapshot); !s)
            return s.error();
        break;
    case Dialect::Kind::SQLite:
        break;
    }
    linkWaiters(snapshot.locks);
    nameWakeLocks(&snapshot.locks);
    return snapshot;
}

void NativeLockReader::nameWakeLocks(QList<NativeLock> *locks)
{
    if (locks->isEmpty() || m_auditTable.isEmpty() || !validateTableName(m_auditTable).ok())
        return;
    const Dialect &dialect = m_session->dialect();
    const TableNames tables = TableNames::fromTable(m_auditTable);
    Statement st;
    st << "SELECT name FROM " << dialect.lockTable(tables) << " WHERE holder <> ''";
    // No lock table there (not a Lockscope schema), or no right to read it: nothing to name.
    auto held = m_session->run(st, Tr::tr("reading the held locks' names"));
    if (!held)
        return;
    QHash<QString, QString> lockOfWakeLock;
    while ((*held)->next()) {
        const QString name = (*held)->value(0).toString();
        const QString wakeLock = dialect.wakeLockName(tables, name);
        if (!wakeLock.isEmpty())
            lockOfWakeLock.insert(wakeLock, name);
    }
    (*held)->finish();
    for (NativeLock &lock : *locks) {
        const bool oneKey = dialect.kind() != Dialect::Kind::PostgreSQL || lock.objSubId == 1;
        if (oneKey)
            lock.wakeLockOf = lockOfWakeLock.value(lock.key);
    }
}

Status NativeLockReader::readMysql(const Identity &id, const QString &what,
                                   NativeLockSnapshot *snapshot)
{
    QList<NativeLock> &locks = snapshot->locks;
    bool listed = false;
    if (id.performanceSchema && !m_namesOnly) {
        snapshot->source = u"performance_schema"_s;
        Status s = appendRows(nativesql::mysqlPerformanceSchemaLocks(), what, &locks);
        listed = s.ok();
        if (!s) // e.g. MariaDB before 10.5 has no metadata_locks table
            snapshot->note = Tr::tr("performance_schema.metadata_locks could not be read (%1).")
                                 .arg(s.error().driverText);
    }
    if (!listed && id.plugin && !m_namesOnly) {
        snapshot->source = u"metadata_lock_info"_s;
        if (Status s = appendRows(nativesql::mysqlPluginLocks(), what, &locks); !s)
            return s;
        listed = true;
    }
    if (!listed && m_namesOnly) {
        snapshot->source = u"is_used_lock"_s;
    } else if (!listed) {
        snapshot->source = u"is_used_lock"_s;
        const QString hint = Tr::tr(
            "performance_schema is off and the metadata_lock_info plugin is not installed, so "
            "the server cannot list its user locks: only the names you give are looked up "
            "(IS_USED_LOCK). Turn performance_schema on, or INSTALL SONAME "
            "'metadata_lock_info' (MariaDB), to see them all.");
        snapshot->note = snapshot->note.isEmpty() ? hint : snapshot->note + u' ' + hint;
    }
    if (!listed || snapshot->source == u"metadata_lock_info") {
        // The processlist shows who waits (the plugin and IS_USED_LOCK do not).
        if (Status s = appendRows(nativesql::mysqlWaiters(), what, &locks); !s)
            return s;
    }
    for (const QString &name : std::as_const(m_names)) {
        const bool known = std::any_of(locks.cbegin(), locks.cend(), [&](const NativeLock &l) {
            return l.granted && l.key == name;
        });
        if (known || name.isEmpty())
            continue;
        const qsizetype before = locks.size();
        if (Status s = appendRows(nativesql::mysqlNamedLock(name), what, &locks); !s)
            return s;
        for (qsizetype i = before; i < locks.size(); ++i)
            locks[i].key = name;
    }
    return {};
}

Result<QList<NativeLock>> NativeLockReader::locks()
{
    auto snapshot = read();
    if (!snapshot)
        return snapshot.error();
    return snapshot->locks;
}

Result<std::optional<NativeLock>> NativeLockReader::findHolder(qint64 pid, const QString &key)
{
    auto snapshot = read();
    if (!snapshot)
        return snapshot.error();
    for (const NativeLock &lock : std::as_const(snapshot->locks)) {
        if (lock.granted && lock.pid == pid && lock.matchesKey(key))
            return std::optional<NativeLock>(lock);
    }
    return std::optional<NativeLock>();
}

} // namespace lockcore
