// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"

#include <QString>
#include <QVariantMap>

namespace ui {

// What the window says when the lock table it reads is missing: the table by name, and where
// it was looked for (the SQLite file; the database, with the schema where the name gives one or
// PostgreSQL's search path otherwise), then the connection's URL (no password).
QString missingTableText(const lockcore::ConnectionSpec &spec, const QString &table);
// The table a connection reads: the one given, else its profile's default, else Lockscope's.
QString lockTableName(const QString &table, const QVariantMap &lockProfile);

} // namespace ui
