#include "leasekeeper.h"

#include "lockservice.h"

#include <QElapsedTimer>

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
    m_schedule.start(m_clock(), m_leaseMs);
}

qint64 LeaseKeeper::fallbackLease() const
{
    return m_ttlMs > 0 ? m_ttlMs : LeaseSchedule::unknownLeaseMs;
}

qint64 LeaseKeeper::msUntilDue() const
{
    return m_schedule.msUntilDue(m_clock());
}

LeaseKeeper::Step LeaseKeeper::renewIfDue()
{
    if (m_lost)
        return Step::Lost;
    if (!m_schedule.isDue(m_clock()))
        return Step::NotDue;
    return renewNow();
}

LeaseKeeper::Step LeaseKeeper::renewNow()
{
    if (m_lost)
        return Step::Lost;
    const qint64 sentAt = m_clock();
    auto renewed = m_service.renew(m_grant.name, m_grant.holder, m_grant.fence, m_ttlMs);
    const qint64 now = m_clock();
    if (!renewed) {
        m_lastError = renewed.error();
        m_schedule.failed(now);
        return Step::Failed;
    }
    if (!renewed->renewed) {
        m_lost = renewed->current;
        return Step::Lost;
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
