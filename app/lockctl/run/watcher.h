// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "childprocess.h"

#include <QByteArray>

#include <optional>

namespace lockctl {

// The first argument that starts lockctl as a run's watcher (not a command: no help lists it).
inline constexpr char watcherMode[] = "--lockscope-run-watcher";

// The command of "lockctl run", started through its watcher: a second lockctl process, in a
// process group of its own and deaf to the terminal's and the shell's signals, that is the
// command's parent and a child subreaper. Every process the command starts stays below the
// watcher whatever it does (double fork, setsid, a cleared environment), and the watcher keeps
// the lease's end as lockctl last told it, on its own monotonic clock. So the promise does not
// rest on lockctl running:
// - lockctl killed (its end of the socket pair closes): the watcher kills (SIGKILL) everything
//   below it, round after round until nothing is left;
// - lockctl stopped or starved past the lease's end: the watcher kills it all at that end;
// - the watcher killed: the command (parent-death signal SIGKILL) dies with it, the rest
//   becomes lockctl's (a subreaper too), and lockctl kills it at once (watcherGone()).
// Both act a margin before the lease's end (killMarginMs()): a kill takes a look at /proc and a
// wake-up, on a busy machine some milliseconds, and the database's lease ends only as much later
// as its statement ran after the send that lockctl counts from.
// The command leads a process group of its own and takes the terminal's foreground.
class Watcher
{
public:
    Watcher() = default;
    ~Watcher(); // closes lockctl's end (the watcher then ends what is left) and reaps it
    Watcher(const Watcher &) = delete;
    Watcher &operator=(const Watcher &) = delete;

    // Starts the watcher and, through it, the command, its group in the foreground of
    // `terminal` (-1: none); the lease ends at `leaseEndMs` (QDeadlineTimer::current()'s
    // clock) unless told otherwise. The failure when it cannot be started.
    std::optional<StartFailure> start(const RunCommand &command, int terminal, qint64 leaseEndMs);
    qint64 pid() const { return m_command; }        // the command's first process
    qint64 watcherPid() const { return m_watcher; }
    // The lease's new end, after a renewal.
    void setLeaseEnd(qint64 leaseEndMs);
    // Waits up to `ms` for news from the watcher: true once the command has ended.
    bool waitForExit(int ms);
    ChildExit exit() const { return m_exit; }
    // The signal that stopped the command (job control) since the last call; 0: none.
    int takeStopped();
    bool expired() const { return m_expired; }         // the watcher killed it at the lease's end
    bool watcherGone() const { return m_watcherGone; } // it ended before lockctl let it

private:
    bool readLines(int ms);
    void handle(const QByteArray &line);
    void noticeWatcherEnd();

    qint64 m_watcher = 0;
    qint64 m_command = 0;
    int m_socket = -1; // lockctl's end
    QByteArray m_received;
    ChildExit m_exit;
    bool m_ended = false;
    bool m_expired = false;
    bool m_watcherGone = false;
    int m_stopped = 0;
    int m_startError = 0;
    qint64 m_leaseEndSent = 0;
};

// How long before the lease's end lockctl and the watcher kill what is left of the command: a
// tenth of the lease, at most 250 ms.
qint64 killMarginMs(qint64 leaseMs);

// The watcher's main: argv = lockctl, watcherMode, lockctl's pid, the terminal's descriptor
// (-1: none), the lease's end, the program's path and its arguments; its end of the socket pair
// on fd 3.
int watcherMain(int argc, char **argv);

} // namespace lockctl
