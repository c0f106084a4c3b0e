// SPDX-License-Identifier: GPL-3.0-or-later
#include "missingtabletext.h"

#include "lockservice.h"
#include "profile.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;
using lockcore::ConnectionSpec;

namespace ui {

namespace {

struct MissingTableTr
{
    Q_DECLARE_TR_FUNCTIONS(MissingTable)
};

} // namespace

QString missingTableText(const ConnectionSpec &spec, const QString &table)
{
    if (spec.backend == ConnectionSpec::Backend::SQLite)
        return MissingTableTr::tr("The lock table \u201c%1\u201d does not exist in the SQLite file %2.")
            .arg(table, spec.path);
    const QString url = spec.redacted();
    const qsizetype dot = table.lastIndexOf(u'.');
    if (dot > 0)
        return MissingTableTr::tr("The lock table \u201c%1\u201d does not exist in schema \u201c%2\u201d of "
                      "database \u201c%3\u201d (%4).")
            .arg(table.mid(dot + 1), table.left(dot), spec.database, url);
    if (spec.backend == ConnectionSpec::Backend::PostgreSQL)
        return MissingTableTr::tr("The lock table \u201c%1\u201d does not exist in database \u201c%2\u201d "
                      "(%3), in any schema of the search path.")
            .arg(table, spec.database, url);
    return MissingTableTr::tr("The lock table \u201c%1\u201d does not exist in database \u201c%2\u201d "
                  "(%3).")
        .arg(table, spec.database, url);
}

QString lockTableName(const QString &table, const QVariantMap &lockProfile)
{
    if (!table.isEmpty())
        return table;
    if (lockProfile.isEmpty())
        return lockcore::LockService::defaultTable();
    auto profile = lockcore::Profile::fromMap(lockProfile);
    return profile ? profile->defaultTable : QString();
}

} // namespace ui
