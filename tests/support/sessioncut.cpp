// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessioncut.h"

#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace testsupport {

qint64 backendId(lockcore::Session &session)
{
    QSqlQuery query(session.database());
    const QString sql = session.dialect().kind() == lockcore::Dialect::Kind::PostgreSQL
                            ? u"SELECT pg_backend_pid()"_s
                            : u"SELECT CONNECTION_ID()"_s;
    if (!query.exec(sql) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

bool cutSession(lockcore::Session &admin, qint64 id)
{
    QSqlQuery query(admin.database());
    if (admin.dialect().kind() == lockcore::Dialect::Kind::PostgreSQL)
        return query.exec(u"SELECT pg_terminate_backend(%1)"_s.arg(id)) && query.next()
               && query.value(0).toBool();
    return query.exec(u"KILL CONNECTION %1"_s.arg(id));
}

} // namespace testsupport
