#pragma once

#include "statement.h"

#include <QHash>
#include <QList>
#include <QSqlError>
#include <QVariantList>

class QSqlDatabase;

namespace lockcore {

// Prepared statements whose rows Qt's MySQL driver cannot read, run through MariaDB
// Connector/C on the Qt connection's own handle.
//
// MariaDB prepares an INSERT .. RETURNING as a statement without a result (MDEV-27013); its
// columns arrive only with the execution. Qt's driver reads a prepared statement's columns
// once, at prepare time, so it never reads such a row. Connector/C reads them after every
// execution. Prepared, the acquire costs the server about half of what the same statement
// costs as text (docs/benchmarks.md).
//
// Owned by the Session of that connection and used on its thread only. clear() before the
// connection closes.
class MariaDbReturning
{
public:
    // This build links Connector/C, and `db` is an open QMYSQL connection made by it (not by
    // MySQL's libmysqlclient, whose handle is a different structure).
    static bool usable(const QSqlDatabase &db);
    // This build links Connector/C.
    static bool compiledIn();

    MariaDbReturning() = default;
    ~MariaDbReturning();
    MariaDbReturning(const MariaDbReturning &) = delete;
    MariaDbReturning &operator=(const MariaDbReturning &) = delete;

    struct Rows
    {
        QList<QVariantList> rows; // NULL as a null QVariant; integers as qlonglong
        QSqlError error; // valid when the statement failed; the server's code as native code
    };
    // Prepares `statement` (once per text) and executes it with its binds on `db`'s handle.
    Rows exec(const QSqlDatabase &db, const Statement &statement);
    // Closes every prepared statement (before the connection closes or after it broke).
    void clear();

private:
    QHash<QString, void *> m_statements; // MYSQL_STMT *, per statement text
};

} // namespace lockcore
