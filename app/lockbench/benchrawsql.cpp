// SPDX-License-Identifier: GPL-3.0-or-later
// The "raw-sql" protocol: lockcore's own acquire and release statements
// (benchrawsqlstatements.h) sent as the other protocols send theirs (SqlRunner: prepared once),
// and nothing else: the floor of a durable lease with a fence, two commits per cycle.

#include "benchprotocol.h"
#include "benchrawsqlstatements.h"
#include "benchsql.h"
#include "benchwait.h"
#include "lockservice.h"
#include "session.h"
#include "tr.h"

#include <QHash>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using lockcore::Result;

namespace lockbench {

namespace {

class RawSqlClient final : public Client
{
public:
    RawSqlClient(lockcore::Session &session, const QString &table, const QString &holder,
                 qint64 ttlMs, const lockcore::RetryPolicy &policy)
        : m_sql(session)
        , m_tables(lockcore::TableNames::fromTable(table))
        , m_holder(holder)
        , m_ttlMs(ttlMs)
        , m_policy(policy)
        , m_what(Tr::tr("running lockcore's statements directly (raw-sql)"))
    {}

    Result<bool> acquire(const QString &lock, const std::atomic_bool &stop) override
    {
        for (int attempt = 1;; ++attempt) {
            auto granted = tryOnce(lock);
            if (!granted && !isConflict(granted.error()))
                return granted.error();
            if (granted && *granted)
                return true;
            if (!pauseUnlessStopped(m_policy.delayMs(attempt, uniform01()), stop))
                return false;
        }
    }

    Result<bool> release(const QString &lock) override
    {
        const lockcore::Statement st
            = rawRelease(m_sql.dialect(), m_tables, lock, m_holder, m_fences.value(lock));
        return retryOnConflict([&]() -> Result<bool> {
            auto query = m_sql.run(st.text(), st.binds(), m_what);
            if (!query)
                return query.error();
            const bool released = releaseReturnsRow(m_sql.dialect())
                                      ? (*query)->next()
                                      : (*query)->numRowsAffected() == 1;
            (*query)->finish();
            return released;
        });
    }

    quint64 roundTrips() const override { return m_sql.roundTrips(); }

private:
    Result<bool> tryOnce(const QString &lock)
    {
        auto cached = m_acquire.find(lock);
        if (cached == m_acquire.end())
            cached = m_acquire.insert(
                lock, rawAcquire(m_sql.dialect(), m_tables, lock, m_holder, m_ttlMs,
                                 m_sql.session().hasFeature(lockcore::Feature::InsertReturning)));
        const RawAcquire &acquire = *cached;
        using Answer = RawAcquire::Answer;

        auto query = acquire.results > 1
                         ? m_sql.runText(acquire.statement.text(), acquire.results, m_what)
                         : m_sql.run(acquire.statement.text(), acquire.statement.binds(), m_what);
        if (!query)
            return query.error();
        SqlReply &q = **query;
        bool granted = false;
        switch (acquire.answer) {
        case Answer::Answered:
            granted = q.next() && q.value(lockcore::col::AGranted).toLongLong() == 1;
            if (granted)
                m_fences.insert(lock, q.value(lockcore::col::SFence).toLongLong());
            break;
        case Answer::Affected:
            granted = q.numRowsAffected() == 1;
            break;
        }
        q.finish();
        if (granted && acquire.answer == Answer::Affected)
            return readFence(lock);
        return granted;
    }

    // The fence of a grant by a bare UPDATE: lockcore's SELECT of the grant.
    Result<bool> readFence(const QString &lock)
    {
        const lockcore::Statement st = m_sql.dialect().selectGrant(m_tables, lock, m_holder);
        auto query = m_sql.run(st.text(), st.binds(), m_what);
        if (!query)
            return query.error();
        const bool held = (*query)->next();
        if (held)
            m_fences.insert(lock, (*query)->value(lockcore::col::GFence).toLongLong());
        (*query)->finish();
        return held;
    }

    SqlRunner m_sql;
    lockcore::TableNames m_tables;
    QString m_holder;
    qint64 m_ttlMs;
    lockcore::RetryPolicy m_policy;
    QString m_what;
    QHash<QString, RawAcquire> m_acquire;
    QHash<QString, qint64> m_fences;
};

class RawSqlProtocol final : public Protocol
{
public:
    using Protocol::Protocol;

    QString id() const override { return u"raw-sql"_s; }

    QString waitPolicy() const override
    {
        const WaitSettings &w = m_context.wait;
        return Tr::tr("polls with lockcore's RetryPolicy, %1 ms doubling to %2 ms, jitter %3")
            .arg(w.pollMs)
            .arg(w.pollMaxMs)
            .arg(w.jitter);
    }

    lockcore::Status setUp(lockcore::Session &session, const QStringList &locks) const override
    {
        if (lockcore::Status dropped = tearDown(session); !dropped)
            return dropped;
        auto service = lockcore::LockService::create(session, table(u"raw_sql"_s));
        if (!service)
            return service.error();
        if (lockcore::Status created = service->createSchema(); !created)
            return created;
        // Lock rows are definitions kept for ever: the acquire statement finds them there.
        for (const QString &lock : locks) {
            auto init = service->initialize(lock, m_context.ttlMs, {});
            if (!init)
                return init.error();
        }
        return {};
    }

    lockcore::Status tearDown(lockcore::Session &session) const override
    {
        const QString locks = table(u"raw_sql"_s);
        return dropTables(session, {locks, locks + u"_event"_s});
    }

    Result<std::unique_ptr<Client>> makeClient(lockcore::Session &session,
                                               const QString &holder) const override
    {
        return std::unique_ptr<Client>(std::make_unique<RawSqlClient>(
            session, table(u"raw_sql"_s), holder, m_context.ttlMs, retryPolicy(m_context.wait)));
    }
};

} // namespace

std::unique_ptr<Protocol> makeRawSqlProtocol(const ProtocolContext &context)
{
    return std::make_unique<RawSqlProtocol>(context);
}

} // namespace lockbench
