#pragma once

#include <QHash>
#include <QMetaMethod>
#include <QMetaObject>
#include <QPointer>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <atomic>

namespace lockcore {

// Wakes a waiting acquirer when a release is NOTIFYed (PostgreSQL LISTEN/NOTIFY through
// QSqlDriver notifications), without an event loop: the waiter polls the connection's socket
// itself and lets the driver read the notifications, which arrive as QSqlDriver::notification.
// Lives in the Session's thread.
//
// Use: arm(name) before an acquire attempt, then waitForRelease() after a refusal, disarm()
// when done. A release notified after arm() (even during the attempt) ends the wait at once.
class ReleaseListener
{
public:
    ReleaseListener() = default;
    ~ReleaseListener();
    ReleaseListener(const ReleaseListener &) = delete;
    ReleaseListener &operator=(const ReleaseListener &) = delete;

    // LISTENs on `channel` on this connection (again after a reconnect). False when the
    // driver has no notifications (then waiters only poll). `sent` is set when a LISTEN went
    // to the server (one round trip).
    bool listen(QSqlDatabase db, const QString &channel, bool *sent);
    // UNLISTENs `channel` again (one round trip, `sent` set) if this connection listens on it.
    void unlisten(QSqlDatabase db, const QString &channel, bool *sent);

    // Starts (or restarts) watching for releases of `name`.
    void arm(const QString &name);
    void disarm(const QString &name) { m_armed.remove(name); }
    // Waits up to timeoutMs for a release of `name` notified since arm(); true if one came.
    // Returns early (false) when `cancel` becomes true (checked every 20 ms).
    bool waitForRelease(const QString &name, qint64 timeoutMs, const std::atomic_bool *cancel);

    // Notifications seen so far (all names): for tests and the benchmark.
    quint64 received() const { return m_received; }

private:
    void attach(QSqlDriver *driver);
    void drain();
    int socket() const; // the connection's socket, -1 if unknown

    QPointer<QSqlDriver> m_driver;
    QMetaObject::Connection m_connection;
    QMetaMethod m_readSlot;
    bool m_readSlotTakesInt = false;
    QString m_channel;
    QHash<QString, bool> m_armed; // lock names waited for -> released since arm()
    quint64 m_received = 0;
};

} // namespace lockcore
