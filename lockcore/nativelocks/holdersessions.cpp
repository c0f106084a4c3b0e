// From a lock's holder to its database sessions (NativeLockReader::holderSessions): by the
// name lockcore gives its sessions where the database keeps one (PostgreSQL), or by the session
// that holds the lock's wake-up lock (MySQL/MariaDB); otherwise why the database cannot tell.

#include "nativelocks.h"

#include "holderid.h"
#include "nativebackend.h"
#include "session.h"
#include "tr.h"
#include "validation.h"

namespace lockcore {

namespace {

// The wake-up lock that names the holder's session, where the holder keeps one for as long as
// it holds the lock. Where the wake-up lock is taken only on contention (MariaDB,
// Feature::WakeLockOnContention), the first waiter holds it while it waits: it would name a
// waiter's session as the holder's, so none is named.
QString wakeLockOf(const Session &session, const QString &table, const QString &lockName)
{
    if (table.isEmpty() || !validateTableName(table).ok()
        || !session.dialect().hasFeature(Feature::WakeLocks)
        || session.dialect().hasFeature(Feature::WakeLockOnContention))
        return {};
    return session.dialect().wakeLockName(TableNames::fromTable(table), lockName);
}

} // namespace

Result<HolderSessions> NativeLockReader::holderSessions(const QString &holder,
                                                       const QString &lockName)
{
    HolderSessions found;
    if (!m_backend) {
        found.whyNot = Tr::tr("SQLite has no database sessions: a holder is a process that "
                              "opens the file.");
        return found;
    }
    const QString what = Tr::tr("looking for the holder's database session");
    const std::optional<HolderProcess> process = holderProcess(holder);
    const Statement named = process ? m_backend->sessionsNamed(process->pid) : Statement();
    if (!named.text().isEmpty()) {
        QList<NativeLock> rows;
        if (Status s = appendRows(named, what, &rows); !s)
            return s.error();
        for (NativeLock &row : rows) {
            row.key.clear(); // a session, no lock
            row.holderOf = lockName;
            if (isSessionTagOf(row.application, *process))
                found.sessions.append(row);
        }
        if (found.sessions.isEmpty())
            found.whyNot = Tr::tr("No session of process %1 on %2 is connected to the database: "
                                  "it has ended (lockctl acquire ends once it holds the lock, "
                                  "which stays held until its lease ends), or it names its "
                                  "sessions itself (application_name).")
                               .arg(process->pid)
                               .arg(process->host);
        return found;
    }
    const QString wakeLock = wakeLockOf(*m_session, m_auditTable, lockName);
    const Statement byWakeLock = wakeLock.isEmpty() ? Statement()
                                                    : m_backend->namedLockHolder(wakeLock);
    if (!byWakeLock.text().isEmpty()) {
        if (Status s = appendRows(byWakeLock, what, &found.sessions); !s)
            return s.error();
        for (NativeLock &row : found.sessions) {
            row.key = wakeLock;
            row.wakeLockOf = lockName;
            row.holderOf = lockName;
        }
        if (found.sessions.isEmpty())
            found.whyNot = Tr::tr("No session holds this lock's wake-up lock: the holder's "
                                  "connection has ended (lockctl acquire ends once it holds the "
                                  "lock, which stays held until its lease ends), or the holder "
                                  "is not lockcore or lockctl.");
        return found;
    }
    found.whyNot = process ? Tr::tr("This database keeps no name of a session that another "
                                    "session can read, so the holder's session cannot be told.")
                           : Tr::tr("The holder \"%1\" was not made by lockcore or lockctl: "
                                    "which process it is, and so its session, cannot be told.")
                                 .arg(holder);
    return found;
}

} // namespace lockcore
