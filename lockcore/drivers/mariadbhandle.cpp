// SPDX-License-Identifier: Apache-2.0
#include "mariadbhandle.h"

#ifdef LOCKSCOPE_HAVE_MARIADB_CAPI
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QVariant>

#include <mysql.h>

#include <link.h>
#include <cstring>
#endif

namespace lockcore {

#ifdef LOCKSCOPE_HAVE_MARIADB_CAPI

namespace {

// MySQL's libmysqlclient in this process: its MYSQL is not Connector/C's.
bool libmysqlclientLoaded()
{
    static const bool loaded = [] {
        bool found = false;
        dl_iterate_phdr(
            [](dl_phdr_info *info, size_t, void *data) {
                if (info->dlpi_name && std::strstr(info->dlpi_name, "libmysqlclient"))
                    *static_cast<bool *>(data) = true;
                return 0;
            },
            &found);
        return found;
    }();
    return loaded;
}

} // namespace

st_mysql *mariaDbHandleOf(const QSqlDatabase &db)
{
    if (!db.isOpen() || !db.driver() || libmysqlclientLoaded())
        return nullptr;
    const QVariant handle = db.driver()->handle();
    // Qt registers the driver's handle as "st_mysql*" (MYSQL is a typedef of it).
    const char *type = handle.typeName();
    if (qstrcmp(type, "st_mysql*") != 0 && qstrcmp(type, "MYSQL*") != 0)
        return nullptr;
    return *static_cast<MYSQL *const *>(handle.constData());
}

#else // no Connector/C in this build

st_mysql *mariaDbHandleOf(const QSqlDatabase &)
{
    return nullptr;
}

#endif

} // namespace lockcore
