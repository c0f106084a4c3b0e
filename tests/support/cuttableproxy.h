// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"

#include <atomic>
#include <map>
#include <mutex>
#include <set>
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
    // Frozen now: by freeze(true), or where a freeze armed below was reached.
    bool isFrozen() const { return m_frozen.load(); }
    // An answer lost after the server acted: the next request a client sends goes through, the
    // server's answer to it is dropped and that connection closed (the outcome is unknown to
    // the client); the relay keeps accepting, so the client's reconnect gets through. With
    // `thenFreeze`, the relay freezes (freeze(true)) as it drops the answer, so that the test
    // can look at the server before the client's reconnect gets anywhere.
    void loseNextAnswer(bool thenFreeze = false);
    // Answers dropped so far by loseNextAnswer().
    int answersLost() const { return m_answersLost.load(); }
    // A connection cut right after an answer: the next client to send gets its next
    // `requests` requests through, with their answers; its request after them is not sent and
    // the connection is closed (the client holds the last answer, and its next statement fails).
    // A request is what the client writes at once (a statement with its parameters).
    void cutAfterRequests(int requests);
    // Connections cut so far by cutAfterRequests().
    int cuts() const { return m_cuts.load(); }
    // A server that hangs part way through a connection's setup: the next connection gets
    // `bytes` bytes from the server (0: none), and then the relay freezes (freeze(true)).
    void freezeAfterServerBytes(qint64 bytes);
    // A server that hangs right after the login: the first query (see loginBytes()) of a
    // connection made from now on is not sent, and the relay freezes (freeze(true)): whichever
    // of a client's new connections gets there first. Not through TLS.
    void freezeAtFirstQuery();
    // The bytes the server has sent so far on the latest connection (a setup's length, once
    // the client has connected).
    qint64 serverBytes() const { return m_serverBytes.load(); }
    // The server's bytes on a connection before its client sent its first query (a PostgreSQL
    // simple or extended query, a MySQL COM_QUERY), for the latest connection to send one: the
    // login's length, where the traffic is not encrypted; -1 until then.
    qint64 loginBytes() const { return m_loginBytes.load(); }
    // While frozen: whether a client waits for an answer (a call in progress): it has sent
    // something the relay has not read, or the relay passed its request on and no answer has
    // begun to come back.
    bool requestWaiting() const;

private:
    void relay(); // the relay thread: accept, then copy bytes both ways until cut
    // Copies what the polled pair has to read; false when it is closed (or its answer lost, or
    // it is cut after its requests).
    bool carry(int client, int server, short fromClient, short fromServer);
    // cutAfterRequests(): whether this request from `client` is the one not to send.
    bool cutsAt(int client);
    // Copies the server's answer to the client, up to the bytes freezeAfterServerBytes() lets
    // through; false when either side is closed.
    bool answer(int server, int client);
    void accepted(int client);
    void closed(int client);

    lockcore::ConnectionSpec m_server;
    int m_listener = -1;
    int m_port = 0;
    int m_wake[2] = {-1, -1}; // cut() writes to m_wake[1] to end the relay's poll()
    std::atomic_bool m_cut{false};
    std::atomic_bool m_drop{false};
    std::atomic_bool m_frozen{false};
    std::atomic_bool m_loseAnswer{false}; // armed by loseNextAnswer()
    std::atomic_bool m_freezeAfterLoss{false};
    std::atomic_int m_answersLost{0};
    int m_losing = -1; // the relay's: the client whose request went through, its answer to drop
    std::atomic_int m_cutArmed{-1}; // armed by cutAfterRequests(): the requests to let through
    std::atomic_int m_cuts{0};
    int m_cutting = -1;      // the relay's: the client to cut, once it has
    int m_requestsLeft = 0;  // sent this many more requests
    std::atomic<qint64> m_freezeArmed{-1}; // freezeAfterServerBytes(), for the next connection
    std::atomic_bool m_queryFreezeArmed{false}; // freezeAtFirstQuery(), until a query freezes
    std::map<int, qint64> m_beforeQuery; // the relay's: clients yet to query, the server's bytes
    std::set<int> m_freezing; // the relay's: clients accepted while a freeze at a query is armed
    qint64 m_bytesLeft = -1; // the relay's: what the latest connection may still get
    int m_latest = -1;       // the relay's: the latest connection's client
    std::atomic<qint64> m_serverBytes{0};
    std::atomic<qint64> m_loginBytes{-1};
    mutable std::mutex m_clientsMutex;
    std::set<int> m_clients; // open client sockets, for requestWaiting()
    std::set<int> m_unanswered; // clients whose request went on, its answer not back yet
    std::thread m_thread;
};

} // namespace testsupport
