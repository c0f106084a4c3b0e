// SPDX-License-Identifier: Apache-2.0
#include "eventcounter.h"

#include "dialect.h"
#include "session.h"
#include "tr.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// The same SQL on every database: nothing in it differs between them but the event table's
// quoting, which the dialect does.
Statement countsSince(const Dialect &dialect, const TableNames &tables, qint64 afterId)
{
    Statement st;
    st << "SELECT e.kind, COUNT(*), MAX(e.id) FROM " << dialect.eventTable(tables)
       << " e WHERE e.id > " << Param{QVariant::fromValue(afterId)} << " GROUP BY e.kind";
    return st;
}

void add(EventCounts &counts, const QString &kind, qint64 n)
{
    if (kind == u"acquire"_s || kind == u"reenter"_s || kind == u"takeover"_s)
        counts.acquisitions += n;
    if (kind == u"takeover"_s)
        counts.takeovers += n;
    else if (kind == u"force_release"_s)
        counts.forceReleases += n;
    else if (kind == u"lost"_s)
        counts.releasesLost += n;
}

} // namespace

Status EventCounter::update(Session &session, const TableNames &tables)
{
    auto query = session.run(countsSince(session.dialect(), tables, qMax<qint64>(m_lastId, -1)),
                             Tr::tr("counting the lock table's events"));
    if (!query)
        return query.error();
    QSqlQuery &q = **query;
    EventCounts counts = m_counts;
    qint64 lastId = qMax<qint64>(m_lastId, 0);
    while (q.next()) {
        add(counts, q.value(0).toString(), q.value(1).toLongLong());
        lastId = qMax(lastId, q.value(2).toLongLong());
    }
    q.finish();
    m_counts = counts;
    m_lastId = lastId;
    return {};
}

std::optional<EventCounts> EventCounter::counts() const
{
    if (m_lastId < 0)
        return std::nullopt;
    return m_counts;
}

} // namespace lockcore
