// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuttableproxy.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <utility>
#include <vector>

namespace testsupport {

namespace {

int connectTo(const QString &host, int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(quint16(port));
    if (fd < 0 || ::inet_pton(AF_INET, host.toLatin1().constData(), &address.sin_addr) != 1
        || ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        if (fd >= 0)
            ::close(fd);
        return -1;
    }
    return fd;
}

// Copies what `from` has to `to`; false when either side is closed.
bool copy(int from, int to)
{
    char buffer[16384];
    const ssize_t got = ::read(from, buffer, sizeof buffer);
    for (ssize_t sent = 0; got > 0 && sent < got;) {
        const ssize_t n = ::send(to, buffer + sent, size_t(got - sent), MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        sent += n;
    }
    return got > 0;
}

// Whether what `client` sends now begins a query (not a step of the login): PostgreSQL's simple
// or extended query ('Q', 'P'), MySQL's COM_QUERY (a packet numbered 0 whose command is 3).
bool startsQuery(int client, lockcore::ConnectionSpec::Backend backend)
{
    unsigned char head[5] = {};
    const ssize_t got = ::recv(client, head, sizeof head, MSG_PEEK | MSG_DONTWAIT);
    if (backend == lockcore::ConnectionSpec::Backend::PostgreSQL)
        return got >= 1 && (head[0] == 'Q' || head[0] == 'P');
    return got >= 5 && head[3] == 0 && head[4] == 3;
}

} // namespace

CuttableProxy::CuttableProxy(const lockcore::ConnectionSpec &server) : m_server(server)
{
    m_listener = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (m_listener < 0 || ::pipe(m_wake) != 0
        || ::bind(m_listener, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0
        || ::listen(m_listener, 16) != 0
        || ::getsockname(m_listener, reinterpret_cast<sockaddr *>(&address), &length) != 0)
        return;
    m_port = ntohs(address.sin_port);
    m_thread = std::thread([this] { relay(); });
}

CuttableProxy::~CuttableProxy()
{
    cut();
    if (m_port == 0 && m_listener >= 0)
        ::close(m_listener); // (the relay closes it when it ran)
    for (const int fd : m_wake)
        if (fd >= 0)
            ::close(fd);
}

lockcore::ConnectionSpec CuttableProxy::spec() const
{
    lockcore::ConnectionSpec relayed = m_server;
    relayed.host = QStringLiteral("127.0.0.1");
    relayed.port = m_port;
    return relayed;
}

void CuttableProxy::cut()
{
    if (m_cut.exchange(true) || !m_thread.joinable()) {
        if (m_thread.joinable())
            m_thread.join();
        return;
    }
    const char byte = 0;
    (void)::write(m_wake[1], &byte, 1);
    m_thread.join(); // the relay closes its connections and the listener as it ends
}

void CuttableProxy::dropConnections()
{
    m_drop = true;
    const char byte = 0;
    (void)::write(m_wake[1], &byte, 1);
    while (m_drop.load() && !m_cut.load()) // until the relay has closed them
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

void CuttableProxy::freeze(bool frozen)
{
    m_frozen = frozen;
    const char byte = 0;
    (void)::write(m_wake[1], &byte, 1);
}

void CuttableProxy::loseNextAnswer(bool thenFreeze)
{
    m_freezeAfterLoss = thenFreeze;
    m_loseAnswer = true;
}

void CuttableProxy::freezeAfterServerBytes(qint64 bytes)
{
    m_freezeArmed = bytes;
}

void CuttableProxy::freezeAtFirstQuery()
{
    m_queryFreezeArmed = true;
}

bool CuttableProxy::requestWaiting() const
{
    const std::lock_guard lock(m_clientsMutex);
    if (!m_unanswered.empty())
        return true;
    for (const int client : m_clients) {
        int pending = 0;
        if (::ioctl(client, FIONREAD, &pending) == 0 && pending > 0)
            return true;
    }
    return false;
}

void CuttableProxy::accepted(int client)
{
    {
        const std::lock_guard lock(m_clientsMutex);
        m_clients.insert(client);
    }
    m_latest = client;
    m_serverBytes = 0;
    m_beforeQuery[client] = 0;
    if (m_queryFreezeArmed.load())
        m_freezing.insert(client);
    m_bytesLeft = m_freezeArmed.exchange(-1);
    if (m_bytesLeft == 0) {
        m_frozen = true;
        m_bytesLeft = -1; // (unfrozen, it carries on)
    }
}

void CuttableProxy::closed(int client)
{
    if (client == m_latest)
        m_latest = -1;
    m_beforeQuery.erase(client);
    m_freezing.erase(client);
    const std::lock_guard lock(m_clientsMutex);
    m_unanswered.erase(client);
    m_clients.erase(client);
    ::close(client);
}

bool CuttableProxy::answer(int server, int client)
{
    const bool latest = client == m_latest;
    char buffer[16384];
    const size_t most = latest && m_bytesLeft >= 0
                            ? size_t(qMin<qint64>(m_bytesLeft, sizeof buffer))
                            : sizeof buffer;
    const ssize_t got = ::read(server, buffer, most);
    for (ssize_t sent = 0; got > 0 && sent < got;) {
        const ssize_t n = ::send(client, buffer + sent, size_t(got - sent), MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        sent += n;
    }
    if (got <= 0)
        return false;
    {
        const std::lock_guard lock(m_clientsMutex);
        m_unanswered.erase(client); // (an answer in several pieces counts from its first)
    }
    if (const auto login = m_beforeQuery.find(client); login != m_beforeQuery.end())
        login->second += got;
    if (!latest)
        return true;
    m_serverBytes += got;
    if (m_bytesLeft >= 0 && (m_bytesLeft -= got) == 0) {
        m_frozen = true; // the rest of the setup is not answered
        m_bytesLeft = -1; // (unfrozen, it carries on)
    }
    return true;
}

void CuttableProxy::cutAfterRequests(int requests)
{
    m_cutArmed = requests;
}

bool CuttableProxy::cutsAt(int client)
{
    if (m_cutting < 0 && m_cutArmed.load() >= 0) {
        m_cutting = client;
        m_requestsLeft = m_cutArmed.exchange(-1);
    }
    if (client != m_cutting)
        return false;
    if (m_requestsLeft-- > 0)
        return false;
    m_cutting = -1;
    ++m_cuts;
    return true;
}

bool CuttableProxy::carry(int client, int server, short fromClient, short fromServer)
{
    if (fromClient && cutsAt(client))
        return false; // the answer before reached the client; this request does not go
    if (const auto login = m_beforeQuery.find(client);
        fromClient && login != m_beforeQuery.end() && startsQuery(client, m_server.backend)) {
        m_loginBytes = login->second;
        m_beforeQuery.erase(login);
        if (m_freezing.count(client) && m_queryFreezeArmed.exchange(false)) {
            m_freezing.clear();
            m_frozen = true; // the query stays unread: a server that hangs after the login
            return true;
        }
    }
    if (fromClient && m_losing < 0 && m_loseAnswer.exchange(false))
        m_losing = client; // this request goes through; its answer will not
    if (fromClient && !copy(client, server))
        return false;
    if (fromClient) {
        const std::lock_guard lock(m_clientsMutex);
        m_unanswered.insert(client);
    }
    if (!fromServer)
        return true;
    if (client != m_losing)
        return answer(server, client);
    char buffer[16384]; // the server has acted and answers: drop the answer, close both
    (void)::read(server, buffer, sizeof buffer);
    m_losing = -1;
    if (m_freezeAfterLoss.load())
        m_frozen = true;
    ++m_answersLost;
    return false;
}

void CuttableProxy::relay()
{
    std::vector<std::pair<int, int>> pairs; // client, server
    while (!m_cut.load()) {
        if (m_frozen.load()) { // a hung server: nothing is read, written or accepted
            pollfd wake{m_wake[0], POLLIN, 0};
            if (::poll(&wake, 1, 1000) > 0) {
                char byte;
                (void)::read(m_wake[0], &byte, 1);
            }
            continue;
        }
        std::vector<pollfd> fds{{m_wake[0], POLLIN, 0}, {m_listener, POLLIN, 0}};
        for (const auto &[client, server] : pairs) {
            fds.push_back({client, POLLIN, 0});
            fds.push_back({server, POLLIN, 0});
        }
        if (::poll(fds.data(), fds.size(), 1000) <= 0 || m_cut.load())
            continue;
        if (fds[0].revents & POLLIN) {
            char byte;
            (void)::read(m_wake[0], &byte, 1);
        }
        if (m_drop.load()) {
            for (const auto &[client, server] : pairs) {
                ::shutdown(client, SHUT_RDWR);
                closed(client);
                ::close(server);
            }
            pairs.clear();
            m_losing = -1;
            m_cutting = -1;
            m_drop = false;
            continue;
        }
        for (size_t i = 0; i < pairs.size(); ++i) { // those polled: the fds match
            const auto [client, server] = pairs[i];
            const short fromClient = fds[2 + 2 * i].revents;
            const short fromServer = fds[3 + 2 * i].revents;
            if (!carry(client, server, fromClient, fromServer)) {
                if (client == m_losing) // closed before its answer came: nothing was lost
                    m_losing = -1;
                if (client == m_cutting) // closed by the client before the cut
                    m_cutting = -1;
                closed(client);
                ::close(server);
                pairs[i] = {-1, -1};
            }
        }
        pairs.erase(std::remove_if(pairs.begin(), pairs.end(),
                                   [](const auto &pair) { return pair.first < 0; }),
                    pairs.end());
        if ((fds[1].revents & POLLIN) && !m_frozen.load()) {
            const int client = ::accept(m_listener, nullptr, nullptr);
            const int server = client >= 0 ? connectTo(m_server.host, m_server.port) : -1;
            if (server >= 0) {
                pairs.emplace_back(client, server);
                accepted(client);
            }
            else if (client >= 0)
                ::close(client);
        }
    }
    for (const auto &[client, server] : pairs) {
        ::shutdown(client, SHUT_RDWR);
        closed(client);
        ::close(server);
    }
    ::close(m_listener);
}

} // namespace testsupport
