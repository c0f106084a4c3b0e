// SPDX-License-Identifier: Apache-2.0
#include "callwatchdog.h"

#include "connectionsocket.h"

#include <sys/socket.h>

namespace lockcore {

namespace {

// How often an opening connection past its deadline is searched again: soon enough that a
// client library's next host (libpq's host list) gets nowhere either.
constexpr qint64 searchAgainMs = 20;

} // namespace

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
    return add(Call{socket, ConnectionSocket::inodeOf(socket), deadline, abandoned, {}});
}

quint64 CallWatchdog::armSearch(Search search, QDeadlineTimer deadline,
                                std::atomic_bool *abandoned)
{
    return add(Call{-1, 0, deadline, abandoned, std::move(search)});
}

quint64 CallWatchdog::add(Call call)
{
    std::lock_guard lock(m_mutex);
    const quint64 id = ++m_nextId;
    if (!m_graceEnd.hasExpired() && m_graceEnd < call.deadline)
        call.deadline = m_graceEnd; // the clean-up after an interrupt
    const QDeadlineTimer deadline = call.deadline;
    m_calls.emplace(id, std::move(call));
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

void CallWatchdog::abandonAll(qint64 graceMs)
{
    {
        std::lock_guard lock(m_mutex);
        m_interrupts.fetch_add(1);
        m_graceEnd = QDeadlineTimer(graceMs);
        for (auto &[id, call] : m_calls)
            call.deadline = QDeadlineTimer(0);
        m_wakeAt = QDeadlineTimer(0);
    }
    m_changed.notify_all();
}

void CallWatchdog::shutDown(const Call &call)
{
    if (call.search) {
        for (const int socket : call.search())
            ::shutdown(socket, SHUT_RDWR);
        return;
    }
    // The client library may have closed it after an error of its own meanwhile.
    if (call.inode != 0 && ConnectionSocket::inodeOf(call.socket) == call.inode)
        ::shutdown(call.socket, SHUT_RDWR);
}

QDeadlineTimer CallWatchdog::abandonDue()
{
    QDeadlineTimer earliest(QDeadlineTimer::Forever);
    for (auto it = m_calls.begin(); it != m_calls.end();) {
        if (it->second.deadline.hasExpired()) {
            Call &call = it->second;
            call.abandoned->store(true);
            shutDown(call);
            if (!call.search) {
                it = m_calls.erase(it);
                continue;
            }
            call.deadline = QDeadlineTimer(searchAgainMs); // until its opener disarms it
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
