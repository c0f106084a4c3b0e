// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "dialect.h"
#include "profile.h"
#include "result.h"

#include <QHash>
#include <QString>

namespace lockcore {

// A column's type as the catalog names it (information_schema.columns.data_type, SQLite's
// declared type, Oracle's DATA_TYPE), reduced to what a profile's statements depend on.
enum class ColumnType { Text, Integer, Boolean, Timestamp, TimestampTz, Other };
ColumnType classifyColumnType(Dialect::Kind kind, const QString &dataType);

// How a time column stores its times: a timestamp (SQLite: text) in the profile's Time, a
// timestamptz (an instant), or an integer count since the epoch (UTC).
enum class TimeForm { Timestamp, TimestampTz, EpochSeconds, EpochMs };
inline bool isInstant(TimeForm form) { return form != TimeForm::Timestamp; }

// The form of the mapped time column `column` of `table` whose catalog type is `dataType`, or
// an error naming the table, the column and its type and what to change (an integer without
// the profile's "epoch", a timestamp with it, text on a server database, ...).
Result<TimeForm> timeFormOf(Dialect::Kind kind, const Profile &profile, const QString &table,
                            const QString &column, const QString &dataType);

// What ProfileSql needs to know of the table's column types.
struct ProfileColumnForms
{
    QHash<QString, TimeForm> times; // per mapped time column (locked-at, expires)
    bool booleanStatus = false;     // the status column is boolean: TRUE/FALSE, not 1/0

    // Without the catalog (unit tests): timestamps, or the profile's epoch unit.
    static ProfileColumnForms assumed(const Profile &profile);
};

struct CatalogTable;
// The forms of `table`'s mapped columns from their catalog types (ProfileTable::open): refuses
// a time column whose type does not fit, a mix of wall-clock and instant time columns, and a
// ttl column that is not an integer; sets `profile`'s time to UTC when the times are instants.
Result<ProfileColumnForms> columnFormsOf(Dialect::Kind kind, Profile &profile,
                                         const CatalogTable &table);

} // namespace lockcore
