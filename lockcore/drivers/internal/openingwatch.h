// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connectionsocket.h"
#include "connectionspec.h"

#include <QDeadlineTimer>

#include <atomic>

namespace lockcore {

// The deadline of QSqlDatabase::open(), whose socket the client library hands out only once
// the open has ended (libpq, Connector/C, the ODBC drivers). When the deadline passes, the
// CallWatchdog finds the socket and shuts it down (and looks again every few milliseconds
// until the open returns), so every step of the open ends by then: TCP, TLS, the login, and
// the statements the Qt driver runs after it (QPSQL's SETs, QMYSQL's character set).
//
// The socket found: a connected stream socket that appeared in the process since the open
// began and whose peer is the server (a host's address and port; a host name's port, as no
// name is looked up here; a unix socket where the URL names one or the driver uses one: a
// directory host, MySQL's "localhost"). Through ODBC, whose data source names the server, any
// new one. Opens of the same server (through ODBC: any two) take turns in the process, so that
// two are never mistaken for each other; the wait for a turn counts against the deadline.
// Internal to Session.
class OpeningWatch
{
public:
    OpeningWatch(const ConnectionSpec &spec, QDeadlineTimer deadline);
    ~OpeningWatch(); // disarms, and gives the turn to the next open of the same server
    OpeningWatch(const OpeningWatch &) = delete;
    OpeningWatch &operator=(const OpeningWatch &) = delete;

    // False: the deadline passed while other opens of the same server had their turn.
    bool started() const { return m_id != 0; }
    // The watchdog shut the open's socket down (its deadline passed, or an interrupt).
    bool abandoned() const { return m_abandoned.load(); }
    // The process's sockets before the open began.
    const ConnectionSocket::Sockets &before() const { return m_before; }

private:
    QString m_server; // whose turn it is: the backend and its hosts
    bool m_hasTurn = false;
    ConnectionSocket::Sockets m_before;
    std::atomic_bool m_abandoned{false};
    quint64 m_id = 0;
};

} // namespace lockcore
