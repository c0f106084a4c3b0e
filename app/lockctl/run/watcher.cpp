// SPDX-License-Identifier: GPL-3.0-or-later
#include "watcher.h"

#include <QByteArrayList>
#include <QDeadlineTimer>
#include <QThread>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vector>

namespace lockctl {

namespace {

constexpr int watcherFd = 3;          // the watcher's end of the socket pair, in the watcher
constexpr int startTimeoutMs = 10000; // for the watcher to say the command runs
constexpr int reapGoneMs = 1000;      // for the command to die with a watcher that was killed

struct SpawnSetup
{
    posix_spawn_file_actions_t files;
    posix_spawnattr_t attributes;
    explicit SpawnSetup(int watcherEnd)
    {
        posix_spawn_file_actions_init(&files);
        posix_spawn_file_actions_adddup2(&files, watcherEnd, watcherFd); // clears close-on-exec
        posix_spawnattr_init(&attributes);
        sigset_t none;
        sigemptyset(&none);
        posix_spawnattr_setsigmask(&attributes, &none);
        posix_spawnattr_setpgroup(&attributes, 0); // a group of its own: no terminal signals
        posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
    }
    ~SpawnSetup()
    {
        posix_spawn_file_actions_destroy(&files);
        posix_spawnattr_destroy(&attributes);
    }
};

// NUL-terminated strings for exec, kept alive with their pointers.
struct CStrings
{
    QByteArrayList strings;
    std::vector<char *> pointers;
    char **data()
    {
        pointers.clear();
        for (QByteArray &string : strings)
            pointers.push_back(string.data());
        pointers.push_back(nullptr);
        return pointers.data();
    }
};

StartFailure failureOf(int error)
{
    const int status = error == ENOENT ? 127 : 126;
    return StartFailure{status, QString::fromLocal8Bit(std::strerror(error))};
}

} // namespace

qint64 killMarginMs(qint64 leaseMs)
{
    return qBound(qint64(0), leaseMs / 10, qint64(250));
}

Watcher::~Watcher()
{
    if (m_socket >= 0)
        ::close(m_socket);
    if (m_watcher <= 0 || m_watcherGone)
        return;
    // It ends at once when lockctl's end closes; if it does not, it is left to finish on its own.
    const QDeadlineTimer deadline(2000);
    while (::waitpid(pid_t(m_watcher), nullptr, WNOHANG) == 0 && !deadline.hasExpired())
        QThread::msleep(2);
}

std::optional<StartFailure> Watcher::start(const RunCommand &command, int terminal,
                                           qint64 leaseEndMs)
{
    QString path;
    if (auto failure = locateProgram(command.argv.value(0), &path))
        return failure;
    int ends[2]; // a socket pair, not a pipe: a write to a dead watcher raises no SIGPIPE
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
        return failureOf(errno);
    // "lockctl" as its name, so that ps shows what it is.
    CStrings argv{{"lockctl", watcherMode, QByteArray::number(qint64(::getpid())),
                   QByteArray::number(terminal), QByteArray::number(leaseEndMs),
                   path.toLocal8Bit()}};
    for (const QString &argument : command.argv.mid(1))
        argv.strings << argument.toLocal8Bit();
    CStrings environment;
    for (const QString &variable : command.environment.toStringList())
        environment.strings << variable.toLocal8Bit();
    pid_t pid = 0;
    int spawned = 0;
    {
        const SpawnSetup setup(ends[0]);
        spawned = ::posix_spawn(&pid, "/proc/self/exe", &setup.files, &setup.attributes,
                                argv.data(), environment.data());
    }
    ::close(ends[0]);
    if (spawned != 0) {
        ::close(ends[1]);
        return failureOf(spawned);
    }
    m_watcher = pid;
    m_socket = ends[1];
    m_leaseEndSent = leaseEndMs;
    const QDeadlineTimer deadline(startTimeoutMs);
    while (m_command == 0 && m_startError == 0 && !m_watcherGone && !deadline.hasExpired())
        readLines(20);
    if (m_startError != 0)
        return failureOf(m_startError);
    if (m_command == 0)
        return StartFailure{126, QStringLiteral("the run's watcher did not start it")};
    return std::nullopt;
}

void Watcher::setLeaseEnd(qint64 leaseEndMs)
{
    if (leaseEndMs == m_leaseEndSent || m_socket < 0)
        return;
    const QByteArray line = "lease " + QByteArray::number(leaseEndMs) + '\n';
    ::send(m_socket, line.constData(), size_t(line.size()), MSG_NOSIGNAL);
    m_leaseEndSent = leaseEndMs;
}

bool Watcher::waitForExit(int ms)
{
    if (!m_ended)
        readLines(ms);
    return m_ended;
}

int Watcher::takeStopped()
{
    return std::exchange(m_stopped, 0);
}

// Reads what the watcher said within `ms`; notices its end. False when it said nothing.
bool Watcher::readLines(int ms)
{
    pollfd ready{m_socket, POLLIN, 0};
    if (m_watcherGone || ::poll(&ready, 1, ms) <= 0)
        return false;
    char buffer[512];
    const ssize_t size = ::recv(m_socket, buffer, sizeof buffer, MSG_DONTWAIT);
    if (size == 0) {
        noticeWatcherEnd();
        return false;
    }
    if (size < 0)
        return false;
    m_received.append(buffer, size);
    qsizetype end = 0;
    while ((end = m_received.indexOf('\n')) >= 0) {
        handle(m_received.left(end));
        m_received.remove(0, end + 1);
    }
    return true;
}

void Watcher::handle(const QByteArray &line)
{
    const QByteArrayList words = line.split(' ');
    const QByteArray &what = words.value(0);
    if (what == "pid")
        m_command = words.value(1).toLongLong();
    else if (what == "fail")
        m_startError = words.value(1).toInt();
    else if (what == "stopped")
        m_stopped = words.value(1).toInt();
    else if (what == "expired")
        m_expired = true;
    else if (what == "exit" && !m_ended) {
        m_exit.exitCode = words.value(1).toInt();
        m_exit.signal = words.value(2).toInt();
        m_ended = true;
    }
}

// The watcher closed its end: killed (it never leaves before lockctl lets it). The command died
// with it (its parent-death signal); lockctl, a subreaper, inherited it and reaps it here.
void Watcher::noticeWatcherEnd()
{
    m_watcherGone = true;
    ::waitpid(pid_t(m_watcher), nullptr, 0);
    if (m_ended || m_command <= 0) {
        m_ended = true;
        return;
    }
    int status = 0;
    pid_t reaped = 0;
    const QDeadlineTimer deadline(reapGoneMs);
    while ((reaped = ::waitpid(pid_t(m_command), &status, WNOHANG)) == 0 && !deadline.hasExpired())
        QThread::msleep(2);
    if (reaped > 0 && WIFEXITED(status))
        m_exit.exitCode = WEXITSTATUS(status);
    else // killed with the watcher (or not reaped in time: it was sent SIGKILL all the same)
        m_exit.signal = reaped > 0 && WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    m_ended = true;
}

} // namespace lockctl
