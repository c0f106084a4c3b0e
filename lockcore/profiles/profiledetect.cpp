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
            return u"SELECT m.name, p.name FROM pragma_table_list m, pragma_table_info(m.name, "
                   u"m.schema) p WHERE m.schema = ? AND m.type = 'table' ORDER BY m.name, p.cid"_s;
        return u"SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p "
               u"WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid"_s;
    case Dialect::Kind::PostgreSQL:
        return u"SELECT table_name, column_name FROM information_schema.columns WHERE "
               u"table_schema = "_s
               + (boundSchema ? u"?"_s : u"current_schema()"_s)
               + u" ORDER BY table_name, ordinal_position"_s;
    case Dialect::Kind::MySQL:
        return u"SELECT table_name, column_name FROM information_schema.columns WHERE "
               u"table_schema = "_s
               + (boundSchema ? u"?"_s : u"DATABASE()"_s)
               + u" ORDER BY table_name, ordinal_position"_s;
    case Dialect::Kind::Oracle:
        return u"SELECT table_name, column_name FROM ALL_TAB_COLUMNS WHERE owner = "_s
               + (boundSchema ? u"?"_s : u"SYS_CONTEXT('USERENV', 'CURRENT_SCHEMA')"_s)
               + u" ORDER BY table_name, column_id"_s;
    }
    return {};
}

namespace {

// table -> its columns, in the schema (empty: the connection's own).
Result<QMap<QString, QStringList>> catalog(Session &session, const QString &schema)
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
    QMap<QString, QStringList> tables; // sorted by name
    while ((*query)->next())
        tables[(*query)->value(0).toString()].append((*query)->value(1).toString());
    (*query)->finish();
    return tables;
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
            return std::optional<CatalogTable>(CatalogTable{prefix + it.key(), it.value()});
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
        bool all = true;
        for (const QString &column : profile->columns.all())
            all = all && have.contains(column.toLower());
        if (all)
            matches.append(id);
    }
    // seed-001's lock table is also a resource row only when it has a version column; a
    // table that matches the more specific profile is not reported as the general one too.
    if (matches.contains(u"seed-001-row"_s) && !have.contains(u"resource"_s))
        matches.removeAll(u"seed-001"_s);
    return matches;
}

Result<QList<DetectedTable>> detectProfileTables(Session &session)
{
    auto tables = catalog(session, QString());
    if (!tables)
        return tables.error();
    QList<DetectedTable> found;
    for (auto it = tables->cbegin(); it != tables->cend(); ++it) {
        for (const QString &profile : matchingProfiles(it.value()))
            found.append({it.key(), profile});
    }
    return found;
}

} // namespace lockcore
