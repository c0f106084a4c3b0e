// SPDX-License-Identifier: Apache-2.0
#include "resource.h"

#include "lockservice.h"
#include "session.h"
#include "simtables.h"

#include <QCoreApplication>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace locksim {

Resource::Resource(lockcore::LockService &service, const QString &table)
    : m_service(service)
    , m_table(quotedTable(service.session(), resourceTable(table)))
{}

lockcore::Status Resource::reset(const QString &lockName)
{
    lockcore::Session &session = m_service.session();
    const QString what = QCoreApplication::translate("locksim", "resetting the resource of %1")
                             .arg(lockName);
    lockcore::Statement update;
    update << u"UPDATE "_s << m_table << " SET fence = 0, writer = '', writes = 0"
           << " WHERE lock_name = " << lockcore::Param{lockName};
    auto updated = session.run(update, what);
    if (!updated)
        return updated.error();
    if ((*updated)->numRowsAffected() >= 1)
        return {};
    lockcore::Statement insert;
    insert << u"INSERT INTO "_s << m_table << " (lock_name, fence, writer, writes) VALUES ("
           << lockcore::Param{lockName} << ", 0, '', 0)";
    auto inserted = session.run(insert, what);
    if (!inserted && inserted.error().kind != lockcore::Error::Kind::Duplicate)
        return inserted.error();
    return {};
}

lockcore::Result<WriteRecord> Resource::write(const QString &lockName, qint64 fence,
                                              const QString &writer)
{
    WriteRecord record;
    record.fence = fence;
    auto before = dbNowUs(m_service);
    if (!before)
        return before.error();
    record.beforeDbUs = *before;
    // `writes` always changes, so every database counts the row as affected when it matches.
    lockcore::Statement update;
    update << u"UPDATE "_s << m_table << " SET fence = " << lockcore::Param{fence}
           << ", writer = " << lockcore::Param{writer} << ", writes = writes + 1"
           << " WHERE lock_name = " << lockcore::Param{lockName}
           << " AND fence <= " << lockcore::Param{fence};
    auto updated = m_service.session().run(
        update,
        QCoreApplication::translate("locksim", "writing the resource of %1").arg(lockName));
    if (!updated)
        return updated.error();
    record.accepted = (*updated)->numRowsAffected() == 1;
    (*updated)->finish();
    auto after = dbNowUs(m_service);
    if (!after)
        return after.error();
    record.afterDbUs = *after;
    return record;
}

} // namespace locksim
