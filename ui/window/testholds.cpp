// SPDX-License-Identifier: GPL-3.0-or-later
#include "testholds.h"

#include "lockmonitor.h"

namespace ui {

TestHolds::TestHolds(LockMonitor *monitor, QObject *parent) : QObject(parent), m_monitor(monitor)
{
    connect(monitor, &LockMonitor::adminDone, this, &TestHolds::onAdminDone);
    connect(monitor, &LockMonitor::refreshed, this, &TestHolds::onRefresh);
    m_clock.start();
    m_timer.setInterval(200);
    connect(&m_timer, &QTimer::timeout, this, &TestHolds::tick);
    m_timer.start();
}

quint64 TestHolds::acquire(const QString &name, const QString &holder, qint64 ttlMs,
                           qint64 holdMs, bool autoRenew)
{
    AdminRequest request;
    request.kind = AdminRequest::Kind::Acquire;
    request.name = name;
    request.holder = holder;
    request.ttlMs = ttlMs;
    const quint64 id = m_monitor->submit(request);
    m_pendingAcquires.insert(id, {holdMs, autoRenew, m_clock.elapsed()});
    return id;
}

std::optional<TestHolds::Hold> TestHolds::hold(const QString &name) const
{
    auto it = m_holds.constFind(name);
    if (it == m_holds.constEnd())
        return std::nullopt;
    return *it;
}

void TestHolds::sendRenewal(const QString &name, bool automatic)
{
    auto it = m_holds.constFind(name);
    if (it == m_holds.constEnd())
        return;
    AdminRequest request;
    request.kind = AdminRequest::Kind::Renew;
    request.name = name;
    request.holder = it->holder;
    request.fence = it->fence;
    request.ttlMs = it->ttlMs;
    request.automatic = automatic;
    // A renewing hold's renewal past the lease's end here is too late: not sent, or abandoned
    // if still waiting. (A hold the admin renews by hand may be renewed after its end.)
    if (it->autoRenew)
        request.deadline = QDeadlineTimer(qMax<qint64>(0, it->leaseEndMs - m_clock.elapsed()));
    m_schedules[name].start(m_clock.elapsed(), it->ttlMs);
    m_renewSentAtMs.insert(name, m_clock.elapsed());
    m_monitor->submit(request);
}

void TestHolds::sendRelease(const QString &name, bool automatic)
{
    auto it = m_holds.find(name);
    if (it == m_holds.end())
        return;
    AdminRequest request;
    request.kind = AdminRequest::Kind::Release;
    request.name = name;
    request.holder = it->holder;
    request.fence = it->fence;
    request.automatic = automatic;
    m_monitor->submit(request);
    m_schedules.remove(name);
    m_renewSentAtMs.remove(name);
    m_holds.erase(it); // whatever comes back, it is no longer ours to renew
    emit changed();
}

void TestHolds::lapse(const QString &name)
{
    const qint64 fence = m_holds.value(name).fence;
    sendRelease(name, true); // fence-checked: frees it only if it is still ours
    emit lapsed(name, fence);
}

void TestHolds::releaseAll()
{
    const QStringList names = m_holds.keys();
    for (const QString &name : names)
        sendRelease(name, true);
}

void TestHolds::onAdminDone(const AdminResult &result)
{
    const AdminRequest &request = result.request;
    if (request.kind == AdminRequest::Kind::Acquire) {
        auto pending = m_pendingAcquires.constFind(request.id);
        if (pending == m_pendingAcquires.constEnd())
            return;
        const Pending settings = *pending;
        m_pendingAcquires.erase(pending);
        if (!result.done)
            return;
        Hold hold;
        hold.name = request.name;
        hold.holder = request.holder;
        hold.fence = result.grant.fence;
        hold.ttlMs = result.grant.acquiredAt.msecsTo(result.grant.expiresAt);
        hold.autoRenew = settings.autoRenew;
        hold.expiresAt = result.grant.expiresAt;
        hold.grantedAt = result.grant.dbNow;
        hold.leaseEndMs = settings.sentAtMs
                          + lockcore::LeaseSchedule::leaseOf(result.grant.dbNow,
                                                             result.grant.expiresAt, hold.ttlMs);
        if (settings.holdMs > 0)
            hold.releaseAt = QDateTime::currentDateTimeUtc().addMSecs(settings.holdMs);
        m_holds.insert(hold.name, hold);
        m_schedules[hold.name].start(
            m_clock.elapsed(),
            lockcore::LeaseSchedule::leaseOf(result.grant.dbNow, result.grant.expiresAt,
                                             hold.ttlMs));
        emit changed();
    } else if (request.kind == AdminRequest::Kind::Renew) {
        auto it = m_holds.find(request.name);
        if (it == m_holds.end() || it->fence != request.fence)
            return;
        const qint64 sentAtMs = m_renewSentAtMs.take(it->name);
        if (result.done && it->autoRenew && m_clock.elapsed() >= it->leaseEndMs)
            return lapse(it->name); // confirmed after the lease's end here: too late
        if (result.done) {
            ++it->renewals;
            it->leaseEndMs = sentAtMs
                             + lockcore::LeaseSchedule::leaseOf(result.current.dbNow,
                                                                result.current.expiresAt,
                                                                it->ttlMs);
            if (result.current.expiresAt.isValid())
                it->expiresAt = result.current.expiresAt;
            else
                it->expiresAt = QDateTime::currentDateTimeUtc().addMSecs(it->ttlMs);
            m_schedules[it->name].start(
                m_clock.elapsed(),
                lockcore::LeaseSchedule::leaseOf(result.current.dbNow, result.current.expiresAt,
                                                 it->ttlMs));
        } else if (result.error) {
            m_schedules[it->name].failed(m_clock.elapsed()); // sent again soon
        } else if (request.automatic) {
            // Lost (the admin's own renewal says so in the message bar itself).
            const QString why = lossOf(*it, result.current);
            return forget(it->name, !why.isEmpty() ? why
                                                   : tr("Your test hold on \"%1\" was lost.")
                                                         .arg(it->name));
        } else {
            m_schedules.remove(it->name);
            m_holds.erase(it); // lost: someone else holds it now, or its lease had ended
        }
        emit changed();
    }
}

void TestHolds::onRefresh(const LockRefresh &refresh)
{
    // Only rows read after the grant: an older refresh still shows the lock as it was before.
    for (const lockcore::LockInfo &lock : refresh.page.locks) {
        auto it = m_holds.constFind(lock.name);
        if (it == m_holds.constEnd())
            continue;
        const QDateTime readAt = lock.dbNow.isValid() ? lock.dbNow : refresh.clock.dbNow;
        if (!readAt.isValid() || (it->grantedAt.isValid() && readAt < it->grantedAt))
            continue;
        // A renewing hold's lease that ended shows here only while a renewal is on its way:
        // the lapse on this window's clock decides for it.
        if (it->autoRenew && lock.holder == it->holder && lock.fence == it->fence)
            continue;
        lockcore::LockInfo read = lock;
        read.dbNow = readAt;
        if (const QString why = lossOf(*it, read); !why.isEmpty())
            forget(lock.name, why);
    }
}

QString TestHolds::lossOf(const Hold &hold, const lockcore::LockInfo &now) const
{
    const QString fence = QString::number(hold.fence);
    if (now.name.isEmpty())
        return tr("Your test hold on \"%1\" (fence %2) was lost: the lock was deleted.")
            .arg(hold.name, fence);
    if (now.fence != hold.fence || now.holder != hold.holder) {
        if (now.holder.isEmpty())
            return tr("Your test hold on \"%1\" (fence %2) was lost: it is free now (fence %3).")
                .arg(hold.name, fence, QString::number(now.fence));
        return tr("Your test hold on \"%1\" (fence %2) was lost: %3 now holds it (fence %4).")
            .arg(hold.name, fence, now.holder, QString::number(now.fence));
    }
    if (now.expiresAt.isValid() && now.dbNow.isValid() && now.expiresAt < now.dbNow)
        return tr("Your test hold on \"%1\" (fence %2) was lost: its lease ended at %3.")
            .arg(hold.name, fence,
                 now.expiresAt.toLocalTime().toString(QStringLiteral("HH:mm:ss")));
    return {};
}

void TestHolds::forget(QString name, const QString &why)
{
    m_schedules.remove(name);
    m_renewSentAtMs.remove(name);
    m_holds.remove(name);
    emit lost(name, why);
    emit changed();
}

void TestHolds::tick()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QStringList names = m_holds.keys();
    for (const QString &name : names) {
        const Hold hold = m_holds.value(name);
        if (hold.releaseAt.isValid() && now >= hold.releaseAt) {
            sendRelease(name, true);
            continue;
        }
        if (!hold.autoRenew)
            continue; // its lease ends as asked: the admin watches it expire, or releases it
        if (m_clock.elapsed() >= hold.leaseEndMs) {
            lapse(name);
            continue;
        }
        // One renewal at a time: another behind a stuck one would only queue up behind it.
        if (!m_renewSentAtMs.contains(name) && m_schedules[name].isDue(m_clock.elapsed()))
            sendRenewal(name, true);
    }
}

} // namespace ui
