// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "childprocess.h"

#include <QStringList>

#include <atomic>
#include <future>
#include <limits>
#include <thread>

namespace lockctl {

class CommandGroup;
class SignalRelay;
class Watcher;

// What happened to the command of "lockctl run".
struct CommandEnd
{
    std::optional<StartFailure> notStarted; // it never ran
    qint64 pid = 0;
    ChildExit exit;
    QStringList signalsSent;  // in order: relayed, then SIGTERM, SIGKILL (also the watcher's)
    bool interrupted = false; // lockctl got SIGINT, SIGTERM or SIGHUP while it ran
    bool stoppedLost = false; // stopped because a renewal found the lock lost
    bool stoppedExpired = false; // stopped because its lease was ending with no renewal through
    bool watcherGone = false; // the watcher was killed: lockctl killed the command at once
    bool killedByWatcher = false; // at the lease's end, lockctl being stopped or late
    int jobStops = 0;         // times the command was stopped (Ctrl-Z) and lockctl with it
    int leftRunning = 0; // processes of the command still running when its first one ended
};

// How the supervisor runs the command, besides the command itself.
struct SupervisorSetup
{
    QString lock;           // its name, for what lockctl says when the command stops
    qint64 killAfterMs = 0; // --kill-after, before the lease cuts it (graceMs())
    int terminal = -1;      // the terminal whose foreground the command takes (terminal.h)
    QString scopeUnit;      // the systemd scope it runs in, stopped after it (empty: none)
};

// Watches the command on a thread of its own, so that nothing the database does (a renewal
// hanging on an unreachable server) delays it: it passes lockctl's signals on, and stops the
// command (SIGTERM, then SIGKILL a grace later) when the lease is lost, or when its end, as last
// renewed, comes within the grace. The grace is --kill-after cut to a third of the lease, and
// SIGKILL never comes after the lease's end: the command never outlives the lease. The same
// escalation follows a signal passed on. Signals go to the whole command (CommandGroup). The
// command runs below its watcher (watcher.h), which enforces the lease's end on its own if
// lockctl is stopped or killed. When the command is stopped (Ctrl-Z), lockctl stops too, as a
// shell's job; continued before the lease's end, it continues the command. When the command's
// first process has ended, what is left of it is stopped the same way, and its scope (--scope);
// only then, and not before the time set by setReleaseNotBefore(), is ended() set, so that the
// lock is released after the last process of the command.
class Supervisor
{
public:
    Supervisor(SignalRelay &relay, const SupervisorSetup &setup);
    ~Supervisor();
    Supervisor(const Supervisor &) = delete;
    Supervisor &operator=(const Supervisor &) = delete;

    // Starts the command; returns once it runs (true) or could not be started.
    bool start(const RunCommand &command);
    // The command's first process, leader of its process group (after start()).
    qint64 pid() const { return m_end.pid; }
    // The lease, `leaseMs` long, ends at this time of QDeadlineTimer::current()'s clock, unless
    // renewed again.
    void setLeaseEnd(qint64 monotonicMs, qint64 leaseMs);
    // The time between SIGTERM and SIGKILL: --kill-after, at most a third of the lease.
    qint64 graceMs() const;
    // --hold-at-least: after the command, ended() waits for this time of the same clock (or for
    // a signal to lockctl, or the lease lost).
    void setReleaseNotBefore(qint64 monotonicMs) { m_releaseNotBefore.store(monotonicMs); }
    // A renewal found the lock lost: stop the command.
    void stopLost() { m_lost.store(true); }
    // Set once the command has ended (or never started).
    const std::atomic_bool &ended() const { return m_ended; }
    // Waits for the command to end.
    CommandEnd wait();

private:
    void run(const RunCommand &command, std::promise<bool> started);
    void watch(Watcher &child, const CommandGroup &group);
    void check(const CommandGroup &group, qint64 now);
    int stoppedBy(Watcher &child, const CommandGroup &group, qint64 now);
    void stopWithCommand(const CommandGroup &group, int signalNumber);
    void noteWatcher(const Watcher &child);
    void stopRemaining(const CommandGroup &group);
    void keepUntilReleaseTime();
    void terminate(const CommandGroup &group, qint64 now);
    void stopping(qint64 now);
    void send(const CommandGroup &group, int signalNumber);
    void reapNowAndThen(const CommandGroup &group, qint64 now);

    SignalRelay &m_relay;
    const SupervisorSetup m_setup;
    // The lease's end less the kill margin (watcher.h): the command is killed by then.
    std::atomic<qint64> m_leaseEnd{std::numeric_limits<qint64>::max()};
    std::atomic<qint64> m_leaseMs{0};
    std::atomic<qint64> m_releaseNotBefore{0};
    std::atomic_bool m_lost{false};
    std::atomic_bool m_ended{false};
    CommandEnd m_end; // the thread's until it ends (its pid: from start())
    qint64 m_killAt = -1; // when SIGKILL follows (-1: no stop under way); the thread's
    bool m_terminated = false;
    bool m_killed = false;
    qint64 m_reapedAt = 0;
    qint64 m_stopLookAt = 0; // when the command's group is next looked at for a stop
    std::thread m_thread;
};

} // namespace lockctl
