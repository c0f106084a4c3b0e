// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

#include <map>

namespace lockcore {

// The socket under a connection whose client library does not hand it out (ODBC drivers):
// the one socket that appeared in the process while the connection opened. Internal to Session.
class ConnectionSocket
{
public:
    // The process's connected stream sockets now (descriptor -> inode), from /proc/self/fd.
    using Sockets = std::map<int, quint64>;
    static Sockets socketsNow();
    // The inode of `socket`'s descriptor when it is a socket, 0 otherwise.
    static quint64 inodeOf(int socket);

    // The one socket in `after` that is not in `before`; none when there is no such socket or
    // more than one (another thread opened one meanwhile: which one is ours is not known).
    ConnectionSocket(const Sockets &before, const Sockets &after);

    // The descriptor while it is still the same socket (the driver may have closed it and the
    // number been reused since); -1 otherwise.
    int descriptor() const;

private:
    int m_socket = -1;
    quint64 m_inode = 0;
};

} // namespace lockcore
