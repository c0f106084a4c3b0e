// SPDX-License-Identifier: Apache-2.0
#pragma once

class QSqlDatabase;
struct st_mysql; // MariaDB Connector/C's MYSQL

namespace lockcore {

// The MariaDB Connector/C handle (MYSQL) of an open QMYSQL connection, where this build links
// Connector/C and the driver runs on it; nullptr otherwise, and where MySQL's libmysqlclient is
// in the process (its MYSQL is another structure).
st_mysql *mariaDbHandleOf(const QSqlDatabase &db);

} // namespace lockcore
