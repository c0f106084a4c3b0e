// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "dialect.h"
#include "locktypes.h"
#include "profile.h"

#include <QString>
#include <optional>

namespace lockcore {

// The SQL an admin action will run, shown to the admin before it runs (the window's
// confirmations): the same dialect builders LockService's admin operations (lockadmin.cpp) and
// ProfileTable call, in the order they run them, with the change's event INSERT, each value
// written in (shownStatement). A step that runs only in one case starts with a "--" line that
// says when.

// LockService::forceRelease of `name` at `fence`, by `actor`, for `reason`.
QString forceReleaseSql(const Dialect &dialect, const TableNames &tables, const QString &name,
                        qint64 fence, const QString &actor, const QString &reason);
// LockService::remove of the lock `seen` (its row is read first, in the same transaction).
QString deleteSql(const Dialect &dialect, const TableNames &tables, const LockInfo &seen,
                  const QString &actor);
// LockService::initialize.
QString initializeSql(const Dialect &dialect, const TableNames &tables, const QString &name,
                      qint64 ttlMs, const QString &description, const QString &actor);
// ProfileTable::forceRelease on an application's `table` (its release, compared with the holder
// and the stored time the admin saw) and ProfileTable::initialize.
QString profileForceReleaseSql(const Dialect &dialect, const Profile &profile,
                               const QString &table, const QString &name,
                               const QString &expectHolder, std::optional<qint64> expectTimeMs);
QString profileInitializeSql(const Dialect &dialect, const Profile &profile,
                             const QString &table, const QString &name, const QString &holder);

} // namespace lockcore
