// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QSqlError>

class QSqlQuery;

namespace lockcore {

// What a failure through Qt's ODBC driver (QODBC) says, in the codes the dialects classify by.
// Qt 6.4's QODBC gives the ODBC driver's native error number as the QSqlError's native code:
// the server's own number through MariaDB Connector/ODBC (1062, as QMYSQL gives it), but an
// internal number of psqlODBC (1 for any error the server sent), and the SQLSTATE the server
// sent (23505), which the PostgreSQL dialect classifies by as QPSQL gives it, is not in the
// QSqlError at all. It is still in the ODBC driver's diagnostics of the failed statement.
namespace odbcerrors {

// `error`, the failure of `query`'s last execution, with the SQLSTATE of the ODBC driver's
// first diagnostic record as its native code; `error` unchanged when the query is not on a
// QODBC connection or the driver left no SQLSTATE. Call it right after the failure: the next
// call on the statement clears its diagnostics.
QSqlError withSqlState(const QSqlError &error, const QSqlQuery &query);

} // namespace odbcerrors

} // namespace lockcore
