// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connectionspec.h"
#include "lockdefinition.h"
#include "lockdefinitions.h"
#include "lockguard.h"
#include "lockresult.h"
#include "lockservice.h"
#include "result.h"
#include "rununder.h"
#include "session.h"

#include <QList>
#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>

namespace lockcore {

class ClientCore;

// What a client is made with: the database's settings, the same for every lock taken from it.
struct ClientOptions
{
    QString table = LockService::defaultTable(); // the native lock table (LockService)
    QString holder; // empty: defaultHolderId(); each guard adds "#<n>" (LockClient::holder)
    SessionOptions session;                      // for the client's one connection
    // The lease of tryLock(name, wait), for a lock given by name only.
    std::chrono::milliseconds lease = std::chrono::seconds(30);
    // All: also record each acquire, renew and release in the event table (one more write each).
    LockService::EventLevel events = LockService::EventLevel::Admin;
    // The application's fence table (docs/library.md, "The fence"): each grant moves the row
    // named after its lock to its fence in the grant's own transaction. Empty: no claim.
    QString fenceTable;
};

// What one lock asked of a client may add.
struct LockOptions
{
    // Called once, on the client's thread, the moment a lease of this guard is found lost.
    // Keep it short and thread-safe (set a flag, post an event); never wait for another
    // thread, nor call the client or release a guard from it.
    std::function<void(const LostLease &)> onLost;
    const std::atomic_bool *cancel = nullptr; // set: stop waiting for the lock (Cancelled)
};

// One client per database and process, shared by the application's threads (Redisson's
// client, ShedLock's LockProvider, Spring's LockRegistry): one connection and one thread of its
// own, opened once. Every guard taken from it is renewed by that one thread (one statement per
// lock at a third of its lease), reports a lost lease as a guard of its own would, and is
// released owner-and-fence checked. Every call is thread-safe: the client's thread runs the
// statements of all callers one after the other; a caller waiting for a lock held by another
// spends its pauses between attempts on its own thread. A guard may outlive the LockClient
// object: the connection closes once the client and all its guards are gone.
class LockClient
{
public:
    // Connects (on the client's own thread); an error when the database cannot be reached or
    // the settings are wrong.
    [[nodiscard]] static Result<LockClient> open(const ConnectionSpec &spec,
                                                 ClientOptions options = {});
    ~LockClient();
    LockClient(LockClient &&) noexcept;
    LockClient &operator=(LockClient &&) noexcept;

    // One lock, trying until `wait` ends (0: one attempt), with the client's lease.
    LockResult tryLock(const QString &name,
                       std::chrono::milliseconds wait = std::chrono::milliseconds(0),
                       LockOptions options = {});
    // One lock as defined (its lease, wait, retries and interval).
    LockResult tryLock(const LockDefinition &lock, LockOptions options = {});
    // Several locks, taken in name order, all or none (as LockGuard's).
    LockResult tryLock(const QList<LockDefinition> &locks, LockOptions options = {});

    // Runs `work(guard)` holding `locks` (see the free runUnder in rununder.h), on this client.
    template<typename F>
    [[nodiscard]] RunOutcome<RunValue<F>> runUnder(const QList<LockDefinition> &locks, F &&work,
                                                   LockOptions options = {})
    {
        LockResult result = tryLock(locks, std::move(options));
        return runHolding(result.guard(), std::forward<F>(work));
    }
    template<typename F>
    [[nodiscard]] RunOutcome<RunValue<F>> runUnder(const LockDefinition &lock, F &&work,
                                                   LockOptions options = {})
    {
        return runUnder(QList<LockDefinition>{lock}, std::forward<F>(work), std::move(options));
    }

    // The client's holder id; each guard holds as this, "#" and a number of its own
    // (LockGuard::holder()): two guards of one client never share a lock.
    QString holder() const;

private:
    friend class ClientInternals; // the tests' hook (internal/clientinternals.h)
    explicit LockClient(std::shared_ptr<ClientCore> core);

    std::shared_ptr<ClientCore> m_core;
};

} // namespace lockcore
