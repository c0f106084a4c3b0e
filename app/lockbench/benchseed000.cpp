// SPDX-License-Identifier: GPL-3.0-or-later
// The "seed-000" protocol: shared/seeds/000 (Oracle, TBL_PESSIMISTIC_LOCK) translated to this
// database as the seed writes it: doLock() reads the row (findById), INSERTs it held when it is
// missing (initializeLock; a duplicate key falls through), then competes with a conditional
// UPDATE (competeLock), retrying after a fixed Thread.sleep(retryInterval); unLock() sets
// LOCK_STATUS = 0 where the holder matches (releaseLock). Times are the database's, in whole
// seconds (SYSDATE into TIMESTAMP(0)). Each statement commits on its own: autoLock() calls
// doLock() on `this`, past Spring's @Transactional proxy.

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

// The seed's statements for one database. Binds: select (name), insert (name, holder, lease),
// compete (holder, lease, name), release (name, holder).
struct Seed000Sql
{
    QString create;
    QString select;
    QString insert;
    QString compete;
    QString release;
    QVariant lease; // the lease as the "+ overTime" of this database wants it
};

Seed000Sql seed000Sql(Dialect::Kind kind, const QString &t, qint64 ttlMs)
{
    // SYSDATE, and SYSDATE + overTime / 24 / 60 / 60 / 1000, per database.
    QString now;
    QString until;
    QString time;
    QString status;
    QString tail;
    Seed000Sql sql;
    switch (kind) {
    case Dialect::Kind::PostgreSQL:
        now = u"LOCALTIMESTAMP(0)"_s;
        until = u"LOCALTIMESTAMP(0) + CAST(? AS bigint) * interval '1 millisecond'"_s;
        time = u"TIMESTAMP(0)"_s;
        status = u"NUMERIC(1,0)"_s;
        sql.lease = ttlMs;
        break;
    case Dialect::Kind::MySQL:
        now = u"SYSDATE()"_s;
        until = u"DATE_ADD(SYSDATE(), INTERVAL ? MICROSECOND)"_s;
        time = u"DATETIME"_s;
        status = u"DECIMAL(1,0)"_s;
        tail = u" ENGINE=InnoDB"_s;
        sql.lease = ttlMs * 1000;
        break;
    case Dialect::Kind::SQLite:
    case Dialect::Kind::Oracle:
        now = u"datetime('now')"_s;
        until = u"datetime('now', ?)"_s;
        time = u"TEXT"_s;
        status = u"INTEGER"_s;
        sql.lease = u"+%1 seconds"_s.arg(double(ttlMs) / 1000.0, 0, 'f', 3);
        break;
    }
    sql.create = u"CREATE TABLE "_s + t
                 + u" (LOCK_NAME VARCHAR(64) NOT NULL, LOCK_TIME %1 NOT NULL,"
                   u" LOCK_HOLDER VARCHAR(64) NOT NULL, EXPIRED_TIME %1 NOT NULL,"
                   u" LOCK_STATUS %2 DEFAULT 0 NOT NULL, PRIMARY KEY (LOCK_NAME))"_s.arg(time,
                                                                                        status)
                 + tail;
    sql.select = u"SELECT LOCK_NAME, LOCK_TIME, LOCK_HOLDER, EXPIRED_TIME, LOCK_STATUS FROM "_s + t
                 + u" WHERE LOCK_NAME = ?"_s;
    sql.insert = u"INSERT INTO "_s + t
                 + u" (LOCK_NAME, LOCK_TIME, LOCK_HOLDER, EXPIRED_TIME, LOCK_STATUS) VALUES (?, "_s
                 + now + u", ?, "_s + until + u", 1)"_s;
    sql.compete = u"UPDATE "_s + t + u" SET LOCK_HOLDER = ?, LOCK_STATUS = 1, LOCK_TIME = "_s + now
                  + u", EXPIRED_TIME = "_s + until
                  + u" WHERE LOCK_NAME = ? AND (LOCK_STATUS = 0 OR "_s + now
                  + u" > EXPIRED_TIME)"_s;
    sql.release = u"UPDATE "_s + t
                  + u" SET LOCK_STATUS = 0 WHERE LOCK_NAME = ? AND LOCK_HOLDER = ? AND"
                    u" LOCK_STATUS = 1"_s;
    return sql;
}

class Seed000Client final : public Client
{
public:
    Seed000Client(lockcore::Session &session, const Seed000Sql &sql, const QString &holder,
                  const WaitSettings &wait)
        : m_runner(session)
        , m_sql(sql)
        , m_holder(holder)
        , m_wait(wait)
        , m_what(Tr::tr("running seed 000's statements"))
    {}

    Result<bool> acquire(const QString &lock, const std::atomic_bool &stop) override
    {
        // findById, then initializeLock when the row is missing.
        auto found = m_runner.run(m_sql.select, {lock}, m_what);
        if (!found)
            return found.error();
        const bool exists = (*found)->next();
        (*found)->finish();
        if (!exists) {
            auto inserted = m_runner.run(m_sql.insert, {lock, m_holder, m_sql.lease}, m_what);
            if (inserted) {
                const bool created = (*inserted)->numRowsAffected() == 1;
                (*inserted)->finish();
                if (created)
                    return true;
            } else if (inserted.error().kind != Error::Kind::Duplicate
                       && !isConflict(inserted.error())) {
                return inserted.error();
            }
        }
        // competeLock until it updates the row (the seed's retryCount: unbounded here).
        for (;;) {
            auto competed = m_runner.run(m_sql.compete, {m_holder, m_sql.lease, lock}, m_what);
            if (!competed && !isConflict(competed.error()))
                return competed.error();
            const bool won = competed && (*competed)->numRowsAffected() == 1;
            if (competed)
                (*competed)->finish();
            if (won)
                return true;
            if (!pauseUnlessStopped(seed000PauseMs(m_wait), stop))
                return false;
        }
    }

    Result<bool> release(const QString &lock) override
    {
        return retryOnConflict([&]() -> Result<bool> {
            auto released = m_runner.run(m_sql.release, {lock, m_holder}, m_what);
            if (!released)
                return released.error();
            const bool done = (*released)->numRowsAffected() == 1;
            (*released)->finish();
            return done;
        });
    }

    quint64 roundTrips() const override { return m_runner.roundTrips(); }

private:
    SqlRunner m_runner;
    Seed000Sql m_sql;
    QString m_holder;
    WaitSettings m_wait;
    QString m_what;
};

class Seed000Protocol final : public Protocol
{
public:
    using Protocol::Protocol;

    QString id() const override { return u"seed-000"_s; }

    QString waitPolicy() const override
    {
        return Tr::tr("competeLock UPDATE every %1 ms, no jitter (the seed's fixed "
                      "retryInterval)")
            .arg(m_context.wait.pollMs);
    }

    lockcore::Status setUp(lockcore::Session &session, const QStringList &) const override
    {
        if (lockcore::Status dropped = tearDown(session); !dropped)
            return dropped;
        return runDdl(session, {sql(session).create});
    }

    lockcore::Status tearDown(lockcore::Session &session) const override
    {
        return dropTables(session, {table(u"seed_000"_s)});
    }

    Result<std::unique_ptr<Client>> makeClient(lockcore::Session &session,
                                               const QString &holder) const override
    {
        return std::unique_ptr<Client>(
            std::make_unique<Seed000Client>(session, sql(session), holder, m_context.wait));
    }

private:
    Seed000Sql sql(const lockcore::Session &session) const
    {
        return seed000Sql(m_context.kind, quotedTable(session, table(u"seed_000"_s)),
                          m_context.ttlMs);
    }
};

} // namespace

std::unique_ptr<Protocol> makeSeed000Protocol(const ProtocolContext &context)
{
    return std::make_unique<Seed000Protocol>(context);
}

} // namespace lockbench
