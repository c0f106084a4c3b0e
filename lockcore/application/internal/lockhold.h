// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "leasekeeper.h"
#include "lockguard.h"

#include <QElapsedTimer>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace lockcore {

class ClientCore;
class LockService;
struct LockOptions;

// What a LockGuard holds. On a thread of its own (the one-lock program's LockGuard): opens its
// Session there, acquires the locks in name order (all or none), renews them with a
// LeaseKeeper each until asked to stop, then releases them in reverse order and closes the
// connection. From a client (LockClient): the same steps, the statements on the client's
// thread, which renews this hold's leases with those of the client's other holds
// (ClientCore::keepAll calls renewDue and releaseNotified); the waits between attempts on the
// caller's thread. The guard's thread-safe view of it is the shared part below, under m_mutex.
class LockHold
{
public:
    LockHold(const ConnectionSpec &spec, QList<LockDefinition> locks, GuardOptions options);
    LockHold(std::shared_ptr<ClientCore> client, QList<LockDefinition> locks,
             LockOptions options);
    ~LockHold(); // release()

    // Acquires (on the hold's own thread, which it starts, or through the client) and waits
    // until it has acquired, or could not.
    void start();
    Status release();

    // On the thread that keeps the leases (the hold's own, or the client's).
    // Renews what is due; returns how long to sleep before the next renewal or lease end.
    qint64 renewDue();
    // Whether a release of a lock held was notified (PostgreSQL): then renewed at once. Looks
    // only, without waiting; the keeping thread looks every notifyPollMs.
    bool releaseNotified();
    static constexpr qint64 notifyPollMs = 100;

    LockGuard::State state() const;
    bool acquired() const;
    bool isHeld() const;
    QList<Grant> grants() const;
    QString holder() const { return m_holder; }
    int renewals() const;
    std::optional<Grant> refusal() const;
    Error error() const;
    std::optional<LostLease> lost() const;
    Error lastRenewalError() const;
    Status releaseStatus() const;

private:
    // One lock held: its keeper (which knows when its lease ends on this machine's clock).
    struct Kept
    {
        LockDefinition definition;
        std::unique_ptr<LeaseKeeper> keeper;
        bool lost = false;      // reported lost: no longer renewed
        bool takenAway = false; // ... and known not to be ours: not released either
        qint64 endsAtMs() const { return keeper->leaseEndMs(); }
    };

    void run();
    Status checkInput() const;
    // Acquires every lock in order; on a refusal or an error releases those taken.
    bool acquireAll(LockService &service);
    // Waits for one more lock as its definition says, in slices that end when a lock already
    // held is due for renewal, renewing it in between: a long wait for a later lock does not
    // let an earlier one lapse. *sentAt: when the attempt that answered was sent.
    Result<Grant> acquireKeeping(LockService &service, const LockDefinition &definition,
                                 qint64 *sentAt);
    // Keeps a grant (on the keeping thread): its LeaseKeeper renews it from now on.
    void keep(LockService &service, const LockDefinition &definition, const Grant &grant,
              qint64 sentAt);
    // Through the client: every lock in order, each tried as its definition says.
    void acquireThroughClient();
    // One lock, one attempt per statement on the client's thread, the pauses on this one.
    Result<Grant> acquireWaiting(const LockDefinition &definition);
    Result<Grant> attemptOnce(LockService &service, const LockDefinition &definition);
    // On the client's thread: what stop-and-release does on a hold's own.
    void releaseOnClient(LockService &service);
    Status releaseThroughClient();
    void settle(LockGuard::State state);
    void checkKept(Kept &kept, LeaseKeeper::Step step);
    void markLost(Kept &kept, LostLease lost);
    void updateHeldUntil();
    void keepUntilStopped();
    // A lease whose end passed while nobody looked lapsed all the same: say so before release.
    void noteLapsed();
    void releaseAll(LockService &service);
    // One release, again once after a connection lost in the middle (fence-checked: safe).
    void releaseOne(LockService &service, Kept &kept);
    qint64 now() const { return m_clock.elapsed(); }

    // Set before the thread starts, then read only.
    ConnectionSpec m_spec;
    QList<LockDefinition> m_locks; // in name order
    GuardOptions m_options;
    QString m_holder;
    QElapsedTimer m_clock;
    std::shared_ptr<ClientCore> m_client; // set: statements and renewals on its thread

    // The keeping thread's own (the hold's, or the client's).
    std::vector<Kept> m_kept;
    bool m_notifies = false; // the database notifies releases (PostgreSQL)

    std::mutex m_releasing; // release() from two threads at once
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    LockGuard::State m_state = LockGuard::State::Failed;
    bool m_settled = false;
    bool m_acquired = false;
    bool m_stop = false;
    bool m_done = false;
    QList<Grant> m_grants;
    int m_renewals = 0;
    std::optional<Grant> m_refusal;
    Error m_error;
    std::optional<LostLease> m_lost;
    Error m_lastRenewalError;
    Status m_releaseStatus;
    std::atomic<qint64> m_heldUntilMs{0};
    std::thread m_thread;
    std::atomic<std::thread::id> m_threadId; // the hold thread's, set as it starts
};

} // namespace lockcore
