// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchoptions.h"
#include "dialect.h"
#include "result.h"

#include <QString>
#include <QStringList>
#include <atomic>
#include <memory>

namespace lockcore {
class Session;
}

namespace lockbench {

// The protocols lockbench knows, in its order: lockcore first, the reference of every
// ratio. (docs/bench.md shows each one's SQL per database.)
const QStringList &protocolIds();

// What every protocol is built with.
struct ProtocolContext
{
    lockcore::Dialect::Kind kind = lockcore::Dialect::Kind::SQLite;
    QString tablePrefix;
    QString database; // the URL's database (MySQL lock names are server-wide)
    qint64 ttlMs = 30000;
    WaitSettings wait;
};

// One client of a protocol: lives in the client's thread, on the connection that thread
// opened, and sends the protocol's statements itself.
class Client
{
public:
    virtual ~Client() = default;
    // Waits with the protocol's own policy until `lock` is granted (true) or `stop` is
    // raised (false, not held).
    virtual lockcore::Result<bool> acquire(const QString &lock, const std::atomic_bool &stop) = 0;
    // Releases a lock this client holds. false: the protocol answered that the lock was no
    // longer this client's, a safety failure the bench reports.
    virtual lockcore::Result<bool> release(const QString &lock) = 0;
    // Statements sent to the server so far.
    virtual quint64 roundTrips() const = 0;
};

// A lock protocol under test, shared (read-only) by the client threads.
class Protocol
{
public:
    explicit Protocol(const ProtocolContext &context)
        : m_context(context)
    {}
    virtual ~Protocol() = default;

    virtual QString id() const = 0;
    // Empty when the protocol runs on this database, else why it does not ("n/a").
    virtual QString unavailableReason() const { return {}; }
    // How its clients wait for a busy lock, in a few words (for the report).
    virtual QString waitPolicy() const = 0;

    // On the bench's own connection, before any client: its tables dropped and created afresh,
    // and whatever the locks `locks` need before a first acquire.
    virtual lockcore::Status setUp(lockcore::Session &session, const QStringList &locks) const = 0;
    // Its tables dropped.
    virtual lockcore::Status tearDown(lockcore::Session &session) const = 0;
    // In the client's thread, on the session it opened (which outlives the client).
    virtual lockcore::Result<std::unique_ptr<Client>> makeClient(lockcore::Session &session,
                                                                 const QString &holder) const
        = 0;

    const ProtocolContext &context() const { return m_context; }

protected:
    // "<prefix>_<name>", unquoted.
    QString table(const QString &name) const;

    ProtocolContext m_context;
};

// One factory per protocol family (one file each).
std::unique_ptr<Protocol> makeLockcoreProtocol(const ProtocolContext &context);
std::unique_ptr<Protocol> makeRawSqlProtocol(const ProtocolContext &context);
std::unique_ptr<Protocol> makeSeed000Protocol(const ProtocolContext &context);
std::unique_ptr<Protocol> makeSeed004Protocol(const ProtocolContext &context);
std::unique_ptr<Protocol> makeShedlockProtocol(const ProtocolContext &context);
std::unique_ptr<Protocol> makeNativeProtocol(const ProtocolContext &context);

// The protocol with this id (one of protocolIds()).
std::unique_ptr<Protocol> makeProtocol(const QString &id, const ProtocolContext &context);

} // namespace lockbench
