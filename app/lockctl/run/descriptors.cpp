// SPDX-License-Identifier: GPL-3.0-or-later
#include "descriptors.h"

#include <QDir>

#include <fcntl.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace lockctl {

QSet<int> openDescriptors()
{
    QSet<int> open;
    const QDir listed(u"/proc/self/fd"_s);
    if (listed.exists()) { // Linux: the ones there are
        for (const QString &entry : listed.entryList(QDir::Files | QDir::System)) {
            bool ok = false;
            const int fd = entry.toInt(&ok);
            if (ok && fd > 2 && ::fcntl(fd, F_GETFD) != -1) // not the listing's own
                open.insert(fd);
        }
        return open;
    }
    const long max = qMin(::sysconf(_SC_OPEN_MAX), 65536L);
    for (int fd = 3; fd < max; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1)
            open.insert(fd);
    }
    return open;
}

void closeOwnOnExec(const QSet<int> &inherited)
{
    for (const int fd : openDescriptors()) {
        if (inherited.contains(fd))
            continue;
        const int flags = ::fcntl(fd, F_GETFD);
        if (flags != -1 && !(flags & FD_CLOEXEC))
            ::fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    }
}

} // namespace lockctl
