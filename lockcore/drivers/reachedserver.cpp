// SPDX-License-Identifier: Apache-2.0
#include "reachedserver.h"

#include "hostlist.h"
#include "session.h"

#include "tr.h"

#include <QSqlQuery>

namespace lockcore {

Result<QString> reachedServer(Session &session)
{
    if (!session.dialect().hasFeature(Feature::ServerAddress))
        return QString();
    const Statement statement = session.dialect().serverAddress();
    auto query = session.run(statement, Tr::tr("asking which server answered"));
    if (!query)
        return query.error();
    QSqlQuery &answer = **query;
    const bool found = answer.next();
    const QString address = found ? answer.value(0).toString() : QString();
    const int port = found ? answer.value(1).toInt() : 0;
    answer.finish();
    if (!found)
        return QString();
    if (address.isEmpty()) // NULL: a Unix socket
        return Tr::tr("the local socket (port %1)").arg(port);
    return hostListText({{address, port}}); // (an IPv6 address in brackets)
}

} // namespace lockcore
