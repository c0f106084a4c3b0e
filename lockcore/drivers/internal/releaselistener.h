// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QSqlDatabase>
#include <QString>
#include <atomic>
#include <functional>

namespace lockcore {

// Wakes a waiting acquirer when a release is NOTIFYed (PostgreSQL LISTEN/NOTIFY), without an
// event loop: LISTEN, UNLISTEN and the reading of notifications go through libpq on the
// connection's own handle (PostgresNotifications), the client stack of the protocol's
// statements; the waiter polls the connection's socket itself. Without libpq in this build, or
// where the session's statements do not go through libpq (Session::forceQtDriver, ODBC), there
// are no notifications and waiters poll. Lives in the Session's thread.
//
// Use: arm(name) before an acquire attempt, then waitForRelease() after a refusal, disarm()
// when done. A release notified after arm() (even during the attempt: libpq queues what
// arrives while a statement runs) ends the wait at once.
class ReleaseListener
{
public:
    ReleaseListener() = default;
    ReleaseListener(const ReleaseListener &) = delete;
    ReleaseListener &operator=(const ReleaseListener &) = delete;

    // LISTENs on `channel` on this connection (again after a reconnect). False when the
    // connection has no notifications here (then waiters only poll). `sent` is set when a
    // LISTEN went to the server (one round trip).
    bool listen(QSqlDatabase db, const QString &channel, bool *sent);
    // UNLISTENs `channel` again (one round trip, `sent` set) if this connection listens on it;
    // notifications already queued are dropped.
    void unlisten(QSqlDatabase db, const QString &channel, bool *sent);
    // This connection listens on `channel` (as far as the listener knows: a LISTEN it sent on
    // the connection open now).
    bool isListening(const QSqlDatabase &db, const QString &channel) const;

    // Starts (or restarts) watching for releases of `name`.
    void arm(const QString &name);
    void disarm(const QString &name) { m_armed.remove(name); }
    // Waits up to timeoutMs for a release of `name` notified since arm(); true if one came.
    // Returns early (false) when `cancel` becomes true (checked every 20 ms).
    bool waitForRelease(const QString &name, qint64 timeoutMs, const std::atomic_bool *cancel);

    // Called with the name of every release read from the channel, whoever reads it (a
    // LockClient wakes its waiters of that name); none by default.
    void setOnRelease(std::function<void(const QString &)> onRelease)
    {
        m_onRelease = std::move(onRelease);
    }

    // Notifications seen so far (all names): for tests and the benchmark.
    quint64 received() const { return m_received; }

private:
    // Reads what arrived; false when the connection broke.
    bool drain();

    QSqlDatabase m_db;
    QString m_channel;
    quint64 m_listeningOn = 0; // PostgresNotifications::connectionId of the LISTEN; 0: none
    QHash<QString, bool> m_armed; // lock names waited for -> released since arm()
    quint64 m_received = 0;
    std::function<void(const QString &)> m_onRelease;
};

} // namespace lockcore
