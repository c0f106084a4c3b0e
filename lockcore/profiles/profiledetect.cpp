// SPDX-License-Identifier: Apache-2.0
#include "profiledetect.h"

#include "profile.h"
#include "session.h"
#include "tr.h"

#include <QMap>
#include <QSet>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

QString catalogColumnsSql(Dialect::Kind kind, bool boundSchema)
{
    switch (kind) {
    case Dialect::Kind::SQLite:
        if (boundSchema) // an attached database
            return u"SELECT m.name, p.name, p.type FROM pragma_table_list m, pragma_table_info(m.name, "
                   u"m.schema) p WHERE m.schema = ? AND m.type = 'table' ORDER BY m.name, p.cid"_s;
        return u"SELECT m.name, p.name, p.type FROM sqlite_master m, pragma_table_info(m.name) p "
               u"WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid"_s;
    case Dialect::Kind::PostgreSQL:
        return u"SELECT table_name, column_name, data_type FROM information_schema.columns WHERE "
               u"table_schema = "_s
               + (boundSchema ? u"?"_s : u"current_schema()"_s)
               + u" ORDER BY table_name, ordinal_position"_s;
    case Dialect::Kind::MySQL:
        return u"SELECT table_name, column_name, data_type FROM information_schema.columns WHERE "
               u"table_schema = "_s
               + (boundSchema ? u"?"_s : u"DATABASE()"_s)
               + u" ORDER BY table_name, ordinal_position"_s;
    case Dialect::Kind::Oracle:
        return u"SELECT table_name, column_name, data_type FROM ALL_TAB_COLUMNS WHERE owner = "_s
               + (boundSchema ? u"?"_s : u"SYS_CONTEXT('USERENV', 'CURRENT_SCHEMA')"_s)
               + u" ORDER BY table_name, column_id"_s;
    }
    return {};
}

namespace {

// table -> its columns and their types, in the schema (empty: the connection's own).
Result<QMap<QString, CatalogTable>> catalog(Session &session, const QString &schema)
{
    Statement st;
    st << catalogColumnsSql(session.dialect().kind(), !schema.isEmpty());
    if (!schema.isEmpty())
        st = [&] {
            Statement bound;
            bound.embed(st.text(), {schema});
            return bound;
        }();
    auto query = session.run(st, Tr::tr("reading the catalog"));
    if (!query)
        return query.error();
    QMap<QString, CatalogTable> tables; // sorted by name
    while ((*query)->next()) {
        CatalogTable &table = tables[(*query)->value(0).toString()];
        table.columns.append((*query)->value(1).toString());
        table.types.append((*query)->value(2).toString());
    }
    (*query)->finish();
    return tables;
}

bool hasAllColumns(const CatalogTable &table, const Profile &profile)
{
    for (const QString &column : profile.columns.all() + profile.detectColumns) {
        if (!table.columns.contains(column, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

} // namespace

Result<std::optional<CatalogTable>> findCatalogTable(Session &session,
                                                     const QString &qualifiedTable)
{
    const TableNames names = TableNames::fromTable(qualifiedTable);
    auto tables = catalog(session, names.schema);
    if (!tables)
        return tables.error();
    for (auto it = tables->cbegin(); it != tables->cend(); ++it) {
        if (it.key().compare(names.locks, Qt::CaseInsensitive) == 0) {
            const QString prefix = names.schema.isEmpty() ? QString() : names.schema + u'.';
            CatalogTable found = it.value();
            found.table = prefix + it.key();
            return std::optional<CatalogTable>(found);
        }
    }
    return std::optional<CatalogTable>();
}

QStringList matchingProfiles(const QStringList &columns)
{
    QSet<QString> have;
    for (const QString &column : columns)
        have.insert(column.toLower());
    QStringList matches;
    for (const QString &id : Profile::builtInIds()) {
        const auto profile = Profile::builtIn(id);
        // Its application creates it in a schema of its own (graphile-worker): looked up there
        // by name, never matched by columns in the connection's schema.
        if (!TableNames::fromTable(profile->defaultTable).schema.isEmpty())
            continue;
        bool all = true;
        for (const QString &column : profile->columns.all() + profile->detectColumns)
            all = all && have.contains(column.toLower());
        if (all)
            matches.append(id);
    }
    // seed-001's lock table is also a resource row only when it has a version column; a
    // table that matches the more specific profile is not reported as the general one too.
    if (matches.contains(u"seed-001-row"_s) && !have.contains(u"resource"_s))
        matches.removeAll(u"seed-001"_s);
    // Spring Integration 6.4's INT_LOCK has EXPIRED_AFTER: its lease, not the registry's TTL.
    if (matches.contains(u"spring-int-lock-ttl"_s))
        matches.removeAll(u"spring-int-lock"_s);
    return matches;
}

Result<QList<DetectedTable>> detectProfileTables(Session &session)
{
    auto tables = catalog(session, QString());
    if (!tables)
        return tables.error();
    QList<DetectedTable> found;
    for (auto it = tables->cbegin(); it != tables->cend(); ++it) {
        for (const QString &profile : matchingProfiles(it->columns))
            found.append({it.key(), profile});
    }
    if (session.dialect().kind() != Dialect::Kind::PostgreSQL)
        return found; // the schema-qualified applications (graphile-worker) are PostgreSQL's
    for (const QString &id : Profile::builtInIds()) {
        const QString table = Profile::builtIn(id)->defaultTable;
        if (TableNames::fromTable(table).schema.isEmpty())
            continue;
        auto qualified = findCatalogTable(session, table);
        if (!qualified)
            return qualified.error();
        if (*qualified && hasAllColumns(**qualified, *Profile::builtIn(id)))
            found.append({(*qualified)->table, id});
    }
    return found;
}

} // namespace lockcore
