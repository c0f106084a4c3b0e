// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "dialect.h"
#include "result.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace lockcore {

class Session;

// A table of the connection's schema (database) whose columns match a built-in profile.
struct DetectedTable
{
    QString table;
    QString profile; // a Profile::builtInIds() entry
};

// The tables of the connection's own schema whose columns include every column a built-in
// profile maps and its detectColumns (compared case-insensitively; extra columns are allowed),
// with that profile; on PostgreSQL also the profiles' schema-qualified default tables
// (graphile_worker._private_jobs).
// A table matching several profiles is listed once per profile. Read from the catalog:
// information_schema (PostgreSQL, MySQL), sqlite_master and pragma_table_info (SQLite),
// USER_TAB_COLUMNS (Oracle).
Result<QList<DetectedTable>> detectProfileTables(Session &session);

// A table as the catalog spells it, with its columns (for matching names case-insensitively:
// applications create tables with unquoted names, which PostgreSQL folds to lower case and
// Oracle to upper case). None: no such table in the schema.
struct CatalogTable
{
    QString table; // as stored, with the schema prefix when one was given
    QStringList columns;
    QStringList types; // each column's type as the catalog names it (data_type)
};
Result<std::optional<CatalogTable>> findCatalogTable(Session &session,
                                                     const QString &qualifiedTable);

// The catalog query (pure text, unit-tested for Oracle): rows of (table, column, type).
// With `boundSchema`, the schema is a bind instead of the connection's own.
QString catalogColumnsSql(Dialect::Kind kind, bool boundSchema = false);
// The built-in profiles whose columns are all in `columns` (not those whose default table is
// schema-qualified; INT_LOCK with EXPIRED_AFTER as spring-int-lock-ttl only).
QStringList matchingProfiles(const QStringList &columns);

} // namespace lockcore
