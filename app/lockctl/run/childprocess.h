#pragma once

#include <QProcessEnvironment>
#include <QStringList>

#include <memory>
#include <optional>

class QProcess;

namespace lockctl {

// The command "lockctl run" runs: the program and its arguments, and its environment.
struct RunCommand
{
    QStringList argv; // the program first
    QProcessEnvironment environment;
};

// Why a command could not be started, with a shell's status for it: 127 not found, 126 found
// but not runnable (a directory, no execute permission, not an executable format).
struct StartFailure
{
    int status = 127;
    QString reason;
};

// How a command ended: its exit code, or the signal that ended it.
struct ChildExit
{
    int exitCode = -1; // when it exited
    int signal = 0;    // when a signal ended it
    // As a shell reports it in $?: the exit code, or 128 + the signal.
    int status() const { return signal > 0 ? 128 + signal : exitCode; }
};

// One command as a child process of lockctl. It has lockctl's stdin, stdout and stderr (so
// "lockctl run x -- sh -c 'echo hi'" prints hi), and on Linux dies with lockctl: its
// parent-death signal is SIGKILL (prctl PR_SET_PDEATHSIG, set between fork and exec), so a
// lockctl killed with SIGKILL leaves no command running on a lock it can no longer renew. The
// parent-death signal follows the thread that started the child: the same thread must watch it
// until it ends. It is the leader of a process group of its own (CommandGroup: the processes it
// starts in turn are stopped with it), and takes the terminal's foreground from lockctl.
class ChildProcess
{
public:
    ChildProcess();
    ~ChildProcess(); // a command still running is killed (SIGKILL) and reaped
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;

    // Finds the program as execvp() would (a name with a slash as it is, else on PATH) and
    // starts it, its group in the foreground of `terminal` (-1: none, terminal.h); the failure
    // when it cannot be.
    std::optional<StartFailure> start(const RunCommand &command, int terminal);
    qint64 pid() const;
    // Waits up to `ms` for the command to end: true once it has.
    bool waitForExit(int ms);
    void signal(int signalNumber);
    ChildExit exit() const; // after waitForExit() said it ended

private:
    std::unique_ptr<QProcess> m_process;
};

// "SIGTERM" for SIGTERM, and the other signals lockctl sends or relays.
QString signalName(int signalNumber);

} // namespace lockctl
