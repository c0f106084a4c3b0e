// SPDX-License-Identifier: Apache-2.0
// LockHold's steps when it is taken from a LockClient: the statements on the client's thread
// (ClientCore::call), the pauses of a wait on the caller's; the renewals are the client
// thread's, through the same renewDue and releaseNotified as a hold's own thread.

#include "lockhold.h"

#include "clientcore.h"
#include "lockservice.h"

#include "tr.h"

#include <QRandomGenerator>

namespace lockcore {

namespace {

using State = LockGuard::State;

} // namespace

void LockHold::acquireThroughClient()
{
    m_threadId = m_client->threadId(); // onLost runs there
    Status valid = checkInput();
    if (valid && m_client->onThread())
        valid = Error::invalidInput(Tr::tr("A lock client cannot be called from its own "
                                           "onLost callback."));
    if (!valid) {
        m_error = valid.error();
        return settle(State::Failed);
    }
    QList<Grant> grants;
    for (const LockDefinition &definition : std::as_const(m_locks)) {
        auto grant = acquireWaiting(definition);
        if (!grant || !grant->acquired) {
            if (grant)
                m_refusal = *grant;
            else
                m_error = grant.error();
            m_client->call([this](LockService &service) { releaseOnClient(service); });
            return settle(grant ? State::Refused : State::Failed);
        }
        grants.append(*grant);
    }
    {
        std::lock_guard lock(m_mutex);
        m_grants = grants;
    }
    settle(State::Held);
}

Result<Grant> LockHold::acquireWaiting(const LockDefinition &definition)
{
    const RetryPolicy policy = definition.retryPolicy();
    QElapsedTimer waited;
    waited.start();
    ClientCore::Waiting waiting(*m_client, definition.name);
    for (int attempt = 1;; ++attempt) {
        const quint64 seen = m_client->releases(definition.name);
        const qint64 left = policy.deadlineMs - waited.elapsed();
        const bool last = (policy.maxAttempts > 0 && attempt >= policy.maxAttempts)
                          || (policy.deadlineMs > 0 && left <= 0);
        bool again = false; // a release may have gone unheard: try again at once
        auto grant = m_client->call([&](LockService &service) {
            auto grant = attemptOnce(service, definition);
            if (grant && !grant->acquired && !last)
                again = m_client->awaitRelease(service, waiting);
            return grant;
        });
        if (!grant || grant->acquired)
            return grant;
        grant->attempts = attempt;
        if (last)
            return grant;
        if (again)
            continue;
        qint64 pauseMs = policy.delayMs(attempt, QRandomGenerator::global()->generateDouble());
        if (policy.deadlineMs > 0)
            pauseMs = qMin(pauseMs, left);
        if (!m_client->pauseUntilReleased(waiting, seen, pauseMs, m_options.cancel))
            return Error{Error::Kind::Cancelled,
                         Tr::tr("Waiting for \"%1\" was cancelled.").arg(definition.name), {},
                         {}};
        if (waiting.connectionLost())
            return Error{Error::Kind::ConnectionLost,
                         Tr::tr("The connection to the database was lost while waiting for "
                                "\"%1\"; the client reconnects on its next call.")
                             .arg(definition.name),
                         {}, {}};
    }
}

Result<Grant> LockHold::attemptOnce(LockService &service, const LockDefinition &definition)
{
    const qint64 sentAt = now();
    auto grant = service.acquire(definition.name, m_holder, definition.leaseMs);
    if (grant && grant->acquired)
        keep(service, definition, *grant, sentAt);
    return grant;
}

void LockHold::releaseOnClient(LockService &service)
{
    noteLapsed();
    releaseAll(service);
    m_kept.clear(); // the keepers refer to the service
    m_client->unwatch(this);
    for (const LockDefinition &definition : std::as_const(m_locks))
        m_client->noteReleased(definition.name); // its waiters on this client try at once
}

Status LockHold::releaseThroughClient()
{
    std::lock_guard once(m_releasing); // one caller releases; the others get its status
    {
        std::lock_guard lock(m_mutex);
        if (m_stop)
            return m_releaseStatus;
        m_stop = true;
    }
    m_client->call([this](LockService &service) { releaseOnClient(service); });
    std::lock_guard lock(m_mutex);
    m_heldUntilMs.store(0);
    if (m_acquired)
        m_state = State::Released;
    return m_releaseStatus;
}

} // namespace lockcore
