// SPDX-License-Identifier: Apache-2.0
#include "lockguard.h"

#include "lockhold.h"

namespace lockcore {

LockGuard::LockGuard(const ConnectionSpec &spec, const LockDefinition &lock, GuardOptions options)
    : LockGuard(spec, QList<LockDefinition>{lock}, std::move(options))
{}

LockGuard::LockGuard(const ConnectionSpec &spec, const QList<LockDefinition> &locks,
                     GuardOptions options)
    : m_hold(std::make_unique<LockHold>(spec, locks, std::move(options)))
{
    m_hold->start();
}

LockGuard::LockGuard(std::unique_ptr<LockHold> hold) : m_hold(std::move(hold)) {}

LockGuard::~LockGuard() = default; // ~LockHold releases

LockGuard::State LockGuard::state() const
{
    return m_hold->state();
}

bool LockGuard::acquired() const
{
    return m_hold->acquired();
}

bool LockGuard::isHeld() const
{
    return m_hold->isHeld();
}

qint64 LockGuard::fence() const
{
    const QList<Grant> grants = m_hold->grants();
    return grants.isEmpty() ? 0 : grants.constFirst().fence;
}

qint64 LockGuard::fence(const QString &name) const
{
    for (const Grant &grant : m_hold->grants())
        if (grant.name == name)
            return grant.fence;
    return 0;
}

QList<Grant> LockGuard::grants() const
{
    return m_hold->grants();
}

QString LockGuard::holder() const
{
    return m_hold->holder();
}

int LockGuard::renewals() const
{
    return m_hold->renewals();
}

std::optional<Grant> LockGuard::refusal() const
{
    return m_hold->refusal();
}

Error LockGuard::error() const
{
    return m_hold->error();
}

std::optional<LostLease> LockGuard::lost() const
{
    return m_hold->lost();
}

Error LockGuard::lastRenewalError() const
{
    return m_hold->lastRenewalError();
}

Status LockGuard::release()
{
    return m_hold->release();
}

Status LockGuard::releaseError() const
{
    return m_hold->releaseStatus();
}

} // namespace lockcore
