// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QTemporaryDir;

namespace bench {

// The database a benchmark runs on, by its --backend value: SQLite in a file of `dir`, or the
// URL of the test servers (LOCKSCOPE_TEST_POSTGRESQL_URL, LOCKSCOPE_TEST_MARIADB_URL, set by
// `eval "$(scripts/dev-servers env)"`). Empty for another name or a variable not set.
QString urlFor(const QString &backend, const QTemporaryDir &dir);

} // namespace bench
