// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "directresult.h"
#include "result.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <memory>

class QSqlQuery;

namespace lockcore {
class Dialect;
class Session;
} // namespace lockcore

namespace lockbench {

// One execution's reply, read the same way whichever way the statement went: through the Qt
// driver, or past it (Session::runRows: libpq on PostgreSQL, Connector/C on MariaDB), as
// lockcore sends its own.
class SqlReply
{
public:
    bool next();
    QVariant value(int column) const;
    int numRowsAffected() const;
    void finish(); // an open SQLite read would pin its snapshot

private:
    friend class SqlRunner;
    QSqlQuery *m_query = nullptr; // or, when null:
    lockcore::DirectResult m_direct;
    qsizetype m_row = -1;
};

// The SQL of one client of a protocol other than lockcore: plain QSqlQuery objects on the
// client's own connection, each statement prepared once and then only bound and executed, so
// every execution is one round trip, counted. On PostgreSQL and MariaDB every protocol's
// statements go past the Qt driver as lockcore's do (Feature::DirectTransport): libpq's
// extended protocol on PostgreSQL, Connector/C on MariaDB; the same transport for all.
// Errors are classified by the session's dialect (a duplicate key is Error::Kind::Duplicate).
class SqlRunner
{
public:
    explicit SqlRunner(lockcore::Session &session);
    ~SqlRunner();
    SqlRunner(const SqlRunner &) = delete;
    SqlRunner &operator=(const SqlRunner &) = delete;

    // Binds and executes `sql`. On success the answer is before its first row; read it, then
    // finish() it. Valid until the next run.
    lockcore::Result<SqlReply *> run(const QString &sql, const QVariantList &binds,
                                   const QString &what);
    // Executes text as it is, unprepared: `results` statements separated by ";" in one round
    // trip. On success the answer is the last statement's result.
    lockcore::Result<SqlReply *> runText(const QString &sql, int results, const QString &what);

    const lockcore::Dialect &dialect() const;
    lockcore::Session &session() const { return m_session; }
    quint64 roundTrips() const { return m_roundTrips; }

private:
    lockcore::Session &m_session;
    QHash<QString, QSqlQuery *> m_prepared;
    std::unique_ptr<QSqlQuery> m_text;
    SqlReply m_reply;
    quint64 m_roundTrips = 0;
};

// The server refused for now (lockcore's Error::Kind::Busy: a deadlock, a lock wait timeout, a
// serialization failure, SQLite busy): the statement changed nothing. The field's protocols
// take it as "not acquired" (seed 004 catches every exception, ShedLock its
// ConcurrencyFailureException).
bool isConflict(const lockcore::Error &error);
// A release retried on conflicts, as ShedLock's unlock does (at most ten times).
template<typename Attempt>
auto retryOnConflict(Attempt attempt) -> decltype(attempt())
{
    constexpr int attempts = 10;
    for (int i = 1;; ++i) {
        auto result = attempt();
        if (result || i == attempts || !isConflict(result.error()))
            return result;
    }
}

// A table name quoted for the session's database.
QString quotedTable(const lockcore::Session &session, const QString &table);
// DROP TABLE IF EXISTS for each of `tables` (in this order).
lockcore::Status dropTables(lockcore::Session &session, const QStringList &tables);
// Runs each DDL statement.
lockcore::Status runDdl(lockcore::Session &session, const QStringList &statements);
// The server's version string ("15.5", "10.11.6-MariaDB-0+deb12u1"); empty when unknown.
QString serverVersion(lockcore::Session &session);

} // namespace lockbench
