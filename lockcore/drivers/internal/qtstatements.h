// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "transport.h"

#include <QHash>

class QSqlQuery;

namespace lockcore {

class Dialect;

// Statements run through Qt's SQL driver, prepared once per text on the connection and run
// again with only the values that changed bound anew. Every session has one: its reads and
// admin transactions go through it, and so does the lock protocol where no other transport
// fits (SQLite, Oracle, MySQL, a build without libpq or Connector/C). Owned by the Session of
// that connection and used on its thread only.
class QtStatements final : public Transport
{
public:
    // forwardOnly: false on PostgreSQL, where Qt reads forward-only results row by row and
    // leaves the connection busy until the next statement, which hides notifications from a
    // waiter (protocol results are one row; a list is one short result set).
    QtStatements(const QSqlDatabase &db, bool forwardOnly);
    ~QtStatements() override;

    Kind kind() const override { return Kind::QtDriver; }
    // The rows, the affected rows and, on MySQL, LAST_INSERT_ID (a release's answer).
    Outcome exec(const Statement &statement) override;
    void forget(const QString &text) override;
    bool isPrepared(const QString &text) const override;
    void clear() override;

    // Prepares (once), binds and executes: the query positioned before its first row, valid
    // until the same text runs again; null with *error set when it failed (*prepareFailed:
    // before it was sent).
    QSqlQuery *run(const Statement &statement, QSqlError *error, bool *prepareFailed);
    // Several statements (separated by ";") in one round trip as text: the query on the last
    // one's result; null with *error set when one failed. *sent: the round trips it took (1;
    // through ODBC one per statement).
    QSqlQuery *runBatch(const QString &sql, int statements, QSqlError *error, int *sent);
    // Ends every result still being read (a PostgreSQL waiter's notifications wait behind one).
    void finishAll();
    // The rows of the query's current result, read to its end, and its affected rows.
    static DirectResult read(QSqlQuery &query);
    // Through ODBC: a failure's native code is the SQLSTATE the ODBC driver reports (for a
    // dialect that classifies errors by SQLSTATE, PostgreSQL's) instead of the driver's native
    // number (odbcerrors.h).
    void setOdbcSqlStates(bool sqlStates) { m_odbcSqlStates = sqlStates; }
    // Every statement is sent as text with its values written in by `dialect` (its literals),
    // none bound: for a connection whose driver corrupts bound values (see Session). Null:
    // bound, as usual. The dialect outlives these statements.
    void inlineBinds(const Dialect *dialect) { m_inliner = dialect; }
    // exec() reads MySQL's LAST_INSERT_ID with a SELECT after a statement that set it (ODBC,
    // where the driver cannot give it), instead of from the driver.
    void selectInsertIds(bool select) { m_selectsInsertId = select; }

private:
    QSqlError errorOf(const QSqlQuery &query) const;
    QSqlQuery *runInlined(const Statement &statement, QSqlError *error);

    QSqlDatabase m_db;
    bool m_forwardOnly;
    bool m_readsInsertId;
    bool m_odbcSqlStates = false;
    bool m_splitsBatches;
    const Dialect *m_inliner = nullptr;
    bool m_selectsInsertId = false;
    QHash<QString, QSqlQuery *> m_prepared;
    std::unique_ptr<QSqlQuery> m_batch;
};

} // namespace lockcore
