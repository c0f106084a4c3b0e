// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "directresult.h"
#include "statement.h"

#include <QByteArray>
#include <QList>
#include <QSqlError>
#include <QVariantList>

#include <unordered_map>
#include <vector>

class QSqlDatabase;

namespace lockcore {

// Prepared statements run through libpq's extended protocol on the Qt connection's own handle
// (QSqlDriver::handle(), a PGconn*), for the statements of every acquire and release.
//
// Qt's PostgreSQL driver prepares with the SQL command PREPARE and runs each execution as the
// text "EXECUTE name (values)" in a simple query: the driver formats and escapes every value
// into that text and the server parses it again for every execution. Here the values travel
// as parameters of a prepared statement (PQexecPrepared), as pgbench -M prepared sends them;
// docs/benchmarks.md has what that saves.
//
// Notifications that arrive during a statement stay in libpq's queue, where
// PostgresNotifications::take (ReleaseListener) finds them.
//
// Owned by the Session of that connection and used on its thread only. clear() when the
// connection closes or is reopened; a different handle also starts afresh.
class PostgresStatements
{
public:
    // This build links libpq.
    static bool compiledIn();
    // This build links libpq, and `db` is an open QPSQL connection.
    static bool usable(const QSqlDatabase &db);
    // The socket of `db`'s connection where usable(), else -1 (for a call's deadline).
    static int socketOf(const QSqlDatabase &db);
    // A parameter the server reports to the client (PQparameterStatus: "in_hot_standby",
    // "default_transaction_read_only", ...; known without a statement, also inside a failed
    // transaction), where usable(); null when not reported or not usable.
    static QString serverParameter(const QSqlDatabase &db, const char *name);
    // Every value is of a type sent as a parameter here (null, bool, integer, floating point,
    // string); any other leaves the statement to Qt's driver.
    static bool canBind(const QVariantList &values);
    // "?" placeholders (Qt's) as "$1", "$2", ... (libpq's), outside quoted literals and
    // identifiers; -1 in *count when the text has a quote left open.
    static QByteArray numberedPlaceholders(const QString &text, int *count);

    PostgresStatements() = default;
    ~PostgresStatements();
    PostgresStatements(const PostgresStatements &) = delete;
    PostgresStatements &operator=(const PostgresStatements &) = delete;

    struct Outcome
    {
        DirectResult result; // insertId is not used
        QSqlError error;     // valid when the statement failed; the SQLSTATE as native code
    };
    // Prepares `statement` (once per text) and executes it with its binds on `db`'s handle.
    Outcome exec(const QSqlDatabase &db, const Statement &statement);
    // Forgets every prepared statement (the connection closed, or is about to).
    void clear();
    // Forgets the statement of `text`: the next exec() prepares it afresh, under a new name
    // (after a failure that may have left it in a bad state; the old one goes with the
    // connection).
    void forget(const QString &text);
    // `text` is prepared on the connection (exec() ran it, and it was not forgotten since).
    bool isPrepared(const QString &text) const;

private:
    struct Prepared
    {
        QByteArray name;
        int params = 0;
        QVariantList bound;              // the values encoded below
        std::vector<QByteArray> encoded; // as text, UTF-8
        std::vector<bool> nulls;
    };
    std::unordered_map<StatementKey, Prepared, StatementKey::Hasher> m_statements;
    const void *m_conn = nullptr; // the handle they were prepared on
    quint64 m_nextName = 0;
};

} // namespace lockcore
