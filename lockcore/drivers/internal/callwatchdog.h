#pragma once

#include <QDeadlineTimer>

#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

namespace lockcore {

// Abandons a database call that runs past its deadline. One thread for the process sleeps
// until the earliest deadline of the calls armed; when one passes it sets the call's flag and
// shuts the call's socket down (shutdown(2), both ways), so that the client library's blocked
// read or write (libpq, Connector/C, under Qt's drivers too) returns at once with an error,
// whatever the network or the server does. The socket stays open: its owner closes it. A call
// is disarmed, under the watchdog's lock, before its owner can close the socket, so a socket
// number is never shut down after it was given back. Internal to Session.
class CallWatchdog
{
public:
    static CallWatchdog &instance();
    ~CallWatchdog();
    CallWatchdog(const CallWatchdog &) = delete;
    CallWatchdog &operator=(const CallWatchdog &) = delete;

    // Watches `socket` until disarm(id): at `deadline` sets *abandoned, then shuts it down.
    quint64 arm(int socket, QDeadlineTimer deadline, std::atomic_bool *abandoned);
    void disarm(quint64 id);
    // How many times the watchdog has looked at its calls (for tests: an arm wakes it only when
    // its deadline is earlier than every one it knows of).
    quint64 wakeUps() const { return m_wakeUps.load(std::memory_order_relaxed); }

private:
    struct Call
    {
        int socket = -1;
        quint64 inode = 0; // the socket's, when armed: the same socket when it fires
        QDeadlineTimer deadline;
        std::atomic_bool *abandoned = nullptr;
    };

    CallWatchdog();
    void run();
    // Abandons the calls whose deadline passed; returns the earliest deadline left.
    QDeadlineTimer abandonDue();

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::map<quint64, Call> m_calls;
    QDeadlineTimer m_wakeAt{QDeadlineTimer::Forever}; // when the watchdog wakes next, at the latest
    quint64 m_nextId = 0;
    bool m_stop = false;
    std::atomic<quint64> m_wakeUps{0};
    std::thread m_thread;
};

} // namespace lockcore
