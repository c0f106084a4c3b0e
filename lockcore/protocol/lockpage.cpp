// SPDX-License-Identifier: Apache-2.0
#include "lockpage.h"

#include "dialect.h"
#include "rows.h"
#include "session.h"
#include "tr.h"

#include <QSqlQuery>

namespace lockcore {

Result<LockPage> readLockPage(Session &session, const TableNames &tables,
                              const LockPageRequest &request)
{
    auto query = session.run(session.dialect().lockPage(tables, request), Tr::tr("listing locks"));
    if (!query)
        return query.error();
    QSqlQuery &q = **query;
    LockPage page;
    page.offset = qMax<qint64>(0, request.offset);
    bool first = true;
    while (q.next()) {
        if (first) {
            page.total = q.value(col::PTotal).toLongLong();
            page.matching = q.value(col::PMatching).toLongLong();
            page.free = q.value(col::PFree).toLongLong();
            page.expired = q.value(col::PExpired).toLongLong();
            page.dbNow = timeFromMs(q.value(col::SNowMs));
            first = false;
        }
        if (q.value(col::SName).isNull())
            continue; // the page is empty: this row carries the counts only
        page.locks.append(lockInfoFromRow(q));
    }
    q.finish();
    return page;
}

} // namespace lockcore
