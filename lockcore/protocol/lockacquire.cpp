// SPDX-License-Identifier: Apache-2.0
#include "lockservice.h"

#include "busyretry.h"
#include "changetransaction.h"
#include "releaselistener.h"
#include "rowlocker.h"
#include "rows.h"
#include "session.h"
#include "sessioninternals.h"
#include "slicedsleep.h"
#include "tr.h"
#include "validation.h"
#include "waitplan.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSqlQuery>
#include <limits>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// A refused acquire; `current`: who holds the lock, when that is known.
Grant refusedGrant(const QString &name, const QString &holder, const LockInfo *current = nullptr)
{
    Grant grant;
    grant.name = name;
    grant.holder = holder;
    if (current) {
        grant.current = *current;
        grant.dbNow = current->dbNow;
    }
    return grant;
}

} // namespace

Status LockService::validateAcquire(const QString &name, const QString &holder, qint64 ttlMs)
{
    if (Status s = validateLockName(name); !s)
        return s;
    if (Status s = validateHolder(holder); !s)
        return s;
    if (ttlMs != 0)
        return validateTtl(ttlMs);
    return {};
}

Result<Grant> LockService::refusal(const QString &name, const QString &holder)
{
    auto current = lock(name);
    if (!current)
        return current.error();
    return refusedGrant(name, holder, *current ? &**current : nullptr);
}

Result<Grant> LockService::grantFromSelect(const QString &name, const QString &holder)
{
    auto query = m_session->run(m_session->dialect().selectGrant(m_tables, name, holder),
                                Tr::tr("reading the grant of \"%1\"").arg(name));
    if (!query)
        return query.error();
    if (!(*query)->next()) {
        // Taken over between the two statements: the lease was shorter than a round trip.
        (*query)->finish();
        return refusal(name, holder);
    }
    Grant grant = grantFromRow(**query, name, holder);
    (*query)->finish();
    return grant;
}

Result<Grant> LockService::acquire(const QString &name, const QString &holder, qint64 ttlMs)
{
    if (m_session->isReadOnly())
        return m_session->checkWritable(Tr::tr("acquiring \"%1\"").arg(name)).error();
    if (Status valid = validateAcquire(name, holder, ttlMs); !valid)
        return valid.error();
    // A busy database (a conflict with a concurrent writer) changed nothing: after a few
    // runs, what the caller gets is who holds the lock, as for any refusal.
    auto grant = retriedWhileBusy(
        [&] { return recordedAttempt([&] { return acquireOnce(name, holder, ttlMs, true); }); });
    // Ended by the server while it waited for the row (another session's transaction holds
    // it): not a refusal, whose read cannot see that holder. Nothing was done; say by whom.
    if (!grant && grant.error().serverEnded)
        return withRowLocker(*m_session, m_tables, name, grant.error());
    if (!grant && grant.error().kind == Error::Kind::Busy)
        return refusal(name, holder);
    return grant;
}

Result<Grant> LockService::recordedAttempt(const std::function<Result<Grant>()> &once)
{
    Result<Grant> grant = inOneTransaction(*m_session, grantsTogether(), [&]() -> Result<Grant> {
        Result<Grant> made = once();
        if (made && made->acquired) {
            if (Status claimed = claimFence(*made); !claimed)
                return claimed.error();
            if (Status recorded = recordGrant(*made); !recorded)
                return recorded.error();
        }
        return made;
    });
    if (grant && grant->acquired) // (told to this service once committed)
        noteHeld(*grant);
    return grant;
}

Status LockService::recordGrant(const Grant &grant)
{
    const QString kind = grant.depth > 1 ? u"reenter"_s
                         : grant.tookOverFrom.isEmpty() ? u"acquire"_s
                                                        : u"takeover"_s;
    // At the grant's own time: its acquired_at, or a re-entry's renewal (dbNow).
    return recordEvent(grant.name, kind, grant.holder, grant.fence,
                       grant.tookOverFrom.isEmpty()
                           ? QString()
                           : u"lease of "_s + grant.tookOverFrom + u" had expired"_s,
                       grant.depth > 1 ? grant.dbNow : grant.acquiredAt);
}

Result<Grant> LockService::acquireWoken(const QString &name, const QString &holder, qint64 ttlMs)
{
    // The plain acquire, not queued; a refusal is not described (the lock just changed hands).
    // A conditional UPDATE of its own (once sent here on PostgreSQL) made no hand-off faster in
    // lockbench (docs/benchmarks.md): one text fewer to read.
    return acquireOnce(name, holder, ttlMs, false);
}

LockService::AcquireText &LockService::acquireText(const QString &name, const QString &holder,
                                                   qint64 ttlMs, const QString &takeWakeLock)
{
    AcquireText &text = m_acquireText;
    if (text.name == name && text.holder == holder && text.ttlMs == ttlMs
        && text.takesWakeLock == takeWakeLock)
        return text;
    // Built once for a holder that acquires and releases the same lock again and again (a
    // worker, a waiter): later attempts only bind the values that change (the wait).
    using Taking = Dialect::WakeLockTaking;
    const Dialect &dialect = m_session->dialect();
    const QString wakeLock = wakeLockFor(name);
    text = AcquireText{};
    text.name = name;
    text.holder = holder;
    text.ttlMs = ttlMs;
    text.takesWakeLock = takeWakeLock;
    text.what = Tr::tr("acquiring \"%1\"").arg(name);
    if (m_session->hasFeature(Feature::InsertReturning)) { // MariaDB 10.5 on, Connector/C
        text.plain = dialect.acquireUpsert(m_tables, name, holder, ttlMs, wakeLock,
                                           Taking::NotQueued);
        if (!wakeLock.isEmpty())
            text.queued = dialect.acquireUpsert(m_tables, name, holder, ttlMs, wakeLock,
                                                Taking::WaitedFirst);
    } else if (dialect.hasFeature(Feature::Batches)) { // MySQL, older MariaDB: upsert + SELECT
        text.plain = dialect.acquireBatch(m_tables, name, holder, ttlMs, takeWakeLock);
        if (!takeWakeLock.isEmpty())
            text.queued = dialect.acquireBatch(m_tables, name, holder, ttlMs, takeWakeLock,
                                               Taking::WaitedFirst);
    } else { // PostgreSQL and SQLite: the upsert; Oracle: the MERGE
        text.plain = dialect.acquire(m_tables, name, holder, ttlMs);
        if (!wakeLock.isEmpty())
            text.queued = dialect.acquireUpsert(m_tables, name, holder, ttlMs, wakeLock,
                                                Taking::WaitedFirst);
        text.answers = dialect.hasFeature(Feature::UpsertReturning);
    }
    text.waitBind = text.queued.slotIndex(Statement::Slot::WakeWait);
    return text;
}

Result<Grant> LockService::acquireOnce(const QString &name, const QString &holder, qint64 ttlMs,
                                       bool describeRefusal, qint64 wakeWaitMs)
{
    const QString wakeLock = wakeLockFor(name);
    const QString takeWakeLock = m_session->holdsWakeLock(wakeLock) ? QString() : wakeLock;
    AcquireText &text = acquireText(name, holder, ttlMs, takeWakeLock);
    // A waiter's attempt first waits, in the same statement, for the wake-up lock.
    const bool queued = wakeWaitMs >= 0 && !takeWakeLock.isEmpty() && text.waitBind >= 0;
    if (queued)
        text.queued.rebind(text.waitBind, m_session->dialect().wakeWaitValue(
                                              double(wakeWaitMs) / 1000.0));
    auto answer = m_session->runRows(queued ? text.queued : text.plain, text.what);
    if (answer && !text.answers) // Oracle: the MERGE, then its answer
        answer = m_session->runRows(
            m_session->dialect().acquireAnswer(m_tables, name, holder), text.what);
    if (!answer) {
        // The wait may have taken the wake-up lock before the statement failed: not ours to
        // keep without the lock (a lost connection took it with it). A failed statement ends
        // its transaction first (where one is open: inOneTransaction), so the wake-up lock's
        // statement can run.
        if (queued && answer.error().kind != Error::Kind::ConnectionLost) {
            if (grantsTogether())
                m_session->rollback();
            m_session->giveBackWakeLock(takeWakeLock);
        }
        if (answer.error().kind == Error::Kind::Duplicate) // Oracle: a concurrent creator won
            return refusal(name, holder);
        return answer.error();
    }
    const QString waitedFor = queued ? takeWakeLock : QString();
    if (!answer->rows.isEmpty())
        return answerOf(answer->rows.constFirst(), name, holder, waitedFor);
    // Refused by an upsert, which returns a row only when it grants (PostgreSQL, SQLite); its
    // wait took the wake-up lock (a wait that ran out fails the statement). The others answer
    // with the row, which their statement created where it was missing.
    if (queued)
        m_session->noteWakeLock(takeWakeLock, true);
    return describeRefusal ? refusal(name, holder) : refusedGrant(name, holder);
}

Grant LockService::answerOf(const QVariantList &row, const QString &name, const QString &holder,
                            const QString &waitedFor)
{
    const LockInfo state = lockInfoFromRow(row);
    // Whether this connection holds the wake-up lock now, where the statement said; a wait in
    // the statement that did not say took it (PostgreSQL: one that ran out fails it).
    const QVariant wake = row.value(col::AWake);
    if (const QString wakeLock = wakeLockFor(name); !wake.isNull() && !wakeLock.isEmpty())
        m_session->noteWakeLock(wakeLock, wake.toLongLong() == 1);
    else if (!waitedFor.isEmpty())
        m_session->noteWakeLock(waitedFor, true);
    if (row.value(col::AGranted).toLongLong() != 1)
        return refusedGrant(name, holder, &state);
    return grantFromState(state, holder);
}

QString LockService::wakeLockFor(const QString &name)
{
    if (!m_session->hasFeature(Feature::WakeLocks))
        return {};
    if (m_wakeLockOf != name) { // a digest: kept for the last name (names are never empty)
        m_wakeLock = m_session->dialect().wakeLockName(m_tables, name);
        m_wakeLockOf = name;
    }
    return m_wakeLock;
}

const QString &LockService::releaseChannel()
{
    if (!m_releaseChannel)
        m_releaseChannel = m_session->dialect().hasFeature(Feature::ReleaseNotifies)
                               ? m_session->dialect().releaseChannel(m_tables)
                               : QString();
    return *m_releaseChannel;
}

bool LockService::waitForWakeLock(const QString &wakeLock, qint64 ms)
{
    auto query = m_session->run(m_session->dialect().takeWakeLock(wakeLock, double(ms) / 1000.0),
                                Tr::tr("waiting for a release"));
    if (!query)
        return false; // a deadlock between wake-up locks, a lost connection: poll instead
    const bool taken = (*query)->next() && (*query)->value(0).toLongLong() == 1;
    (*query)->finish();
    if (taken)
        m_session->noteWakeLock(wakeLock, true);
    return taken;
}

Result<Grant> LockService::acquireWithWait(const QString &name, const QString &holder,
                                           qint64 ttlMs, const RetryPolicy &policy,
                                           const std::atomic_bool *cancel)
{
    if (m_session->isReadOnly())
        return m_session->checkWritable(Tr::tr("acquiring \"%1\"").arg(name)).error();
    if (Status valid = validateAcquire(name, holder, ttlMs); !valid)
        return valid.error();
    // The ways of waking this connection offers (WaitPlan): PostgreSQL notifies releases on
    // its table's channel; PostgreSQL and MariaDB queue waiters on the lock's wake-up lock. A
    // waiter that got the wake-up lock keeps it when it then gets the lock, and frees it when
    // it gives up.
    const QString &channel = releaseChannel();
    const QString wakeLock = wakeLockFor(name);
    // On a Galera node the queue is left out: its waiters would pass the lock on among
    // themselves at once, and another node's waiter, which can only poll, would rarely find it
    // free (starved for seconds in the simulator). There, every waiter polls.
    const bool nodeLocal = m_session->wakeLocksAreNodeLocal();
    WaitPlan plan(policy, {!wakeLock.isEmpty() && !nodeLocal, !channel.isEmpty(), nodeLocal,
                           m_session->dialect().hasFeature(Feature::WakeLockOnContention)});
    ReleaseListener &listener = SessionInternals::releaseListener(*m_session);
    const auto disarm = qScopeGuard([&] { listener.disarm(name); });
    bool granted = false;
    const auto dropWakeLock = qScopeGuard([&] {
        if (!granted)
            m_session->freeWakeLock(wakeLock);
    });
    QElapsedTimer clock;
    clock.start();
    const auto random = [] { return QRandomGenerator::global()->generateDouble(); };
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    // LISTEN only once a wait is needed: a listening connection is signalled by every release
    // in the table, which costs the server even when nobody waits for that lock. For the same
    // reason UNLISTEN when the wait ends, however it ends (a grant included).
    bool listening = false;
    const auto unlisten = qScopeGuard([&] {
        if (listening)
            m_session->stopListening(channel);
    });
    // After a notification the lock has just changed hands: a refusal then needs no read of
    // who holds it (that would double the cost of every woken waiter that lost the race).
    bool woken = false;
    qint64 wakeWaitMs = plan.firstQueueWait(random());
    // An attempt whose answer was lost (ConnectionLost) may have taken effect: no attempt is
    // sent on top of it before a read of the lock says it did not (settleLostAttempt).
    bool unknownOutcome = false;
    const auto accept = [&](Result<Grant> grant, int attempt) {
        grant->attempts = attempt;
        granted = true;
        return grant;
    };
    for (int attempt = 1;; ++attempt) {
        if (listening)
            listening = m_session->listenForReleases(channel); // again after a reconnect
        if (listening)
            listener.arm(name);
        std::optional<Result<Grant>> settled; // the lost attempt's grant, or the read's error
        if (unknownOutcome) {
            Result<Grant> known = settleLostAttempt(name, holder);
            unknownOutcome = !known;
            if (!known || known->acquired)
                settled = std::move(known);
        }
        const bool queued = !settled && wakeWaitMs >= 0 && !m_session->holdsWakeLock(wakeLock);
        Result<Grant> grant =
            settled ? std::move(*settled)
            : listening && woken
                ? recordedAttempt([&] { return acquireWoken(name, holder, ttlMs); })
                : recordedAttempt([&] {
                      return acquireOnce(name, holder, ttlMs,
                                         plan.describeRefusal(clock.elapsed()), wakeWaitMs);
                  });
        wakeWaitMs = -1;
        // A queued wait that ran out (PostgreSQL fails the statement: lock_timeout) changed
        // nothing: the next attempt polls at once, outside the queue, so that an expired
        // lease is still taken over and who holds the lock is read; then it queues again.
        const bool pollNow = queued && !grant && grant.error().kind == Error::Kind::Busy;
        if (pollNow)
            grant = refusedGrant(name, holder);
        // A lost connection (outcome unknown: settled by a read before the next attempt) and a
        // busy database (nothing changed) are retried like a refusal.
        const bool trouble = !grant
                             && (grant.error().kind == Error::Kind::ConnectionLost
                                 || grant.error().kind == Error::Kind::Busy);
        if (!grant && !trouble)
            return grant;
        if (grant && grant->acquired)
            return accept(std::move(grant), attempt);
        unknownOutcome =
            unknownOutcome || (!grant && grant.error().kind == Error::Kind::ConnectionLost);
        if (grant)
            plan.learn(grant->current, clock.elapsed());
        if (woken && plan.lostRace()) {
            m_session->stopListening(channel);
            listening = false;
        }
        if (plan.exhausted(attempt, clock.elapsed())) {
            if (unknownOutcome) // the last word is what the lost attempt did, when it can be read
                if (Result<Grant> known = settleLostAttempt(name, holder); known)
                    grant = std::move(known);
            if (grant && grant->acquired)
                return accept(std::move(grant), attempt);
            if (!grant) // (a wait the server ended: who held the row)
                return withRowLocker(*m_session, m_tables, name, grant.error());
            return lastRefusal(std::move(grant), attempt);
        }
        if (cancelled())
            return cancelledWaiting(name, holder, unknownOutcome);
        if (pollNow)
            continue;
        if (!listening && !m_session->isBroken()
            && plan.mayListen(m_session->holdsWakeLock(wakeLock))) {
            listening = m_session->listenForReleases(channel);
            woken = false;
            if (listening)
                continue; // a release before the LISTEN was not heard: try once more now
        }
        const qint64 pause = plan.pause(attempt, clock.elapsed(), random());
        woken = false;
        switch (plan.way(listening, m_session->holdsWakeLock(wakeLock), trouble)) {
        case WaitPlan::Way::Notification: // false: the poll timer, or cancelled
            woken = pause > 0 && m_session->waitForRelease(name, pause, cancel);
            break;
        case WaitPlan::Way::Queue:
            wakeWaitMs = queueFor(wakeLock, pause, plan, clock, cancel);
            break;
        case WaitPlan::Way::Sleep:
            sleepInSlices(m_session->holdsWakeLock(wakeLock) ? plan.headOfQueuePause(pause)
                                                             : pause,
                          20, cancel);
            break;
        }
        if (cancelled())
            return cancelledWaiting(name, holder, unknownOutcome);
    }
}

Result<Grant> LockService::settleLostAttempt(const QString &name, const QString &holder)
{
    auto current = lock(name);
    if (!current)
        return current.error();
    if (!*current)
        return refusedGrant(name, holder); // no row: the attempt did not create it
    const LockInfo &row = **current;
    // Not ours, or ours but expired: the attempt's grant (if any) has ended, and the next
    // attempt is a fresh grant (fence + 1, depth 1), not a re-entry on top of it.
    if (row.holder != holder || row.state != LockState::Held)
        return refusedGrant(name, holder, &row);
    // Ours. A re-entry this service knows of (the same fence) took effect only if the depth
    // grew; otherwise, and for a lock this service did not know it held, the row is the grant
    // of the lost attempt: fence, lease and depth as found, counted once.
    const auto known = m_held.constFind({name, holder});
    if (known != m_held.cend() && known->fence == row.fence && row.depth <= known->depth)
        return refusedGrant(name, holder, &row);
    // (Its event, where events are recorded, was committed with it: inOneTransaction.)
    const Grant grant = grantFromState(row, holder);
    noteHeld(grant);
    return grant;
}

Error LockService::cancelledWaiting(const QString &name, const QString &holder,
                                    bool unknownOutcome)
{
    // The caller is told that nothing was acquired: a lost attempt that took effect is given
    // back (one level: a lost re-entry), not left held until its lease ends.
    if (unknownOutcome)
        if (auto known = settleLostAttempt(name, holder); known && known->acquired)
            (void)release(name, holder, known->fence);
    return cancellation(name);
}

void LockService::noteHeld(const Grant &grant)
{
    if (grant.acquired)
        m_held.insert({grant.name, grant.holder}, {grant.fence, grant.depth});
}

Result<Grant> LockService::lastRefusal(Result<Grant> grant, int attempt)
{
    if (!grant)
        return grant; // the last connection error
    grant->attempts = attempt;
    if (grant->current.name.isEmpty()) {
        // The last refusal came right after a wake-up: say who holds it now.
        if (auto current = lock(grant->name); current && *current) {
            grant->current = **current;
            grant->dbNow = grant->current.dbNow;
        }
    }
    return grant;
}

qint64 LockService::queueFor(const QString &wakeLock, qint64 pauseMs, const WaitPlan &plan,
                             const QElapsedTimer &clock, const std::atomic_bool *cancel)
{
    // The pause is spent queued for the wake-up lock: in the next attempt's own statement,
    // after slices of its own when the policy's pause is longer than a slice.
    if (plan.queuesOnContention() && plan.queuesInSlices() && waitForWakeLock(wakeLock, 0)) {
        // Nobody queued first, and the holder may have no wake-up lock to free: at the head
        // of the queue, a policy that counts attempts sleeps out its whole pause.
        sleepInSlices(pauseMs, 20, cancel);
        return -1;
    }
    QElapsedTimer waited;
    waited.start();
    if (plan.queuesInSlices()) {
        for (qint64 left = pauseMs; left > WaitPlan::queueSliceMs && !(cancel && cancel->load());
             left = pauseMs - waited.elapsed()) {
            if (waitForWakeLock(wakeLock, WaitPlan::queueSliceMs))
                break;
        }
    }
    return plan.queueWait(qMax<qint64>(0, pauseMs - waited.elapsed()), clock.elapsed());
}

Error LockService::cancellation(const QString &name)
{
    return Error{Error::Kind::Cancelled, Tr::tr("Waiting for \"%1\" was cancelled.").arg(name),
                 {}, {}};
}

} // namespace lockcore
