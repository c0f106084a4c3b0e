#include "callwatchdog.h"

#include "connectionsocket.h"

#include <sys/socket.h>

namespace lockcore {

CallWatchdog &CallWatchdog::instance()
{
    static CallWatchdog watchdog;
    return watchdog;
}

CallWatchdog::CallWatchdog()
    : m_thread([this] { run(); })
{}

CallWatchdog::~CallWatchdog()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

quint64 CallWatchdog::arm(int socket, QDeadlineTimer deadline, std::atomic_bool *abandoned)
{
    std::lock_guard lock(m_mutex);
    const quint64 id = ++m_nextId;
    m_calls.emplace(id, Call{socket, ConnectionSocket::inodeOf(socket), deadline, abandoned});
    // The watchdog is woken only when it would sleep past this deadline: calls come and go
    // thousands of times a second, nearly always with a deadline later than one it knows of.
    if (deadline < m_wakeAt) {
        m_wakeAt = deadline;
        m_changed.notify_all();
    }
    return id;
}

void CallWatchdog::disarm(quint64 id)
{
    std::lock_guard lock(m_mutex);
    m_calls.erase(id);
}

QDeadlineTimer CallWatchdog::abandonDue()
{
    QDeadlineTimer earliest(QDeadlineTimer::Forever);
    for (auto it = m_calls.begin(); it != m_calls.end();) {
        if (it->second.deadline.hasExpired()) {
            const Call &call = it->second;
            call.abandoned->store(true);
            // The client library may have closed it after an error of its own meanwhile.
            if (call.inode != 0 && ConnectionSocket::inodeOf(call.socket) == call.inode)
                ::shutdown(call.socket, SHUT_RDWR);
            it = m_calls.erase(it);
            continue;
        }
        if (it->second.deadline < earliest)
            earliest = it->second.deadline;
        ++it;
    }
    return earliest;
}

void CallWatchdog::run()
{
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        const QDeadlineTimer next = abandonDue();
        m_wakeAt = next; // (a call disarmed since leaves it early: it wakes, finds less, sleeps)
        m_wakeUps.fetch_add(1, std::memory_order_relaxed);
        if (next.isForever())
            m_changed.wait(lock);
        else
            m_changed.wait_for(lock, std::chrono::milliseconds(qMax<qint64>(1, next.remainingTime())));
    }
}

} // namespace lockcore
