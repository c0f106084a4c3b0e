// SPDX-License-Identifier: Apache-2.0
#include "lockclient.h"

#include "clientcore.h"
#include "lockhold.h"

namespace lockcore {

Result<LockClient> LockClient::open(const ConnectionSpec &spec, ClientOptions options)
{
    auto core = ClientCore::open(spec, options);
    if (!core)
        return core.error();
    return LockClient(std::move(core).value());
}

LockClient::LockClient(std::shared_ptr<ClientCore> core) : m_core(std::move(core)) {}

LockClient::~LockClient() = default; // the guards still out keep the core
LockClient::LockClient(LockClient &&) noexcept = default;
LockClient &LockClient::operator=(LockClient &&) noexcept = default;

LockResult LockClient::tryLock(const QString &name, std::chrono::milliseconds wait,
                               LockOptions options)
{
    LockDefinition lock;
    lock.name = name;
    lock.leaseMs = m_core->lease().count();
    lock.waitMs = wait.count();
    return tryLock(lock, std::move(options));
}

LockResult LockClient::tryLock(const LockDefinition &lock, LockOptions options)
{
    return tryLock(QList<LockDefinition>{lock}, std::move(options));
}

LockResult LockClient::tryLock(const QList<LockDefinition> &locks, LockOptions options)
{
    auto hold = std::make_unique<LockHold>(m_core, locks, std::move(options));
    hold->start();
    return LockResult(std::unique_ptr<LockGuard>(new LockGuard(std::move(hold))));
}

QString LockClient::holder() const
{
    return m_core->holder();
}

} // namespace lockcore
