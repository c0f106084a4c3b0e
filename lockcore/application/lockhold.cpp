// SPDX-License-Identifier: Apache-2.0
#include "lockhold.h"

#include "clientcore.h"
#include "holderid.h"
#include "lockclient.h"
#include "lockservice.h"
#include "validation.h"

#include "tr.h"

#include <algorithm>

namespace lockcore {

namespace {

using State = LockGuard::State;

} // namespace

LockHold::LockHold(const ConnectionSpec &spec, QList<LockDefinition> locks, GuardOptions options)
    : m_spec(spec), m_locks(std::move(locks)), m_options(std::move(options))
{
    // One fixed order for everyone (UTF-16 code units, the same in every process).
    std::sort(m_locks.begin(), m_locks.end(),
              [](const LockDefinition &a, const LockDefinition &b) { return a.name < b.name; });
    m_holder = m_options.holder.isEmpty() ? defaultHolderId() : m_options.holder;
    m_clock.start();
}

LockHold::LockHold(std::shared_ptr<ClientCore> client, QList<LockDefinition> locks,
                   LockOptions options)
    : LockHold(ConnectionSpec(), std::move(locks), GuardOptions())
{
    m_client = std::move(client);
    m_holder = m_client->nextHolder();
    m_options.holder = m_holder;
    m_options.onLost = std::move(options.onLost);
    m_options.cancel = options.cancel;
}

LockHold::~LockHold()
{
    release();
}

void LockHold::start()
{
    if (m_client)
        return acquireThroughClient();
    m_thread = std::thread([this] {
        m_threadId = std::this_thread::get_id(); // before anything can call onLost
        run();
    });
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_settled; });
}

Status LockHold::checkInput() const
{
    if (m_locks.isEmpty())
        return Error::invalidInput(Tr::tr("A lock guard needs at least one lock."));
    for (qsizetype i = 0; i < m_locks.size(); ++i) {
        if (Status valid = m_locks.at(i).validate(); !valid)
            return valid;
        if (i > 0 && m_locks.at(i).name == m_locks.at(i - 1).name)
            return Error::invalidInput(Tr::tr("The lock \"%1\" is asked for twice.")
                                           .arg(m_locks.at(i).name));
    }
    return validateHolder(m_holder);
}

void LockHold::run()
{
    if (Status valid = checkInput(); !valid) {
        m_error = valid.error();
        return settle(State::Failed);
    }
    auto session = Session::open(m_spec, m_options.session);
    if (!session) {
        m_error = session.error();
        return settle(State::Failed);
    }
    auto service = LockService::create(**session, m_options.table);
    if (!service) {
        m_error = service.error();
        return settle(State::Failed);
    }
    service->setEventLevel(m_options.events);
    if (Status claims = service->setFenceTable(m_options.fenceTable); !claims) {
        m_error = claims.error();
        return settle(State::Failed);
    }
    m_notifies = (*session)->dialect().hasFeature(Feature::ReleaseNotifies);
    if (!acquireAll(service.value()))
        return; // settled as refused or failed; nothing held
    settle(State::Held);
    keepUntilStopped();
    releaseAll(service.value());
    m_kept.clear(); // the keepers refer to the service
}

void LockHold::settle(LockGuard::State state)
{
    std::lock_guard lock(m_mutex);
    // Held, but a waited grant's first renewal found it lost: Lost from the start.
    m_state = state == State::Held && m_lost ? State::Lost : state;
    m_settled = true;
    m_acquired = state == State::Held;
    m_changed.notify_all();
}

bool LockHold::acquireAll(LockService &service)
{
    QList<Grant> grants; // published once every lock is held (start() waits for settle())
    for (const LockDefinition &definition : std::as_const(m_locks)) {
        qint64 sentAt = 0; // set by acquireKeeping
        auto grant = acquireKeeping(service, definition, &sentAt);
        if (!grant || !grant->acquired) {
            if (grant)
                m_refusal = *grant;
            else
                m_error = grant.error();
            releaseAll(service); // those taken, in reverse order
            m_kept.clear();
            settle(grant ? State::Refused : State::Failed);
            return false;
        }
        keep(service, definition, *grant, sentAt);
        grants.append(*grant);
    }
    {
        std::lock_guard lock(m_mutex);
        m_grants = grants;
    }
    updateHeldUntil();
    return true;
}

void LockHold::keep(LockService &service, const LockDefinition &definition, const Grant &grant,
                    qint64 sentAt)
{
    Kept kept;
    kept.definition = definition;
    kept.keeper = std::make_unique<LeaseKeeper>(service, grant, definition.leaseMs,
                                                [this] { return now(); }, sentAt);
    // A grant that waited began its lease sometime after `sentAt`: one renewal now
    // times it from a known send (else it would count as ending a wait too early).
    if (grant.attempts > 1)
        checkKept(kept, kept.keeper->renewNow());
    m_kept.push_back(std::move(kept));
    updateHeldUntil();
    if (m_client)
        m_client->watch(this);
}

Result<Grant> LockHold::acquireKeeping(LockService &service, const LockDefinition &definition,
                                       qint64 *sentAt)
{
    const RetryPolicy policy = definition.retryPolicy();
    QElapsedTimer waited;
    waited.start();
    int attempts = 0;
    for (;;) {
        RetryPolicy slice = policy;
        const qint64 left = qMax<qint64>(0, policy.deadlineMs - waited.elapsed());
        slice.deadlineMs = m_kept.empty() ? left : qMin(left, qMax<qint64>(0, renewDue()));
        if (policy.maxAttempts > 0)
            slice.maxAttempts = policy.maxAttempts - attempts;
        *sentAt = now();
        auto grant = service.acquireWithWait(definition.name, m_holder, definition.leaseMs,
                                             slice, m_options.cancel);
        if (!grant || grant->acquired || m_kept.empty())
            return grant;
        attempts += grant->attempts;
        if (waited.elapsed() >= policy.deadlineMs
            || (policy.maxAttempts > 0 && attempts >= policy.maxAttempts))
            return grant;
    }
}

void LockHold::keepUntilStopped()
{
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        lock.unlock();
        qint64 sleepMs = renewDue();
        // Where releases are notified, a force release is noticed within notifyPollMs.
        if (releaseNotified())
            sleepMs = 0;
        else if (m_notifies)
            sleepMs = qMin(sleepMs, notifyPollMs);
        lock.lock();
        m_changed.wait_for(lock, std::chrono::milliseconds(qMax<qint64>(1, sleepMs)),
                           [this] { return m_stop; });
    }
    lock.unlock();
    noteLapsed();
}

void LockHold::noteLapsed()
{
    // Asked to stop right after a pause past a lease's end (the thread had no turn to see it):
    // that lease lapsed all the same, and says so before the release.
    for (Kept &kept : m_kept)
        if (!kept.lost && kept.keeper->hasLapsed())
            markLost(kept, LostLease{LostLease::Reason::RanOut, kept.keeper->grant().name,
                                     kept.keeper->grant().fence, LockInfo(),
                                     kept.keeper->lastError()});
}

bool LockHold::releaseNotified()
{
    static const std::atomic_bool never{false};
    bool notified = false;
    for (Kept &kept : m_kept)
        if (!kept.lost && kept.keeper->wait(0, never))
            notified = true;
    return notified;
}

qint64 LockHold::renewDue()
{
    qint64 next = LeaseSchedule::unknownLeaseMs;
    for (Kept &kept : m_kept) {
        if (kept.lost)
            continue;
        checkKept(kept, kept.keeper->renewIfDue());
        if (!kept.lost)
            next = std::min({next, kept.keeper->msUntilDue(), kept.endsAtMs() - now()});
    }
    updateHeldUntil();
    return next;
}

void LockHold::checkKept(Kept &kept, LeaseKeeper::Step step)
{
    const Grant &grant = kept.keeper->grant();
    switch (step) {
    case LeaseKeeper::Step::Renewed: {
        std::lock_guard lock(m_mutex);
        ++m_renewals;
        return;
    }
    case LeaseKeeper::Step::Failed: {
        std::lock_guard lock(m_mutex);
        m_lastRenewalError = kept.keeper->lastError();
        break;
    }
    case LeaseKeeper::Step::Lost:
        return markLost(kept, LostLease{LostLease::Reason::TakenAway, grant.name, grant.fence,
                                        kept.keeper->lost().value_or(LockInfo()), Error()});
    case LeaseKeeper::Step::Lapsed: // lost to this holder for good, whatever comes back
        return markLost(kept, LostLease{LostLease::Reason::RanOut, grant.name, grant.fence,
                                        LockInfo(), kept.keeper->lastError()});
    case LeaseKeeper::Step::NotDue:
        break;
    }
    if (now() >= kept.endsAtMs()) // no renewal confirmed within the lease
        markLost(kept, LostLease{LostLease::Reason::RanOut, grant.name, grant.fence, LockInfo(),
                                 kept.keeper->lastError()});
}

void LockHold::markLost(Kept &kept, LostLease lost)
{
    if (m_client)
        m_client->noteReleased(lost.name); // on its thread: its waiters on the client try now
    kept.lost = true;
    kept.takenAway = lost.reason == LostLease::Reason::TakenAway;
    bool first = false;
    {
        std::lock_guard lock(m_mutex);
        first = !m_lost;
        if (first) {
            m_lost = lost;
            if (m_state == State::Held)
                m_state = State::Lost;
        }
    }
    updateHeldUntil();
    // Outside the lock: the callback may ask the guard anything (but not release it).
    if (first && m_options.onLost)
        m_options.onLost(lost);
}

void LockHold::updateHeldUntil()
{
    qint64 until = std::numeric_limits<qint64>::max();
    for (const Kept &kept : m_kept)
        until = kept.lost ? 0 : std::min(until, kept.endsAtMs());
    m_heldUntilMs.store(m_kept.empty() ? 0 : until);
}

void LockHold::releaseAll(LockService &service)
{
    m_heldUntilMs.store(0);
    for (auto it = m_kept.rbegin(); it != m_kept.rend(); ++it)
        if (!it->takenAway) // ran out: perhaps still ours, and the release is fence-checked
            releaseOne(service, *it);
}

void LockHold::releaseOne(LockService &service, Kept &kept)
{
    const Grant &grant = kept.keeper->grant();
    auto released = service.release(grant.name, grant.holder, grant.fence);
    const bool cut = !released && released.error().kind == Error::Kind::ConnectionLost;
    if (cut) {
        // The first may have freed it: then this one finds it free with our fence.
        released = service.release(grant.name, grant.holder, grant.fence);
        if (released && !released->released && released->current.holder.isEmpty()
            && released->current.fence == grant.fence)
            released->released = true;
    }
    if (!released) {
        std::lock_guard lock(m_mutex);
        if (m_releaseStatus.ok())
            m_releaseStatus = released.error();
        return;
    }
    if (!released->released && !kept.lost)
        markLost(kept, LostLease{LostLease::Reason::TakenAway, grant.name, grant.fence,
                                 released->current, Error()});
}

Status LockHold::release()
{
    if (std::this_thread::get_id() == m_threadId)
        return Error::invalidInput(Tr::tr("A lock guard cannot be released from its own "
                                          "onLost callback."));
    if (m_client)
        return releaseThroughClient();
    std::lock_guard once(m_releasing); // one caller joins; the others wait and get its status
    if (!m_thread.joinable())
        return releaseStatus();
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_changed.notify_all();
    }
    m_thread.join();
    std::lock_guard lock(m_mutex);
    m_heldUntilMs.store(0);
    if (m_acquired)
        m_state = State::Released;
    return m_releaseStatus;
}

LockGuard::State LockHold::state() const
{
    std::lock_guard lock(m_mutex);
    return m_state;
}

bool LockHold::acquired() const
{
    std::lock_guard lock(m_mutex);
    return m_acquired;
}

bool LockHold::isHeld() const
{
    return state() == State::Held && now() < m_heldUntilMs.load();
}

QList<Grant> LockHold::grants() const
{
    std::lock_guard lock(m_mutex);
    return m_grants;
}

int LockHold::renewals() const
{
    std::lock_guard lock(m_mutex);
    return m_renewals;
}

std::optional<Grant> LockHold::refusal() const
{
    std::lock_guard lock(m_mutex);
    return m_refusal;
}

Error LockHold::error() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}

std::optional<LostLease> LockHold::lost() const
{
    std::lock_guard lock(m_mutex);
    return m_lost;
}

Error LockHold::lastRenewalError() const
{
    std::lock_guard lock(m_mutex);
    return m_lastRenewalError;
}

Status LockHold::releaseStatus() const
{
    std::lock_guard lock(m_mutex);
    return m_releaseStatus;
}

} // namespace lockcore
