// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "error.h"

#include <QSqlDatabase>

namespace lockcore {

class Dialect;

// A missing-table error (Error::Kind::MissingSchema) with what PostgreSQL looked for: a name
// with capitals is quoted exactly as given, so "APP_EXP" is not the app_exp an unquoted CREATE
// TABLE APP_EXP made. Says so, and names the lower-case table when the server has one. Other
// errors and other databases are returned as they are.
Error explainMissingTable(QSqlDatabase &db, const Dialect &dialect, Error error);

} // namespace lockcore
