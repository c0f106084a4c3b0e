// SPDX-License-Identifier: Apache-2.0
#include "simtables.h"

#include "lockservice.h"
#include "session.h"
#include "validation.h"

#include <QSqlDriver>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace locksim {

QString resourceTable(const QString &table)
{
    return table + u"_resource"_s;
}

QString unsafeTable(const QString &table)
{
    return table + u"_unsafe"_s;
}

QString forUpdateTable(const QString &table)
{
    return table + u"_forupdate"_s;
}

QString quotedTable(const lockcore::Session &session, const QString &qualifiedTable)
{
    QStringList parts = qualifiedTable.split(u'.');
    const QSqlDriver *driver = session.database().driver();
    for (QString &part : parts)
        part = driver->escapeIdentifier(part, QSqlDriver::TableName);
    return parts.join(u'.');
}

lockcore::Result<qint64> dbNowUs(lockcore::LockService &service)
{
    auto clock = service.clock();
    if (!clock)
        return clock.error();
    return clock->dbNow.toMSecsSinceEpoch() * 1000;
}

lockcore::Status createSimTables(lockcore::Session &session, const QString &table,
                                 Protocol protocol)
{
    if (lockcore::Status valid = lockcore::validateTableName(table); !valid)
        return valid;
    const QString resource = u"CREATE TABLE IF NOT EXISTS "_s
                             + quotedTable(session, resourceTable(table))
                             + u" (lock_name VARCHAR(255) NOT NULL PRIMARY KEY,"
                               u" fence BIGINT NOT NULL DEFAULT 0,"
                               u" writer VARCHAR(255) NOT NULL DEFAULT '',"
                               u" writes BIGINT NOT NULL DEFAULT 0)"_s;
    if (lockcore::Status s = session.runDdl(resource); !s)
        return s;
    const QString unsafe = u"CREATE TABLE IF NOT EXISTS "_s
                           + quotedTable(session, unsafeTable(table))
                           + u" (name VARCHAR(255) NOT NULL PRIMARY KEY,"
                             u" holder VARCHAR(255) NOT NULL DEFAULT '',"
                             u" expires_ms BIGINT NOT NULL DEFAULT 0)"_s;
    if (lockcore::Status s = session.runDdl(unsafe); !s)
        return s;
    if (protocol != Protocol::ForUpdate)
        return {};
    // One row per lock, created before the run; a holder locks it with SELECT .. FOR UPDATE.
    return session.runDdl(u"CREATE TABLE IF NOT EXISTS "_s
                          + quotedTable(session, forUpdateTable(table))
                          + u" (name VARCHAR(255) NOT NULL PRIMARY KEY)"_s);
}

} // namespace locksim
