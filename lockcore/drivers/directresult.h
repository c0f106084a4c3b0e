// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QVariantList>

namespace lockcore {

// What one statement run past Qt's driver answered (MariaDbStatements, PostgresStatements).
struct DirectResult
{
    QList<QVariantList> rows; // NULL as a null QVariant; integers as qlonglong
    quint64 affectedRows = 0;
    quint64 insertId = 0; // MariaDB: LAST_INSERT_ID(expr) of the statement, if it set one
};

} // namespace lockcore
