// SPDX-License-Identifier: Apache-2.0
// runClient: one simulated client's loop (see simulator.h).

#include "simulator.h"

#include "baselinelock.h"
#include "holderid.h"
#include "leasekeeper.h"
#include "lockservice.h"
#include "resource.h"
#include "session.h"
#include "simtables.h"
#include "simtr.h"
#include "slicedsleep.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QThread>
#include <optional>

using namespace Qt::StringLiterals;

namespace locksim {

namespace {

template<typename F, typename... Args>
void emitTo(const F &sink, const Args &...args)
{
    if (sink)
        sink(args...);
}

// Sleeps in small steps; false when `stop` was set meanwhile.
bool sleepFor(qint64 ms, const std::atomic_bool &stop)
{
    return lockcore::sleepInSlices(ms, 10, &stop);
}

qint64 usOf(const QDateTime &time)
{
    return time.isValid() ? time.toMSecsSinceEpoch() * 1000 : 0;
}

class ClientLoop
{
public:
    ClientLoop(lockcore::LockService &service, const SimSettings &settings, int client, int node,
               const std::atomic_bool &stop, const ClientSinks &sinks)
        : m_service(service)
        , m_settings(settings)
        , m_client(client)
        , m_node(node)
        , m_stop(stop)
        , m_sinks(sinks)
        , m_random(settings.seed + quint32(client))
        , m_resource(service, settings.table)
    {
        const qint64 skew = settings.clockSkewMs;
        const qint64 skewMs = skew > 0 ? qint64(m_random.bounded(quint64(2 * skew + 1))) - skew
                                       : 0;
        if (settings.protocol != Protocol::Lockcore)
            m_baseline = BaselineLock::create(service, settings, skewMs);
        newHolder();
    }

    void run(qint64 deadlineDbUs);

private:
    void newHolder()
    {
        m_holder = u"sim-c%1-r%2@%3"_s.arg(m_client).arg(m_restarts).arg(
            lockcore::defaultHolderId());
        ++m_restarts;
    }
    QString lockName(int lock) const { return m_settings.lockPrefix + QString::number(lock); }
    void failure(int lock, qint64 atUs, int attempts, const QString &error)
    {
        emitTo(m_sinks.failure, AttemptRecord{m_client, lock, atUs, attempts, error});
    }
    std::optional<HoldRecord> acquire(int lock, qint64 requestedUs);
    void write(const HoldRecord &hold, bool late);
    void crash(HoldRecord &hold);
    void pause(HoldRecord &hold);
    void work(HoldRecord &hold);
    void release(HoldRecord &hold);

    lockcore::LockService &m_service;
    const SimSettings &m_settings;
    const int m_client;
    const int m_node;
    const std::atomic_bool &m_stop;
    const ClientSinks &m_sinks;
    QRandomGenerator m_random;
    Resource m_resource;
    std::unique_ptr<BaselineLock> m_baseline; // a seed article's design instead of lockcore
    QString m_holder;
    int m_restarts = 0;
};

void ClientLoop::run(qint64 deadlineDbUs)
{
    while (!m_stop.load()) {
        const int lock = int(m_random.bounded(quint32(m_settings.locks)));
        auto requested = dbNowUs(m_service);
        if (!requested) {
            failure(lock, 0, 0, requested.error().fullText());
            sleepFor(100, m_stop);
            continue;
        }
        if (deadlineDbUs > 0 && *requested >= deadlineDbUs)
            break;
        std::optional<HoldRecord> hold = acquire(lock, *requested);
        if (hold) {
            // The hold is recorded as the grant reported it (its acquired_at), never moved.
            write(*hold, false);
            emitTo(m_sinks.acquired, *hold);
            const double u = m_random.generateDouble();
            if (u < m_settings.crashRate)
                crash(*hold);
            else if (u < m_settings.crashRate + m_settings.pauseRate)
                pause(*hold);
            else
                work(*hold);
            emitTo(m_sinks.hold, *hold);
        }
        sleepFor(m_settings.think.sample(m_random.generateDouble()), m_stop);
    }
}

std::optional<HoldRecord> ClientLoop::acquire(int lock, qint64 requestedUs)
{
    const QString name = lockName(lock);
    HoldRecord hold;
    hold.client = m_client;
    hold.lock = lock;
    hold.node = m_node;
    hold.holder = m_holder;
    hold.requestedDbUs = requestedUs;
    if (m_baseline) {
        auto grant = m_baseline->acquire(name, m_holder, m_stop, m_random);
        if (!grant || !grant->acquired) {
            if (!grant && grant.error().kind == lockcore::Error::Kind::Cancelled)
                return std::nullopt;
            failure(lock, requestedUs, grant ? grant->attempts : 1,
                    grant ? QString() : grant.error().fullText());
            return std::nullopt;
        }
        hold.acquiredDbUs = grant->acquiredDbUs;
        hold.expiresDbUs = grant->expiresDbUs;
        hold.attempts = grant->attempts;
        return hold;
    }
    lockcore::RetryPolicy policy = m_settings.retry;
    if (policy.deadlineMs <= 0 && policy.maxAttempts <= 0)
        policy.deadlineMs = 2 * m_settings.ttlMs;
    auto grant = m_service.acquireWithWait(name, m_holder, m_settings.ttlMs, policy, &m_stop);
    if (!grant || !grant->acquired) {
        if (!grant && grant.error().kind == lockcore::Error::Kind::Cancelled)
            return std::nullopt;
        failure(lock, requestedUs, grant ? grant->attempts : 1,
                grant ? QString() : grant.error().fullText());
        if (!grant)
            sleepFor(50, m_stop);
        return std::nullopt;
    }
    if (grant->depth > 1) {
        // A re-entry: an earlier release of this holder had an unknown outcome and did not
        // happen. Give the lock back and go on as a new holder; this is not a new hold.
        for (int depth = grant->depth; depth > 0; --depth) {
            auto released = m_service.release(name, m_holder, grant->fence);
            if (!released || !released->released || released->remainingDepth == 0)
                break;
        }
        newHolder();
        failure(lock, requestedUs, grant->attempts,
                QCoreApplication::translate("locksim", "re-entered a hold left after an unknown "
                                                       "release outcome; released it"));
        return std::nullopt;
    }
    hold.fence = grant->fence;
    hold.acquiredDbUs = usOf(grant->acquiredAt);
    hold.expiresDbUs = usOf(grant->expiresAt);
    hold.attempts = grant->attempts;
    hold.tookOver = !grant->tookOverFrom.isEmpty();
    return hold;
}

void ClientLoop::write(const HoldRecord &hold, bool late)
{
    auto record = m_resource.write(lockName(hold.lock), hold.fence, hold.holder);
    if (!record) {
        failure(hold.lock, hold.acquiredDbUs, 0, record.error().fullText());
        return;
    }
    record->client = m_client;
    record->lock = hold.lock;
    record->late = late;
    emitTo(m_sinks.write, *record);
}

void ClientLoop::crash(HoldRecord &hold)
{
    // The node vanishes without releasing; it comes back as a new holder. What the database
    // does about the lock is the design's (for-update: the transaction is rolled back).
    hold.end = HoldRecord::End::Crashed;
    if (m_baseline)
        if (const qint64 freedDbUs = m_baseline->crash(); freedDbUs > 0)
            hold.expiresDbUs = freedDbUs;
    emitTo(m_sinks.crashed);
    newHolder();
}

void ClientLoop::pause(HoldRecord &hold)
{
    // Frozen past the lease (GC, swap, SIGSTOP), then goes on as if nothing happened.
    hold.paused = true;
    emitTo(m_sinks.paused);
    if (sleepFor(m_settings.ttlMs + m_settings.pauseExtraMs, m_stop))
        write(hold, true);
    release(hold);
}

void ClientLoop::work(HoldRecord &hold)
{
    const qint64 holdMs = m_settings.hold.sample(m_random.generateDouble());
    // Only lockcore renews; the unsafe baselines hold as their designs do.
    std::optional<lockcore::LeaseKeeper> keeper;
    if (m_settings.protocol == Protocol::Lockcore) {
        lockcore::Grant grant; // the lease is the one asked for (the keeper's fallback)
        grant.name = lockName(hold.lock);
        grant.holder = hold.holder;
        grant.fence = hold.fence;
        keeper.emplace(m_service, grant, m_settings.ttlMs);
    }
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < holdMs && !m_stop.load()) {
        qint64 step = qMin<qint64>(10, holdMs - timer.elapsed());
        if (keeper)
            step = qMin(step, keeper->msUntilDue());
        if (step > 0)
            QThread::msleep(quint32(step));
        if (!keeper)
            continue;
        const lockcore::LeaseKeeper::Step renewal = keeper->renewIfDue();
        if (renewal == lockcore::LeaseKeeper::Step::Renewed) {
            hold.expiresDbUs = usOf(keeper->grant().expiresAt);
        } else if (renewal == lockcore::LeaseKeeper::Step::Lost) {
            hold.end = HoldRecord::End::Lost; // stop the work: no longer ours
            return;
        } else if (renewal == lockcore::LeaseKeeper::Step::Lapsed) {
            break; // its end passed here unrenewed: stop the work, give it back if still ours
        }
    }
    release(hold);
}

void ClientLoop::release(HoldRecord &hold)
{
    const QString name = lockName(hold.lock);
    if (m_baseline) {
        auto released = m_baseline->release(name);
        if (released) {
            hold.end = HoldRecord::End::Released;
            hold.releasedDbUs = released->atDbUs;
            hold.commitFailed = released->commitFailed;
        } else {
            hold.end = HoldRecord::End::Running;
        }
        return;
    }
    auto released = m_service.release(name, hold.holder, hold.fence);
    if (!released) {
        hold.end = HoldRecord::End::Running; // outcome unknown: the lease bounds it
        newHolder(); // never re-enter a hold that may still exist
        return;
    }
    if (!released->released) {
        hold.end = HoldRecord::End::Lost;
        return;
    }
    if (!released->releasedAt.isValid()) {
        // No time reported (Oracle's release, not run here): the hold is bounded by its
        // lease, as one whose outcome is unknown; no time of ours stands in for it.
        hold.end = HoldRecord::End::Running;
        return;
    }
    hold.end = HoldRecord::End::Released;
    hold.releasedDbUs = usOf(released->releasedAt);
}

} // namespace

void runClient(const lockcore::ConnectionSpec &spec, const SimSettings &settings, int client,
               int node, const std::atomic_bool &stop, qint64 deadlineDbUs,
               const ClientSinks &sinks)
{
    auto session = lockcore::Session::open(spec);
    if (!session) {
        emitTo(sinks.failure, AttemptRecord{client, -1, 0, 0, session.error().fullText()});
        return;
    }
    if (lockcore::Status writable = (*session)->checkWritable(
            SimTr::tr("running a simulated client"));
        !writable) {
        emitTo(sinks.failure, AttemptRecord{client, -1, 0, 0, writable.error().fullText()});
        return;
    }
    auto service = lockcore::LockService::create(**session, settings.table);
    if (!service) {
        emitTo(sinks.failure, AttemptRecord{client, -1, 0, 0, service.error().fullText()});
        return;
    }
    service->setEventLevel(lockcore::LockService::EventLevel::Admin);
    ClientLoop loop(service.value(), settings, client, node, stop, sinks);
    loop.run(deadlineDbUs);
}

} // namespace locksim
