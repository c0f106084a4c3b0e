// SPDX-License-Identifier: Apache-2.0
// Reading the database's own locks (NativeLockReader::read) into one list of NativeLock.

#include "nativelocks.h"

#include "nativebackend.h"
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

NativeLock lockFromRow(const QSqlQuery &q, const NativeLockBackend &backend)
{
    using namespace nativecol;
    NativeLock lock;
    lock.classId = quint32(q.value(ClassId).toLongLong());
    lock.objId = quint32(q.value(ObjId).toLongLong());
    lock.objSubId = q.value(ObjSubId).toInt();
    lock.key = backend.keyOf(q, lock);
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
    lock.statement = q.value(StatementText).toString();
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

QString TerminateOutcome::outcomeName() const
{
    if (status == Status::Terminated && action == SessionAction::Cancel)
        return u"cancelled"_s;
    return statusName(status);
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
    , m_backend(NativeLockBackend::create(session.dialect()))
    , m_auditTable(u"dist_lock"_s)
    , m_actor(actorId(u"lockcore"_s))
{}

NativeLockCapabilities NativeLockReader::capabilities() const
{
    return m_backend ? m_backend->capabilities() : NativeLockCapabilities{};
}

Result<NativeLockIdentity> NativeLockReader::identity()
{
    if (!m_backend)
        return Error{Error::Kind::InvalidInput,
                     Tr::tr("SQLite has no locks of its own for applications (no advisory or "
                            "user locks): there is nothing to show."),
                     {},
                     {}};
    auto query = m_session->run(m_backend->identity(), Tr::tr("identifying this session"));
    if (!query)
        return query.error();
    if (!(*query)->next())
        return Error{Error::Kind::Database, Tr::tr("The database did not identify the session."),
                     {}, {}};
    const NativeLockIdentity id = m_backend->identityFrom(**query);
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
        out->append(lockFromRow(**query, *m_backend));
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
    const AppendNativeLocks append = [this, &what](const Statement &st, QList<NativeLock> *out) {
        return appendRows(st, what, out);
    };
    if (Status s = m_backend->read(*id, {m_names, m_namesOnly}, append, &snapshot); !s)
        return s.error();
    linkWaiters(snapshot.locks);
    auto blocking = readBlocking(*id, &snapshot);
    if (!blocking)
        return blocking.error();
    snapshot.blocking = std::move(*blocking);
    markLockscopeSessions(&snapshot);
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
        if (dialect.hasFeature(Feature::WakeLocks))
            lockOfWakeLock.insert(dialect.wakeLockName(tables, name), name);
    }
    (*held)->finish();
    for (NativeLock &lock : *locks) {
        if (m_backend->mayBeWakeLock(lock))
            lock.wakeLockOf = lockOfWakeLock.value(lock.key);
    }
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
