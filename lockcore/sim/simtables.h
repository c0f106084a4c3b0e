// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"
#include "simsettings.h"

#include <QString>

namespace lockcore {
class LockService;
class Session;
} // namespace lockcore

namespace locksim {

// The simulator's own tables beside the lock table, and the database clock as it reads it.
// Names are validated identifiers, quoted by the driver.
QString resourceTable(const QString &table); // "<table>_resource"
QString unsafeTable(const QString &table);   // "<table>_unsafe"
QString forUpdateTable(const QString &table); // "<table>_forupdate"
QString quotedTable(const lockcore::Session &session, const QString &qualifiedTable);

// The database clock in microseconds, at the millisecond precision of the grants it is compared
// with (lockcore reports grant and release times in whole milliseconds, floored).
lockcore::Result<qint64> dbNowUs(lockcore::LockService &service);

// CREATE TABLE IF NOT EXISTS for <table>_resource and <table>_unsafe, and <table>_forupdate
// for the for-update protocol only (other runs leave no table of it behind).
lockcore::Status createSimTables(lockcore::Session &session, const QString &table,
                                 Protocol protocol);

} // namespace locksim
