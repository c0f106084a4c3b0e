// SPDX-License-Identifier: Apache-2.0
// Who blocks whom (NativeLockReader::read's blocking tree): the backend's blocking statement
// read into BlockingSession rows, Lockscope's own connections marked, the tree built.

#include "nativelocks.h"

#include "nativebackend.h"
#include "nativesql.h"
#include "rows.h"
#include "session.h"
#include "tr.h"

#include <QSet>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

qint64 usOrZero(const QVariant &value)
{
    return value.isNull() ? 0 : value.toLongLong();
}

QDateTime timeFromUs(qint64 us)
{
    return us > 0 ? timeFromMs(QVariant(us / 1000)) : QDateTime();
}

BlockingSession blockingFromRow(const QSqlQuery &q)
{
    using namespace blockingcol;
    BlockingSession s;
    NativeLock &n = s.session;
    n.pid = q.value(Pid).toLongLong();
    n.serial = q.value(Serial).toLongLong();
    n.user = q.value(User).toString();
    n.application = q.value(Application).toString();
    n.client = q.value(Client).toString();
    n.database = q.value(Database).toString();
    n.state = q.value(State).toString();
    n.sessionStartUs = usOrZero(q.value(SessionStartUs));
    n.sessionStart = timeFromUs(n.sessionStartUs);
    n.xactStartUs = usOrZero(q.value(XactStartUs));
    n.xactStart = timeFromUs(n.xactStartUs);
    n.stateSince = timeFromMs(q.value(StateSinceMs));
    n.waitStart = timeFromMs(q.value(WaitStartMs));
    n.statement = q.value(StatementText).toString();
    n.transactionId = q.value(TransactionId).toString();
    n.lockscopeSession = q.value(Lockscope).toInt() == 1;
    n.statementId = usOrZero(q.value(StatementId));
    s.lockType = q.value(LockType).toString();
    n.granted = q.value(LockType).isNull();
    n.mode = q.value(LockMode).toString();
    n.key = q.value(LockTarget).toString();
    const QStringList blockers = q.value(BlockedBy).toString().split(u',', Qt::SkipEmptyParts);
    for (const QString &pid : blockers) {
        bool ok = false;
        const qint64 value = pid.trimmed().toLongLong(&ok);
        if (ok)
            s.blockedBy.append(value);
    }
    return s;
}

} // namespace

Result<BlockingTree> NativeLockReader::readBlocking(const NativeLockIdentity &id,
                                                     NativeLockSnapshot *snapshot)
{
    const QString what = Tr::tr("reading who blocks whom");
    const AppendBlocking append = [this, &what](const Statement &st,
                                                QList<BlockingSession> *out) -> Status {
        auto query = m_session->run(st, what);
        if (!query)
            return query.error();
        while ((*query)->next())
            out->append(blockingFromRow(**query));
        (*query)->finish();
        return {};
    };
    QList<BlockingSession> sessions;
    if (Status s = m_backend->readBlocking(id, append, &sessions, snapshot); !s)
        return s.error();
    return buildBlockingTree(std::move(sessions));
}

void NativeLockReader::markLockscopeSessions(NativeLockSnapshot *snapshot) const
{
    QSet<qint64> own;
    // MySQL/MariaDB: the lockscope-session: user locks mark a connection; they are not locks
    // an application holds.
    QList<NativeLock> locks;
    for (NativeLock &lock : snapshot->locks) {
        if (m_backend->isSessionMark(lock)) {
            own.insert(lock.pid);
            continue;
        }
        locks.append(lock);
    }
    snapshot->locks = locks;
    for (NativeLock &lock : snapshot->locks) {
        if (m_backend->isLockscopeSession(lock))
            own.insert(lock.pid);
    }
    for (BlockingSession &s : snapshot->blocking.sessions) {
        if (s.session.lockscopeSession || m_backend->isLockscopeSession(s.session))
            own.insert(s.session.pid);
    }
    for (NativeLock &lock : snapshot->locks)
        lock.lockscopeSession = own.contains(lock.pid);
    for (BlockingSession &s : snapshot->blocking.sessions)
        s.session.lockscopeSession = own.contains(s.session.pid);
    snapshot->lockscopeSessions = QList<qint64>(own.cbegin(), own.cend());
    std::sort(snapshot->lockscopeSessions.begin(), snapshot->lockscopeSessions.end());
}

} // namespace lockcore
