#include "profilesql.h"

using namespace Qt::StringLiterals;

namespace lockcore {

ProfileSql::ProfileSql(const Dialect &dialect, const Profile &profile, const QString &table)
    : m_dialect(dialect)
    , m_profile(profile)
    , m_clock(ProfileClock::create(dialect.kind()))
    , m_table(dialect.lockTable(TableNames::fromTable(table)))
{}

void ProfileSql::appendKey(Statement &st, const QString &name) const
{
    st << col(m_profile.columns.name) << " = " << Param{name};
    if (!m_profile.columns.region.isEmpty())
        st << " AND " << col(m_profile.columns.region) << " = " << Param{m_profile.regionValue};
}

Statement ProfileSql::probe() const
{
    Statement st;
    QStringList columns;
    // Qualified: SQLite would read an unknown "column" as a string literal.
    for (const QString &column : m_profile.columns.all())
        columns.append(m_table + u'.' + col(column));
    st << "SELECT " << columns.join(u", "_s) << " FROM " << m_table << " WHERE 1 = 0";
    return st;
}

Statement ProfileSql::select(const std::optional<QString> &name) const
{
    const ProfileColumns &c = m_profile.columns;
    const auto msOrNull = [&](const QString &column) -> QString {
        return column.isEmpty() ? u"NULL"_s : m_clock->msOf(col(column));
    };
    Statement st;
    st << "SELECT " << col(c.name) << ", " << (c.holder.isEmpty() ? u"NULL"_s : col(c.holder))
       << ", " << msOrNull(c.lockedAt) << ", " << msOrNull(c.expires) << ", "
       << (c.status.isEmpty() ? u"NULL"_s : col(c.status)) << ", "
       << m_clock->msOf(m_clock->now(m_profile.time)) << ", "
       << m_clock->msOf(m_clock->now(Profile::Time::Utc)) << " FROM " << m_table;
    if (name) {
        st << " WHERE ";
        appendKey(st, *name);
    } else if (!c.region.isEmpty()) {
        st << " WHERE " << col(c.region) << " = " << Param{m_profile.regionValue};
    }
    st << " ORDER BY " << col(c.name);
    return st;
}

Statement ProfileSql::acquireUpdate(const QString &name, const QString &holder,
                                    qint64 ttlMs) const
{
    const ProfileColumns &c = m_profile.columns;
    const QString now = m_clock->now(m_profile.time);
    const bool expires = !c.expires.isEmpty();
    const bool ttlFromLockedAt = m_profile.lockedAtTtlMs > 0;
    if (c.status.isEmpty() && !m_profile.emptyHolderIsFree && !m_profile.reentrant && !expires
        && !ttlFromLockedAt)
        return {}; // only the INSERT: a row is a held lock (seed-004)

    Statement st;
    st << "UPDATE " << m_table << " SET ";
    const char *sep = "";
    if (!c.holder.isEmpty()) {
        st << col(c.holder) << " = " << Param{holder};
        sep = ", ";
    }
    if (!c.lockedAt.isEmpty()) {
        st << sep << col(c.lockedAt) << " = " << now;
        sep = ", ";
    }
    if (expires) {
        st << sep << col(c.expires) << " = " << Param{ttlMs, m_clock->plusBoundMs(now)};
        sep = ", ";
    }
    if (!c.status.isEmpty()) {
        st << sep << col(c.status) << " = 1";
        sep = ", ";
    }
    if (!c.version.isEmpty())
        st << sep << col(c.version) << " = " << col(c.version) << " + 1";
    st << " WHERE ";
    appendKey(st, name);
    // The ways a row can be taken, as the application tests them.
    st << " AND (";
    sep = "";
    if (!c.status.isEmpty()) {
        st << col(c.status) << " = 0";
        sep = " OR ";
    }
    if (m_profile.emptyHolderIsFree) {
        st << sep << col(c.holder) << " = ''";
        sep = " OR ";
    }
    if (m_profile.reentrant) {
        st << sep << col(c.holder) << " = " << Param{holder};
        sep = " OR ";
    }
    if (expires) {
        st << sep << col(c.expires) << (m_profile.expiredIsFree ? " <= " : " < ") << now;
        sep = " OR ";
    }
    if (ttlFromLockedAt)
        st << sep << col(c.lockedAt) << " < "
           << Param{-m_profile.lockedAtTtlMs, m_clock->plusBoundMs(now)};
    st << ')';
    return st;
}

Statement ProfileSql::insertRow(const QString &name, const QString &holder, bool held,
                                qint64 ttlMs) const
{
    // Every mapped column: held, the lease from now (by the database clock) and status 1;
    // free, the expiry at now and status 0.
    const ProfileColumns &c = m_profile.columns;
    const QString now = m_clock->now(m_profile.time);
    Statement st;
    st << "INSERT INTO " << m_table << " (" << col(c.name);
    for (const QString &column : {c.region, c.holder, c.lockedAt, c.expires, c.status}) {
        if (!column.isEmpty())
            st << ", " << col(column);
    }
    st << ") VALUES (" << Param{name};
    if (!c.region.isEmpty())
        st << ", " << Param{m_profile.regionValue};
    if (!c.holder.isEmpty())
        st << ", " << Param{holder};
    if (!c.lockedAt.isEmpty())
        st << ", " << now;
    if (!c.expires.isEmpty()) {
        if (held)
            st << ", " << Param{ttlMs, m_clock->plusBoundMs(now)};
        else
            st << ", " << now;
    }
    if (!c.status.isEmpty())
        st << (held ? ", 1" : ", 0");
    st << ')';
    return st;
}

Statement ProfileSql::acquireInsert(const QString &name, const QString &holder,
                                    qint64 ttlMs) const
{
    return insertRow(name, holder, true, ttlMs);
}

void ProfileSql::appendReleaseHead(Statement &st) const
{
    const ProfileColumns &c = m_profile.columns;
    const QString now = m_clock->now(m_profile.time);
    switch (m_profile.release) {
    case Profile::Release::ClearStatus:
        st << "UPDATE " << m_table << " SET " << col(c.status) << " = 0";
        break;
    case Profile::Release::Delete:
        st << "DELETE FROM " << m_table;
        break;
    case Profile::Release::ExpireNow:
        st << "UPDATE " << m_table << " SET " << col(c.expires) << " = " << now;
        break;
    case Profile::Release::ClearHolder:
        st << "UPDATE " << m_table << " SET " << col(c.holder) << " = ''";
        if (!c.expires.isEmpty())
            st << ", " << col(c.expires) << " = " << now;
        break;
    }
    if (!c.version.isEmpty() && m_profile.release != Profile::Release::Delete)
        st << ", " << col(c.version) << " = " << col(c.version) << " + 1";
    st << " WHERE ";
}

void ProfileSql::appendHeld(Statement &st) const
{
    const ProfileColumns &c = m_profile.columns;
    if (!c.status.isEmpty())
        st << " AND " << col(c.status) << " = 1";
    if (m_profile.release == Profile::Release::ExpireNow)
        st << " AND " << col(c.expires) << " > " << m_clock->now(m_profile.time);
}

Statement ProfileSql::release(const QString &name, const QString &holder) const
{
    Statement st;
    appendReleaseHead(st);
    appendKey(st, name);
    if (!m_profile.columns.holder.isEmpty())
        st << " AND " << col(m_profile.columns.holder) << " = " << Param{holder};
    appendHeld(st);
    return st;
}

Statement ProfileSql::forceRelease(const QString &name, const QString &expectHolder,
                                   std::optional<qint64> expectTimeMs) const
{
    Statement st;
    appendReleaseHead(st);
    appendKey(st, name);
    if (!m_profile.columns.holder.isEmpty())
        st << " AND " << col(m_profile.columns.holder) << " = " << Param{expectHolder};
    const QString timeColumn = m_profile.seenTimeColumn();
    if (!timeColumn.isEmpty() && expectTimeMs)
        st << " AND " << m_clock->msOf(col(timeColumn)) << " = " << Param{*expectTimeMs};
    appendHeld(st);
    return st;
}

Statement ProfileSql::initialize(const QString &name, const QString &holder) const
{
    if (m_profile.columns.status.isEmpty())
        return {};
    return insertRow(name, holder, false, 0);
}

} // namespace lockcore
