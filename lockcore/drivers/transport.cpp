// SPDX-License-Identifier: Apache-2.0
#include "transport.h"

#include "mariadbstatements.h"
#include "postgresstatements.h"
#include "qtstatements.h"

namespace lockcore {

namespace {

// PostgreSQL through libpq's extended protocol (PostgresStatements).
class LibpqTransport final : public Transport
{
public:
    LibpqTransport(const QSqlDatabase &db, QtStatements &qt) : m_db(db), m_qt(qt) {}
    Kind kind() const override { return Kind::Libpq; }
    Outcome exec(const Statement &statement) override
    {
        if (!PostgresStatements::canBind(statement.binds()))
            return m_qt.exec(statement); // a type libpq is not given here (none of lockcore's)
        PostgresStatements::Outcome out = m_statements.exec(m_db, statement);
        return {std::move(out.result), out.error};
    }
    void forget(const QString &text) override { m_statements.forget(text); }
    bool isPrepared(const QString &text) const override { return m_statements.isPrepared(text); }
    void clear() override { m_statements.clear(); }

private:
    QSqlDatabase m_db;
    QtStatements &m_qt;
    PostgresStatements m_statements;
};

// MariaDB through Connector/C on the Qt connection's handle (MariaDbStatements).
class ConnectorCTransport final : public Transport
{
public:
    explicit ConnectorCTransport(const QSqlDatabase &db) : m_db(db) {}
    Kind kind() const override { return Kind::ConnectorC; }
    Outcome exec(const Statement &statement) override
    {
        MariaDbStatements::Outcome out = m_statements.exec(m_db, statement);
        return {std::move(out.result), out.error};
    }
    void forget(const QString &text) override { m_statements.forget(text); }
    bool isPrepared(const QString &text) const override { return m_statements.isPrepared(text); }
    void clear() override { m_statements.clear(); }

private:
    QSqlDatabase m_db;
    MariaDbStatements m_statements;
};

} // namespace

std::unique_ptr<Transport> directTransport(const QSqlDatabase &db, bool mariaDb, QtStatements &qt)
{
    if (PostgresStatements::usable(db))
        return std::make_unique<LibpqTransport>(db, qt);
    if (mariaDb && MariaDbStatements::usable(db))
        return std::make_unique<ConnectorCTransport>(db);
    return nullptr;
}

} // namespace lockcore
