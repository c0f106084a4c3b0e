// SPDX-License-Identifier: Apache-2.0
#include "postgresnotifications.h"

#include "postgreshandle.h"

#include <QSqlDatabase>

#ifdef LOCKSCOPE_HAVE_LIBPQ
#include <libpq-fe.h>
#endif

using namespace Qt::StringLiterals;

namespace lockcore {

#ifdef LOCKSCOPE_HAVE_LIBPQ

namespace {

// `command` ("LISTEN", "UNLISTEN") on `channel`, quoted by libpq for this connection.
QSqlError run(const QSqlDatabase &db, const char *command, const QString &channel)
{
    PGconn *conn = postgresHandleOf(db);
    if (!conn)
        return QSqlError(u"The connection is not open"_s, {}, QSqlError::ConnectionError,
                         u"08003"_s);
    const QByteArray name = channel.toUtf8();
    char *quoted = PQescapeIdentifier(conn, name.constData(), size_t(name.size()));
    if (!quoted)
        return QSqlError(QString::fromLatin1(command), QString::fromUtf8(PQerrorMessage(conn)),
                         QSqlError::StatementError);
    const QByteArray sql = QByteArray(command) + ' ' + quoted;
    PQfreemem(quoted);
    PGresult *res = PQexec(conn, sql.constData());
    QSqlError error;
    if (!res || PQresultStatus(res) != PGRES_COMMAND_OK) {
        const bool broken = PQstatus(conn) == CONNECTION_BAD;
        const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : nullptr;
        error = QSqlError(QString::fromLatin1(command),
                          QString::fromUtf8(PQerrorMessage(conn)).trimmed(),
                          broken ? QSqlError::ConnectionError : QSqlError::StatementError,
                          state ? QString::fromLatin1(state) : broken ? u"08006"_s : QString());
    }
    PQclear(res);
    return error;
}

} // namespace

bool PostgresNotifications::usable(const QSqlDatabase &db)
{
    return postgresHandleOf(db) != nullptr;
}

quint64 PostgresNotifications::connectionId(const QSqlDatabase &db)
{
    PGconn *conn = postgresHandleOf(db);
    // The handle alone is not enough: a new one may get the old one's address.
    return conn ? (quint64(quintptr(conn)) << 20) ^ quint64(PQbackendPID(conn)) : 0;
}

QSqlError PostgresNotifications::listen(const QSqlDatabase &db, const QString &channel)
{
    return run(db, "LISTEN", channel);
}

QSqlError PostgresNotifications::unlisten(const QSqlDatabase &db, const QString &channel)
{
    return run(db, "UNLISTEN", channel);
}

bool PostgresNotifications::take(const QSqlDatabase &db, QList<Notification> *out)
{
    PGconn *conn = postgresHandleOf(db);
    if (!conn || !PQconsumeInput(conn))
        return false;
    while (PGnotify *notify = PQnotifies(conn)) {
        out->append({QString::fromUtf8(notify->relname), QString::fromUtf8(notify->extra)});
        PQfreemem(notify);
    }
    return true;
}

#else // no libpq in this build: no notifications (waiters poll)

bool PostgresNotifications::usable(const QSqlDatabase &)
{
    return false;
}

quint64 PostgresNotifications::connectionId(const QSqlDatabase &)
{
    return 0;
}

QSqlError PostgresNotifications::listen(const QSqlDatabase &, const QString &)
{
    return QSqlError(u"LISTEN"_s, u"This build of Lockscope has no libpq."_s,
                     QSqlError::StatementError);
}

QSqlError PostgresNotifications::unlisten(const QSqlDatabase &db, const QString &channel)
{
    return listen(db, channel);
}

bool PostgresNotifications::take(const QSqlDatabase &, QList<Notification> *)
{
    return false;
}

#endif

} // namespace lockcore
