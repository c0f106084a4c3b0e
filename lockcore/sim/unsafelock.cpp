// SPDX-License-Identifier: Apache-2.0
#include "unsafelock.h"

#include "lockservice.h"
#include "session.h"
#include "simtables.h"
#include "simtr.h"

#include <QDateTime>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace locksim {

UnsafeLock::UnsafeLock(lockcore::LockService &service, const SimSettings &settings,
                       qint64 skewMs)
    : BaselineLock(service, settings)
    , m_skewMs(skewMs)
    , m_table(quotedTable(service.session(), unsafeTable(settings.table)))
{}

qint64 UnsafeLock::clientNowMs() const
{
    return QDateTime::currentMSecsSinceEpoch() + m_skewMs;
}

lockcore::Result<bool> UnsafeLock::tryOnce(const QString &name, const QString &holder,
                                           qint64 /*waitMs: never waits in the server*/)
{
    lockcore::Session &session = m_service.session();
    const QString what = SimTr::tr("locking \"%1\" (unsafe)").arg(name);
    lockcore::Statement st;
    if (m_settings.protocol == Protocol::UnsafeNoExpiry) {
        st << u"INSERT INTO "_s << m_table << " (name, holder, expires_ms) VALUES ("
           << lockcore::Param{name} << ", " << lockcore::Param{holder} << ", 0)";
        auto inserted = session.run(st, what);
        if (!inserted) {
            if (inserted.error().kind == lockcore::Error::Kind::Duplicate)
                return false;
            return inserted.error();
        }
        return true;
    }
    const qint64 now = clientNowMs();
    st << u"UPDATE "_s << m_table << " SET holder = " << lockcore::Param{holder}
       << ", expires_ms = " << lockcore::Param{now + m_settings.ttlMs}
       << " WHERE name = " << lockcore::Param{name}
       << " AND expires_ms <= " << lockcore::Param{now};
    auto updated = session.run(st, what);
    if (!updated)
        return updated.error();
    const bool granted = (*updated)->numRowsAffected() == 1;
    (*updated)->finish();
    return granted;
}

qint64 UnsafeLock::leaseEnd(qint64 beforeDbUs) const
{
    // The client clock's lease, as the holder believes it: from before its statement.
    return m_settings.protocol == Protocol::UnsafeClientClock
               ? beforeDbUs + m_settings.ttlMs * 1000
               : 0;
}

lockcore::Result<BaselineLock::Release> UnsafeLock::release(const QString &name)
{
    auto before = dbNowUs(m_service);
    if (!before)
        return before.error();
    lockcore::Statement st;
    if (m_settings.protocol == Protocol::UnsafeNoExpiry)
        st << u"DELETE FROM "_s << m_table << " WHERE name = " << lockcore::Param{name};
    else
        st << u"UPDATE "_s << m_table << " SET expires_ms = "
           << lockcore::Param{clientNowMs() - 1000} << " WHERE name = " << lockcore::Param{name};
    auto done = m_service.session().run(st, SimTr::tr("unlocking \"%1\" (unsafe)").arg(name));
    if (!done)
        return done.error();
    (*done)->finish();
    return Release{*before, false};
}

lockcore::Status UnsafeLock::reset(const QString &name)
{
    lockcore::Session &session = m_service.session();
    const QString what = SimTr::tr("resetting \"%1\" (unsafe)").arg(name);
    lockcore::Statement remove;
    remove << u"DELETE FROM "_s << m_table << " WHERE name = " << lockcore::Param{name};
    auto removed = session.run(remove, what);
    if (!removed)
        return removed.error();
    (*removed)->finish();
    if (m_settings.protocol != Protocol::UnsafeClientClock)
        return {};
    lockcore::Statement insert;
    insert << u"INSERT INTO "_s << m_table << " (name, holder, expires_ms) VALUES ("
           << lockcore::Param{name} << ", '', 0)";
    auto inserted = session.run(insert, what);
    if (!inserted)
        return inserted.error();
    return {};
}

} // namespace locksim
