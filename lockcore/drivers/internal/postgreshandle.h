// SPDX-License-Identifier: Apache-2.0
#pragma once

class QSqlDatabase;
struct pg_conn; // libpq's PGconn

namespace lockcore {

// The libpq handle (PGconn) of an open QPSQL connection (QSqlDriver::handle()), where this
// build links libpq; nullptr otherwise (no libpq, another driver, a closed connection).
pg_conn *postgresHandleOf(const QSqlDatabase &db);

// Keeps libpq from printing the server's notices on stderr (its default notice processor does,
// also for "FATAL: terminating connection" on a connection the server ended while idle): a
// library does not write on its application's terminal. The session's errors say what broke.
void quietPostgresNotices(const QSqlDatabase &db);

} // namespace lockcore
