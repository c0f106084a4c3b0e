// From a lock's holder to its database sessions (NativeLockReader::holderSessions): by the
// name lockcore gives its sessions where the database keeps one (PostgreSQL); otherwise why the
// database cannot tell.

#include "nativelocks.h"

#include "holderid.h"
#include "nativebackend.h"
#include "tr.h"

namespace lockcore {

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
    // MySQL/MariaDB: no session is named by the lock's wake-up lock, which is taken on
    // contention (Feature::WakeLockOnContention): its first waiter holds it while it waits, so
    // it would name a waiter's session as the holder's.
    found.whyNot = process ? Tr::tr("This database keeps no name of a session that another "
                                    "session can read, so the holder's session cannot be told.")
                           : Tr::tr("The holder \"%1\" was not made by lockcore or lockctl: "
                                    "which process it is, and so its session, cannot be told.")
                                 .arg(holder);
    return found;
}

} // namespace lockcore
