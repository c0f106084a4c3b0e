// SPDX-License-Identifier: Apache-2.0
#include "profilesql.h"

using namespace Qt::StringLiterals;

namespace lockcore {

ProfileSql::ProfileSql(const Dialect &dialect, const Profile &profile, const QString &table)
    : ProfileSql(dialect, profile, table, ProfileColumnForms::assumed(profile))
{}

ProfileSql::ProfileSql(const Dialect &dialect, const Profile &profile, const QString &table,
                       const ProfileColumnForms &forms)
    : m_dialect(dialect)
    , m_profile(profile)
    , m_clock(ProfileClock::create(dialect.kind()))
    , m_table(dialect.lockTable(TableNames::fromTable(table)))
    , m_forms(forms)
{}

TimeForm ProfileSql::formOf(const QString &column) const
{
    return m_forms.times.value(column, TimeForm::Timestamp);
}

QString ProfileSql::nowOf(const QString &column) const
{
    switch (formOf(column)) {
    case TimeForm::Timestamp: return m_clock->now(m_profile.time);
    case TimeForm::TimestampTz: return m_clock->nowInstant();
    case TimeForm::EpochMs: return m_clock->msOf(m_clock->now(Profile::Time::Utc));
    case TimeForm::EpochSeconds:
        return m_clock->div1000(m_clock->msOf(m_clock->now(Profile::Time::Utc)));
    }
    return {};
}

QString ProfileSql::msOfExpr(const QString &column, const QString &expr) const
{
    switch (formOf(column)) {
    case TimeForm::Timestamp: return m_clock->msOf(expr);
    case TimeForm::TimestampTz: return m_clock->msOfInstant(expr);
    case TimeForm::EpochMs: return expr;
    case TimeForm::EpochSeconds: return m_clock->secondsToMs(expr);
    }
    return {};
}

QString ProfileSql::plusBoundMsOf(const QString &column) const
{
    switch (formOf(column)) {
    case TimeForm::Timestamp:
    case TimeForm::TimestampTz: return m_clock->plusBoundMs(nowOf(column));
    case TimeForm::EpochMs: return u"("_s + nowOf(column) + u" + ?)"_s;
    case TimeForm::EpochSeconds: return u"("_s + nowOf(column) + u" + "_s + m_clock->div1000(u"?"_s) + u')';
    }
    return {};
}

QString ProfileSql::statusLiteral(bool held) const
{
    if (m_forms.booleanStatus)
        return held ? u"TRUE"_s : u"FALSE"_s;
    return held ? u"1"_s : u"0"_s;
}

void ProfileSql::appendKey(Statement &st, const QString &name) const
{
    const ProfileColumns &c = m_profile.columns;
    if (!c.group.isEmpty()) {
        // ProfileTable refuses a name without "/" before any statement is built.
        const auto key = m_profile.splitName(name);
        const auto parts = key ? key.value() : std::pair<QString, QString>(QString(), name);
        st << col(c.group) << " = " << Param{parts.first} << " AND " << col(c.name) << " = "
           << Param{parts.second};
    } else {
        st << col(c.name) << " = " << Param{name};
    }
    if (!c.region.isEmpty())
        st << " AND " << col(c.region) << " = " << Param{m_profile.regionValue};
    appendNameLike(st, " AND ");
}

void ProfileSql::appendNameLike(Statement &st, const char *joiner) const
{
    // Laravel's scheduler mutexes share their table with every other cache entry.
    if (!m_profile.nameLike.isEmpty())
        st << joiner << col(m_profile.columns.name) << " LIKE " << Param{m_profile.nameLike};
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
        return column.isEmpty() ? u"NULL"_s : msOfColumn(column);
    };
    const auto colOrNull = [&](const QString &column) -> QString {
        return column.isEmpty() ? u"NULL"_s : col(column);
    };
    // "now" in the form the times are stored in (ProfileTable refuses mixing wall-clock and
    // instant columns), so that differences are exact database time.
    const QString timeColumn = !c.lockedAt.isEmpty() ? c.lockedAt : c.expires;
    const QString nowMs = timeColumn.isEmpty() ? m_clock->msOf(m_clock->now(m_profile.time))
                                               : msOfExpr(timeColumn, nowOf(timeColumn));
    QString status = u"NULL"_s;
    if (!c.status.isEmpty())
        status = m_forms.booleanStatus
                     ? u"CASE WHEN "_s + col(c.status) + u" THEN 1 ELSE 0 END"_s
                     : u"CASE WHEN "_s + col(c.status) + u" <> 0 THEN 1 ELSE 0 END"_s;
    Statement st;
    st << "SELECT " << col(c.name) << ", " << colOrNull(c.holder) << ", " << msOrNull(c.lockedAt)
       << ", " << msOrNull(c.expires) << ", " << status << ", " << nowMs << ", "
       << m_clock->msOf(m_clock->now(Profile::Time::Utc)) << ", " << colOrNull(c.group) << ", "
       << colOrNull(c.ttl) << " FROM " << m_table;
    if (name) {
        st << " WHERE ";
        appendKey(st, *name);
    } else if (!c.region.isEmpty()) {
        st << " WHERE " << col(c.region) << " = " << Param{m_profile.regionValue};
        appendNameLike(st, " AND ");
    } else {
        appendNameLike(st, " WHERE ");
    }
    st << " ORDER BY ";
    if (!c.group.isEmpty())
        st << col(c.group) << ", ";
    st << col(c.name);
    return st;
}

Statement ProfileSql::acquireUpdate(const QString &name, const QString &holder,
                                    qint64 ttlMs) const
{
    const ProfileColumns &c = m_profile.columns;
    const bool expires = !c.expires.isEmpty();
    const bool ttlFromLockedAt = m_profile.lockedAtTtlMs > 0;
    const bool ttlColumn = !c.ttl.isEmpty();
    if (c.status.isEmpty() && !m_profile.emptyHolderIsFree && !m_profile.reentrant && !expires
        && !ttlFromLockedAt && !ttlColumn)
        return {}; // only the INSERT: a row is a held lock (seed-004)

    Statement st;
    st << "UPDATE " << m_table << " SET ";
    const char *sep = "";
    if (!c.holder.isEmpty()) {
        st << col(c.holder) << " = " << Param{holder};
        sep = ", ";
    }
    if (!c.lockedAt.isEmpty()) {
        st << sep << col(c.lockedAt) << " = " << nowOf(c.lockedAt);
        sep = ", ";
    }
    if (expires) {
        st << sep << col(c.expires) << " = " << Param{ttlMs, plusBoundMsOf(c.expires)};
        sep = ", ";
    }
    if (ttlColumn) {
        st << sep << col(c.ttl) << " = " << Param{ttlMs};
        sep = ", ";
    }
    if (!c.status.isEmpty()) {
        st << sep << col(c.status) << " = " << statusLiteral(true);
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
        st << col(c.status) << " = " << statusLiteral(false);
        sep = " OR ";
    }
    if (m_profile.emptyHolderIsFree) {
        st << sep << col(c.holder) << " = ''";
        if (m_profile.nullWhenFree)
            st << " OR " << col(c.holder) << " IS NULL";
        sep = " OR ";
    }
    if (m_profile.reentrant) {
        st << sep << col(c.holder) << " = " << Param{holder};
        sep = " OR ";
    }
    if (expires) {
        st << sep << col(c.expires) << (m_profile.expiredIsFree ? " <= " : " < ")
           << nowOf(c.expires);
        sep = " OR ";
    }
    if (ttlFromLockedAt) {
        st << sep << col(c.lockedAt) << " < "
           << Param{-m_profile.lockedAtTtlMs, plusBoundMsOf(c.lockedAt)};
        sep = " OR ";
    }
    if (ttlColumn)
        st << sep << msOfColumn(c.lockedAt) << " + " << col(c.ttl) << " + "
           << Param{m_profile.ttlGraceMs} << " < " << msOfExpr(c.lockedAt, nowOf(c.lockedAt));
    st << ')';
    return st;
}

Statement ProfileSql::insertRow(const QString &name, const QString &holder, bool held,
                                qint64 ttlMs) const
{
    // Every mapped column: held, the lease from now (by the database clock) and status 1;
    // free, the expiry at now and status 0 (with nullWhenFree: no holder, no locked-at).
    const ProfileColumns &c = m_profile.columns;
    const bool nulls = !held && m_profile.nullWhenFree;
    const auto key = m_profile.splitName(name);
    const auto parts = key ? key.value() : std::pair<QString, QString>(QString(), name);
    QStringList columns{col(c.name)};
    Statement values;
    values << Param{parts.second};
    if (!c.group.isEmpty()) {
        columns << col(c.group);
        values << ", " << Param{parts.first};
    }
    if (!c.region.isEmpty()) {
        columns << col(c.region);
        values << ", " << Param{m_profile.regionValue};
    }
    if (!c.holder.isEmpty() && !nulls) {
        columns << col(c.holder);
        values << ", " << Param{holder};
    }
    if (!c.lockedAt.isEmpty() && !nulls) {
        columns << col(c.lockedAt);
        values << ", " << nowOf(c.lockedAt);
    }
    if (!c.expires.isEmpty()) {
        columns << col(c.expires);
        if (held)
            values << ", " << Param{ttlMs, plusBoundMsOf(c.expires)};
        else
            values << ", " << nowOf(c.expires);
    }
    if (!c.ttl.isEmpty()) {
        columns << col(c.ttl);
        values << ", " << Param{ttlMs};
    }
    if (!c.status.isEmpty()) {
        columns << col(c.status);
        values << ", " << statusLiteral(held);
    }
    Statement st;
    st << "INSERT INTO " << m_table << " (" << columns.join(u", "_s) << ") VALUES (";
    st.embed(values);
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
    const auto clearWho = [&] {
        // nullWhenFree: the application's release leaves NULL in holder and locked-at.
        if (!m_profile.nullWhenFree)
            return;
        if (m_profile.release != Profile::Release::ClearHolder && !c.holder.isEmpty())
            st << ", " << col(c.holder) << " = NULL";
        if (!c.lockedAt.isEmpty())
            st << ", " << col(c.lockedAt) << " = NULL";
    };
    switch (m_profile.release) {
    case Profile::Release::ClearStatus:
        st << "UPDATE " << m_table << " SET " << col(c.status) << " = " << statusLiteral(false);
        clearWho();
        break;
    case Profile::Release::Delete:
        st << "DELETE FROM " << m_table;
        break;
    case Profile::Release::ExpireNow:
        st << "UPDATE " << m_table << " SET " << col(c.expires) << " = " << nowOf(c.expires);
        break;
    case Profile::Release::ClearHolder:
        st << "UPDATE " << m_table << " SET " << col(c.holder)
           << (m_profile.nullWhenFree ? " = NULL" : " = ''");
        if (!c.expires.isEmpty())
            st << ", " << col(c.expires) << " = " << nowOf(c.expires);
        clearWho();
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
        st << " AND " << col(c.status) << " = " << statusLiteral(true);
    if (m_profile.release == Profile::Release::ExpireNow)
        st << " AND " << col(c.expires) << " > " << nowOf(c.expires);
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
        st << " AND " << msOfColumn(timeColumn) << " = " << Param{*expectTimeMs};
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
