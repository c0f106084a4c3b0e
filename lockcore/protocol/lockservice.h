// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "dialect.h"
#include "locktypes.h"
#include "result.h"
#include "retrypolicy.h"

#include <QHash>
#include <QStringList>
#include <atomic>
#include <functional>
#include <optional>

class QElapsedTimer;

namespace lockcore {

class Session;
class WaitPlan;

// The lock protocol on one Session's native lock table (docs/protocol.md). Every operation is
// one short autocommit statement, or, with its history event (EventLevel::All), one short
// transaction, as admin actions always are; inputs are checked before any SQL is sent; only the
// database clock decides expiry.
class LockService
{
public:
    enum class EventLevel {
        Admin, // record init, force_release and delete (always recorded)
        All,   // also acquire, reenter, takeover, renew, release and lost (one more write each,
               // in the change's transaction: BEGIN and COMMIT add two round trips)
    };

    static QString defaultTable() { return QStringLiteral("dist_lock"); }
    static Result<LockService> create(Session &session, const QString &table = defaultTable());

    const TableNames &tables() const { return m_tables; }
    Session &session() const { return *m_session; }
    void setEventLevel(EventLevel level) { m_eventLevel = level; }
    void setActor(const QString &actor) { m_actor = actor; }
    // The application's fence table (docs/library.md, "The fence"), in this database: each
    // grant claims its fence there, on the row named after the lock, in the grant's own
    // transaction. Empty: none (the default).
    Status setFenceTable(const QString &table);

    QStringList schemaStatements() const;
    Status createSchema();

    Result<InitOutcome> initialize(const QString &name, qint64 ttlMs, const QString &description);
    // ttlMs 0: the lock's own default lease (30 s for a lock created by this acquire).
    Result<Grant> acquire(const QString &name, const QString &holder, qint64 ttlMs = 0);
    Result<Grant> acquireWithWait(const QString &name, const QString &holder, qint64 ttlMs,
                                  const RetryPolicy &policy,
                                  const std::atomic_bool *cancel = nullptr);
    // For a waiter that pauses off this connection (a LockClient's, lockwakeup.cpp): takes
    // the wake-up lock of `name` without waiting if nobody holds it, so that a release by
    // anyone NOTIFYs (Dialect::release); true if it was taken now. freeWakeLockOf: frees it
    // again if this connection holds it.
    bool takeWakeLockNow(const QString &name);
    void freeWakeLockOf(const QString &name);
    // Extends a lease that still runs by the database clock; a lease that ended is refused
    // (RenewOutcome::leaseEndedAt), even when nobody took the lock: it is lost for good.
    Result<RenewOutcome> renew(const QString &name, const QString &holder, qint64 fence,
                               qint64 ttlMs = 0);
    Result<ReleaseOutcome> release(const QString &name, const QString &holder, qint64 fence);
    Result<ForceReleaseOutcome> forceRelease(const QString &name, qint64 expectedFence,
                                             const QString &reason);
    // `seenFence`: only the lock the admin saw; a fence moved since (taken, released, deleted
    // and created again) leaves it as it is, with DeleteOutcome::changed.
    Result<DeleteOutcome> remove(const QString &name,
                                 std::optional<qint64> seenFence = std::nullopt);

    Result<QList<LockInfo>> list();
    Result<std::optional<LockInfo>> lock(const QString &name);
    Result<QList<LockEvent>> history(const QString &name, int limit = 50);
    Result<DbClock> clock();

private:
    LockService(Session &session, const TableNames &tables);
    static Status validateAcquire(const QString &name, const QString &holder, qint64 ttlMs);
    // A change and what goes with it as one transaction (inOneTransaction): at
    // EventLevel::All, every change and its event; with a fence table, a grant and its claim.
    bool recordsEvents() const;
    bool grantsTogether() const;
    // The event of a change, in the change's transaction (nothing below EventLevel::All).
    // `at`: when the change took effect, as the operation reported it (invalid: now).
    Status recordEvent(const QString &name, const QString &kind, const QString &holder,
                       qint64 fence, const QString &detail, const QDateTime &at = {});
    Status recordGrant(const Grant &grant);
    Status claimFence(const Grant &grant); // on m_fenceTable, if set
    // One acquire attempt (`once`) with what goes with its grant, as one transaction; a grant
    // is noted (m_held) once committed.
    Result<Grant> recordedAttempt(const std::function<Result<Grant>()> &once);
    Result<Grant> grantFromSelect(const QString &name, const QString &holder);
    Result<Grant> refusal(const QString &name, const QString &holder);
    // One attempt. describeRefusal: when refused, also read who holds the lock
    // (Grant::current) if the answer did not say. wakeWaitMs >= 0 (a waiter, on a connection
    // with wake-up locks that does not hold this one): first wait up to that long for the
    // lock's wake-up lock, in the same round trip.
    Result<Grant> acquireOnce(const QString &name, const QString &holder, qint64 ttlMs,
                              bool describeRefusal, qint64 wakeWaitMs = -1);
    // acquireWithWait's parts (WaitPlan decides; these carry it out): the answer when the
    // policy is exhausted, a pause spent in the wake-up lock's queue (returns the wait of the
    // next attempt's own queueing), and the error of a cancelled wait.
    Result<Grant> lastRefusal(Result<Grant> grant, int attempt);
    // After an attempt whose answer was lost (ConnectionLost), whether it took effect, from a
    // read of the lock: its grant as found (recorded), or a refusal (it did not, or the lease
    // it gave has ended); an error if the read failed too (still unknown).
    Result<Grant> settleLostAttempt(const QString &name, const QString &holder);
    // The error of a cancelled wait, after giving back what a lost attempt took, if it did.
    Error cancelledWaiting(const QString &name, const QString &holder, bool unknownOutcome);
    // m_held: a grant told to the caller, and a release of it.
    void noteHeld(const Grant &grant);
    void noteReleased(const QString &name, const QString &holder, qint64 fence,
                      const ReleaseOutcome &outcome);
    qint64 queueFor(const QString &wakeLock, qint64 pauseMs, const WaitPlan &plan,
                    const QElapsedTimer &clock, const std::atomic_bool *cancel);
    static Error cancellation(const QString &name);
    // A waiter's retry right after a release notification.
    Result<Grant> acquireWoken(const QString &name, const QString &holder, qint64 ttlMs);
    // An acquire's answer (col::Acquire): the grant, or the refusal with who holds
    // the lock; notes the wake-up lock as the answer says (`waitedFor`: the statement waited
    // for it first).
    Grant answerOf(const QVariantList &row, const QString &name, const QString &holder,
                   const QString &waitedFor);

    // The acquire statements for one (name, holder, lease, wake-up lock to take), built once:
    // a holder acquiring and releasing the same lock again and again (a worker, a waiter) does
    // not pay for building SQL text each time, only for the values that change.
    struct AcquireText
    {
        QString name;
        QString holder;
        qint64 ttlMs = -1;
        QString takesWakeLock;
        QString what; // "acquiring "name"", for errors
        Statement plain;  // the acquire
        Statement queued; // its form that first waits for the wake-up lock; empty: none
        qsizetype waitBind = -1; // the wait's bind in `queued` (Statement::Slot::WakeWait)
        bool answers = true;     // returns its answer (Oracle's MERGE: Dialect::acquireAnswer)
    };
    AcquireText &acquireText(const QString &name, const QString &holder, qint64 ttlMs,
                             const QString &takeWakeLock);
    struct ReleaseText
    {
        QString name;
        QString holder;
        QString what; // "releasing "name"", for errors
        Statement plain;   // Dialect::release
        Statement freeing; // Dialect::releaseFreeingWakeLock (with a wake-up lock)
    };
    Result<RenewOutcome> renewOnce(const Statement &statement, const QString &name,
                                   const QString &holder, qint64 fence);
    Result<ReleaseOutcome> releaseOnce(const QString &name, const QString &holder, qint64 fence);
    // A refused renewal's or release's answer: the lock as it is now (left as is when gone).
    Status readCurrent(const QString &name, LockInfo *current);
    // The release of (name, holder) with `fence` bound, built once (m_releaseText).
    Statement &releaseStatement(const QString &name, const QString &holder, qint64 fence,
                                bool freesWakeLock);
    // The wake-up lock of `name` on this connection (Dialect::wakeLockName), if it has them.
    QString wakeLockFor(const QString &name);
    // Dialect::releaseChannel of this table, worked out once.
    const QString &releaseChannel();
    // Waits up to `ms` for the wake-up lock of `name`: true when this connection took it.
    bool waitForWakeLock(const QString &wakeLock, qint64 ms);

    // The fence and depth of each lock this service last told a caller that a holder holds
    // (by name and holder; dropped when released to 0 or lost): tells a re-entry whose answer
    // was lost from one that did not take effect (settleLostAttempt).
    struct Held
    {
        qint64 fence = 0;
        int depth = 0;
    };
    QHash<std::pair<QString, QString>, Held> m_held;

    Session *m_session;
    AcquireText m_acquireText;
    ReleaseText m_releaseText;
    QString m_wakeLockOf; // the name whose wake-up lock m_wakeLock is
    QString m_wakeLock;
    std::optional<QString> m_releaseChannel;
    TableNames m_tables;
    EventLevel m_eventLevel = EventLevel::Admin;
    std::optional<TableNames> m_fenceTable;
    QString m_actor;
};

} // namespace lockcore
