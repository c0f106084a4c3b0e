// SPDX-License-Identifier: Apache-2.0
#include "missingtable.h"
#include "missingtablecase.h"

#include "dialect.h"
#include "tr.h"

#include <QRegularExpression>
#include <QSqlQuery>

#include <optional>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// The name PostgreSQL's error quotes (relation "APP_EXP" does not exist), or empty.
QString lookedFor(const QString &driverText)
{
    static const QRegularExpression quoted(u"\"([^\"]+)\""_s);
    return quoted.match(driverText).captured(1);
}

// Whether the server has a table of this name as an unquoted identifier reads it (folded to
// lower case, schema included); none when it could not be asked (a failed transaction).
std::optional<bool> tableExists(QSqlDatabase &db, const QString &unquoted)
{
    QSqlQuery query(db);
    query.prepare(u"SELECT to_regclass(?) IS NOT NULL"_s);
    query.addBindValue(unquoted);
    if (!query.exec() || !query.next())
        return std::nullopt;
    return query.value(0).toBool();
}

// PostgreSQL's "undefined table" (42P01) for a name with capitals.
bool foldsCase(const Error &error)
{
    const QString name = lookedFor(error.driverText);
    return error.kind == Error::Kind::MissingSchema && error.nativeCode == u"42P01"
           && !name.isEmpty() && name != name.toLower();
}

} // namespace

bool explainsCaseFolding(const Error &error)
{
    return foldsCase(error) && error.message.contains(lookedFor(error.driverText).toLower());
}

Error explainMissingTable(QSqlDatabase &db, const Dialect &dialect, Error error)
{
    if (dialect.kind() != Dialect::Kind::PostgreSQL || !foldsCase(error))
        return error;
    const QString name = lookedFor(error.driverText);
    const QString folded = name.toLower();
    error.message += u' '
                     + Tr::tr("PostgreSQL looked for \"%1\" exactly as given: Lockscope quotes "
                              "table names, while PostgreSQL folds unquoted names to lower case, "
                              "so \"%1\" and %2 are different tables.")
                           .arg(name, folded);
    const std::optional<bool> exists = tableExists(db, folded);
    if (exists && *exists) {
        error.message += u' ' + Tr::tr("A table %1 exists: give the table as %1.").arg(folded);
        error.tableInstead = folded; // (each tool says where: lockctl --table, the window)
    } else if (exists) {
        error.message += u' ' + Tr::tr("There is no table %1 either.").arg(folded);
    } else {
        error.message += u' '
                         + Tr::tr("Whether a table %1 exists could not be asked of the server.")
                               .arg(folded);
    }
    return error;
}

} // namespace lockcore
