// SPDX-License-Identifier: Apache-2.0
// The database clock per database, in the form the profiles' applications store it.
#include "profilesql.h"

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// Text times 'YYYY-MM-DD HH:MM:SS.SSS' in UTC (what datetime('now') and strftime write): SQLite
// has no session time zone, so "local" applications on SQLite write UTC too.
class SqliteProfileClock final : public ProfileClock
{
public:
    QString now(Profile::Time) const override
    {
        return u"strftime('%Y-%m-%d %H:%M:%f', 'now')"_s;
    }
    QString msOf(const QString &e) const override
    {
        return u"CAST(ROUND((julianday("_s + e + u") - 2440587.5) * 86400000.0) AS INTEGER)"_s;
    }
    QString plusBoundMs(const QString &e) const override
    {
        return u"strftime('%Y-%m-%d %H:%M:%f', "_s + e + u", (? / 1000.0) || ' seconds')"_s;
    }
};

// timestamp without time zone: local = the session's TimeZone, as LOCALTIMESTAMP writes it.
class PostgresProfileClock final : public ProfileClock
{
public:
    QString now(Profile::Time time) const override
    {
        return time == Profile::Time::Local ? u"CAST(clock_timestamp() AS timestamp)"_s
                                            : u"(clock_timestamp() AT TIME ZONE 'UTC')"_s;
    }
    QString msOf(const QString &e) const override
    {
        return u"CAST(floor(extract(epoch FROM "_s + e + u") * 1000) AS bigint)"_s;
    }
    QString plusBoundMs(const QString &e) const override
    {
        return e + u" + CAST(? AS bigint) * interval '1 millisecond'"_s;
    }
    // timestamptz: compared with the instant itself, right whatever the session's TimeZone.
    QString nowInstant() const override { return u"clock_timestamp()"_s; }
    QString div1000(const QString &e) const override
    {
        return u"(CAST("_s + e + u" AS bigint) / 1000)"_s;
    }
    QString secondsToMs(const QString &e) const override
    {
        return u"(CAST("_s + e + u" AS bigint) * 1000)"_s;
    }
};

// Local = SYSDATE in the session's time_zone (what now() and TIMESTAMP columns use).
class MysqlProfileClock final : public ProfileClock
{
public:
    QString now(Profile::Time time) const override
    {
        return time == Profile::Time::Local ? u"SYSDATE(3)"_s : u"UTC_TIMESTAMP(3)"_s;
    }
    QString msOf(const QString &e) const override
    {
        return u"CAST(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', "_s + e
               + u") DIV 1000 AS SIGNED)"_s;
    }
    QString plusBoundMs(const QString &e) const override
    {
        return u"TIMESTAMPADD(MICROSECOND, 1000 * ?, "_s + e + u')';
    }
    QString div1000(const QString &e) const override { return u"("_s + e + u" DIV 1000)"_s; }
};

// Local = SYSDATE's wall clock with SYSTIMESTAMP's precision; never DATE arithmetic.
class OracleProfileClock final : public ProfileClock
{
public:
    QString now(Profile::Time time) const override
    {
        return time == Profile::Time::Local ? u"CAST(SYSTIMESTAMP AS TIMESTAMP)"_s
                                            : u"SYS_EXTRACT_UTC(SYSTIMESTAMP)"_s;
    }
    QString msOf(const QString &e) const override
    {
        const QString since = u"(CAST("_s + e + u" AS TIMESTAMP) - TIMESTAMP '1970-01-01 00:00:00')"_s;
        return u"(EXTRACT(DAY FROM "_s + since + u") * 86400000 + EXTRACT(HOUR FROM "_s + since
               + u") * 3600000 + EXTRACT(MINUTE FROM "_s + since
               + u") * 60000 + ROUND(EXTRACT(SECOND FROM "_s + since + u") * 1000))"_s;
    }
    QString plusBoundMs(const QString &e) const override
    {
        return e + u" + NUMTODSINTERVAL(? / 1000, 'SECOND')"_s;
    }
    QString nowInstant() const override { return u"SYSTIMESTAMP"_s; }
    QString msOfInstant(const QString &e) const override
    {
        return msOf(u"SYS_EXTRACT_UTC("_s + e + u')');
    }
    QString div1000(const QString &e) const override { return u"FLOOR("_s + e + u" / 1000)"_s; }
};

} // namespace

std::unique_ptr<ProfileClock> ProfileClock::create(Dialect::Kind kind)
{
    switch (kind) {
    case Dialect::Kind::SQLite: return std::make_unique<SqliteProfileClock>();
    case Dialect::Kind::PostgreSQL: return std::make_unique<PostgresProfileClock>();
    case Dialect::Kind::MySQL: return std::make_unique<MysqlProfileClock>();
    case Dialect::Kind::Oracle: return std::make_unique<OracleProfileClock>();
    }
    return nullptr;
}

} // namespace lockcore
