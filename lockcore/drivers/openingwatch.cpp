// SPDX-License-Identifier: Apache-2.0
#include "openingwatch.h"

#include "callwatchdog.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>

#include <condition_variable>
#include <cstring>
#include <mutex>
#include <set>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// Who the opening connection's socket is connected to.
struct ServerPeer
{
    bool anySocket = false;         // ODBC: the data source names the server
    bool anyUnixSocket = false;     // the driver's default unix socket
    QStringList unixDirectories;    // PostgreSQL's host "/run/postgresql": its socket in there
    QList<std::pair<QByteArray, int>> tcp; // an address (16 bytes, IPv4 mapped; empty: any), port

    bool matches(int socket) const;
};

int defaultPort(ConnectionSpec::Backend backend)
{
    switch (backend) {
    case ConnectionSpec::Backend::PostgreSQL: return 5432;
    case ConnectionSpec::Backend::MySQL: return 3306;
    case ConnectionSpec::Backend::Oracle: return 1521;
    default: return 0;
    }
}

// An IPv6 address, or an IPv4 one mapped into IPv6, as 16 bytes; empty for a host name.
QByteArray addressOf(const QString &host)
{
    in6_addr v6{};
    if (::inet_pton(AF_INET6, host.toLatin1().constData(), &v6) == 1)
        return QByteArray(reinterpret_cast<const char *>(&v6), sizeof v6);
    in_addr v4{};
    if (::inet_pton(AF_INET, host.toLatin1().constData(), &v4) != 1)
        return {};
    QByteArray mapped(10, '\0');
    mapped += QByteArray(2, '\xff');
    return mapped + QByteArray(reinterpret_cast<const char *>(&v4), sizeof v4);
}

ServerPeer peerOf(const ConnectionSpec &spec)
{
    ServerPeer peer;
    if (spec.backend == ConnectionSpec::Backend::ODBC) {
        peer.anySocket = true;
        return peer;
    }
    for (const HostPort &server : spec.hosts()) {
        const bool mysqlLocal = spec.backend == ConnectionSpec::Backend::MySQL
                                && (server.host.isEmpty() || server.host == u"localhost");
        if (server.host.isEmpty() || mysqlLocal)
            peer.anyUnixSocket = true;
        else if (server.host.startsWith(u'/'))
            peer.unixDirectories << server.host + u'/';
        else
            peer.tcp.append({addressOf(server.host),
                             server.port > 0 ? server.port : defaultPort(spec.backend)});
    }
    return peer;
}

bool ServerPeer::matches(int socket) const
{
    if (anySocket)
        return true;
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    if (::getpeername(socket, reinterpret_cast<sockaddr *>(&address), &length) != 0)
        return false;
    if (address.ss_family == AF_UNIX) {
        const auto *local = reinterpret_cast<const sockaddr_un *>(&address);
        const QString path = QString::fromLocal8Bit(local->sun_path);
        if (path.isEmpty())
            return false; // a socket pair's end, not a server's
        if (anyUnixSocket)
            return true;
        for (const QString &directory : unixDirectories)
            if (path.startsWith(directory))
                return true;
        return false;
    }
    QByteArray bytes;
    int port = 0;
    if (address.ss_family == AF_INET) {
        const auto *v4 = reinterpret_cast<const sockaddr_in *>(&address);
        bytes = QByteArray(10, '\0') + QByteArray(2, '\xff')
                + QByteArray(reinterpret_cast<const char *>(&v4->sin_addr), 4);
        port = ntohs(v4->sin_port);
    } else if (address.ss_family == AF_INET6) {
        const auto *v6 = reinterpret_cast<const sockaddr_in6 *>(&address);
        bytes = QByteArray(reinterpret_cast<const char *>(&v6->sin6_addr), 16);
        port = ntohs(v6->sin6_port);
    } else {
        return false;
    }
    for (const auto &[serverAddress, serverPort] : tcp)
        if (serverPort == port && (serverAddress.isEmpty() || serverAddress == bytes))
            return true;
    return false;
}

// The servers whose open has its turn now.
std::mutex turnsMutex;
std::condition_variable turnsChanged;
std::set<QString> opening;

} // namespace

OpeningWatch::OpeningWatch(const ConnectionSpec &spec, QDeadlineTimer deadline)
    : m_server(spec.backend == ConnectionSpec::Backend::ODBC
                   ? u"odbc"_s
                   : spec.backendName() + u' ' + hostListText(spec.hosts()))
{
    {
        std::unique_lock lock(turnsMutex);
        const auto free = [this] { return opening.count(m_server) == 0; };
        if (deadline.isForever())
            turnsChanged.wait(lock, free);
        else if (!turnsChanged.wait_for(lock,
                                        std::chrono::milliseconds(deadline.remainingTime()),
                                        free))
            return;
        opening.insert(m_server);
        m_hasTurn = true;
    }
    m_before = ConnectionSocket::socketsNow();
    auto search = [before = m_before, peer = peerOf(spec)] {
        std::vector<int> found;
        for (const auto &[fd, inode] : ConnectionSocket::socketsNow()) {
            const auto was = before.find(fd);
            if ((was == before.end() || was->second != inode) && peer.matches(fd))
                found.push_back(fd);
        }
        return found;
    };
    m_id = CallWatchdog::instance().armSearch(search, deadline, &m_abandoned);
}

OpeningWatch::~OpeningWatch()
{
    if (m_id != 0)
        CallWatchdog::instance().disarm(m_id);
    if (!m_hasTurn)
        return;
    {
        const std::lock_guard lock(turnsMutex);
        opening.erase(m_server);
    }
    turnsChanged.notify_all();
}

} // namespace lockcore
