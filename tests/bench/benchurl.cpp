// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchurl.h"

#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace bench {

QString urlFor(const QString &backend, const QTemporaryDir &dir)
{
    if (backend == u"sqlite")
        return u"sqlite:"_s + dir.filePath(u"bench.sqlite"_s);
    if (backend == u"postgresql")
        return qEnvironmentVariable("LOCKSCOPE_TEST_POSTGRESQL_URL");
    if (backend == u"mariadb")
        return qEnvironmentVariable("LOCKSCOPE_TEST_MARIADB_URL");
    return {};
}

} // namespace bench
