// SPDX-License-Identifier: Apache-2.0
#include "lockservice.h"

#include "holderid.h"
#include "rows.h"
#include "session.h"
#include "tr.h"
#include "validation.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

LockService::LockService(Session &session, const TableNames &tables)
    : m_session(&session)
    , m_tables(tables)
    , m_actor(actorId(u"lockcore"_s))
{}

Result<LockService> LockService::create(Session &session, const QString &table)
{
    if (Status valid = validateTableName(table); !valid)
        return valid.error();
    return LockService(session, TableNames::fromTable(table));
}

QStringList LockService::schemaStatements() const
{
    const Dialect &dialect = m_session->dialect();
    return dialect.schema(m_tables) + dialect.migration(m_tables);
}

Status LockService::createSchema()
{
    if (Status writable = m_session->checkWritable(Tr::tr("creating the schema")); !writable)
        return writable;
    for (const QString &sql : schemaStatements()) {
        if (Status done = m_session->runDdl(sql); !done)
            return done;
    }
    return {};
}

Result<QList<LockInfo>> LockService::list()
{
    auto query = m_session->run(m_session->dialect().selectAll(m_tables), Tr::tr("listing locks"));
    if (!query)
        return query.error();
    QList<LockInfo> locks;
    while ((*query)->next())
        locks.append(lockInfoFromRow(**query));
    (*query)->finish();
    return locks;
}

Result<std::optional<LockInfo>> LockService::lock(const QString &name)
{
    if (Status valid = validateStoredLockName(name); !valid)
        return valid.error();
    auto query = m_session->run(m_session->dialect().selectState(m_tables, name),
                                Tr::tr("reading lock \"%1\"").arg(name));
    if (!query)
        return query.error();
    std::optional<LockInfo> info;
    if ((*query)->next())
        info = lockInfoFromRow(**query);
    (*query)->finish();
    return info;
}

Result<QList<LockEvent>> LockService::history(const QString &name, int limit)
{
    if (Status valid = validateStoredLockName(name); !valid)
        return valid.error();
    if (limit < 1 || limit > limits::maxHistoryLimit)
        return Error::invalidInput(Tr::tr("The history limit must be between 1 and %1; got %2.")
                                       .arg(limits::maxHistoryLimit)
                                       .arg(limit));
    auto query = m_session->run(m_session->dialect().history(m_tables, name, limit),
                                Tr::tr("reading the history of \"%1\"").arg(name));
    if (!query)
        return query.error();
    QList<LockEvent> events;
    while ((*query)->next())
        events.append(eventFromRow(**query));
    (*query)->finish();
    return events;
}

Result<DbClock> LockService::clock()
{
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    auto query = m_session->run(m_session->dialect().now(), Tr::tr("reading the database clock"));
    const qint64 after = QDateTime::currentMSecsSinceEpoch();
    if (!query)
        return query.error();
    if (!(*query)->next())
        return Error{Error::Kind::Database, Tr::tr("The database did not return its time."), {}, {}};
    DbClock clock;
    clock.dbNow = timeFromMs((*query)->value(0));
    (*query)->finish();
    clock.roundTripMs = after - before;
    clock.offsetMs = clock.dbNow.toMSecsSinceEpoch() - (before + after) / 2;
    return clock;
}

Status LockService::recordEvent(const QString &name, const QString &kind, const QString &holder,
                                qint64 fence, const QString &detail, const QDateTime &at)
{
    if (m_eventLevel != EventLevel::All)
        return {};
    // In the change's own transaction (inOneTransaction): it fails with the change.
    auto recorded = m_session->run(m_session->dialect().insertEvent(m_tables, name, kind, holder,
                                                                    fence, m_actor, detail, at),
                                   Tr::tr("recording the %1 event of \"%2\"").arg(kind, name));
    if (!recorded)
        return recorded.error();
    (*recorded)->finish();
    return {};
}

bool LockService::recordsEvents() const
{
    return m_eventLevel == EventLevel::All;
}

bool LockService::grantsTogether() const
{
    return recordsEvents() || m_fenceTable.has_value();
}

} // namespace lockcore
