// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "error.h"

class QSqlDatabase;

namespace lockcore {

// A statement the server refused to this user (Error::Kind::PermissionDenied), in words that
// say so, not those of a standby. `server` is the URL without its password, `user` the login
// (empty: unknown, an ODBC data source's), `what` what lockcore was doing ("acquiring "x"").

// A privilege the user lacks (PostgreSQL's insufficient_privilege, 42501): the server's own
// text, which names the table, and the privileges lockcore needs.
Error lackingPrivilege(const QString &server, const QString &user, const QString &what,
                       const QString &driverText, const QString &nativeCode);

// A write refused because the user's sessions are read-only by their settings
// (default_transaction_read_only, as for the read-only user of docs/monitoring.md), on a
// server that takes writes: PostgreSQL answers read_only_sql_transaction (25006), as a standby
// does.
Error readOnlyUser(const QString &server, const QString &user, const QString &what,
                   const QString &driverText, const QString &nativeCode);

// Whether `db`'s PostgreSQL session is read-only by its settings on a server that is not a
// standby: the server reports in_hot_standby off and default_transaction_read_only on
// (PostgreSQL 14 and later report both to the client, so this needs no statement and works
// inside a failed transaction). False where unknown: an older server, or through ODBC.
bool readOnlyBySettings(const QSqlDatabase &db);

} // namespace lockcore
