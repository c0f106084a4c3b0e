// SPDX-License-Identifier: GPL-3.0-or-later
#include "terminal.h"

#include <csignal>
#include <initializer_list>
#include <pthread.h>
#include <unistd.h>

namespace lockctl {

namespace {

// tcsetpgrp() from a background group raises SIGTTOU unless it is blocked.
void setForeground(int fd, pid_t group)
{
    sigset_t ttou, previous;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    ::pthread_sigmask(SIG_BLOCK, &ttou, &previous);
    ::tcsetpgrp(fd, group);
    ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
}

} // namespace

int foregroundTerminal()
{
    for (const int fd : {0, 1, 2}) {
        if (::isatty(fd) && ::tcgetpgrp(fd) == ::getpgrp())
            return fd;
    }
    return -1;
}

void takeForeground(int fd)
{
    if (fd >= 0)
        setForeground(fd, ::getpgrp());
}

void takeForegroundBack(int fd)
{
    if (fd >= 0)
        setForeground(fd, ::getpgrp());
}

void giveForeground(int fd, long long group)
{
    if (fd >= 0 && group > 0)
        setForeground(fd, pid_t(group));
}

} // namespace lockctl
