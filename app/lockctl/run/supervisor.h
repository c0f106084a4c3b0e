#pragma once

#include "childprocess.h"

#include <QStringList>

#include <atomic>
#include <limits>
#include <future>
#include <thread>

namespace lockctl {

class SignalRelay;

// What happened to the command of "lockctl run".
struct CommandEnd
{
    std::optional<StartFailure> notStarted; // it never ran
    qint64 pid = 0;
    ChildExit exit;
    QStringList signalsSent;  // by lockctl, in order: relayed, then SIGTERM, SIGKILL
    bool interrupted = false; // lockctl got SIGINT, SIGTERM or SIGHUP while it ran
    bool stoppedLost = false; // stopped because a renewal found the lock lost
    bool stoppedExpired = false; // stopped because its lease ended with no renewal through
};

// Watches the command on a thread of its own, so that nothing the database does (a renewal
// hanging on an unreachable server) delays it: it passes lockctl's signals on, and stops the
// command (SIGTERM, then SIGKILL --kill-after later) when the lease is lost or when its end, as
// last renewed, passes. The thread starts the command (its parent-death signal is tied to it)
// and ends with it. The same escalation follows a signal passed on.
class Supervisor
{
public:
    Supervisor(SignalRelay &relay, qint64 killAfterMs);
    ~Supervisor();
    Supervisor(const Supervisor &) = delete;
    Supervisor &operator=(const Supervisor &) = delete;

    // Starts the command; returns once it runs (true) or could not be started.
    bool start(const RunCommand &command);
    // The lease ends at this time of QDeadlineTimer::current()'s clock, unless renewed again.
    void setLeaseEnd(qint64 monotonicMs) { m_leaseEnd.store(monotonicMs); }
    // A renewal found the lock lost: stop the command.
    void stopLost() { m_lost.store(true); }
    // Set once the command has ended (or never started).
    const std::atomic_bool &ended() const { return m_ended; }
    // Waits for the command to end.
    CommandEnd wait();

private:
    void run(const RunCommand &command, std::promise<bool> started);
    void watch(ChildProcess &child);
    void send(ChildProcess &child, int signalNumber);

    SignalRelay &m_relay;
    const qint64 m_killAfterMs;
    std::atomic<qint64> m_leaseEnd{std::numeric_limits<qint64>::max()};
    std::atomic_bool m_lost{false};
    std::atomic_bool m_ended{false};
    CommandEnd m_end; // the thread's until it ends
    std::thread m_thread;
};

} // namespace lockctl
