#include "watcher.h"

#include <QDeadlineTimer>
#include <QThread>

#include <cerrno>
#include <fcntl.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace lockctl {

namespace {

constexpr int watcherFd = 3; // the watcher's end of the socket pair, in the watcher

struct SpawnSetup
{
    posix_spawn_file_actions_t files;
    posix_spawnattr_t attributes;
    SpawnSetup(int readEnd)
    {
        posix_spawn_file_actions_init(&files);
        posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&files, 2, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_adddup2(&files, readEnd, watcherFd); // clears close-on-exec
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

} // namespace

Watcher::~Watcher()
{
    if (m_socket >= 0)
        ::close(m_socket);
    if (m_pid <= 0)
        return;
    // It ends at once when lockctl's end closes; if it does not, it is left to finish on its own.
    const QDeadlineTimer deadline(2000);
    while (::waitpid(pid_t(m_pid), nullptr, WNOHANG) == 0 && !deadline.hasExpired())
        QThread::msleep(5);
}

bool Watcher::start(const QByteArray &runId)
{
    int ends[2]; // a socket pair, not a pipe: a write to a dead watcher raises no SIGPIPE
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
        return false;
    QByteArray self = "/proc/self/exe";
    QByteArray mode = watcherMode;
    QByteArray id = runId;
    QByteArray parent = QByteArray::number(qint64(::getpid()));
    char *argv[] = {self.data(), mode.data(), id.data(), parent.data(), nullptr};
    pid_t pid = 0;
    int spawned = 0;
    {
        const SpawnSetup setup(ends[0]);
        spawned = ::posix_spawn(&pid, self.constData(), &setup.files, &setup.attributes, argv,
                                environ);
    }
    ::close(ends[0]);
    if (spawned != 0) {
        ::close(ends[1]);
        return false;
    }
    m_pid = pid;
    m_socket = ends[1];
    return true;
}

void Watcher::watchGroup(qint64 pgid)
{
    const QByteArray line = QByteArray::number(pgid) + '\n';
    if (m_socket >= 0) // a watcher already gone cannot be told: nothing else to do
        ::send(m_socket, line.constData(), size_t(line.size()), MSG_NOSIGNAL);
}

} // namespace lockctl
