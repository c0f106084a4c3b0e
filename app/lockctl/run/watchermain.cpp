// The watcher of "lockctl run" (watcher.h): a lockctl started in a hidden mode. Plain POSIX and
// /proc: no QCoreApplication, nothing to translate (it never writes).

#include "procscan.h"
#include "watcher.h"

#include <QHash>
#include <QSet>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <initializer_list>
#include <poll.h>
#include <unistd.h>

namespace lockctl {

namespace {

constexpr int watcherFd = 3;
constexpr int noteEveryMs = 100;
constexpr int killRounds = 100; // 20 ms apart: what forks meanwhile is caught too

struct Watched
{
    qint64 lockctl = 0;
    qint64 pgid = 0;                  // the command's group, once told
    QByteArray runIdEntry;            // "LOCKSCOPE_RUN_ID=..."
    QHash<qint64, quint64> noted;     // pid -> start time, seen below lockctl
};

void note(Watched &watched)
{
    const qint64 self = ::getpid();
    for (const ProcessEntry &entry : descendantsOf(watched.lockctl, scanProcesses())) {
        if (entry.pid != self)
            watched.noted.insert(entry.pid, entry.startTime);
    }
}

bool isTheCommands(const Watched &watched, const ProcessEntry &entry, const QSet<qint64> &hit)
{
    if (watched.pgid > 0 && entry.pgid == watched.pgid)
        return true;
    const auto noted = watched.noted.constFind(entry.pid);
    if (noted != watched.noted.cend() && *noted == entry.startTime) // not a reused pid
        return true;
    return hit.contains(entry.ppid) || environmentHas(entry.pid, watched.runIdEntry);
}

// One round: kills what is left of the command; false when nothing was.
bool killRound(const Watched &watched, QSet<qint64> &hit)
{
    const qint64 self = ::getpid();
    bool found = false;
    const QList<ProcessEntry> all = scanProcesses();
    for (const ProcessEntry &entry : all) {
        if (entry.pid == self || entry.pid == watched.lockctl || entry.ended())
            continue;
        if (isTheCommands(watched, entry, hit)) {
            ::kill(pid_t(entry.pid), SIGKILL);
            hit.insert(entry.pid);
            found = true;
        }
    }
    return found;
}

void readTold(int fd, Watched &watched, bool *closed)
{
    char buffer[64];
    const ssize_t size = ::read(fd, buffer, sizeof buffer - 1);
    if (size <= 0) {
        *closed = size == 0 || errno != EINTR;
        return;
    }
    buffer[size] = '\0';
    const qint64 pgid = QByteArray(buffer).trimmed().toLongLong();
    if (pgid > 1)
        watched.pgid = pgid;
}

} // namespace

int watcherMain(int argc, char **argv)
{
    if (argc < 4)
        return 2;
    for (const int ignored : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE})
        ::signal(ignored, SIG_IGN);
    Watched watched;
    watched.runIdEntry = QByteArray("LOCKSCOPE_RUN_ID=") + argv[2];
    watched.lockctl = QByteArray(argv[3]).toLongLong();
    bool closed = ::getppid() != pid_t(watched.lockctl); // lockctl already gone
    while (!closed) {
        pollfd ready{watcherFd, POLLIN, 0};
        if (::poll(&ready, 1, noteEveryMs) > 0)
            readTold(watcherFd, watched, &closed);
        else
            note(watched);
    }
    QSet<qint64> hit;
    for (int round = 0; round < killRounds && killRound(watched, hit); ++round)
        ::usleep(20000);
    return 0;
}

} // namespace lockctl
