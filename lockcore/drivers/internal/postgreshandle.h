#pragma once

class QSqlDatabase;
struct pg_conn; // libpq's PGconn

namespace lockcore {

// The libpq handle (PGconn) of an open QPSQL connection (QSqlDriver::handle()), where this
// build links libpq; nullptr otherwise (no libpq, another driver, a closed connection).
pg_conn *postgresHandleOf(const QSqlDatabase &db);

} // namespace lockcore
