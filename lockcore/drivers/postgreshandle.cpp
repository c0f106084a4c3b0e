// SPDX-License-Identifier: Apache-2.0
#include "postgreshandle.h"

#include <QSqlDatabase>
#include <QSqlDriver>
#include <QVariant>

#ifdef LOCKSCOPE_HAVE_LIBPQ
#include <libpq-fe.h>
#endif

namespace lockcore {

pg_conn *postgresHandleOf(const QSqlDatabase &db)
{
#ifdef LOCKSCOPE_HAVE_LIBPQ
    if (!db.isOpen() || !db.driver())
        return nullptr;
    const QVariant handle = db.driver()->handle();
    // Qt registers the driver's handle as "PGconn*" (PGconn is a typedef of pg_conn).
    const char *type = handle.typeName();
    if (qstrcmp(type, "PGconn*") != 0 && qstrcmp(type, "pg_conn*") != 0)
        return nullptr;
    return *static_cast<pg_conn *const *>(handle.constData());
#else
    Q_UNUSED(db);
    return nullptr;
#endif
}

void quietPostgresNotices(const QSqlDatabase &db)
{
#ifdef LOCKSCOPE_HAVE_LIBPQ
    if (pg_conn *conn = postgresHandleOf(db))
        PQsetNoticeProcessor(conn, [](void *, const char *) {}, nullptr);
#else
    Q_UNUSED(db);
#endif
}

} // namespace lockcore
