// SPDX-License-Identifier: Apache-2.0
#include "clientcore.h"

#include "holderid.h"
#include "leasekeeper.h"
#include "lockclient.h"
#include "lockhold.h"
#include "releaselistener.h"
#include "sessioninternals.h"
#include "validation.h"

#include <algorithm>

namespace lockcore {

Result<std::shared_ptr<ClientCore>> ClientCore::open(const ConnectionSpec &spec,
                                                     const ClientOptions &options)
{
    std::shared_ptr<ClientCore> core(new ClientCore);
    core->m_holder = options.holder.isEmpty() ? defaultHolderId() : options.holder;
    core->m_lease = options.lease;
    if (Status valid = validateHolder(core->m_holder); !valid)
        return valid.error();
    std::promise<std::thread::id> started;
    auto threadId = started.get_future();
    core->m_thread = std::thread([raw = core.get(), spec, options, &started] {
        started.set_value(std::this_thread::get_id());
        raw->run(spec, options);
    });
    core->m_threadId = threadId.get();
    std::unique_lock lock(core->m_mutex);
    core->m_changed.wait(lock, [&core] { return core->m_opened || core->m_stop; });
    if (!core->m_opened) {
        lock.unlock();
        core->m_thread.join();
        return core->m_openError;
    }
    return core;
}

ClientCore::~ClientCore()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_changed.notify_all();
    }
    if (m_thread.joinable())
        m_thread.join();
}

void ClientCore::run(const ConnectionSpec &spec, const ClientOptions &options)
{
    Status opened = openService(spec, options);
    {
        std::lock_guard lock(m_mutex);
        m_opened = opened.ok();
        m_stop = !m_opened;
        if (!opened)
            m_openError = opened.error();
        m_changed.notify_all();
    }
    if (opened)
        serve();
    m_service.reset(); // on the thread that opened them
    m_session.reset();
}

Status ClientCore::openService(const ConnectionSpec &spec, const ClientOptions &options)
{
    auto session = Session::open(spec, options.session);
    if (!session)
        return session.error();
    m_session = std::move(session).value();
    auto service = LockService::create(*m_session, options.table);
    if (!service)
        return service.error();
    m_service.emplace(std::move(service).value());
    m_service->setEventLevel(options.events);
    m_notifies = m_session->dialect().hasFeature(Feature::ReleaseNotifies);
    if (m_notifies) {
        m_channel = m_session->dialect().releaseChannel(m_service->tables());
        SessionInternals::releaseListener(*m_session).setOnRelease(
            [this](const QString &name) { noteReleased(name); });
    }
    return m_service->setFenceTable(options.fenceTable);
}

void ClientCore::post(std::function<void(LockService &)> task)
{
    std::lock_guard lock(m_mutex);
    m_tasks.push_back(std::move(task));
    m_changed.notify_all();
}

void ClientCore::serve()
{
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        // The tasks posted so far, then the renewals due: callers that keep posting cannot
        // hold the renewals back for longer than one batch.
        std::deque<std::function<void(LockService &)>> batch;
        batch.swap(m_tasks);
        lock.unlock();
        for (auto &task : batch)
            task(*m_service);
        const qint64 sleepMs = listenForWaiters(keepAll());
        lock.lock();
        m_changed.wait_for(lock, std::chrono::milliseconds(qMax<qint64>(1, sleepMs)),
                           [this] { return m_stop || !m_tasks.empty(); });
    }
}

qint64 ClientCore::keepAll()
{
    qint64 next = LeaseSchedule::unknownLeaseMs;
    bool notified = false;
    for (LockHold *hold : m_holds) {
        next = std::min(next, hold->renewDue());
        // Where releases are notified, a force release is noticed within notifyPollMs.
        notified = hold->releaseNotified() || notified;
    }
    if (notified)
        return 0;
    return m_notifies ? std::min(next, LockHold::notifyPollMs) : next;
}

QString ClientCore::nextHolder()
{
    return m_holder + u'#' + QString::number(++m_guards);
}

void ClientCore::watch(LockHold *hold)
{
    if (std::find(m_holds.begin(), m_holds.end(), hold) == m_holds.end())
        m_holds.push_back(hold);
}

void ClientCore::unwatch(LockHold *hold)
{
    m_holds.erase(std::remove(m_holds.begin(), m_holds.end(), hold), m_holds.end());
}

} // namespace lockcore
