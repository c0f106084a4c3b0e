// SPDX-License-Identifier: GPL-3.0-or-later
// The "lockcore" protocol: the real library, one Session and LockService per client.

#include "benchprotocol.h"
#include "benchsql.h"
#include "benchwait.h"
#include "lockservice.h"
#include "session.h"
#include "tr.h"

#include <QHash>

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::LockService;
using lockcore::Result;

namespace lockbench {

namespace {

class LockcoreClient final : public Client
{
public:
    LockcoreClient(const LockService &service, const QString &holder, qint64 ttlMs,
                   const lockcore::RetryPolicy &policy)
        : m_service(service)
        , m_holder(holder)
        , m_ttlMs(ttlMs)
        , m_policy(policy)
    {}

    Result<bool> acquire(const QString &lock, const std::atomic_bool &stop) override
    {
        for (;;) {
            auto grant = m_service.acquireWithWait(lock, m_holder, m_ttlMs, m_policy, &stop);
            if (!grant) {
                if (grant.error().kind == Error::Kind::Cancelled)
                    return false;
                return grant.error();
            }
            if (grant->acquired) {
                m_fences.insert(lock, grant->fence);
                return true;
            }
            if (stop.load())
                return false;
            // The policy's deadline passed (an hour): wait on.
        }
    }

    Result<bool> release(const QString &lock) override
    {
        auto outcome = m_service.release(lock, m_holder, m_fences.value(lock));
        if (!outcome)
            return outcome.error();
        return outcome->released;
    }

    quint64 roundTrips() const override { return m_service.session().roundTrips(); }

private:
    LockService m_service;
    QString m_holder;
    qint64 m_ttlMs;
    lockcore::RetryPolicy m_policy;
    QHash<QString, qint64> m_fences;
};

class LockcoreProtocol final : public Protocol
{
public:
    using Protocol::Protocol;

    QString id() const override { return u"lockcore"_s; }

    QString waitPolicy() const override
    {
        const WaitSettings &w = m_context.wait;
        return Tr::tr("LockService::acquireWithWait, RetryPolicy %1 ms doubling to %2 ms, "
                      "jitter %3 (and whatever wake-up the library adds)")
            .arg(w.pollMs)
            .arg(w.pollMaxMs)
            .arg(w.jitter);
    }

    lockcore::Status setUp(lockcore::Session &session, const QStringList &) const override
    {
        if (lockcore::Status dropped = tearDown(session); !dropped)
            return dropped;
        auto service = LockService::create(session, table(u"lockcore"_s));
        if (!service)
            return service.error();
        return service->createSchema();
    }

    lockcore::Status tearDown(lockcore::Session &session) const override
    {
        const QString locks = table(u"lockcore"_s);
        return dropTables(session, {locks, locks + u"_event"_s});
    }

    Result<std::unique_ptr<Client>> makeClient(lockcore::Session &session,
                                               const QString &holder) const override
    {
        auto service = LockService::create(session, table(u"lockcore"_s));
        if (!service)
            return service.error();
        return std::unique_ptr<Client>(std::make_unique<LockcoreClient>(
            *service, holder, m_context.ttlMs, retryPolicy(m_context.wait)));
    }
};

} // namespace

std::unique_ptr<Protocol> makeLockcoreProtocol(const ProtocolContext &context)
{
    return std::make_unique<LockcoreProtocol>(context);
}

} // namespace lockbench
