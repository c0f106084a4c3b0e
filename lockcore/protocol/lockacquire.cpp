#include "lockservice.h"

#include "rows.h"
#include "session.h"
#include "tr.h"
#include "validation.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSqlQuery>
#include <QThread>
#include <limits>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

Status validateAcquire(const QString &name, const QString &holder, qint64 ttlMs)
{
    if (Status s = validateLockName(name); !s)
        return s;
    if (Status s = validateHolder(holder); !s)
        return s;
    if (ttlMs != 0)
        return validateTtl(ttlMs);
    return {};
}

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

// A MySQL release's LAST_INSERT_ID (MysqlDialect::release): the remaining depth, or, when the
// lock became free, the time it did in ms since 1970 (above any depth, an INT).
ReleaseOutcome releasedFromInsertId(qint64 insertId)
{
    ReleaseOutcome outcome;
    outcome.released = true;
    const bool becameFree = insertId > std::numeric_limits<qint32>::max();
    outcome.remainingDepth = becameFree ? 0 : int(insertId);
    if (becameFree)
        outcome.releasedAt = timeFromMs(insertId);
    return outcome;
}

} // namespace

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

Result<Grant> LockService::acquireNew(const QString &name, const QString &holder, qint64 ttlMs)
{
    // No row yet: create it held by us. A concurrent creator wins with a duplicate key.
    auto inserted = m_session->run(m_session->dialect().insertAcquire(m_tables, name, holder, ttlMs),
                                   Tr::tr("acquiring \"%1\"").arg(name));
    if (!inserted) {
        if (inserted.error().kind != Error::Kind::Duplicate)
            return inserted.error();
        return refusal(name, holder);
    }
    // The lock's first grant (a deleted lock keeps its row, so this name was never used).
    if (const QString wakeLock = wakeLockFor(name);
        !wakeLock.isEmpty() && !m_session->holdsWakeLock(wakeLock))
        waitForWakeLock(wakeLock, 0);
    return grantFromSelect(name, holder);
}

Result<Grant> LockService::acquire(const QString &name, const QString &holder, qint64 ttlMs)
{
    if (m_session->isReadOnly())
        return m_session->checkWritable(Tr::tr("acquiring \"%1\"").arg(name)).error();
    if (Status valid = validateAcquire(name, holder, ttlMs); !valid)
        return valid.error();
    return acquireOnce(name, holder, ttlMs, true);
}

void LockService::recordGrant(const Grant &grant)
{
    if (!grant.acquired)
        return;
    const QString kind = grant.depth > 1 ? u"reenter"_s
                         : grant.tookOverFrom.isEmpty() ? u"acquire"_s
                                                        : u"takeover"_s;
    // At the grant's own time: its acquired_at, or a re-entry's renewal (dbNow).
    recordEvent(grant.name, kind, grant.holder, grant.fence,
                grant.tookOverFrom.isEmpty()
                    ? QString()
                    : u"lease of "_s + grant.tookOverFrom + u" had expired"_s,
                grant.depth > 1 ? grant.dbNow : grant.acquiredAt);
}

Result<Grant> LockService::acquireWoken(const QString &name, const QString &holder, qint64 ttlMs)
{
    const Statement update = m_session->dialect().acquireExisting(m_tables, name, holder, ttlMs);
    if (update.text().isEmpty())
        return acquireOnce(name, holder, ttlMs, false);
    auto query = m_session->run(update, Tr::tr("acquiring \"%1\"").arg(name));
    if (!query)
        return query.error();
    if ((*query)->next()) {
        const Grant grant = grantFromRow(**query, name, holder);
        (*query)->finish();
        recordGrant(grant);
        return grant;
    }
    (*query)->finish();
    return refusedGrant(name, holder); // another waiter was faster (who, is not read)
}

Result<Grant> LockService::acquireOnce(const QString &name, const QString &holder, qint64 ttlMs,
                                       bool describeRefusal, qint64 wakeWaitMs)
{
    if (m_session->supportsInsertReturning()) {
        Result<Grant> result = acquireUpserting(name, holder, ttlMs, wakeWaitMs);
        if (result)
            recordGrant(*result);
        return result;
    }
    const Dialect &dialect = m_session->dialect();

    // The statements for this (name, holder, lease) are built once (AcquireText).
    AcquireText &cached = m_acquireText;
    const QString wakeLock = wakeLockFor(name);
    const QString takeWakeLock = m_session->holdsWakeLock(wakeLock) ? QString() : wakeLock;
    const bool waitFirst = wakeWaitMs >= 0 && !takeWakeLock.isEmpty();
    // A batch (MySQL) is text with every value written in, so it is built for each form.
    const bool batchForms = !dialect.hasUpsertReturning();
    if (cached.upsert || cached.ttlMs != ttlMs || cached.name != name || cached.holder != holder
        || (batchForms
            && (cached.takesWakeLock != takeWakeLock || cached.wakeLockWaitedFirst != waitFirst))) {
        cached = AcquireText{};
        const Statement batch =
            !batchForms ? Statement()
                        : dialect.acquireBatch(m_tables, name, holder, ttlMs, takeWakeLock,
                                               waitFirst ? Dialect::WakeLockTaking::WaitedFirst
                                                         : Dialect::WakeLockTaking::OnFreshGrant);
        cached.takesWakeLock = takeWakeLock;
        cached.wakeLockWaitedFirst = waitFirst;
        cached.batchSql = batch.text().isEmpty() ? QString() : dialect.inlined(batch);
        cached.statement = cached.batchSql.isEmpty()
                               ? dialect.acquire(m_tables, name, holder, ttlMs)
                               : Statement();
        // PostgreSQL: a waiter's queued acquire (Dialect::acquireUpsert), prepared like
        // acquire(); each attempt binds its own wait.
        if (!batchForms && !wakeLock.isEmpty()) {
            cached.waiting = dialect.acquireUpsert(m_tables, name, holder, ttlMs, wakeLock,
                                                   Dialect::WakeLockTaking::WaitedFirst, 0.0);
            cached.waitBind = cached.waiting.slotIndex(Statement::Slot::WakeWait);
        }
        cached.name = name;
        cached.holder = holder;
        cached.ttlMs = ttlMs;
        cached.what = Tr::tr("acquiring \"%1\"").arg(name);
    }
    const QString &what = cached.what;
    const bool batched = !cached.batchSql.isEmpty();
    const bool queued = waitFirst && !batched && cached.waitBind >= 0;
    if (!batched && dialect.hasUpsertReturning()) {
        // PostgreSQL (through libpq, Session::runRows) and SQLite: one statement; a row back
        // means granted (taken, re-entered, taken over or created).
        auto rows = m_session->runRows(acquireForm(queued, wakeWaitMs), what);
        if (!rows) {
            // The wait may have taken the wake-up lock before the statement failed: not ours
            // to keep without the lock (a lost connection took it with it).
            if (queued && rows.error().kind != Error::Kind::ConnectionLost)
                m_session->giveBackWakeLock(takeWakeLock);
            return rows.error();
        }
        // Its wait took the wake-up lock (a wait that ran out failed the statement).
        if (queued)
            m_session->noteWakeLock(takeWakeLock, true);
        if (!rows->rows.isEmpty()) {
            const Grant grant = grantFromRow(rows->rows.constFirst(), name, holder);
            recordGrant(grant);
            return grant;
        }
        return describeRefusal ? refusal(name, holder) : refusedGrant(name, holder);
    }
    auto query = !batched ? m_session->run(cached.statement, what)
                 : waitFirst ? m_session->runBatch(
                       dialect.inlined(dialect.wakeLockWaitFirst(takeWakeLock,
                                                                 double(wakeWaitMs) / 1000.0))
                           + u";\n"_s + cached.batchSql,
                       3, what)
                          : m_session->runBatch(cached.batchSql, 2, what);
    if (!query) {
        // The wait may have taken the wake-up lock before a later statement failed: not ours
        // to keep without the lock (a lost connection took it with it).
        if (waitFirst && query.error().kind != Error::Kind::ConnectionLost)
            m_session->giveBackWakeLock(takeWakeLock);
        return query.error();
    }

    Result<Grant> result = Grant{};
    if (batched) {
        // The row as it is after the UPDATE, and whether the UPDATE changed it.
        if ((*query)->next()) {
            const LockInfo row = lockInfoFromRow(**query);
            const bool updated = (*query)->value(col::SState + 1).toLongLong() == 1;
            if (!takeWakeLock.isEmpty() && (*query)->value(col::SState + 2).toLongLong() == 1)
                m_session->noteWakeLock(takeWakeLock, true);
            (*query)->finish();
            result = updated && row.holder == holder ? grantFromState(row, holder)
                                                     : refusedGrant(name, holder, &row);
        } else {
            (*query)->finish();
            // No row, so the batch did not say whether its wait took the wake-up lock: give
            // it back (GET_LOCK counts re-entries), acquireNew takes it again.
            if (waitFirst)
                m_session->giveBackWakeLock(takeWakeLock);
            result = acquireNew(name, holder, ttlMs);
        }
    } else if ((*query)->numRowsAffected() == 1) {
        result = grantFromSelect(name, holder);
    } else {
        auto current = lock(name);
        if (!current)
            return current.error();
        if (*current)
            return refusedGrant(name, holder, &**current);
        else
            result = acquireNew(name, holder, ttlMs);
    }
    if (!result)
        return result;
    recordGrant(*result);
    return result;
}

Result<Grant> LockService::acquireUpserting(const QString &name, const QString &holder,
                                           qint64 ttlMs, qint64 wakeWaitMs)
{
    const Dialect &dialect = m_session->dialect();
    const QString wakeLock = wakeLockFor(name);
    const bool waitFirst = wakeWaitMs >= 0 && !wakeLock.isEmpty();
    // Prepared once per connection, and run through Connector/C (Session::runDirect).
    // Both forms are built once per (name, holder, lease); the waiting one differs only in the
    // wait, its one floating-point bind.
    AcquireText &cached = m_acquireText;
    if (!cached.upsert || cached.ttlMs != ttlMs || cached.name != name
        || cached.holder != holder) {
        cached = AcquireText{};
        cached.statement = dialect.acquireUpsert(m_tables, name, holder, ttlMs, wakeLock,
                                                 Dialect::WakeLockTaking::OnFreshGrant);
        cached.waiting = dialect.acquireUpsert(m_tables, name, holder, ttlMs, wakeLock,
                                               Dialect::WakeLockTaking::WaitedFirst, 0.0);
        cached.waitBind = cached.waiting.slotIndex(Statement::Slot::WakeWait);
        cached.upsert = true;
        cached.name = name;
        cached.holder = holder;
        cached.ttlMs = ttlMs;
        cached.what = Tr::tr("acquiring \"%1\"").arg(name);
    }
    const bool queued = waitFirst && cached.waitBind >= 0;
    auto rows = m_session->runDirect(acquireForm(queued, wakeWaitMs), cached.what);
    if (!rows) {
        // The wait may have taken the wake-up lock before the statement failed: not ours to
        // keep without the lock (a lost connection took it with it).
        if (waitFirst && rows.error().kind != Error::Kind::ConnectionLost)
            m_session->giveBackWakeLock(wakeLock);
        return rows.error();
    }
    if (rows->rows.isEmpty()) // RETURNING always has the row; be safe anyway
        return refusal(name, holder);
    const QVariantList &returned = rows->rows.constFirst();
    const LockInfo row = lockInfoFromRow(returned);
    if (!wakeLock.isEmpty())
        m_session->noteWakeLock(wakeLock, returned.value(col::SState + 1).toLongLong() == 1);
    return row.holder == holder ? grantFromState(row, holder) : refusedGrant(name, holder, &row);
}

Statement &LockService::acquireForm(bool queued, qint64 wakeWaitMs)
{
    AcquireText &cached = m_acquireText;
    if (!queued)
        return cached.statement;
    cached.waiting.rebind(cached.waitBind,
                          m_session->dialect().wakeWaitValue(double(wakeWaitMs) / 1000.0));
    return cached.waiting;
}

QString LockService::wakeLockFor(const QString &name)
{
    if (!m_session->supportsWakeLocks())
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
        m_releaseChannel = m_session->dialect().releaseChannel(m_tables);
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
    // PostgreSQL: a release NOTIFYs its table's channel, so a waiter retries as soon as the
    // lock is free. Polling with jitter remains (lease expiry is not notified; other databases).
    const QString &channel = releaseChannel();
    ReleaseListener &listener = m_session->releaseListener();
    const auto disarm = qScopeGuard([&] { listener.disarm(name); });
    // MariaDB: the holder keeps a wake-up lock (GET_LOCK) while it holds the lock; a waiter
    // blocks on it in the server, so the release wakes the first waiter at once. A waiter that
    // got it keeps it when it then gets the lock, and frees it when it gives up.
    const QString wakeLock = wakeLockFor(name);
    bool granted = false;
    const auto dropWakeLock = qScopeGuard([&] {
        if (!granted)
            m_session->freeWakeLock(wakeLock);
    });
    QElapsedTimer elapsed;
    elapsed.start();
    // LISTEN only once a wait is needed: a listening connection is signalled by every release
    // in the table, which costs the server even when nobody waits for that lock.
    bool listening = false;
    // After a notification the lock has just changed hands: a refusal then needs no read of
    // who holds it (that would double the cost of every woken waiter that lost the race).
    bool woken = false;
    // Races lost to other woken waiters. A notification reaches every connection that listens
    // on the table, and each one costs the server and wakes its client: a waiter that loses two
    // races in a row UNLISTENs and polls for the rest of this wait. So at most a few waiters
    // listen at a time, the ones that came last, whatever the number of clients.
    int raceLosses = 0;
    constexpr int listenBudget = 2;
    bool listenSpent = false;
    // When the holder seen last loses its lease, on `elapsed` (from database times); -1: unknown.
    qint64 leaseEndsAt = -1;
    // PostgreSQL and MariaDB: how long the next attempt first waits for the wake-up lock, in
    // its own statement (-1: it does not). The waiters queue there in the server: the release
    // that frees the wake-up lock lets the first waiter's acquire go on at once, without a
    // round trip. The first
    // attempt queues too, unless the policy allows only one, so an acquirer that finds the
    // lock held joins the queue in the same round trip. While only time bounds the wait, an
    // attempt queues for as long as the holder's lease can still run, in slices short enough
    // for a cancel to be seen (a waiter that gives up its place goes to the back); with a
    // bounded number of attempts, for the policy's pause.
    constexpr qint64 wakeSliceMs = 250;
    const auto queueWait = [&](qint64 pauseMs) {
        qint64 wait = policy.maxAttempts > 0 ? qMin(pauseMs, wakeSliceMs) : wakeSliceMs;
        if (leaseEndsAt >= 0)
            wait = qMin(wait, qMax<qint64>(0, leaseEndsAt - elapsed.elapsed()));
        if (policy.deadlineMs > 0)
            wait = qMin(wait, qMax<qint64>(0, policy.deadlineMs - elapsed.elapsed()));
        return wait;
    };
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    const auto cancellation = [&name] {
        return Error{Error::Kind::Cancelled,
                     Tr::tr("Waiting for \"%1\" was cancelled.").arg(name), {}, {}};
    };
    qint64 wakeWaitMs = -1;
    if (!wakeLock.isEmpty() && policy.maxAttempts != 1)
        wakeWaitMs = queueWait(policy.delayMs(1, QRandomGenerator::global()->generateDouble()));
    for (int attempt = 1;; ++attempt) {
        if (listening)
            listening = m_session->listenForReleases(channel); // again after a reconnect
        if (listening)
            listener.arm(name);
        // Who holds the lock is read after a refusal only when its lease end is not known or
        // has passed: a poll that is refused then costs one round trip, not two.
        const bool describe = leaseEndsAt < 0 || elapsed.elapsed() >= leaseEndsAt;
        const bool queued = wakeWaitMs >= 0 && !m_session->holdsWakeLock(wakeLock);
        Result<Grant> grant = listening && woken
                                  ? acquireWoken(name, holder, ttlMs)
                                  : acquireOnce(name, holder, ttlMs, describe, wakeWaitMs);
        wakeWaitMs = -1;
        // A queued wait that ran out (PostgreSQL fails the statement: lock_timeout) changed
        // nothing: the next attempt polls at once, outside the queue, so that an expired
        // lease is still taken over and who holds the lock is read; then it queues again.
        const bool pollNow = queued && !grant && grant.error().kind == Error::Kind::Busy;
        if (pollNow)
            grant = refusedGrant(name, holder);
        // A lost connection (outcome unknown: acquire is idempotent for its holder) and a busy
        // database (nothing changed) are retried like a refusal.
        const bool lost = !grant
                          && (grant.error().kind == Error::Kind::ConnectionLost
                              || grant.error().kind == Error::Kind::Busy);
        if (!grant && !lost)
            return grant;
        if (grant && grant->acquired) {
            grant->attempts = attempt;
            granted = true;
            return grant;
        }
        if (grant && grant->current.expiresAt.isValid() && grant->current.dbNow.isValid()) {
            const qint64 untilExpiry = grant->current.dbNow.msecsTo(grant->current.expiresAt);
            leaseEndsAt = untilExpiry >= 0 ? elapsed.elapsed() + untilExpiry + 1 : -1;
        } else if (grant && !grant->current.name.isEmpty()) {
            leaseEndsAt = -1; // described, but free or without a lease end: read it next time
        }
        if (woken && ++raceLosses >= listenBudget) {
            m_session->stopListening(channel);
            listening = false;
            listenSpent = true;
        }
        const qint64 remaining = policy.deadlineMs > 0 ? policy.deadlineMs - elapsed.elapsed() : 0;
        const bool attemptsLeft = policy.maxAttempts <= 0 || attempt < policy.maxAttempts;
        const bool timeLeft = policy.deadlineMs <= 0 || remaining > 0;
        const bool bounded = policy.maxAttempts > 0 || policy.deadlineMs > 0;
        if (!bounded || !attemptsLeft || !timeLeft) {
            if (grant) {
                grant->attempts = attempt;
                if (grant->current.name.isEmpty()) {
                    // The last refusal came right after a wake-up: say who holds it now.
                    if (auto current = lock(name); current && *current) {
                        grant->current = **current;
                        grant->dbNow = grant->current.dbNow;
                    }
                }
            }
            return grant; // refused, or the last connection error
        }
        if (cancelled())
            return cancellation();
        if (pollNow)
            continue;
        // With wake-up locks, only the first waiter in the queue listens: it holds the
        // wake-up lock but not the lock, whose holder will not wake it (PostgreSQL).
        if (!listening && !listenSpent && !channel.isEmpty() && !m_session->isBroken()
            && (wakeLock.isEmpty() || m_session->holdsWakeLock(wakeLock))) {
            listening = m_session->listenForReleases(channel);
            woken = false;
            if (listening)
                continue; // a release before the LISTEN was not heard: try once more now
        }
        qint64 delay = policy.delayMs(attempt, QRandomGenerator::global()->generateDouble());
        if (leaseEndsAt >= 0) // wake when that lease ends (by the database clock), if sooner
            delay = qMin(delay, qMax<qint64>(0, leaseEndsAt - elapsed.elapsed()));
        if (policy.deadlineMs > 0)
            delay = qMin(delay, remaining);
        woken = false;
        if (listening) {
            // false: the poll timer, or cancelled
            woken = delay > 0 && m_session->waitForRelease(name, delay, cancel);
        } else if (!wakeLock.isEmpty() && !m_session->holdsWakeLock(wakeLock) && !lost) {
            // The pause is spent queued for the wake-up lock: in the next attempt's own
            // statement, after slices of its own when the policy's pause is longer than a slice.
            QElapsedTimer waited;
            waited.start();
            if (policy.maxAttempts > 0) {
                for (qint64 left = delay; left > wakeSliceMs && !cancelled();
                     left = delay - waited.elapsed()) {
                    if (waitForWakeLock(wakeLock, wakeSliceMs))
                        break;
                }
            }
            wakeWaitMs = queueWait(qMax<qint64>(0, delay - waited.elapsed())); // unless taken
        } else {
            QElapsedTimer slept;
            slept.start();
            while (slept.elapsed() < delay && !cancelled())
                QThread::msleep(quint32(qMin<qint64>(20, delay - slept.elapsed())));
        }
        if (cancelled())
            return cancellation();
    }
}

Result<RenewOutcome> LockService::renew(const QString &name, const QString &holder, qint64 fence,
                                        qint64 ttlMs)
{
    if (Status writable = m_session->checkWritable(Tr::tr("renewing \"%1\"").arg(name)); !writable)
        return writable.error();
    if (Status valid = validateAcquire(name, holder, ttlMs); !valid)
        return valid.error();
    const Dialect &dialect = m_session->dialect();
    // MySQL, MariaDB: renew() and the SELECT of the renewed row as one batch; else renew().
    const Statement batch = dialect.hasUpsertReturning()
                                ? Statement()
                                : dialect.renewBatch(m_tables, name, holder, fence, ttlMs);
    const Statement statement =
        batch.text().isEmpty() ? dialect.renew(m_tables, name, holder, fence, ttlMs) : Statement();
    const QString what = Tr::tr("renewing \"%1\"").arg(name);
    RenewOutcome outcome;
    if (dialect.hasUpsertReturning()) {
        // PostgreSQL through libpq (Session::runRows), SQLite: the row back is the renewal.
        auto rows = m_session->runRows(statement, what);
        if (!rows)
            return rows.error();
        if (!rows->rows.isEmpty()) {
            const Grant row = grantFromRow(rows->rows.constFirst(), name, holder);
            outcome.renewed = true;
            outcome.expiresAt = row.expiresAt;
            outcome.dbNow = row.dbNow;
        }
    } else if (!batch.text().isEmpty()) {
        // MySQL, MariaDB: the UPDATE and the SELECT of the renewed row in one round trip.
        auto query = m_session->runBatch(batch, 2, what);
        if (!query)
            return query.error();
        if ((*query)->next()) {
            const Grant row = grantFromRow(**query, name, holder);
            outcome.renewed = true;
            outcome.expiresAt = row.expiresAt;
            outcome.dbNow = row.dbNow;
        }
        (*query)->finish();
    } else {
        auto query = m_session->run(statement, what);
        if (!query)
            return query.error();
        if ((*query)->numRowsAffected() == 1) {
            auto grant = grantFromSelect(name, holder);
            if (!grant)
                return grant.error();
            outcome.renewed = grant->acquired && grant->fence == fence;
            outcome.expiresAt = grant->expiresAt;
            outcome.dbNow = grant->dbNow;
        }
    }
    if (!outcome.renewed) {
        m_session->freeWakeLock(wakeLockFor(name)); // lost: its wake-up lock is not ours
        auto current = lock(name);
        if (!current)
            return current.error();
        if (*current)
            outcome.current = **current;
    }
    recordEvent(name, outcome.renewed ? u"renew"_s : u"lost"_s, holder, fence,
                outcome.renewed ? QString() : u"renew refused: no longer the holder"_s,
                outcome.renewed ? outcome.dbNow : QDateTime());
    return outcome;
}

Result<ReleaseOutcome> LockService::release(const QString &name, const QString &holder,
                                            qint64 fence)
{
    if (m_session->isReadOnly())
        return m_session->checkWritable(Tr::tr("releasing \"%1\"").arg(name)).error();
    if (Status valid = validateAcquire(name, holder, 0); !valid)
        return valid.error();
    const Dialect &dialect = m_session->dialect();
    // With the wake-up lock held, the release frees it too (in the same statement), waking
    // the first waiter blocked on it.
    const QString wakeLock = wakeLockFor(name);
    const bool freesWakeLock = m_session->holdsWakeLock(wakeLock);
    ReleaseText &cached = m_releaseText;
    if (cached.name != name || cached.holder != holder || cached.plain.text().isEmpty()) {
        cached = ReleaseText{};
        cached.plain = dialect.release(m_tables, name, holder, fence);
        if (!wakeLock.isEmpty())
            cached.freeing =
                dialect.releaseFreeingWakeLock(m_tables, name, holder, fence, wakeLock);
        cached.name = name;
        cached.holder = holder;
        cached.what = Tr::tr("releasing \"%1\"").arg(name);
    }
    // Every dialect marks the fence (tst_dialects::rebindingASlotEqualsBuildingAfresh).
    Statement &statement = freesWakeLock ? cached.freeing : cached.plain;
    const qsizetype fenceAt = statement.slotIndex(Statement::Slot::Fence);
    Q_ASSERT(fenceAt >= 0);
    statement.rebind(fenceAt, fence);
    const QString &what = cached.what;
    ReleaseOutcome outcome;
    if (m_session->supportsDirect()) {
        // MariaDB: one round trip instead of the Qt driver's two.
        auto answer = m_session->runDirect(statement, what);
        if (!answer)
            return answer.error();
        if (answer->affectedRows == 1)
            outcome = releasedFromInsertId(qint64(answer->insertId));
    } else if (dialect.hasUpsertReturning()) {
        // PostgreSQL through libpq (Session::runRows), SQLite: the row back is the release.
        auto answer = m_session->runRows(statement, what);
        if (!answer)
            return answer.error();
        if (!answer->rows.isEmpty()) {
            const QVariantList &row = answer->rows.constFirst();
            outcome.released = true;
            outcome.remainingDepth = row.value(col::RDepth).toInt();
            outcome.releasedAt = timeFromMs(row.value(col::RNowMs));
        }
    } else {
        auto query = m_session->run(statement, what);
        if (!query)
            return query.error();
        if ((*query)->numRowsAffected() == 1) {
            outcome.released = true;
            if (dialect.releaseDepthViaInsertId())
                outcome = releasedFromInsertId((*query)->lastInsertId().toLongLong());
        }
    }
    if (freesWakeLock) {
        if (!outcome.released)
            m_session->freeWakeLock(wakeLock); // lost: not ours to keep
        else if (outcome.remainingDepth <= 0)
            m_session->noteWakeLock(wakeLock, false); // freed by the release itself
    }
    if (!outcome.released) {
        // Lost: taken over after expiry, force-released or deleted. Nothing was changed.
        auto current = lock(name);
        if (!current)
            return current.error();
        if (*current)
            outcome.current = **current;
    }
    recordEvent(name, outcome.released ? u"release"_s : u"lost"_s, holder, fence,
                outcome.released ? QString() : u"release refused: no longer the holder"_s,
                outcome.releasedAt);
    return outcome;
}

} // namespace lockcore
