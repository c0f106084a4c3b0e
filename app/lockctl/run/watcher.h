#pragma once

#include <QByteArray>

namespace lockctl {

// The first argument that starts lockctl as a run's watcher (not a command: no help lists it).
inline constexpr char watcherMode[] = "--lockscope-run-watcher";

// What ends a run's command when lockctl itself is killed (SIGKILL, the OOM killer), which
// neither the command's parent-death signal (its first process only) nor the subreaper (gone
// with lockctl) covers. lockctl starts a second lockctl in a hidden mode, in a process group
// of its own and deaf to SIGINT, SIGTERM and SIGHUP, holding one end of a socket pair whose
// other end only lockctl holds. While lockctl lives the watcher notes, every 100 ms, the
// processes below it; when lockctl's end closes (lockctl ended, however) it kills with SIGKILL, until
// none is left: the command's process group, the processes it noted (still the same: pid and
// start time), those whose environment carries this run's LOCKSCOPE_RUN_ID, and their children.
class Watcher
{
public:
    Watcher() = default;
    ~Watcher(); // closes lockctl's end and reaps the watcher
    Watcher(const Watcher &) = delete;
    Watcher &operator=(const Watcher &) = delete;

    // Starts the watcher for the run whose command gets `runId` as LOCKSCOPE_RUN_ID.
    bool start(const QByteArray &runId);
    // Tells it the command's process group.
    void watchGroup(qint64 pgid);
    qint64 pid() const { return m_pid; }

private:
    qint64 m_pid = 0;
    int m_socket = -1; // lockctl's end
};

// The watcher's main: argv = lockctl, watcherMode, run id, lockctl's pid; its end of
// the socket pair on fd 3.
int watcherMain(int argc, char **argv);

} // namespace lockctl
