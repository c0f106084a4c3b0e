// SPDX-License-Identifier: Apache-2.0
#include "lockservice.h"

#include "session.h"
#include "tr.h"
#include "validation.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

// The claim of a grant's fence on the application's fence table, in the grant's own
// transaction (docs/library.md, "The fence"): from the commit of the grant on, a writer with a
// lower fence is refused by the fence table, even before the new holder has written anything.

namespace lockcore {

Status LockService::setFenceTable(const QString &table)
{
    if (table.isEmpty()) {
        m_fenceTable.reset();
        return {};
    }
    if (Status valid = validateTableName(table); !valid)
        return valid;
    m_fenceTable = TableNames::fromTable(table);
    return {};
}

Status LockService::claimFence(const Grant &grant)
{
    if (!m_fenceTable || grant.depth > 1) // (a re-entry keeps the fence it claimed)
        return {};
    const Dialect &dialect = m_session->dialect();
    const QString what = Tr::tr("claiming fence %1 of \"%2\" in %3")
                             .arg(grant.fence)
                             .arg(grant.name, m_fenceTable->locks);
    auto moved = m_session->runRows(dialect.claimFence(*m_fenceTable, grant.name, grant.fence),
                                    what);
    if (!moved)
        return moved.error();
    if (moved->affectedRows == 1)
        return {};
    auto added = m_session->runRows(dialect.insertFence(*m_fenceTable, grant.name, grant.fence),
                                    what);
    if (added)
        return {};
    if (added.error().kind != Error::Kind::Duplicate)
        return added.error();
    return Error{Error::Kind::Database,
                 Tr::tr("The fence table %1 already has a fence above %2 for \"%3\", so this "
                        "grant was given back: another lock, or a writer of its own, uses "
                        "the same resource row. Give each lock its own row.")
                     .arg(m_fenceTable->locks)
                     .arg(grant.fence)
                     .arg(grant.name),
                 {}, {}};
}

} // namespace lockcore
