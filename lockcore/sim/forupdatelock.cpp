// SPDX-License-Identifier: Apache-2.0
#include "forupdatelock.h"

#include "lockservice.h"
#include "session.h"
#include "simtables.h"
#include "simtr.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;
using lockcore::Dialect;
using lockcore::Error;
using lockcore::Param;

namespace locksim {

namespace {

// MySQL's and Oracle's lock wait timeouts are whole seconds: never shorter than asked.
qint64 wholeSeconds(qint64 ms)
{
    return qMax<qint64>(1, (ms + 999) / 1000);
}

} // namespace

ForUpdateLock::ForUpdateLock(lockcore::LockService &service, const SimSettings &settings)
    : BaselineLock(service, settings)
    , m_table(quotedTable(service.session(), forUpdateTable(settings.table)))
{}

lockcore::Status ForUpdateLock::checkSupported(const lockcore::Session &session)
{
    if (session.dialect().kind() != Dialect::Kind::SQLite)
        return {};
    return Error::invalidInput(
        SimTr::tr("The for-update protocol needs SELECT ... FOR UPDATE, which SQLite does not "
                  "have (its only lock is the whole database's): run it on PostgreSQL or "
                  "MySQL/MariaDB."));
}

lockcore::Statement ForUpdateLock::lockStatement(const QString &name, qint64 waitMs) const
{
    lockcore::Statement st;
    st << u"SELECT name FROM "_s << m_table << " WHERE name = " << Param{name} << " FOR UPDATE";
    // Oracle bounds the wait in the statement itself (never run here, see README).
    if (m_service.session().dialect().kind() == Dialect::Kind::Oracle)
        st << u" WAIT "_s << QString::number(wholeSeconds(waitMs));
    return st;
}

lockcore::Status ForUpdateLock::begin(qint64 waitMs)
{
    lockcore::Session &session = m_service.session();
    const QString what = SimTr::tr("starting a for-update transaction");
    const Dialect::Kind kind = session.dialect().kind();
    if (kind == Dialect::Kind::MySQL) {
        // A session setting, before the transaction: it bounds the FOR UPDATE that follows.
        lockcore::Statement timeout;
        timeout << "SET SESSION innodb_lock_wait_timeout = " << Param{wholeSeconds(waitMs)};
        auto set = session.run(timeout, what);
        if (!set)
            return set.error();
        (*set)->finish();
    }
    if (lockcore::Status begun = session.begin(); !begun)
        return begun;
    if (kind != Dialect::Kind::PostgreSQL)
        return {};
    // For this transaction alone (SET LOCAL), with a bound value.
    lockcore::Statement timeout;
    timeout << "SELECT set_config('lock_timeout', "
            << Param{QString(QString::number(waitMs) + u"ms"_s)} << ", true)";
    auto set = session.run(timeout, what);
    if (!set) {
        session.rollback();
        return set.error();
    }
    (*set)->finish();
    return {};
}

lockcore::Result<bool> ForUpdateLock::tryOnce(const QString &name, const QString & /*holder*/,
                                              qint64 waitMs)
{
    if (lockcore::Status begun = begin(waitMs); !begun)
        return begun.error();
    lockcore::Session &session = m_service.session();
    auto locked = session.run(lockStatement(name, waitMs),
                              SimTr::tr("locking \"%1\" with SELECT ... FOR UPDATE").arg(name));
    if (!locked) {
        session.rollback();
        // The lock wait timed out, or the server broke a deadlock or a cluster conflict:
        // not granted this time.
        if (locked.error().kind == Error::Kind::Busy)
            return false;
        return locked.error();
    }
    const bool found = (*locked)->next();
    (*locked)->finish();
    if (found)
        return true;
    session.rollback();
    return Error{Error::Kind::Database,
                 SimTr::tr("The row of \"%1\" is missing in %2: a FOR UPDATE without a row "
                           "locks nothing. Prepare the run again.")
                     .arg(name, forUpdateTable(m_settings.table)),
                 {},
                 {}};
}

void ForUpdateLock::abandon()
{
    m_service.session().rollback();
}

qint64 ForUpdateLock::timeAfterRollback()
{
    m_service.session().rollback();
    auto now = dbNowUs(m_service);
    return now ? *now : m_grantedDbUs;
}

// The COMMIT releases whatever the transaction locked: the name is not needed.
lockcore::Result<BaselineLock::Release> ForUpdateLock::release(const QString &)
{
    lockcore::Session &session = m_service.session();
    // Read in the transaction: after a conflict the database has already rolled it back and
    // answers this read with the conflict's error (Galera: 1213, the other node's write won);
    // a connection lost now ends the transaction as well. Either way it did not commit.
    auto before = dbNowUs(m_service);
    if (!before)
        return Release{timeAfterRollback(), true};
    if (lockcore::Status committed = session.commit(); !committed) {
        session.rollback();
        return Release{*before, true}; // lost certification at COMMIT: ERROR 1213
    }
    return Release{*before, false};
}

qint64 ForUpdateLock::crash()
{
    auto before = dbNowUs(m_service);
    if (!before)
        return timeAfterRollback();
    m_service.session().rollback();
    return *before;
}

lockcore::Status ForUpdateLock::reset(const QString &name)
{
    lockcore::Session &session = m_service.session();
    lockcore::Statement insert;
    insert << u"INSERT INTO "_s << m_table << " (name) VALUES (" << Param{name} << ")";
    auto inserted = session.run(insert, SimTr::tr("creating the row of \"%1\"").arg(name));
    if (!inserted && inserted.error().kind != Error::Kind::Duplicate)
        return inserted.error();
    return {};
}

} // namespace locksim
