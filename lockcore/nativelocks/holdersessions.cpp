// SPDX-License-Identifier: Apache-2.0
// From a lock's holder to its database sessions (NativeLockReader::holderSessions): by the
// name lockcore gives its sessions (PostgreSQL's application_name, MySQL/MariaDB's
// per-connection user lock); otherwise why the database cannot tell.

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
    const Statement named = process ? m_backend->sessionsNamed(*process) : Statement();
    if (!named.text().isEmpty()) {
        QList<NativeLock> rows;
        if (Status s = appendRows(named, what, &rows); !s)
            return s.error();
        for (NativeLock &row : rows) {
            row.key.clear(); // a session, no lock
            row.holderOf = lockName;
            if (m_backend->isSessionOf(row, *process))
                found.sessions.append(row);
        }
        if (found.sessions.isEmpty())
            found.whyNot = m_backend->noSessionText(*process);
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
