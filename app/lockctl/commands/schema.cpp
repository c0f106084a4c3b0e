// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl schema [--print | --create]

#include "commands.h"
#include "connect.h"
#include "dialect.h"
#include "exitcode.h"
#include "invocation.h"
#include "lockctltr.h"
#include "output.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace cli;

namespace lockctl {

namespace {

QStringList tableNames(const QString &table)
{
    return {table, table + u"_event"_s};
}

// The DDL without connecting when the URL names the database type; ODBC has to ask the server.
lockcore::Result<QStringList> schemaStatements(Invocation &invocation,
                                               const lockcore::ConnectionSpec &spec)
{
    if (const auto dialect = lockcore::Dialect::forDriver(spec.qtDriverName(), QString()))
        return dialect->schema(lockcore::TableNames::fromTable(invocation.settings().table));
    auto service = invocation.service();
    if (!service)
        return service.error();
    return (*service)->schemaStatements();
}

} // namespace

QList<QCommandLineOption> schemaOptions()
{
    return {
        QCommandLineOption(u"print"_s,
                           Tr::tr("Print the DDL statements for this database (the default).")),
        QCommandLineOption(u"create"_s,
                           Tr::tr("Create the tables and indexes that do not exist yet, and bring a "
                                  "table written by an earlier Lockscope up to date.")),
    };
}

int runSchema(Invocation &invocation)
{
    if (lockcore::Status none = invocation.noArguments(); !none)
        return invocation.usage(none.error());
    const bool create = invocation.args().isSet(u"create"_s);
    if (create && invocation.args().isSet(u"print"_s))
        return invocation.usage(Tr::tr("Give either --print or --create, not both."));
    if (lockcore::Status valid = invocation.validateTable(); !valid)
        return invocation.usage(valid.error());
    auto spec = connectionSpec(invocation.settings());
    if (!spec)
        return invocation.fail(spec.error());
    const QStringList tables = tableNames(invocation.settings().table);

    if (!create) {
        auto statements = schemaStatements(invocation, *spec);
        if (!statements)
            return invocation.fail(statements.error());
        QString text = u"-- "_s
                       + Tr::tr("Lockscope lock table %1 and event table %2 for %3")
                             .arg(tables.at(0), tables.at(1), spec->backendName())
                       + u"\n\n"_s;
        for (const QString &statement : std::as_const(*statements))
            text += statement + u";\n\n"_s;
        text.chop(1);
        invocation.out().result(
            QJsonObject{{u"backend"_s, spec->backendName()},
                        {u"tables"_s, QJsonArray::fromStringList(tables)},
                        {u"statements"_s, QJsonArray::fromStringList(*statements)}},
            text);
        return ExitDone;
    }

    auto service = invocation.service();
    if (!service)
        return invocation.fail(service.error());
    if (lockcore::Status created = (*service)->createSchema(); !created)
        return invocation.fail(created.error());
    invocation.out().result(QJsonObject{{u"created"_s, true},
                                        {u"backend"_s, spec->backendName()},
                                        {u"database"_s, spec->redacted()},
                                        {u"tables"_s, QJsonArray::fromStringList(tables)}},
                            Tr::tr("The lock table %1 and its event table %2 are ready in %3.")
                                .arg(tables.at(0), tables.at(1), spec->redacted()));
    return ExitDone;
}

} // namespace lockctl
