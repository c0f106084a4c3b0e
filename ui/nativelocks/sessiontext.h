// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "nativelock.h"

#include <QDateTime>
#include <QString>

namespace ui::sessiontext {

// How a database session is told in the Database locks tab, its dialogs and the lock details,
// all against the database clock of the read that showed it (`now`).

// "43 s", "5 min 12 s": whole seconds, as an age is read; empty when `since` is unknown.
QString age(const QDateTime &since, const QDateTime &now);
// "idle in transaction 43 s": the state and how long the session has been in it.
QString state(const lockcore::NativeLock &session, const QDateTime &now);
// The pid as the database names the session ("4711"; Oracle "4711,23").
QString pid(const lockcore::NativeLock &session);
// Whether the session runs no statement now (PostgreSQL idle, idle in transaction; MySQL
// and MariaDB the Sleep command): there is nothing to cancel.
bool isIdle(const lockcore::NativeLock &session);

} // namespace ui::sessiontext
