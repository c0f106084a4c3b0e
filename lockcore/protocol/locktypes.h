// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>

namespace lockcore {

enum class LockState { Free, Held, Expired };
QString lockStateName(LockState state); // "free", "held", "expired"

// A lock row as the database sees it; state and remaining time are computed in database time.
struct LockInfo
{
    QString name;
    QString holder; // empty when free
    QString prevHolder;
    int depth = 0;
    qint64 fence = 0;
    QDateTime acquiredAt; // invalid when never acquired
    QDateTime expiresAt;
    QDateTime renewedAt;
    qint64 ttlMs = 0;
    QString description;
    QDateTime dbNow; // the database clock when the row was read
    LockState state = LockState::Free;

    qint64 remainingMs() const; // > 0 while held, 0 otherwise
};

// The answer to an acquire: granted (with the fencing token) or refused (with who holds it).
struct Grant
{
    bool acquired = false;
    QString name;
    QString holder;
    qint64 fence = 0;
    int depth = 0; // > 1: a re-entry by the same holder
    QDateTime acquiredAt;
    QDateTime expiresAt;
    QDateTime dbNow;
    QString tookOverFrom; // the previous holder whose lease had expired, if any
    int attempts = 1;     // with acquireWithWait
    LockInfo current;     // when refused: the lock as it is now
};

struct RenewOutcome
{
    bool renewed = false; // false: lost (no longer held by this holder with this fence, or
                          // its lease had ended: leaseEndedAt)
    QDateTime expiresAt;
    QDateTime dbNow;      // renewed: the renewal's time; lapsed: the clock when refused
    // Refused because the lease had already ended (still this holder's row, which anyone
    // could take from then on): when it ended. A lapsed lease is lost for good; acquiring
    // again gives a new fence. Invalid otherwise.
    QDateTime leaseEndedAt;
    LockInfo current; // when lost: the lock as it is now (name empty if the row is gone)
};
// Why a renewal of `name` was refused after its lease had ended (leaseEndedAt valid): when it
// ended, how long before the renewal, and what to do ("acquire again (a new fence)").
QString renewLapsedText(const QString &name, const RenewOutcome &outcome);

struct ReleaseOutcome
{
    bool released = false; // false: lost (taken over or force-released), nothing changed
    int remainingDepth = -1; // 0: free now; > 0: still held (re-entered); -1: not reported
    QDateTime releasedAt;    // database time the lock became free, when the dialect reports it
    LockInfo current;        // when lost: the lock as it is now
};

struct ForceReleaseOutcome
{
    bool released = false; // false: the fence moved since the admin looked (or no such lock)
    QString releasedHolder;
    qint64 newFence = 0;
    LockInfo current; // the lock after the action, or as it is now when refused
};
// Why a force release of `name` with the fence the admin saw was refused, from the lock as it is
// now (`current`; no name: deleted): released meanwhile, or held by someone else.
QString forceReleaseRefusal(const QString &name, qint64 seenFence, const LockInfo &current);

struct InitOutcome
{
    bool created = false; // false: the lock already existed and was left as it is
    LockInfo current;
};

struct DeleteOutcome
{
    bool deleted = false;
    bool missing = false; // there was no such lock
    bool changed = false; // its fence is no longer the one the admin saw
    LockInfo current;     // when refused (held, changed): the lock as it is now
};

struct LockEvent
{
    qint64 id = 0;
    QDateTime at;
    QString lockName;
    QString kind; // init, acquire, reenter, renew, release, takeover, lost, force_release, delete
    QString holder;
    qint64 fence = 0;
    QString actor;
    QString detail;
};

struct DbClock
{
    QDateTime dbNow;
    qint64 offsetMs = 0;    // database clock minus this machine's clock
    qint64 roundTripMs = 0; // the uncertainty of the offset
};

} // namespace lockcore
