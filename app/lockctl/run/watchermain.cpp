// SPDX-License-Identifier: GPL-3.0-or-later
// The watcher of "lockctl run" (watcher.h): a lockctl started in a hidden mode, the parent of
// the command. Plain POSIX and /proc: no QCoreApplication, no thread, nothing to translate.

#include "procscan.h"
#include "terminal.h"
#include "watcher.h"

#include <QByteArrayList>
#include <QDeadlineTimer>

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <initializer_list>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

namespace lockctl {

namespace {

constexpr int socketFd = 3; // the watcher's end of the socket pair
constexpr int pollMs = 10;
constexpr int killRounds = 500; // 2 ms apart: what forks meanwhile is caught too

struct Run
{
    pid_t lockctl = 0;
    pid_t command = 0;
    qint64 leaseEndMs = LLONG_MAX; // on CLOCK_MONOTONIC, as lockctl counts it
    bool commandEnded = false;
    bool expired = false;
    QByteArray received; // a line from lockctl not yet whole
};

qint64 nowMs()
{
    return QDeadlineTimer::current().deadline();
}

void tell(const QByteArray &line)
{
    const QByteArray whole = line + '\n';
    (void)::send(socketFd, whole.constData(), size_t(whole.size()), MSG_NOSIGNAL);
}

// Reaps every child that ended (the command, and orphans of it this subreaper inherited), and
// tells lockctl how the command ended or that it was stopped.
void reap(Run &run)
{
    int status = 0;
    pid_t pid = 0;
    while ((pid = ::waitpid(-1, &status, WNOHANG | WUNTRACED)) > 0) {
        if (pid != run.command)
            continue;
        if (WIFSTOPPED(status)) {
            tell("stopped " + QByteArray::number(WSTOPSIG(status)));
        } else if (!run.commandEnded) {
            run.commandEnded = true;
            const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            const int signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
            tell("exit " + QByteArray::number(code) + ' ' + QByteArray::number(signal));
        }
    }
}

// Kills (SIGKILL) every process below the watcher, round after round until none is left: as a
// subreaper it is the parent of every orphan of the command, so nothing below it is missed.
void killTree(Run &run)
{
    const qint64 self = ::getpid();
    for (int round = 0; round < killRounds; ++round) {
        const QList<ProcessEntry> below = descendantsOf(self, scanProcesses());
        bool running = false;
        for (const ProcessEntry &entry : below) {
            if (!entry.ended()) {
                ::kill(pid_t(entry.pid), SIGKILL);
                running = true;
            }
        }
        reap(run);
        if (!running && below.isEmpty())
            return;
        ::usleep(2000);
    }
}

// Reads what lockctl sent: "lease MS" lines. False once lockctl's end closed.
bool readLockctl(Run &run)
{
    char buffer[256];
    const ssize_t size = ::recv(socketFd, buffer, sizeof buffer, MSG_DONTWAIT);
    if (size == 0)
        return false;
    if (size < 0)
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
    run.received.append(buffer, size);
    qsizetype end = 0;
    while ((end = run.received.indexOf('\n')) >= 0) {
        const QByteArrayList words = run.received.left(end).split(' ');
        run.received.remove(0, end + 1);
        if (words.size() == 2 && words[0] == "lease")
            run.leaseEndMs = words[1].toLongLong();
    }
    return true;
}

// Runs in the command's process between fork and exec.
[[noreturn]] void execCommand(char **argv, int terminal, pid_t watcher, int errorPipe)
{
    ::setpgid(0, 0); // a process group of its own, which lockctl signals as a whole
    takeForeground(terminal);
#ifdef Q_OS_LINUX
    ::prctl(PR_SET_PDEATHSIG, SIGKILL); // dies with the watcher: lockctl then inherits the rest
    if (::getppid() != watcher)
        ::raise(SIGKILL);
#else
    Q_UNUSED(watcher);
#endif
    for (int signal = 1; signal < NSIG; ++signal) // what the watcher ignores, the command must not
        ::signal(signal, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::execv(argv[0], argv);
    const int error = errno;
    (void)::write(errorPipe, &error, sizeof error);
    ::_exit(127);
}

// Starts the command; its errno when it could not be (0: it runs).
int startCommand(Run &run, char **argv, int terminal)
{
    int pipeEnds[2];
    if (::pipe2(pipeEnds, O_CLOEXEC) != 0)
        return errno;
    const pid_t self = ::getpid();
    run.command = ::fork();
    if (run.command == 0)
        execCommand(argv, terminal, self, pipeEnds[1]);
    ::close(pipeEnds[1]);
    int error = run.command < 0 ? errno : 0;
    if (run.command > 0 && ::read(pipeEnds[0], &error, sizeof error) != sizeof error)
        error = 0; // closed by the exec: it runs
    ::close(pipeEnds[0]);
    if (error != 0 && run.command > 0)
        ::waitpid(run.command, nullptr, 0);
    return error;
}

void becomeWatcher()
{
    for (const int ignored : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU})
        ::signal(ignored, SIG_IGN);
    ::fcntl(socketFd, F_SETFD, FD_CLOEXEC); // the command does not get it
#ifdef Q_OS_LINUX
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
}

} // namespace

int watcherMain(int argc, char **argv)
{
    if (argc < 6)
        return 2;
    becomeWatcher();
    Run run;
    run.lockctl = pid_t(QByteArray(argv[2]).toLongLong());
    const int terminal = QByteArray(argv[3]).toInt();
    run.leaseEndMs = QByteArray(argv[4]).toLongLong();
    if (::getppid() != run.lockctl) // lockctl already gone: nothing to start
        return 1;
    if (const int error = startCommand(run, argv + 5, terminal); error != 0) {
        tell("fail " + QByteArray::number(error));
        return 1;
    }
    tell("pid " + QByteArray::number(qint64(run.command)));
    while (readLockctl(run)) {
        pollfd ready{socketFd, POLLIN, 0};
        ::poll(&ready, 1, int(qBound(qint64(0), run.leaseEndMs - nowMs(), qint64(pollMs))));
        reap(run);
        if (!run.expired && nowMs() >= run.leaseEndMs) { // lockctl stopped, starved or late
            run.expired = true;
            tell("expired");
            killTree(run);
        }
    }
    killTree(run); // lockctl ended, however: nothing of the command outlives it
    return 0;
}

} // namespace lockctl
