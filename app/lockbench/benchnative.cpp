// SPDX-License-Identifier: GPL-3.0-or-later
// The "native" protocol: the database's own session locks, the reference for a lock that is
// not durable (no lease, no fence: it lives and dies with the connection).
// - PostgreSQL: pg_advisory_lock / pg_advisory_unlock on a 64-bit key hashed from the name.
//   A waiting client BLOCKS in pg_advisory_lock: the server queues the waiters and grants the
//   lock at release (no polling).
// - MySQL/MariaDB: GET_LOCK(name, 1) / RELEASE_LOCK(name); a waiting client blocks in GET_LOCK
//   and calls it again after each 1 s timeout. Names are server-wide: they carry the database
//   and the table prefix.
// - SQLite: none (n/a).

#include "benchprotocol.h"
#include "benchsql.h"
#include "session.h"
#include "tr.h"

#include <QCryptographicHash>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using lockcore::Dialect;
using lockcore::Error;
using lockcore::Result;

namespace lockbench {

namespace {

constexpr int mysqlWaitS = 1;           // GET_LOCK's timeout; the client then calls it again
constexpr int mysqlMaxNameChars = 64;   // GET_LOCK's limit
constexpr int postgresLockTimeoutS = 60; // a lost waiter fails instead of hanging

class NativeClient final : public Client
{
public:
    NativeClient(lockcore::Session &session, Dialect::Kind kind, const QString &scope)
        : m_runner(session)
        , m_kind(kind)
        , m_scope(scope)
        , m_what(Tr::tr("running the database's own lock functions"))
    {
        if (kind == Dialect::Kind::PostgreSQL) {
            m_lock = u"SELECT pg_advisory_lock(hashtextextended(CAST(? AS text), 0))"_s;
            m_unlock = u"SELECT pg_advisory_unlock(hashtextextended(CAST(? AS text), 0))"_s;
        } else {
            m_lock = u"SELECT GET_LOCK(?, ?)"_s;
            m_unlock = u"SELECT RELEASE_LOCK(?)"_s;
        }
    }

    Result<bool> acquire(const QString &lock, const std::atomic_bool &stop) override
    {
        const QString key = keyOf(lock);
        for (;;) {
            const QVariantList binds = m_kind == Dialect::Kind::PostgreSQL
                                           ? QVariantList{key}
                                           : QVariantList{key, mysqlWaitS};
            auto query = m_runner.run(m_lock, binds, m_what);
            if (!query)
                return query.error();
            // PostgreSQL: void once granted. MySQL: 1 granted, 0 timed out, NULL an error.
            const bool row = (*query)->next();
            const QVariant value = row ? (*query)->value(0) : QVariant();
            (*query)->finish();
            if (m_kind == Dialect::Kind::PostgreSQL || (row && value.toInt() == 1))
                return true;
            if (!row || value.isNull())
                return Error{Error::Kind::Database,
                             Tr::tr("GET_LOCK(\"%1\") failed (it returned NULL).").arg(key),
                             {},
                             {}};
            if (stop.load())
                return false;
        }
    }

    Result<bool> release(const QString &lock) override
    {
        auto query = m_runner.run(m_unlock, {keyOf(lock)}, m_what);
        if (!query)
            return query.error();
        const bool released = (*query)->next() && (*query)->value(0).toInt() == 1;
        (*query)->finish();
        return released;
    }

    quint64 roundTrips() const override { return m_runner.roundTrips(); }

private:
    QString keyOf(const QString &lock) const
    {
        const QString key = m_scope + u'.' + lock;
        if (m_kind != Dialect::Kind::MySQL || key.size() <= mysqlMaxNameChars)
            return key;
        return QString::fromLatin1(
            QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha1).toHex());
    }

    SqlRunner m_runner;
    Dialect::Kind m_kind;
    QString m_scope;
    QString m_what;
    QString m_lock;
    QString m_unlock;
};

class NativeProtocol final : public Protocol
{
public:
    using Protocol::Protocol;

    QString id() const override { return u"native"_s; }

    QString unavailableReason() const override
    {
        switch (m_context.kind) {
        case Dialect::Kind::PostgreSQL:
        case Dialect::Kind::MySQL:
            return {};
        case Dialect::Kind::SQLite:
            return Tr::tr("SQLite has no named lock of its own");
        case Dialect::Kind::Oracle:
            return Tr::tr("not measured on Oracle (DBMS_LOCK)");
        }
        return {};
    }

    QString waitPolicy() const override
    {
        if (m_context.kind == Dialect::Kind::PostgreSQL)
            return Tr::tr("blocks in pg_advisory_lock (the server queues waiters; no polling)");
        return Tr::tr("blocks in GET_LOCK(name, %1 s), again after each timeout (the server "
                      "queues waiters)")
            .arg(mysqlWaitS);
    }

    lockcore::Status setUp(lockcore::Session &, const QStringList &) const override { return {}; }
    lockcore::Status tearDown(lockcore::Session &) const override { return {}; }

    Result<std::unique_ptr<Client>> makeClient(lockcore::Session &session,
                                               const QString &) const override
    {
        if (m_context.kind == Dialect::Kind::PostgreSQL) {
            QSqlQuery timeout(session.database());
            if (!timeout.exec(u"SET lock_timeout = '%1s'"_s.arg(postgresLockTimeoutS)))
                return session.errorFrom(timeout.lastError(), Tr::tr("setting lock_timeout"));
        }
        const QString scope = m_context.kind == Dialect::Kind::MySQL
                                  ? m_context.database + u'.' + m_context.tablePrefix
                                  : m_context.tablePrefix;
        return std::unique_ptr<Client>(
            std::make_unique<NativeClient>(session, m_context.kind, scope));
    }
};

} // namespace

std::unique_ptr<Protocol> makeNativeProtocol(const ProtocolContext &context)
{
    return std::make_unique<NativeProtocol>(context);
}

} // namespace lockbench
