// SPDX-License-Identifier: Apache-2.0
// A LockClient's waiters: a waiter's pause ends when the lock it waits for is released (by a
// guard of the client, a lease of it lost, or, on PostgreSQL, a release NOTIFYed by anyone),
// not only when the policy's interval ends, or when the server closed the client's connection
// (the wait then ends with ConnectionLost; the next call reconnects). The pause stays on the
// caller's thread; the client's thread only listens, reads notifications and looks at its
// connection's socket between its statements and renewals.

#include "clientcore.h"

#include "lockhold.h"
#include "releaselistener.h"
#include "sessioninternals.h"

namespace lockcore {

ClientCore::Waiting::Waiting(ClientCore &core, const QString &name)
    : m_core(core)
    , m_name(name)
{
    std::lock_guard lock(m_core.m_mutex);
    ++m_core.m_waiting[m_name];
    m_losses = m_core.m_losses;
}

bool ClientCore::Waiting::connectionLost() const
{
    std::lock_guard lock(m_core.m_mutex);
    return m_core.m_losses != m_losses;
}

ClientCore::Waiting::~Waiting()
{
    std::lock_guard lock(m_core.m_mutex);
    if (m_pausing && --m_core.m_pausing == 0)
        m_core.m_changed.notify_all(); // UNLISTEN once nobody waits
    if (--m_core.m_waiting[m_name] > 0)
        return;
    m_core.m_waiting.remove(m_name);
    m_core.m_releases.remove(m_name); // nobody compares with it any more
    if (!m_core.m_notifies)
        return;
    // Nobody of this client waits for it: its wake-up lock goes, now (others may queue on it).
    m_core.m_tasks.push_back(
        [name = m_name](LockService &service) { service.freeWakeLockOf(name); });
    m_core.m_changed.notify_all();
}

void ClientCore::Waiting::pausing()
{
    if (std::exchange(m_pausing, true))
        return;
    std::lock_guard lock(m_core.m_mutex);
    ++m_core.m_pausing;
}

bool ClientCore::awaitRelease(LockService &service, Waiting &waiting)
{
    waiting.pausing();
    if (!m_notifies)
        return false;
    m_mayListen = true;
    const quint64 before = m_session->roundTrips();
    if (!m_session->listenForReleases(m_channel))
        return false; // no notifications here: the waiter's pauses end with its interval
    const bool listened = m_session->roundTrips() != before;
    return service.takeWakeLockNow(waiting.name()) || listened;
}

quint64 ClientCore::releases(const QString &name)
{
    std::lock_guard lock(m_mutex);
    return m_releases.value(name, 0);
}

bool ClientCore::pauseUntilReleased(const Waiting &waiting, quint64 seen, qint64 ms,
                                    const std::atomic_bool *cancel)
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    std::unique_lock lock(m_mutex);
    while (m_releases.value(waiting.name(), 0) == seen && m_losses == waiting.m_losses) {
        if (cancel && cancel->load())
            return false;
        const auto now = std::chrono::steady_clock::now();
        if (now >= until)
            return true;
        // In slices: a cancel is a plain flag, nobody signals it.
        m_released.wait_until(lock, std::min(until, now + std::chrono::milliseconds(20)));
    }
    return !(cancel && cancel->load());
}

void ClientCore::noteReleased(const QString &name)
{
    std::lock_guard lock(m_mutex);
    if (!m_waiting.contains(name))
        return;
    ++m_releases[name];
    m_released.notify_all();
}

qint64 ClientCore::watchConnection(qint64 sleepMs, bool waiting)
{
    if (!waiting)
        return sleepMs;
    if (SessionInternals::closedByServer(*m_session)) {
        std::lock_guard lock(m_mutex);
        ++m_losses;
        m_released.notify_all();
    }
    return std::min(sleepMs, lostPollMs);
}

qint64 ClientCore::listenForWaiters(qint64 sleepMs)
{
    bool waiting = false;
    {
        std::lock_guard lock(m_mutex);
        waiting = m_pausing > 0;
    }
    sleepMs = watchConnection(sleepMs, waiting);
    if (!m_notifies || m_session->isBroken())
        return sleepMs;
    if (waiting) {
        m_mayListen = true;
        if (!m_session->listenForReleases(m_channel))
            return sleepMs; // no notifications here (no libpq, or the connection broke)
        (void)m_session->waitForRelease(QString(), 0, nullptr); // reads what came
        return std::min(sleepMs, waiterPollMs);
    }
    if (!m_holds.empty())
        m_mayListen = true; // the keepers listen for force releases
    else if (std::exchange(m_mayListen, false))
        m_session->stopListening(m_channel);
    return sleepMs;
}

} // namespace lockcore
