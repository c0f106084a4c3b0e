// SPDX-License-Identifier: GPL-3.0-or-later
// The "shedlock-style" protocol: ShedLock's JDBC provider with the database's clock
// (usingDbTime), on its shedlock(name, lock_until, locked_at, locked_by) table. A lock is free
// when lock_until <= now; unlock sets lock_until = now (lockAtLeastFor 0), for the row's
// locked_by. Per database:
// - PostgreSQL: INSERT .. ON CONFLICT (name) DO UPDATE .. WHERE lock_until <= now, each try;
// - SQLite: the same UPSERT;
// - MySQL/MariaDB: as ShedLock does, INSERT IGNORE the first time a client meets a lock (its
//   lock record registry), then UPDATE .. WHERE lock_until <= now.
// ShedLock itself never waits (a busy lock skips the task); here a waiting client tries again
// after the poll interval with jitter.

#include "benchprotocol.h"
#include "benchsql.h"
#include "benchwait.h"
#include "session.h"
#include "tr.h"

#include <QSet>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using lockcore::Dialect;
using lockcore::Result;

namespace lockbench {

namespace {

struct ShedlockSql
{
    QString create;
    QString insert; // binds: insertBinds(name, holder)
    QString update; // MySQL only: binds (lockAtMostFor, holder, name)
    QString unlock; // binds (lockAtLeastFor, lockAtLeastFor, name, holder)
    QVariant lockAtMostFor;
    QVariant lockAtLeastFor;
    bool upsert = true;             // the insert takes over an expired row itself
    bool upsertRepeatsBinds = false; // PostgreSQL: its DO UPDATE binds the values again

    QVariantList insertBinds(const QString &name, const QString &holder) const
    {
        if (upsertRepeatsBinds)
            return {name, lockAtMostFor, holder, lockAtMostFor, holder, name};
        return {name, lockAtMostFor, holder};
    }
};

ShedlockSql shedlockSql(Dialect::Kind kind, const QString &t, qint64 ttlMs)
{
    ShedlockSql sql;
    switch (kind) {
    case Dialect::Kind::PostgreSQL: {
        // PostgresSqlServerTimeStatementsSource.
        const QString now = u"timezone('utc', CURRENT_TIMESTAMP)"_s;
        const QString atMost = now + u" + CAST(? AS interval)"_s;
        const QString atLeast = u"locked_at + CAST(? AS interval)"_s;
        sql.create = u"CREATE TABLE "_s + t
                     + u" (name VARCHAR(64) NOT NULL, lock_until TIMESTAMP NOT NULL,"
                       u" locked_at TIMESTAMP NOT NULL, locked_by VARCHAR(255) NOT NULL,"
                       u" PRIMARY KEY (name))"_s;
        sql.insert = u"INSERT INTO "_s + t
                     + u" (name, lock_until, locked_at, locked_by) VALUES (?, "_s + atMost + u", "_s
                     + now + u", ?) ON CONFLICT (name) DO UPDATE SET lock_until = "_s + atMost
                     + u", locked_at = "_s + now + u", locked_by = ? WHERE "_s + t
                     + u".name = ? AND "_s + t + u".lock_until <= "_s + now;
        sql.unlock = u"UPDATE "_s + t + u" SET lock_until = CASE WHEN "_s + atLeast + u" > "_s + now
                     + u" THEN "_s + atLeast + u" ELSE "_s + now
                     + u" END WHERE name = ? AND locked_by = ?"_s;
        sql.lockAtMostFor = u"%1 milliseconds"_s.arg(ttlMs);
        sql.lockAtLeastFor = u"0 milliseconds"_s;
        sql.upsertRepeatsBinds = true;
        break;
    }
    case Dialect::Kind::MySQL: {
        // MySqlServerTimeStatementsSource.
        const QString now = u"UTC_TIMESTAMP(3)"_s;
        const QString atMost = u"TIMESTAMPADD(MICROSECOND, ?, "_s + now + u')';
        const QString atLeast = u"TIMESTAMPADD(MICROSECOND, ?, locked_at)"_s;
        sql.create = u"CREATE TABLE "_s + t
                     + u" (name VARCHAR(64) NOT NULL, lock_until TIMESTAMP(3) NOT NULL,"
                       u" locked_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),"
                       u" locked_by VARCHAR(255) NOT NULL, PRIMARY KEY (name)) ENGINE=InnoDB"_s;
        sql.insert = u"INSERT IGNORE INTO "_s + t
                     + u" (name, lock_until, locked_at, locked_by) VALUES (?, "_s + atMost + u", "_s
                     + now + u", ?)"_s;
        sql.update = u"UPDATE "_s + t + u" SET lock_until = "_s + atMost + u", locked_at = "_s + now
                     + u", locked_by = ? WHERE name = ? AND lock_until <= "_s + now;
        sql.unlock = u"UPDATE "_s + t + u" SET lock_until = IF("_s + atLeast + u" > "_s + now
                     + u", "_s + atLeast + u", "_s + now + u") WHERE name = ? AND locked_by = ?"_s;
        sql.lockAtMostFor = ttlMs * 1000;
        sql.lockAtLeastFor = 0;
        sql.upsert = false;
        break;
    }
    case Dialect::Kind::SQLite:
    case Dialect::Kind::Oracle: {
        // No ShedLock source for SQLite: its UPSERT, with millisecond text times.
        const QString now = u"strftime('%Y-%m-%d %H:%M:%f', 'now')"_s;
        const QString atLeast = u"strftime('%Y-%m-%d %H:%M:%f', locked_at, ?)"_s;
        sql.create = u"CREATE TABLE "_s + t
                     + u" (name VARCHAR(64) NOT NULL PRIMARY KEY, lock_until TEXT NOT NULL,"
                       u" locked_at TEXT NOT NULL, locked_by VARCHAR(255) NOT NULL)"_s;
        sql.insert = u"INSERT INTO "_s + t
                     + u" (name, lock_until, locked_at, locked_by) VALUES (?, strftime('%Y-%m-%d "
                       u"%H:%M:%f', 'now', ?), "_s
                     + now
                     + u", ?) ON CONFLICT (name) DO UPDATE SET lock_until = excluded.lock_until,"
                       u" locked_at = excluded.locked_at, locked_by = excluded.locked_by WHERE "_s
                     + t + u".lock_until <= excluded.locked_at"_s;
        sql.unlock = u"UPDATE "_s + t + u" SET lock_until = CASE WHEN "_s + atLeast + u" > "_s + now
                     + u" THEN "_s + atLeast + u" ELSE "_s + now
                     + u" END WHERE name = ? AND locked_by = ?"_s;
        sql.lockAtMostFor = u"+%1 seconds"_s.arg(double(ttlMs) / 1000.0, 0, 'f', 3);
        sql.lockAtLeastFor = u"+0.000 seconds"_s;
        break;
    }
    }
    return sql;
}

class ShedlockClient final : public Client
{
public:
    ShedlockClient(lockcore::Session &session, const ShedlockSql &sql, const QString &holder,
                   const WaitSettings &wait)
        : m_runner(session)
        , m_sql(sql)
        , m_holder(holder)
        , m_wait(wait)
        , m_what(Tr::tr("running ShedLock's statements"))
    {}

    Result<bool> acquire(const QString &lock, const std::atomic_bool &stop) override
    {
        for (;;) {
            auto granted = tryOnce(lock);
            if (!granted || *granted)
                return granted;
            if (!pauseUnlessStopped(shedlockPauseMs(m_wait), stop))
                return false;
        }
    }

    Result<bool> release(const QString &lock) override
    {
        return retryOnConflict([&] {
            return changedOne(m_sql.unlock,
                              {m_sql.lockAtLeastFor, m_sql.lockAtLeastFor, lock, m_holder});
        });
    }

    quint64 roundTrips() const override { return m_runner.roundTrips(); }

private:
    // ShedLock's insertRecord and updateRecord: a ConcurrencyFailureException (a deadlock or
    // serialization failure) is "not acquired".
    Result<bool> tryOnce(const QString &lock)
    {
        auto granted = tryStatements(lock);
        if (!granted && isConflict(granted.error()))
            return false;
        return granted;
    }

    Result<bool> tryStatements(const QString &lock)
    {
        if (m_sql.upsert)
            return changedOne(m_sql.insert, m_sql.insertBinds(lock, m_holder));
        if (!m_recorded.contains(lock)) {
            auto inserted = changedOne(m_sql.insert, m_sql.insertBinds(lock, m_holder));
            if (!inserted)
                return inserted;
            m_recorded.insert(lock);
            if (*inserted)
                return true;
        }
        return changedOne(m_sql.update, {m_sql.lockAtMostFor, m_holder, lock});
    }

    Result<bool> changedOne(const QString &sql, const QVariantList &binds)
    {
        auto query = m_runner.run(sql, binds, m_what);
        if (!query)
            return query.error();
        const bool one = (*query)->numRowsAffected() == 1;
        (*query)->finish();
        return one;
    }

    SqlRunner m_runner;
    ShedlockSql m_sql;
    QString m_holder;
    WaitSettings m_wait;
    QString m_what;
    QSet<QString> m_recorded; // ShedLock's LockRecordRegistry
};

class ShedlockProtocol final : public Protocol
{
public:
    using Protocol::Protocol;

    QString id() const override { return u"shedlock-style"_s; }

    QString waitPolicy() const override
    {
        return Tr::tr("tries again after %1 ms, jitter %2, no backoff (ShedLock itself does not "
                      "wait)")
            .arg(m_context.wait.pollMs)
            .arg(m_context.wait.jitter);
    }

    lockcore::Status setUp(lockcore::Session &session, const QStringList &) const override
    {
        if (lockcore::Status dropped = tearDown(session); !dropped)
            return dropped;
        return runDdl(session, {sql(session).create});
    }

    lockcore::Status tearDown(lockcore::Session &session) const override
    {
        return dropTables(session, {table(u"shedlock"_s)});
    }

    Result<std::unique_ptr<Client>> makeClient(lockcore::Session &session,
                                               const QString &holder) const override
    {
        return std::unique_ptr<Client>(
            std::make_unique<ShedlockClient>(session, sql(session), holder, m_context.wait));
    }

private:
    ShedlockSql sql(const lockcore::Session &session) const
    {
        return shedlockSql(m_context.kind, quotedTable(session, table(u"shedlock"_s)),
                           m_context.ttlMs);
    }
};

} // namespace

std::unique_ptr<Protocol> makeShedlockProtocol(const ProtocolContext &context)
{
    return std::make_unique<ShedlockProtocol>(context);
}

} // namespace lockbench
