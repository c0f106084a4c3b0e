// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "directresult.h"
#include "statement.h"

#include <QList>
#include <QSqlError>
#include <QVariantList>

#include <memory>
#include <unordered_map>

class QSqlDatabase;

namespace lockcore {

// Prepared statements run through MariaDB Connector/C on the Qt connection's own handle, for
// what Qt's MySQL driver cannot do, or does with a round trip too many:
//
// - MariaDB prepares an INSERT .. RETURNING as a statement without a result (MDEV-27013); its
//   columns arrive only with the execution. Qt's driver reads a prepared statement's columns
//   once, at prepare time, so it never reads such a row. Connector/C reads them after every
//   execution. Prepared, the acquire costs the server about a third of what the same
//   statement costs as text (docs/protocol.md).
// - Qt's driver resets a prepared statement before every execution (mysql_stmt_reset), which
//   is a round trip of its own (COM_STMT_RESET): two round trips per statement. Here, one.
//
// Owned by the Session of that connection and used on its thread only. clear() before the
// connection closes.
class MariaDbStatements
{
public:
    // This build links Connector/C, and `db` is an open QMYSQL connection made by it (not by
    // MySQL's libmysqlclient, whose handle is a different structure).
    static bool usable(const QSqlDatabase &db);
    // This build links Connector/C.
    static bool compiledIn();
    // The socket of `db`'s connection where usable(), else -1 (for a call's deadline).
    static int socketOf(const QSqlDatabase &db);

    MariaDbStatements();
    ~MariaDbStatements();
    MariaDbStatements(const MariaDbStatements &) = delete;
    MariaDbStatements &operator=(const MariaDbStatements &) = delete;

    struct Outcome
    {
        DirectResult result;
        QSqlError error; // valid when the statement failed; the server's code as native code
    };
    // Prepares `statement` (once per text) and executes it with its binds on `db`'s handle. A
    // statement that failed stays prepared: the session decides (forget()), as for the others.
    Outcome exec(const QSqlDatabase &db, const Statement &statement);
    // Closes the statement of this text, if prepared: the next exec() prepares it afresh.
    void forget(const QString &text);
    bool isPrepared(const QString &text) const;
    // Closes every prepared statement (before the connection closes or after it broke).
    void clear();

private:
    struct Prepared; // a MYSQL_STMT with the buffers of its values and columns
    std::unordered_map<StatementKey, std::unique_ptr<Prepared>, StatementKey::Hasher> m_statements;
};

} // namespace lockcore
