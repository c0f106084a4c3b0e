// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connectionspec.h"

class QSqlDatabase;

namespace lockcore {

struct HolderProcess;

// The connect options of `spec` with the name lockcore gives its session (sessionTag(), in
// holderid.h) where the database keeps one that other sessions can read: PostgreSQL's
// application_name, unless the URL sets its own. So that a holder's session can be found from
// its holder id (NativeLockReader::holderSessions). Elsewhere `options` as they are.
QString withSessionName(const ConnectionSpec &spec, const QString &options);

// MySQL/MariaDB keep no session name that another session can read (without
// performance_schema): each lockcore connection holds a user lock instead, taken once when it
// connects (mysqlsessionlock.h), named after its process and a slot of that process (0 ..
// mysqlSessionSlots - 1): "lockscope-session:<pid>@<digest of the host>:<slot>", at most 64
// characters (GET_LOCK's limit). A reader asks IS_USED_LOCK of each slot's name.
constexpr int mysqlSessionSlots = 64;
QString mysqlSessionLockName(const HolderProcess &process, int slot);

} // namespace lockcore
