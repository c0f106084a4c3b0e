// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "directresult.h"
#include "statement.h"

#include <QSqlDatabase>
#include <QSqlError>

#include <memory>

namespace lockcore {

// How a session's statements reach its server, chosen once when the connection opens (and
// again after a reconnect, for the new handle): Qt's driver, libpq's extended protocol
// (PostgreSQL) or MariaDB Connector/C. Each prepares a statement once per text and runs it
// again with its binds; its rows are read at once. Internal to Session.
class Transport
{
public:
    struct Outcome
    {
        DirectResult result;
        QSqlError error; // valid when the statement failed; the server's code as native code
        int roundTrips = 1; // statements sent for it (more where a driver needs a question after)
    };
    enum class Kind { QtDriver, Libpq, ConnectorC };

    virtual ~Transport() = default;
    virtual Kind kind() const = 0;
    virtual Outcome exec(const Statement &statement) = 0;
    // The statement of this text is prepared afresh next time (after a failure that may have
    // left it in a bad state).
    virtual void forget(const QString &text) = 0;
    virtual bool isPrepared(const QString &text) const = 0;
    // Forgets every prepared statement (the connection closed, or broke).
    virtual void clear() = 0;

};

class QtStatements;

// The transport past Qt's driver for `db`: libpq on PostgreSQL, Connector/C on MariaDB, where
// this build links them and the connection is theirs; null when there is none (the session
// then runs everything through `qt`, its Qt driver statements, which a libpq transport also
// uses for a value it cannot send).
std::unique_ptr<Transport> directTransport(const QSqlDatabase &db, bool mariaDb, QtStatements &qt);

} // namespace lockcore
