// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "locktypes.h"
#include "result.h"

#include <atomic>
#include <functional>
#include <optional>

namespace lockcore {

class LockService;

// When to renew a lease: at a third of it, so that two renewals in a row can fail (a slow
// statement, a reconnect) before the lease ends. The length is the lease as the database
// granted or last renewed it (its own times), else the requested one. A renewal that could not
// be sent is retried sooner (retryMs), never later than the next third. A plain schedule on the
// caller's monotonic clock: the owner's thread (or the window's timer) does the renewing.
class LeaseSchedule
{
public:
    static constexpr qint64 retryMs = 500;
    // Taken when neither the database's times nor a requested lease say how long it is.
    static constexpr qint64 unknownLeaseMs = 30000;

    // A third of `leaseMs`, at least 1 ms.
    static qint64 intervalFor(qint64 leaseMs);
    // The lease the database gave: from its clock at the grant to the expiry it reported;
    // `fallbackMs` when either is unknown.
    static qint64 leaseOf(const QDateTime &dbNow, const QDateTime &expiresAt, qint64 fallbackMs);

    // Granted or renewed at `nowMs` for `leaseMs`: due again a third of it later.
    void start(qint64 nowMs, qint64 leaseMs);
    // A renewal at `nowMs` could not be sent (an error, not a lost lock): due again soon.
    void failed(qint64 nowMs);

    bool isDue(qint64 nowMs) const { return nowMs >= m_nextMs; }
    qint64 msUntilDue(qint64 nowMs) const { return qMax<qint64>(0, m_nextMs - nowMs); }
    qint64 interval() const { return m_intervalMs; }

private:
    qint64 m_intervalMs = 1;
    qint64 m_nextMs = 0;
};

// Keeps one grant's lease on the calling thread: renewIfDue() renews through the service when
// the schedule says so (one round trip), and reports a lost lease (no longer held by this
// holder with this fence: force-released, or taken over after the lease ran out) with the fence
// it had and the lock as it is now. For lockctl's hold and the simulator's clients, which hold
// on a thread of their own; the window, which must not wait, drives a LeaseSchedule itself.
//
// A lease that lapses is lost for good: once this machine's clock passes leaseEndMs() with no
// renewal confirmed before it, every later call answers Lapsed and sends nothing, even while
// the database would still renew it (its end there comes later; after it, the database refuses
// too): the holder already had to stop at that end, and a lease that comes back would make
// isHeld-style checks flicker. A renewal's
// statement has the lease's end as its deadline (Session::DeadlineScope), so a server that
// stops answering cannot hold the keeper past it. Acquiring again is explicit: a new grant, a
// new fence.
class LeaseKeeper
{
public:
    enum class Step {
        NotDue,  // nothing sent
        Renewed, // the lease runs again from now (grant().expiresAt)
        Failed,  // the renewal could not be sent (lastError()); retried soon
        Lost,    // no longer ours (lost()); stop working under it
        Lapsed,  // its end passed on this machine's clock, unrenewed: stop working under it
                 // (perhaps still ours in the database: release it, fence-checked)
    };

    // `ttlMs`: the lease each renewal asks for (0: the lock's own default). `clockMs`: a
    // monotonic clock in ms (default: QElapsedTimer's since construction). `askedAtMs`: when
    // the acquire that gave `grant` was sent, on that clock (default: now). The lease is
    // counted from there (leaseEndMs()): the database began it later, so the end is never late.
    LeaseKeeper(LockService &service, const Grant &grant, qint64 ttlMs,
                std::function<qint64()> clockMs = {}, std::optional<qint64> askedAtMs = {});

    Step renewIfDue();
    // Renews now, whatever the schedule says. For a grant that waited (Grant::attempts > 1):
    // its lease began sometime between the first attempt and the answer, and one renewal
    // times it from a send this keeper saw.
    Step renewNow();
    // Until the next renewal is due, or the lease's end if that comes first.
    qint64 msUntilDue() const;
    // Waits up to `maxMs` (and no longer than msUntilDue()), returning early when `stop` is
    // set. Where the database notifies releases (PostgreSQL: LISTEN on the table's channel,
    // from the first call on), a release or force release of this lock notified meanwhile ends
    // the wait and makes the next renewal due at once, so that a force release is found within
    // a round trip rather than at the next third of the lease. Elsewhere it sleeps. True when
    // a release was notified (maxMs 0: only looks, without waiting).
    bool wait(qint64 maxMs, const std::atomic_bool &stop);
    // When the lease ends on this machine's clock if no further renewal gets through: the
    // lease the database last gave, from when the statement that gave it was sent.
    qint64 leaseEndMs() const { return m_confirmedAtMs + m_leaseMs; }
    // The lease the database last gave (leaseEndMs() is this long after its statement's send).
    qint64 leaseMs() const { return m_leaseMs; }

    bool lapsed() const { return m_lapsed; }
    // Lapsed by now (this machine's clock past the lease's end), sending nothing.
    bool hasLapsed() { return checkLapsed(m_clock()); }
    const Grant &grant() const { return m_grant; } // expiresAt as last renewed
    int renewals() const { return m_renewals; }
    const Error &lastError() const { return m_lastError; }
    // After Step::Lost: the lock as the failed renewal found it (name empty: the row is gone).
    const std::optional<LockInfo> &lost() const { return m_lost; }

private:
    qint64 fallbackLease() const;
    // Whether the lease's end has passed (then Lapsed for good); not before a waited grant's
    // first renewal has timed it.
    bool checkLapsed(qint64 nowMs);
    bool listening(); // LISTENs (again after a reconnect) where the database notifies
    // How long a statement sent at `nowMs` may take: to the lease's end (untimed: at most the
    // lease's length from now).
    qint64 msLeft(qint64 nowMs) const;

    LockService &m_service;
    Grant m_grant;
    qint64 m_ttlMs;
    std::function<qint64()> m_clock;
    LeaseSchedule m_schedule;
    qint64 m_confirmedAtMs = 0; // the send of the last statement the database confirmed
    qint64 m_leaseMs = 0;       // the lease it gave
    int m_renewals = 0;
    // A waited grant's lease began after the send it is counted from: untimed until the first
    // renewal (renewNow) answers or fails; the lapse is judged from then on.
    bool m_timed = true;
    bool m_lapsed = false;
    bool m_notified = false; // a release of this lock was notified: renew at once
    bool m_armed = false;    // the release listener watches this lock
    QString m_channel;       // the table's release channel, worked out once
    Error m_lastError;
    std::optional<LockInfo> m_lost;
};

} // namespace lockcore
