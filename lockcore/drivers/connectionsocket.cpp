// SPDX-License-Identifier: Apache-2.0
#include "connectionsocket.h"

#include <QDir>

#include <sys/socket.h>
#include <sys/stat.h>

namespace {

// A connection's socket: a stream with a peer (not a listener, not a datagram socket).
bool isConnectedStream(int fd)
{
    int type = 0;
    socklen_t length = sizeof type;
    sockaddr_storage peer{};
    socklen_t peerLength = sizeof peer;
    return ::getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0 && type == SOCK_STREAM
           && ::getpeername(fd, reinterpret_cast<sockaddr *>(&peer), &peerLength) == 0;
}

} // namespace

namespace lockcore {

quint64 ConnectionSocket::inodeOf(int socket)
{
    struct stat status {};
    return socket >= 0 && ::fstat(socket, &status) == 0 && S_ISSOCK(status.st_mode)
               ? quint64(status.st_ino)
               : 0;
}

ConnectionSocket::Sockets ConnectionSocket::socketsNow()
{
    Sockets sockets;
    const QStringList entries = QDir(QStringLiteral("/proc/self/fd"))
                                    .entryList(QDir::AllEntries | QDir::System
                                               | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool isNumber = false;
        const int fd = entry.toInt(&isNumber);
        if (!isNumber)
            continue;
        if (const quint64 inode = inodeOf(fd); inode != 0 && isConnectedStream(fd))
            sockets.emplace(fd, inode);
    }
    return sockets;
}

ConnectionSocket::ConnectionSocket(const Sockets &before, const Sockets &after)
{
    for (const auto &[fd, inode] : after) {
        const auto was = before.find(fd);
        if (was != before.end() && was->second == inode)
            continue;
        if (m_inode != 0) { // a second new socket: not ours to tell apart
            m_socket = -1;
            m_inode = 0;
            return;
        }
        m_socket = fd;
        m_inode = inode;
    }
}

int ConnectionSocket::descriptor() const
{
    return m_inode != 0 && inodeOf(m_socket) == m_inode ? m_socket : -1;
}

} // namespace lockcore
