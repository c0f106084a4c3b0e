#include "benchsql.h"

#include "session.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::Result;

namespace lockctl::bench {

SqlRunner::SqlRunner(lockcore::Session &session)
    : m_session(session)
{}

SqlRunner::~SqlRunner()
{
    qDeleteAll(m_prepared);
}

Result<QList<QVariantList>> SqlRunner::runReturning(const lockcore::Statement &statement,
                                                    const QString &what)
{
    ++m_roundTrips;
    return m_session.runReturning(statement, what);
}

const lockcore::Dialect &SqlRunner::dialect() const
{
    return m_session.dialect();
}

Result<QSqlQuery *> SqlRunner::run(const QString &sql, const QVariantList &binds,
                                   const QString &what)
{
    QSqlQuery *query = m_prepared.value(sql);
    if (!query) {
        auto fresh = std::make_unique<QSqlQuery>(m_session.database());
        fresh->setForwardOnly(true);
        if (!fresh->prepare(sql))
            return m_session.errorFrom(fresh->lastError(), what);
        query = fresh.release();
        m_prepared.insert(sql, query);
    }
    query->finish();
    for (int i = 0; i < binds.size(); ++i)
        query->bindValue(i, binds.at(i));
    ++m_roundTrips;
    if (!query->exec())
        return m_session.errorFrom(query->lastError(), what);
    return query;
}

Result<QSqlQuery *> SqlRunner::runText(const QString &sql, int results, const QString &what)
{
    if (!m_text) {
        m_text = std::make_unique<QSqlQuery>(m_session.database());
        m_text->setForwardOnly(true);
    }
    m_text->finish();
    ++m_roundTrips;
    bool ok = m_text->exec(sql);
    for (int i = 1; ok && i < results; ++i)
        ok = m_text->nextResult();
    if (!ok) {
        const Error error = m_session.errorFrom(m_text->lastError(), what);
        m_text->finish();
        return error;
    }
    return m_text.get();
}

bool isConflict(const Error &error)
{
    return error.kind == Error::Kind::Busy;
}

QString quotedTable(const lockcore::Session &session, const QString &table)
{
    return session.dialect().quoteIdentifier(table);
}

lockcore::Status dropTables(lockcore::Session &session, const QStringList &tables)
{
    for (const QString &table : tables) {
        if (lockcore::Status dropped
            = session.runDdl(u"DROP TABLE IF EXISTS "_s + quotedTable(session, table));
            !dropped)
            return dropped;
    }
    return {};
}

lockcore::Status runDdl(lockcore::Session &session, const QStringList &statements)
{
    for (const QString &sql : statements) {
        if (lockcore::Status done = session.runDdl(sql); !done)
            return done;
    }
    return {};
}

QString serverVersion(lockcore::Session &session)
{
    QString sql;
    switch (session.dialect().kind()) {
    case lockcore::Dialect::Kind::SQLite:
        sql = u"SELECT sqlite_version()"_s;
        break;
    case lockcore::Dialect::Kind::PostgreSQL:
        sql = u"SHOW server_version"_s;
        break;
    case lockcore::Dialect::Kind::MySQL:
        sql = u"SELECT VERSION()"_s;
        break;
    case lockcore::Dialect::Kind::Oracle:
        sql = u"SELECT banner FROM v$version"_s;
        break;
    }
    QSqlQuery query(session.database());
    if (!query.exec(sql) || !query.next())
        return {};
    return query.value(0).toString();
}

} // namespace lockctl::bench
