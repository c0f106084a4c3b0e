// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchclients.h"

#include "benchprotocol.h"
#include "session.h"
#include "tr.h"

#include <QCoreApplication>
#include <QThread>
#include <chrono>
#include <thread>

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::Result;

namespace lockbench {

namespace {

constexpr auto controlTick = std::chrono::milliseconds(20);

// The distinct lock names of a plan, in order of first use.
QStringList lockNamesOf(const RunPlan &plan)
{
    QStringList names;
    for (const QString &name : plan.lockOfClient) {
        if (!names.contains(name))
            names << name;
    }
    return names;
}

} // namespace

ClientPool::ClientPool(const Protocol &protocol, const lockcore::ConnectionSpec &spec,
                       int connectTimeoutS, int clients, const std::atomic_bool &interrupted)
    : m_protocol(protocol)
    , m_spec(spec)
    , m_connectTimeoutS(connectTimeoutS)
    , m_clients(clients)
    , m_interrupted(interrupted)
{}

ClientPool::~ClientPool()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_quit = true;
        m_stop = true;
    }
    m_changed.notify_all();
    for (const auto &thread : m_threads)
        thread->wait();
}

lockcore::Status ClientPool::start()
{
    static std::atomic_int pools{0};
    const QString holderBase = u"bench:%1:%2:"_s.arg(QCoreApplication::applicationPid())
                                   .arg(++pools);
    m_slots.resize(size_t(m_clients));
    m_threads.reserve(size_t(m_clients));
    for (int i = 0; i < m_clients; ++i) {
        const QString holder = holderBase + QString::number(i);
        m_threads.emplace_back(QThread::create([this, i, holder] { clientThread(i, holder); }));
        m_threads.back()->start();
    }
    std::unique_lock<std::mutex> lock(m_mutex);
    while (m_ready < m_clients)
        m_changed.wait_for(lock, controlTick);
    for (const Slot &slot : m_slots) {
        if (slot.error)
            return *slot.error;
    }
    if (m_interrupted.load())
        return Error{Error::Kind::Cancelled, Tr::tr("Interrupted."), {}, {}};
    return {};
}

void ClientPool::clientThread(int index, const QString &holder)
{
    // Declared before the lock guards below, so they close after the guards release.
    std::unique_ptr<lockcore::Session> session;
    std::unique_ptr<Client> client;
    std::optional<Error> error;

    lockcore::SessionOptions options;
    options.connectTimeoutS = m_connectTimeoutS;
    auto opened = lockcore::Session::open(m_spec, options);
    if (!opened) {
        error = opened.error();
    } else {
        session = std::move(opened).value();
        auto made = m_protocol.makeClient(*session, holder);
        if (!made)
            error = made.error();
        else
            client = std::move(made).value();
    }
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_slots[size_t(index)].error = error;
        ++m_ready;
    }
    m_changed.notify_all();
    if (error)
        return;

    quint64 seen = 0;
    for (;;) {
        RunPlan plan;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_changed.wait(lock, [&] { return m_quit || m_generation != seen; });
            if (m_quit)
                return;
            seen = m_generation;
            plan = m_plan;
        }
        Slot slot;
        runOnce(index, *client, plan, slot);
        const bool failed = slot.error.has_value();
        if (failed)
            m_stop = true; // the others stop too
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_slots[size_t(index)] = std::move(slot);
            ++m_done;
        }
        m_changed.notify_all();
        if (failed)
            return; // its connection closes, and with it any session lock it held
    }
}

void ClientPool::runOnce(int index, Client &client, const RunPlan &plan, Slot &slot)
{
    const QString lock = plan.lockOfClient.value(index);
    const int lockIndex = int(lockNamesOf(plan).indexOf(lock));
    const quint64 before = client.roundTrips();
    const bool counted = plan.durationMs <= 0;
    slot.holds.reserve(counted ? size_t(plan.cycles) : 4096);
    for (int cycle = 0; !counted || cycle < plan.cycles; ++cycle) {
        if (m_stop.load())
            break;
        Hold hold;
        hold.client = index;
        hold.lock = lockIndex;
        hold.waitStartNs = benchClockNs();
        auto granted = client.acquire(lock, m_stop);
        if (!granted) {
            slot.error = granted.error();
            break;
        }
        if (!*granted)
            break; // stopped while waiting
        hold.acquiredNs = benchClockNs();
        if (plan.holdUs > 0)
            std::this_thread::sleep_for(std::chrono::microseconds(plan.holdUs));
        hold.releaseStartNs = benchClockNs();
        auto released = client.release(lock);
        hold.releasedNs = benchClockNs();
        if (!released) {
            slot.error = released.error();
            slot.holds.push_back(hold);
            break;
        }
        hold.releaseRefused = !*released;
        slot.holds.push_back(hold);
        if (plan.thinkUs > 0)
            std::this_thread::sleep_for(std::chrono::microseconds(plan.thinkUs));
    }
    slot.roundTrips = client.roundTrips() - before;
}

Result<RunOutcome> ClientPool::run(const RunPlan &plan)
{
    RunOutcome outcome;
    outcome.lockNames = lockNamesOf(plan);
    std::unique_lock<std::mutex> lock(m_mutex);
    if (m_broken || int(m_threads.size()) != m_clients)
        return Error{Error::Kind::Database, Tr::tr("The bench's clients are not running."), {},
                     {}};
    m_plan = plan;
    m_done = 0;
    for (Slot &slot : m_slots)
        slot = Slot();
    m_stop = false;
    ++m_generation;
    outcome.startNs = benchClockNs();
    m_changed.notify_all();

    if (plan.durationMs > 0) {
        const qint64 endNs = outcome.startNs + plan.durationMs * 1000000;
        while (!m_stop.load() && !m_interrupted.load()) {
            const qint64 leftNs = endNs - benchClockNs();
            if (leftNs <= 0)
                break;
            m_changed.wait_for(lock, std::min<std::chrono::nanoseconds>(
                                         std::chrono::nanoseconds(leftNs), controlTick));
        }
        m_stop = true;
        outcome.stopNs = benchClockNs();
    }
    while (m_done < m_clients) {
        if (m_interrupted.load())
            m_stop = true;
        m_changed.wait_for(lock, controlTick);
    }
    if (plan.durationMs <= 0)
        outcome.stopNs = benchClockNs();

    for (const Slot &slot : m_slots) {
        if (slot.error) {
            m_broken = true; // that client's thread ended: no more runs
            return *slot.error;
        }
    }
    if (m_interrupted.load())
        return Error{Error::Kind::Cancelled, Tr::tr("Interrupted."), {}, {}};
    for (Slot &slot : m_slots) {
        outcome.holds.insert(outcome.holds.end(), slot.holds.begin(), slot.holds.end());
        outcome.roundTrips += slot.roundTrips;
    }
    return outcome;
}

} // namespace lockbench
