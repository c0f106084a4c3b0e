// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchsql.h"

#include "session.h"
#include "statement.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::Result;

namespace lockbench {

SqlRunner::SqlRunner(lockcore::Session &session)
    : m_session(session)
{}

SqlRunner::~SqlRunner()
{
    qDeleteAll(m_prepared);
}

bool SqlReply::next()
{
    if (m_query)
        return m_query->next();
    return ++m_row < m_direct.rows.size();
}

QVariant SqlReply::value(int column) const
{
    if (m_query)
        return m_query->value(column);
    return m_direct.rows.value(m_row).value(column);
}

int SqlReply::numRowsAffected() const
{
    return m_query ? m_query->numRowsAffected() : int(m_direct.affectedRows);
}

void SqlReply::finish()
{
    if (m_query)
        m_query->finish();
}

const lockcore::Dialect &SqlRunner::dialect() const
{
    return m_session.dialect();
}

Result<SqlReply *> SqlRunner::run(const QString &sql, const QVariantList &binds,
                               const QString &what)
{
    m_reply = SqlReply();
    if (m_session.hasFeature(lockcore::Feature::DirectTransport)) {
        lockcore::Statement statement;
        statement.embed(sql, binds);
        ++m_roundTrips;
        auto direct = m_session.runRows(statement, what);
        if (!direct)
            return direct.error();
        m_reply.m_direct = std::move(*direct);
        return &m_reply;
    }
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
    m_reply.m_query = query;
    return &m_reply;
}

Result<SqlReply *> SqlRunner::runText(const QString &sql, int results, const QString &what)
{
    m_reply = SqlReply();
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
    m_reply.m_query = m_text.get();
    return &m_reply;
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

} // namespace lockbench
