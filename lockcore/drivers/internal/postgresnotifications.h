// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QSqlError>
#include <QString>

class QSqlDatabase;

namespace lockcore {

// LISTEN, UNLISTEN and the notifications of a PostgreSQL connection, through libpq on the Qt
// connection's own handle (QSqlDriver::handle()), the client stack of every statement of the
// protocol there (PostgresStatements). Qt's driver is not asked to subscribe
// (QSqlDriver::subscribeToNotification), so it never reads the notifications itself: they stay
// in libpq's queue, also those that arrive while a statement runs, until take() reads them.
// Without libpq in this build nothing is usable (waiters then poll).
class PostgresNotifications
{
public:
    struct Notification
    {
        QString channel;
        QString payload;
    };

    // This build links libpq, and `db` is an open QPSQL connection.
    static bool usable(const QSqlDatabase &db);
    // Which connection `db` is on now (its handle and server process): another value after a
    // reconnect, where a LISTEN of the old one is gone; 0 where not usable.
    static quint64 connectionId(const QSqlDatabase &db);
    // LISTEN / UNLISTEN on `channel` (quoted as an identifier): one round trip; the error,
    // if any (invalid when it succeeded).
    static QSqlError listen(const QSqlDatabase &db, const QString &channel);
    static QSqlError unlisten(const QSqlDatabase &db, const QString &channel);
    // Reads what the socket holds without blocking (PQconsumeInput) and appends every
    // notification queued in libpq (PQnotifies) to `out`; false when the connection broke.
    static bool take(const QSqlDatabase &db, QList<Notification> *out);
};

} // namespace lockcore
