#include "cuttableproxy.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
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
    if (fromClient && m_losing < 0 && m_loseAnswer.exchange(false))
        m_losing = client; // this request goes through; its answer will not
    if (fromClient && !copy(client, server))
        return false;
    if (!fromServer)
        return true;
    if (client != m_losing)
        return copy(server, client);
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
                ::close(client);
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
                ::close(client);
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
            if (server >= 0)
                pairs.emplace_back(client, server);
            else if (client >= 0)
                ::close(client);
        }
    }
    for (const auto &[client, server] : pairs) {
        ::shutdown(client, SHUT_RDWR);
        ::close(client);
        ::close(server);
    }
    ::close(m_listener);
}

} // namespace testsupport
