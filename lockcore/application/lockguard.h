// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connectionspec.h"
#include "lockdefinition.h"
#include "lockservice.h"
#include "locktypes.h"
#include "result.h"
#include "session.h"

#include <QList>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace lockcore {

class LockHold;

// A lease the guard no longer has, as the guard found out.
struct LostLease
{
    enum class Reason {
        TakenAway, // a renewal found it no longer ours: force-released, or taken over
        RanOut,    // no renewal reached the database before the lease ran out
    };
    Reason reason = Reason::TakenAway;
    QString name;
    qint64 fence = 0;  // the fence the guard had: anything written with it is now stale
    LockInfo current;  // TakenAway: the lock as the renewal found it (name empty: row gone)
    Error lastError;   // RanOut: why the renewals failed
};

struct GuardOptions
{
    QString table = LockService::defaultTable(); // the native lock table (LockService)
    QString holder;                              // empty: defaultHolderId()
    SessionOptions session;                      // for the guard's own connection
    // All: also record each acquire, renew and release in the event table (one more write
    // each), for an audit trail.
    LockService::EventLevel events = LockService::EventLevel::Admin;
    // The application's fence table in the lock's database (docs/library.md, "The fence"):
    // each grant moves the row named after its lock to its fence in the grant's own
    // transaction, so that a stale writer is refused from the grant on, before this holder
    // has written anything. Empty: no claim.
    QString fenceTable;
    // Called once, on the guard's renewal thread, the moment a lease is found lost (by a
    // renewal, or by the release while release() waits for that thread). Keep it short and
    // thread-safe (set a flag, post an event); never wait for another thread, nor release.
    std::function<void(const LostLease &)> onLost;
    const std::atomic_bool *cancel = nullptr; // set: stop waiting for the lock (Cancelled)
};

// Holds one lock, or several, for a scope: the one-lock program's form, with a connection and a
// thread of its own (an application that takes locks often shares a LockClient instead, whose
// tryLock gives guards of this same type, renewed by the client's one thread). The constructor acquires (waiting as each
// definition says; several locks in name order, all or none); a thread of the guard's own, on
// a connection of its own opened from `spec`, renews every lease at a third of it whatever the
// application's thread is doing, and reports a lost lease at once (GuardOptions::onLost,
// isHeld(), lost()). The destructor, or release(), stops the renewals and then releases, in
// reverse order, owner-and-fence checked: never someone else's lock. Every call is thread-safe.
class LockGuard
{
public:
    enum class State {
        Held,     // acquired, and no lease found lost yet
        Refused,  // held by another until the wait ended (refusal())
        Failed,   // an error: no connection, no table, bad input, cancelled (error())
        Lost,     // a lease was lost while held (lost()); the others are still released
        Released, // release() ran (releaseError() says if it reached the database)
    };

    LockGuard(const ConnectionSpec &spec, const LockDefinition &lock, GuardOptions options = {});
    // Several locks: taken in name order so that two guards asking for {a, b} and {b, a}
    // cannot deadlock; if one cannot be had, those taken are released and none is held.
    LockGuard(const ConnectionSpec &spec, const QList<LockDefinition> &locks,
              GuardOptions options = {});
    ~LockGuard(); // release()
    LockGuard(const LockGuard &) = delete;
    LockGuard &operator=(const LockGuard &) = delete;

    State state() const;
    bool acquired() const; // got every lock (whatever happened since)
    // Acquired, no lease found lost, not released, and every lease's end not yet reached on
    // this machine's clock since the last renewal the database confirmed.
    bool isHeld() const;
    // One lock: its fence (0 if not acquired). Several: ambiguous (the first in name order,
    // whatever order they were given in); write with fence(name) instead.
    qint64 fence() const;
    qint64 fence(const QString &name) const; // that lock's fence (0: not one of them, or none)
    QList<Grant> grants() const; // as acquired, in name order
    QString holder() const;
    int renewals() const; // renewals the database confirmed, all locks together
    // Refused: the lock that could not be had, with who holds it (Grant::current).
    std::optional<Grant> refusal() const;
    Error error() const; // Failed
    std::optional<LostLease> lost() const;
    Error lastRenewalError() const; // the latest renewal that could not be sent, if any

    // Stops the renewals, then releases every lock still ours, in reverse order. An error when
    // a release could not reach the database (the lock then ends with its lease); a lost lease
    // is not an error here (lost() says so). Waits at most for the statements' timeouts.
    Status release();
    Status releaseError() const;

private:
    friend class LockClient;
    explicit LockGuard(std::unique_ptr<LockHold> hold); // started already

    std::unique_ptr<LockHold> m_hold;
};

} // namespace lockcore
