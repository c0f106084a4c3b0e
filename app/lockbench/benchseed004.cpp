// SPDX-License-Identifier: GPL-3.0-or-later
// The "seed-004" protocol: shared/seeds/004 (Oracle, DcTaskLock): INSERT the lock's row to lock
// (a duplicate key means busy), DELETE it by key to unlock. No expiry, no owner check: a
// holder that dies keeps the lock for ever (the bench's clients do not die). Waiting clients
// sleep a random 75-125 % of the poll interval between tries, as the seed sleeps 1.5-2.5 s.
// Any failed INSERT counts as "not acquired" in the seed: here a duplicate key and a deadlock
// (InnoDB: inserters waiting on the row that is being deleted).

#include "benchprotocol.h"
#include "benchsql.h"
#include "benchwait.h"
#include "error.h"
#include "session.h"
#include "tr.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;
using lockcore::Dialect;
using lockcore::Error;
using lockcore::Result;

namespace lockbench {

namespace {

class Seed004Client final : public Client
{
public:
    Seed004Client(lockcore::Session &session, const QString &table, const WaitSettings &wait)
        : m_runner(session)
        , m_insert(u"INSERT INTO "_s + table + u" (LOCK_TASK_ID) VALUES (?)"_s)
        , m_delete(u"DELETE FROM "_s + table + u" WHERE LOCK_TASK_ID = ?"_s)
        , m_wait(wait)
        , m_what(Tr::tr("running seed 004's statements"))
    {}

    Result<bool> acquire(const QString &lock, const std::atomic_bool &stop) override
    {
        for (;;) {
            auto inserted = m_runner.run(m_insert, {lock}, m_what);
            if (inserted) {
                (*inserted)->finish();
                return true;
            }
            if (inserted.error().kind != Error::Kind::Duplicate && !isConflict(inserted.error()))
                return inserted.error();
            if (!pauseUnlessStopped(seed004PauseMs(m_wait), stop))
                return false;
        }
    }

    Result<bool> release(const QString &lock) override
    {
        // The seed gives up on any error, leaving the row (and the lock) for ever; here a
        // DELETE that lost a deadlock to waiting inserters is sent again.
        return retryOnConflict([&]() -> Result<bool> {
            auto deleted = m_runner.run(m_delete, {lock}, m_what);
            if (!deleted)
                return deleted.error();
            const bool done = (*deleted)->numRowsAffected() == 1;
            (*deleted)->finish();
            return done;
        });
    }

    quint64 roundTrips() const override { return m_runner.roundTrips(); }

private:
    SqlRunner m_runner;
    QString m_insert;
    QString m_delete;
    WaitSettings m_wait;
    QString m_what;
};

class Seed004Protocol final : public Protocol
{
public:
    using Protocol::Protocol;

    QString id() const override { return u"seed-004"_s; }

    QString waitPolicy() const override
    {
        return Tr::tr("INSERT again after a random %1-%2 ms (the seed's 1.5-2.5 s sleep, "
                      "scaled)")
            .arg(double(m_context.wait.pollMs) * 0.75)
            .arg(double(m_context.wait.pollMs) * 1.25);
    }

    lockcore::Status setUp(lockcore::Session &session, const QStringList &) const override
    {
        if (lockcore::Status dropped = tearDown(session); !dropped)
            return dropped;
        const QString tail = m_context.kind == Dialect::Kind::MySQL ? u" ENGINE=InnoDB"_s
                                                                    : QString();
        return runDdl(session, {u"CREATE TABLE "_s + quotedTable(session, table(u"seed_004"_s))
                                + u" (LOCK_TASK_ID VARCHAR(64) NOT NULL PRIMARY KEY)"_s + tail});
    }

    lockcore::Status tearDown(lockcore::Session &session) const override
    {
        return dropTables(session, {table(u"seed_004"_s)});
    }

    Result<std::unique_ptr<Client>> makeClient(lockcore::Session &session,
                                               const QString &) const override
    {
        return std::unique_ptr<Client>(std::make_unique<Seed004Client>(
            session, quotedTable(session, table(u"seed_004"_s)), m_context.wait));
    }
};

} // namespace

std::unique_ptr<Protocol> makeSeed004Protocol(const ProtocolContext &context)
{
    return std::make_unique<Seed004Protocol>(context);
}

} // namespace lockbench
