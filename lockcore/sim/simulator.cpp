// SPDX-License-Identifier: Apache-2.0
#include "simulator.h"

#include "baselinelock.h"
#include "forupdatelock.h"
#include "holderid.h"
#include "lockservice.h"
#include "resource.h"
#include "session.h"
#include "simnodes.h"
#include "simtables.h"
#include "simtr.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>
#include <algorithm>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;

namespace locksim {

namespace {

// While the database clock cannot be read: whether the run goes on (a database that is back
// within a minute: a failover takes about ten seconds, a restart a few).
bool ridesOut(QElapsedTimer &unreachable)
{
    constexpr qint64 graceMs = 60'000;
    if (!unreachable.isValid())
        unreachable.start();
    return unreachable.elapsed() < graceMs;
}

constexpr qint64 progressEveryMs = 250;

// What the client threads report, collected under one mutex.
struct Collector
{
    std::mutex mutex;
    History history;
    qsizetype reportedHolds = 0;
    qsizetype reportedWrites = 0;
    std::atomic<qint64> acquisitions{0};
    std::atomic<int> crashes{0};
    std::atomic<int> pauses{0};
    std::atomic<int> finished{0};

    SimProgress progress(qint64 elapsedMs)
    {
        std::lock_guard<std::mutex> lock(mutex);
        SimProgress p;
        p.elapsedMs = elapsedMs;
        p.acquisitions = acquisitions.load();
        p.failedAttempts = history.failures.size();
        p.crashes = crashes.load();
        p.pauses = pauses.load();
        p.newHolds = history.holds.mid(reportedHolds);
        p.newWrites = history.writes.mid(reportedWrites);
        reportedHolds = history.holds.size();
        reportedWrites = history.writes.size();
        return p;
    }
};

ClientSinks sinksFor(Collector &c, std::atomic_bool &halt, qint64 maxAcquisitions)
{
    ClientSinks sinks;
    sinks.hold = [&c](const HoldRecord &h) {
        std::lock_guard<std::mutex> lock(c.mutex);
        c.history.holds.append(h);
    };
    sinks.write = [&c](const WriteRecord &w) {
        std::lock_guard<std::mutex> lock(c.mutex);
        c.history.writes.append(w);
    };
    sinks.failure = [&c](const AttemptRecord &f) {
        std::lock_guard<std::mutex> lock(c.mutex);
        c.history.failures.append(f);
    };
    sinks.acquired = [&c, &halt, maxAcquisitions](const HoldRecord &) {
        if (++c.acquisitions >= maxAcquisitions && maxAcquisitions > 0)
            halt = true;
    };
    sinks.crashed = [&c] { ++c.crashes; };
    sinks.paused = [&c] { ++c.pauses; };
    return sinks;
}

} // namespace

Simulator::Simulator(lockcore::ConnectionSpec spec, SimSettings settings)
    : Simulator(QList<lockcore::ConnectionSpec>{std::move(spec)}, std::move(settings))
{}

Simulator::Simulator(QList<lockcore::ConnectionSpec> nodes, SimSettings settings)
    : m_nodes(std::move(nodes))
    , m_settings(std::move(settings))
{
    Q_ASSERT(!m_nodes.isEmpty());
}

QStringList Simulator::nodeNames(const QList<lockcore::ConnectionSpec> &nodes)
{
    QStringList names;
    for (const lockcore::ConnectionSpec &node : nodes)
        names << node.redacted();
    return names;
}

int nodeOfClient(int client, int nodes)
{
    return nodes > 1 ? client % nodes : 0;
}

lockcore::Status Simulator::prepare()
{
    if (lockcore::Status valid = m_settings.validate(); !valid)
        return valid;
    auto session = lockcore::Session::open(m_nodes.first());
    if (!session)
        return session.error();
    // The simulator writes its locks, resource and unsafe tables: not on a read-only session.
    if (lockcore::Status writable = (*session)->checkWritable(
            SimTr::tr("running the contention simulator"));
        !writable)
        return writable.error();
    if (m_settings.protocol == Protocol::ForUpdate)
        if (lockcore::Status supported = ForUpdateLock::checkSupported(**session); !supported)
            return supported;
    auto service = lockcore::LockService::create(**session, m_settings.table);
    if (!service)
        return service.error();
    service->setActor(lockcore::actorId(u"lockscope simulator"_s));
    if (lockcore::Status s = service->createSchema(); !s)
        return s;
    if (lockcore::Status s = createSimTables(**session, m_settings.table, m_settings.protocol);
        !s)
        return s;
    Resource resource(service.value(), m_settings.table);
    std::unique_ptr<BaselineLock> baseline;
    if (m_settings.protocol != Protocol::Lockcore)
        baseline = BaselineLock::create(service.value(), m_settings, 0);
    for (int i = 0; i < m_settings.locks; ++i) {
        const QString name = m_settings.lockPrefix + QString::number(i);
        auto init = service->initialize(
            name, m_settings.ttlMs,
            QCoreApplication::translate("locksim", "contention simulator lock"));
        if (!init)
            return init.error();
        const lockcore::LockInfo &row = init->current;
        if (!init->created && !row.holder.isEmpty()) {
            auto freed = service->forceRelease(
                name, row.fence,
                QCoreApplication::translate("locksim", "reset before a simulation run"));
            if (!freed)
                return freed.error();
        }
        if (lockcore::Status s = resource.reset(name); !s)
            return s;
        if (baseline)
            if (lockcore::Status s = baseline->reset(name); !s)
                return s;
    }
    return waitForNodes(m_nodes, m_settings);
}

lockcore::Result<SimReport> Simulator::run(
    const std::atomic_bool &stop, const std::function<void(const SimProgress &)> &progress)
{
    if (lockcore::Status valid = m_settings.validate(); !valid)
        return valid.error();
    auto session = lockcore::Session::open(m_nodes.first());
    if (!session)
        return session.error();
    // The simulator writes its locks, resource and unsafe tables: not on a read-only session.
    if (lockcore::Status writable = (*session)->checkWritable(
            SimTr::tr("running the contention simulator"));
        !writable)
        return writable.error();
    auto service = lockcore::LockService::create(**session, m_settings.table);
    if (!service)
        return service.error();
    auto start = dbNowUs(service.value());
    if (!start)
        return start.error();

    Collector collector;
    collector.history.startDbUs = *start;
    collector.history.nodeNames = nodeNames(m_nodes);
    for (int i = 0; i < m_settings.locks; ++i)
        collector.history.lockNames.append(m_settings.lockPrefix + QString::number(i));
    const qint64 deadline = m_settings.durationMs > 0 ? *start + m_settings.durationMs * 1000 : 0;
    std::atomic_bool halt{false};
    const ClientSinks sinks = sinksFor(collector, halt, m_settings.maxAcquisitions);

    std::vector<std::thread> threads;
    threads.reserve(size_t(m_settings.clients));
    const int nodes = int(m_nodes.size());
    for (int i = 0; i < m_settings.clients; ++i)
        threads.emplace_back([this, i, nodes, &halt, deadline, &sinks, &collector] {
            const int node = nodeOfClient(i, nodes);
            runClient(m_nodes.at(node), m_settings, i, node, halt, deadline, sinks);
            ++collector.finished;
        });

    qint64 nowUs = *start;
    QElapsedTimer sinceStart; // the run's length while the database clock cannot be read
    sinceStart.start();
    QElapsedTimer unreachable;
    while (collector.finished.load() < m_settings.clients) {
        QElapsedTimer tick;
        tick.start();
        while (tick.elapsed() < progressEveryMs && collector.finished.load() < m_settings.clients)
            QThread::msleep(10);
        if (stop.load())
            halt = true;
        if (auto now = dbNowUs(service.value())) {
            nowUs = *now;
            unreachable.invalidate();
        } else if (ridesOut(unreachable)) {
            // A failover or a restart: the clients reconnect by themselves and go on; the
            // run keeps its length by this process's clock until the database answers again.
            nowUs = *start + sinceStart.elapsed() * 1000;
        } else {
            halt = true; // gone for good: end the run with what was recorded
        }
        if (deadline > 0 && nowUs >= deadline)
            halt = true;
        if (progress)
            progress(collector.progress((nowUs - *start) / 1000));
    }
    for (std::thread &thread : threads)
        thread.join();

    auto end = dbNowUs(service.value());
    History history;
    {
        std::lock_guard<std::mutex> lock(collector.mutex);
        history = collector.history;
    }
    history.endDbUs = end ? *end : nowUs;
    history.crashes = collector.crashes.load();
    history.pauses = collector.pauses.load();
    if (progress)
        progress(collector.progress((history.endDbUs - *start) / 1000));

    // Every client failed before its first statement: report why instead of an empty run.
    const bool noneConnected
        = history.holds.isEmpty() && !history.failures.isEmpty()
          && std::all_of(history.failures.cbegin(), history.failures.cend(),
                         [](const AttemptRecord &f) { return f.lock < 0; });
    if (noneConnected)
        return lockcore::Error{lockcore::Error::Kind::Connection, history.failures.first().error,
                               {}, {}};

    std::sort(history.holds.begin(), history.holds.end(),
              [](const HoldRecord &a, const HoldRecord &b) {
                  return a.acquiredDbUs < b.acquiredDbUs;
              });
    std::sort(history.writes.begin(), history.writes.end(),
              [](const WriteRecord &a, const WriteRecord &b) {
                  return a.beforeDbUs < b.beforeDbUs;
              });
    return report(m_settings, m_nodes.first().backendName(), std::move(history));
}

} // namespace locksim
