// SPDX-License-Identifier: Apache-2.0
#include "releaselistener.h"

#include "postgresnotifications.h"
#include "postgresstatements.h"

#include <QElapsedTimer>
#include <QThread>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <poll.h>
#endif

namespace lockcore {

bool ReleaseListener::listen(QSqlDatabase db, const QString &channel, bool *sent)
{
    *sent = false;
    if (channel.isEmpty() || !PostgresNotifications::usable(db))
        return false;
    if (isListening(db, channel))
        return true;
    *sent = true;
    if (PostgresNotifications::listen(db, channel).isValid())
        return false;
    m_db = db;
    m_channel = channel;
    m_listeningOn = PostgresNotifications::connectionId(db);
    return true;
}

void ReleaseListener::unlisten(QSqlDatabase db, const QString &channel, bool *sent)
{
    *sent = false;
    if (!isListening(db, channel))
        return;
    *sent = true;
    m_listeningOn = 0;
    (void)PostgresNotifications::unlisten(db, channel); // (a broken connection's LISTEN is gone)
    QList<PostgresNotifications::Notification> stale;
    (void)PostgresNotifications::take(db, &stale);
}

bool ReleaseListener::isListening(const QSqlDatabase &db, const QString &channel) const
{
    return m_listeningOn != 0 && channel == m_channel
           && m_listeningOn == PostgresNotifications::connectionId(db);
}

void ReleaseListener::arm(const QString &name)
{
    m_armed.insert(name, false);
}

bool ReleaseListener::drain()
{
    QList<PostgresNotifications::Notification> arrived;
    const bool ok = PostgresNotifications::take(m_db, &arrived);
    for (const PostgresNotifications::Notification &notification : std::as_const(arrived)) {
        if (notification.channel != m_channel)
            continue;
        ++m_received;
        const auto armed = m_armed.find(notification.payload);
        if (armed != m_armed.end())
            *armed = true;
        if (m_onRelease)
            m_onRelease(notification.payload);
    }
    return ok;
}

bool ReleaseListener::waitForRelease(const QString &name, qint64 timeoutMs,
                                     const std::atomic_bool *cancel)
{
    QElapsedTimer waited;
    waited.start();
    const auto released = [&] { return m_armed.value(name, false); };
    // First what libpq already queued (during the last statements): the socket shows only
    // what came after.
    const bool listening = m_listeningOn != 0 && drain();
    int fd = listening ? PostgresStatements::socketOf(m_db) : -1;
    while (!released()) {
        const qint64 left = timeoutMs - waited.elapsed();
        if (left <= 0 || (cancel && cancel->load()))
            return false;
        const int slice = int(qMin<qint64>(20, left));
#ifdef Q_OS_UNIX
        if (fd >= 0) {
            pollfd socket{fd, POLLIN, 0};
            const int ready = ::poll(&socket, 1, slice);
            if ((ready < 0 && errno != EINTR) || (socket.revents & (POLLNVAL | POLLERR | POLLHUP))
                || (ready > 0 && !drain()))
                fd = -1; // the connection broke: sleep instead, the next attempt reconnects
            continue;
        }
#endif
        QThread::msleep(quint32(slice));
        if (listening)
            (void)drain();
    }
    return true;
}

} // namespace lockcore
