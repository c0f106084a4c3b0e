#include "unsafelock.h"

#include "lockservice.h"
#include "session.h"
#include "simtables.h"
#include "simtr.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QSqlQuery>
#include <QThread>

using namespace Qt::StringLiterals;

namespace locksim {

UnsafeLock::UnsafeLock(lockcore::LockService &service, const SimSettings &settings,
                       qint64 skewMs)
    : m_service(service)
    , m_settings(settings)
    , m_skewMs(skewMs)
    , m_table(quotedTable(service.session(), unsafeTable(settings.table)))
{}

qint64 UnsafeLock::clientNowMs() const
{
    return QDateTime::currentMSecsSinceEpoch() + m_skewMs;
}

lockcore::Result<bool> UnsafeLock::tryOnce(const QString &name, const QString &holder)
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

lockcore::Result<UnsafeLock::Grant> UnsafeLock::acquire(const QString &name,
                                                        const QString &holder,
                                                        const std::atomic_bool &stop,
                                                        QRandomGenerator &random)
{
    const lockcore::RetryPolicy &policy = m_settings.retry;
    const qint64 deadlineMs = policy.deadlineMs > 0 || policy.maxAttempts > 0
                                  ? policy.deadlineMs
                                  : 2 * m_settings.ttlMs;
    QElapsedTimer elapsed;
    elapsed.start();
    Grant grant;
    for (int attempt = 1;; ++attempt) {
        grant.attempts = attempt;
        auto before = dbNowUs(m_service);
        if (!before)
            return before.error();
        auto granted = tryOnce(name, holder);
        if (!granted)
            return granted.error();
        if (*granted) {
            auto after = dbNowUs(m_service);
            if (!after)
                return after.error();
            grant.acquired = true;
            grant.acquiredDbUs = *after;
            if (m_settings.protocol == Protocol::UnsafeClientClock)
                grant.expiresDbUs = *before + m_settings.ttlMs * 1000;
            return grant;
        }
        const qint64 remaining = deadlineMs > 0 ? deadlineMs - elapsed.elapsed() : 0;
        if ((policy.maxAttempts > 0 && attempt >= policy.maxAttempts)
            || (deadlineMs > 0 && remaining <= 0))
            return grant;
        qint64 delay = policy.delayMs(attempt, random.generateDouble());
        if (deadlineMs > 0)
            delay = qMin(delay, remaining);
        QElapsedTimer slept;
        slept.start();
        while (slept.elapsed() < delay) {
            if (stop.load())
                return lockcore::Error{
                    lockcore::Error::Kind::Cancelled,
                    SimTr::tr("Waiting for \"%1\" was cancelled.").arg(name), {}, {}};
            QThread::msleep(quint32(qMin<qint64>(10, delay - slept.elapsed())));
        }
    }
}

lockcore::Result<qint64> UnsafeLock::release(const QString &name)
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
    return *before;
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
