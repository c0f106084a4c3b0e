#pragma once

#include "connectionspec.h"

#include <atomic>
#include <thread>

namespace testsupport {

// A TCP relay on 127.0.0.1 to a database server (the spec's IPv4 host and port), for a client
// that must lose its server while it runs (or only its connection: dropConnections()): cut()
// closes every relayed connection and the listening port, so that the open connections break
// and new ones are refused, as if the server were gone. port() is 0 if it could not listen.
class CuttableProxy
{
public:
    explicit CuttableProxy(const lockcore::ConnectionSpec &server);
    ~CuttableProxy();
    CuttableProxy(const CuttableProxy &) = delete;
    CuttableProxy &operator=(const CuttableProxy &) = delete;
    int port() const { return m_port; }
    // The server's connection through the relay.
    lockcore::ConnectionSpec spec() const;
    void cut();
    // Closes the connections relayed so far but keeps accepting: a client's connection breaks,
    // and its reconnect gets through.
    void dropConnections();
    // A server that hangs: while frozen, the relay copies nothing either way and accepts no
    // connection (a connect still succeeds, into the listener's backlog, and then hears
    // nothing); unfrozen, it carries on where it stopped.
    void freeze(bool frozen);

private:
    void relay(); // the relay thread: accept, then copy bytes both ways until cut

    lockcore::ConnectionSpec m_server;
    int m_listener = -1;
    int m_port = 0;
    int m_wake[2] = {-1, -1}; // cut() writes to m_wake[1] to end the relay's poll()
    std::atomic_bool m_cut{false};
    std::atomic_bool m_drop{false};
    std::atomic_bool m_frozen{false};
    std::thread m_thread;
};

} // namespace testsupport
