// SPDX-License-Identifier: Apache-2.0
#include "leasekeeper.h"

#include "lockservice.h"
#include "releaselistener.h"
#include "session.h"
#include "sessioninternals.h"

#include "tr.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QThread>

#include <memory>

namespace lockcore {

qint64 LeaseSchedule::intervalFor(qint64 leaseMs)
{
    return qMax<qint64>(1, leaseMs / 3);
}

qint64 LeaseSchedule::leaseOf(const QDateTime &dbNow, const QDateTime &expiresAt,
                              qint64 fallbackMs)
{
    if (!dbNow.isValid() || !expiresAt.isValid() || dbNow.msecsTo(expiresAt) <= 0)
        return fallbackMs;
    return dbNow.msecsTo(expiresAt);
}

void LeaseSchedule::start(qint64 nowMs, qint64 leaseMs)
{
    m_intervalMs = intervalFor(leaseMs);
    m_nextMs = nowMs + m_intervalMs;
}

void LeaseSchedule::failed(qint64 nowMs)
{
    m_nextMs = nowMs + qMin(m_intervalMs, retryMs);
}

namespace {

std::function<qint64()> monotonicClock()
{
    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    return [timer] { return timer->elapsed(); };
}

} // namespace

LeaseKeeper::LeaseKeeper(LockService &service, const Grant &grant, qint64 ttlMs,
                         std::function<qint64()> clockMs, std::optional<qint64> askedAtMs)
    : m_service(service), m_grant(grant), m_ttlMs(ttlMs),
      m_clock(clockMs ? std::move(clockMs) : monotonicClock())
{
    m_leaseMs = LeaseSchedule::leaseOf(grant.dbNow, grant.expiresAt, fallbackLease());
    m_confirmedAtMs = askedAtMs.value_or(m_clock());
    m_timed = grant.attempts <= 1;
    m_schedule.start(m_clock(), m_leaseMs);
}

qint64 LeaseKeeper::msLeft(qint64 nowMs) const
{
    return m_timed ? leaseEndMs() - nowMs : m_leaseMs;
}

bool LeaseKeeper::checkLapsed(qint64 nowMs)
{
    if (m_lapsed || !m_timed || m_lost || nowMs < leaseEndMs())
        return m_lapsed;
    m_lapsed = true;
    if (m_lastError.message.isEmpty()) // no renewal failed: none was even answered in time
        m_lastError = Error{Error::Kind::ConnectionLost,
                            Tr::tr("No renewal of \"%1\" was confirmed before its lease ended on "
                                   "this machine's clock (the process was paused, or the "
                                   "database did not answer in time).")
                                .arg(m_grant.name),
                            {},
                            {}};
    return true;
}

qint64 LeaseKeeper::fallbackLease() const
{
    return m_ttlMs > 0 ? m_ttlMs : LeaseSchedule::unknownLeaseMs;
}

qint64 LeaseKeeper::msUntilDue() const
{
    const qint64 now = m_clock();
    const qint64 due = m_schedule.msUntilDue(now);
    return m_timed ? qMax<qint64>(0, qMin(due, leaseEndMs() - now)) : due;
}

LeaseKeeper::Step LeaseKeeper::renewIfDue()
{
    if (m_lost)
        return Step::Lost;
    const qint64 now = m_clock();
    if (checkLapsed(now))
        return Step::Lapsed;
    if (!m_schedule.isDue(now) && !std::exchange(m_notified, false))
        return Step::NotDue;
    return renewNow();
}

bool LeaseKeeper::listening()
{
    Session &session = m_service.session();
    if (!session.dialect().hasFeature(Feature::ReleaseNotifies))
        return false;
    if (m_channel.isEmpty())
        m_channel = session.dialect().releaseChannel(m_service.tables());
    // The LISTEN (once, and again after a reconnect) may not outlive the lease either.
    const qint64 budget = msLeft(m_clock());
    if (budget <= 0)
        return false;
    const Session::DeadlineScope deadline(session, QDeadlineTimer(budget));
    if (!session.listenForReleases(m_channel))
        return false;
    if (!m_armed)
        SessionInternals::releaseListener(session).arm(m_grant.name);
    m_armed = true;
    return true;
}

bool LeaseKeeper::wait(qint64 maxMs, const std::atomic_bool &stop)
{
    const qint64 ms = qMax<qint64>(0, qMin(maxMs, msUntilDue()));
    if (stop.load())
        return false;
    if (!m_lost && !m_lapsed && listening()) {
        if (!m_service.session().waitForRelease(m_grant.name, ms, &stop))
            return false;
        m_notified = true; // (a renewal says whether it is still ours)
        SessionInternals::releaseListener(m_service.session()).arm(m_grant.name);
        return true;
    }
    QElapsedTimer waited;
    waited.start();
    for (qint64 left = ms; left > 0 && !stop.load(); left = ms - waited.elapsed())
        QThread::msleep(quint32(qMin<qint64>(20, left)));
    return false;
}

LeaseKeeper::Step LeaseKeeper::renewNow()
{
    if (m_lost)
        return Step::Lost;
    const qint64 sentAt = m_clock();
    if (checkLapsed(sentAt))
        return Step::Lapsed;
    // The statement may not outlive the lease: a server that stops answering is abandoned at
    // its end (untimed: the lease runs at most its length from now).
    const qint64 budget = msLeft(sentAt);
    Result<RenewOutcome> renewed = [&] {
        const Session::DeadlineScope deadline(m_service.session(), QDeadlineTimer(budget));
        return m_service.renew(m_grant.name, m_grant.holder, m_grant.fence, m_ttlMs);
    }();
    const qint64 now = m_clock();
    const bool wasTimed = std::exchange(m_timed, true);
    if (renewed && !renewed->renewed) {
        m_lost = renewed->current;
        return Step::Lost;
    }
    if (!renewed)
        m_lastError = renewed.error();
    // An answer after the lease's end comes too late: the holder had to stop at that end.
    if (wasTimed && checkLapsed(now))
        return Step::Lapsed;
    if (!renewed) {
        m_schedule.failed(now);
        return checkLapsed(now) ? Step::Lapsed : Step::Failed;
    }
    ++m_renewals;
    m_grant.expiresAt = renewed->expiresAt;
    m_grant.dbNow = renewed->dbNow;
    m_leaseMs = LeaseSchedule::leaseOf(renewed->dbNow, renewed->expiresAt, fallbackLease());
    m_confirmedAtMs = sentAt;
    m_schedule.start(now, m_leaseMs);
    return Step::Renewed;
}

} // namespace lockcore
