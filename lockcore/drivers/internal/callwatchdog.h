// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDeadlineTimer>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace lockcore {

// Abandons a database call that runs past its deadline. One thread for the process sleeps
// until the earliest deadline of the calls armed; when one passes it sets the call's flag and
// shuts the call's socket down (shutdown(2), both ways), so that the client library's blocked
// read or write (libpq, Connector/C, under Qt's drivers too) returns at once with an error,
// whatever the network or the server does. The socket stays open: its owner closes it. A call
// is disarmed, under the watchdog's lock, before its owner can close the socket, so a socket
// number is never shut down after it was given back. Internal to Session.
//
// A connection that is still opening has no socket to hand over yet (QSqlDatabase::open()
// returns it only at the end): armSearch() gives the watchdog a way to find it when the deadline
// passes, and looks again every few milliseconds until disarmed (a client library may try the
// next host of a list meanwhile).
//
// A signal to a command-line tool (SIGINT, SIGTERM) ends every call at once: abandonAll(),
// from a thread the signal handler wakes (not from the handler: the watchdog's lock).
class CallWatchdog
{
public:
    // The sockets of an opening connection, found when its deadline has passed.
    using Search = std::function<std::vector<int>()>;

    static CallWatchdog &instance();
    ~CallWatchdog();
    CallWatchdog(const CallWatchdog &) = delete;
    CallWatchdog &operator=(const CallWatchdog &) = delete;

    // Watches `socket` until disarm(id): at `deadline` sets *abandoned, then shuts it down.
    quint64 arm(int socket, QDeadlineTimer deadline, std::atomic_bool *abandoned);
    // Watches an opening connection until disarm(id): from `deadline` on sets *abandoned and
    // shuts down every socket `search` finds, again every few milliseconds. `search` runs on
    // the watchdog's thread, under its lock.
    quint64 armSearch(Search search, QDeadlineTimer deadline, std::atomic_bool *abandoned);
    void disarm(quint64 id);
    // Abandons every call armed now (an interrupt); the calls armed in the next `graceMs` end
    // by then at the latest (the clean-up after it: a release that must not hang either).
    void abandonAll(qint64 graceMs);
    // How many times abandonAll() was called: a call armed before a change was interrupted.
    quint64 interrupts() const { return m_interrupts.load(); }
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
        Search search; // set: an opening connection's (armSearch)
    };

    CallWatchdog();
    quint64 add(Call call);
    void run();
    // Abandons the calls whose deadline passed; returns the earliest deadline left.
    QDeadlineTimer abandonDue();
    // Shuts the call's socket down, or every socket its search finds.
    static void shutDown(const Call &call);

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::map<quint64, Call> m_calls;
    QDeadlineTimer m_wakeAt{QDeadlineTimer::Forever}; // when the watchdog wakes next, at the latest
    quint64 m_nextId = 0;
    bool m_stop = false;
    std::atomic<quint64> m_wakeUps{0};
    std::atomic<quint64> m_interrupts{0};
    QDeadlineTimer m_graceEnd; // abandonAll()'s: calls armed before it end by it
    std::thread m_thread;
};

} // namespace lockcore
