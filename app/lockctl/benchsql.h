#pragma once

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
class Statement;
} // namespace lockcore

namespace lockctl::bench {

// The SQL of one client of a protocol other than lockcore: plain QSqlQuery objects on the
// client's own connection, each statement prepared once and then only bound and executed, so
// every execution is one round trip, counted. Errors are classified by the session's dialect
// (a duplicate key is Error::Kind::Duplicate).
class SqlRunner
{
public:
    explicit SqlRunner(lockcore::Session &session);
    ~SqlRunner();
    SqlRunner(const SqlRunner &) = delete;
    SqlRunner &operator=(const SqlRunner &) = delete;

    // Binds and executes `sql`. On success the query is before its first row; read it, then
    // finish() it (an open SQLite read would pin its snapshot).
    lockcore::Result<QSqlQuery *> run(const QString &sql, const QVariantList &binds,
                                      const QString &what);
    // Executes text as it is, unprepared: `results` statements separated by ";" in one round
    // trip. On success the query is on the last statement's result.
    lockcore::Result<QSqlQuery *> runText(const QString &sql, int results, const QString &what);
    // Session::runReturning (MariaDB's prepared INSERT .. RETURNING), counted here too.
    lockcore::Result<QList<QVariantList>> runReturning(const lockcore::Statement &statement,
                                                       const QString &what);

    const lockcore::Dialect &dialect() const;
    lockcore::Session &session() const { return m_session; }
    quint64 roundTrips() const { return m_roundTrips; }

private:
    lockcore::Session &m_session;
    QHash<QString, QSqlQuery *> m_prepared;
    std::unique_ptr<QSqlQuery> m_text;
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

} // namespace lockctl::bench
