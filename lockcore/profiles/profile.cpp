#include "profile.h"

#include "tr.h"
#include "validation.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

constexpr int maxColumnChars = 64;

bool isColumnName(const QString &column)
{
    // Anchored at the very end: "$" would also match before a trailing newline ("busy\n").
    static const QRegularExpression re(
        QRegularExpression::anchoredPattern(u"[A-Za-z_][A-Za-z0-9_]*"_s));
    return column.size() <= maxColumnChars && re.match(column).hasMatch();
}

QString timeName(Profile::Time time)
{
    return time == Profile::Time::Local ? u"local"_s : u"utc"_s;
}

QString releaseName(Profile::Release release)
{
    switch (release) {
    case Profile::Release::ClearStatus: return u"status"_s;
    case Profile::Release::Delete: return u"delete"_s;
    case Profile::Release::ExpireNow: return u"expire"_s;
    case Profile::Release::ClearHolder: return u"clear_holder"_s;
    }
    return {};
}

std::optional<Profile::Release> releaseFromName(const QString &name)
{
    for (auto release : {Profile::Release::ClearStatus, Profile::Release::Delete,
                         Profile::Release::ExpireNow, Profile::Release::ClearHolder}) {
        if (releaseName(release) == name)
            return release;
    }
    return std::nullopt;
}

} // namespace

QStringList ProfileColumns::all() const
{
    QStringList list;
    for (const QString &column : {name, region, holder, lockedAt, expires, status, version}) {
        if (!column.isEmpty())
            list.append(column);
    }
    return list;
}

QStringList Profile::builtInIds()
{
    return {u"seed-000"_s, u"seed-001"_s, u"seed-001-row"_s, u"seed-004"_s, u"shedlock"_s,
            u"spring-int-lock"_s};
}

std::optional<Profile> Profile::builtIn(const QString &id)
{
    Profile p;
    p.id = id;
    if (id == u"seed-000") {
        // shared/seeds/000: TBL_PESSIMISTIC_LOCK, SYSDATE, LOCK_STATUS 0/1, rows pre-created.
        p.defaultTable = u"TBL_PESSIMISTIC_LOCK"_s;
        p.columns = {u"LOCK_NAME"_s, {}, u"LOCK_HOLDER"_s, u"LOCK_TIME"_s, u"EXPIRED_TIME"_s,
                     u"LOCK_STATUS"_s, {}};
        p.time = Time::Local;
        p.release = Release::ClearStatus;
        p.hasInitialize = true;
        return p;
    }
    if (id == u"seed-001") {
        // shared/seeds/001 section 2.2: lock_table, re-entrant by owner, DELETE to release.
        p.defaultTable = u"lock_table"_s;
        p.columns = {u"resource"_s, {}, u"lock_owner"_s, {}, u"lock_expire_time"_s, {}, {}};
        p.time = Time::Local;
        p.release = Release::Delete;
        p.reentrant = true;
        p.emptyHolderIsFree = true;
        return p;
    }
    if (id == u"seed-001-row") {
        // shared/seeds/001 section 2.1: lock columns and a version on the business row itself.
        p.defaultTable = u"resource_table"_s;
        p.columns = {u"id"_s, {}, u"lock_owner"_s, {}, u"lock_expire_time"_s, {}, u"version"_s};
        p.time = Time::Local;
        p.release = Release::ClearHolder;
        p.reentrant = true;
        p.emptyHolderIsFree = true;
        p.insertOnAcquire = false;
        return p;
    }
    if (id == u"seed-004") {
        // shared/seeds/004: DcTaskLock, a unique key per lock, INSERT to lock, DELETE to unlock.
        p.defaultTable = u"DC_TASK_LOCK"_s;
        p.columns = {u"LOCK_TASK_ID"_s, {}, {}, {}, {}, {}, {}};
        p.release = Release::Delete;
        return p;
    }
    if (id == u"shedlock") {
        // ShedLock's JDBC provider with the database's time (usingDbTime()).
        p.defaultTable = u"shedlock"_s;
        p.columns = {u"name"_s, {}, u"locked_by"_s, u"locked_at"_s, u"lock_until"_s, {}, {}};
        p.time = Time::Utc;
        p.release = Release::ExpireNow;
        p.expiredIsFree = true;
        return p;
    }
    if (id == u"spring-int-lock") {
        // Spring Integration's DefaultLockRepository on INT_LOCK (no expiry column: a lock is
        // dead when CREATED_DATE is older than the registry's time-to-live, 10 s by default).
        p.defaultTable = u"INT_LOCK"_s;
        p.columns = {u"LOCK_KEY"_s, u"REGION"_s, u"CLIENT_ID"_s, u"CREATED_DATE"_s, {}, {}, {}};
        p.time = Time::Utc;
        p.release = Release::Delete;
        p.reentrant = true;
        p.lockedAtTtlMs = 10000;
        p.regionValue = u"DEFAULT"_s;
        return p;
    }
    return std::nullopt;
}

Result<Profile> Profile::custom(const QVariantMap &m)
{
    Profile p;
    p.id = u"custom"_s;
    p.defaultTable = m.value(u"table"_s).toString();
    p.columns.name = m.value(u"name_column"_s).toString();
    p.columns.region = m.value(u"region_column"_s).toString();
    p.columns.holder = m.value(u"holder_column"_s).toString();
    p.columns.lockedAt = m.value(u"locked_at_column"_s).toString();
    p.columns.expires = m.value(u"expires_column"_s).toString();
    p.columns.status = m.value(u"status_column"_s).toString();
    p.columns.version = m.value(u"version_column"_s).toString();
    const QString time = m.value(u"time"_s, u"utc"_s).toString();
    if (time != u"utc" && time != u"local")
        return Error::invalidInput(
            Tr::tr("The profile's \"time\" must be \"utc\" or \"local\"; got \"%1\".")
                .arg(time.left(40)));
    p.time = time == u"local" ? Time::Local : Time::Utc;
    const QString release = m.value(u"release"_s).toString();
    if (release.isEmpty()) {
        p.release = !p.columns.status.isEmpty() ? Release::ClearStatus : Release::Delete;
    } else if (auto known = releaseFromName(release)) {
        p.release = *known;
    } else {
        return Error::invalidInput(Tr::tr("The profile's \"release\" must be one of status, "
                                          "delete, expire or clear_holder; got \"%1\".")
                                       .arg(release.left(40)));
    }
    p.reentrant = m.value(u"reentrant"_s, false).toBool();
    p.emptyHolderIsFree = m.value(u"empty_holder_is_free"_s, false).toBool();
    p.expiredIsFree = m.value(u"expired_is_free"_s, p.release == Release::ExpireNow).toBool();
    p.insertOnAcquire = m.value(u"insert_on_acquire"_s, true).toBool();
    p.hasInitialize = !p.columns.status.isEmpty();
    p.lockedAtTtlMs = m.value(u"locked_at_ttl_ms"_s, 0).toLongLong();
    p.regionValue = m.value(u"region_value"_s).toString();
    p.sessionTimeZone = m.value(u"session_time_zone"_s).toString();
    if (Status valid = p.validate(); !valid)
        return valid.error();
    return p;
}

QVariantMap Profile::toMap() const
{
    QVariantMap m{{u"profile"_s, id}};
    if (!regionValue.isEmpty())
        m.insert(u"region_value"_s, regionValue);
    if (lockedAtTtlMs > 0)
        m.insert(u"locked_at_ttl_ms"_s, lockedAtTtlMs);
    if (!sessionTimeZone.isEmpty())
        m.insert(u"session_time_zone"_s, sessionTimeZone);
    if (id != u"custom")
        return m;
    m.insert(u"table"_s, defaultTable);
    const auto put = [&](const QString &key, const QString &column) {
        if (!column.isEmpty())
            m.insert(key, column);
    };
    put(u"name_column"_s, columns.name);
    put(u"region_column"_s, columns.region);
    put(u"holder_column"_s, columns.holder);
    put(u"locked_at_column"_s, columns.lockedAt);
    put(u"expires_column"_s, columns.expires);
    put(u"status_column"_s, columns.status);
    put(u"version_column"_s, columns.version);
    m.insert(u"time"_s, timeName(time));
    m.insert(u"release"_s, releaseName(release));
    m.insert(u"reentrant"_s, reentrant);
    m.insert(u"empty_holder_is_free"_s, emptyHolderIsFree);
    m.insert(u"expired_is_free"_s, expiredIsFree);
    m.insert(u"insert_on_acquire"_s, insertOnAcquire);
    return m;
}

Result<Profile> Profile::fromMap(const QVariantMap &map)
{
    const QString id = map.value(u"profile"_s).toString();
    if (id == u"custom")
        return custom(map);
    auto profile = builtIn(id);
    if (!profile)
        return Error::invalidInput(Tr::tr("There is no profile \"%1\". The profiles are: %2.")
                                       .arg(id.left(40), builtInIds().join(u", "_s)
                                                             + u", custom"_s));
    if (map.contains(u"region_value"_s))
        profile->regionValue = map.value(u"region_value"_s).toString();
    if (map.contains(u"locked_at_ttl_ms"_s)) {
        const qint64 ttlMs = map.value(u"locked_at_ttl_ms"_s).toLongLong();
        // The application's locks expire at locked-at + TTL (Spring): 0 would show them as
        // never expiring, and a saved profile would load with the built-in TTL again.
        if (profile->lockedAtTtlMs > 0 && ttlMs <= 0)
            return Error::invalidInput(
                Tr::tr("The profile %1 needs %2.").arg(id, Tr::tr("a positive TTL")));
        profile->lockedAtTtlMs = ttlMs;
    }
    profile->sessionTimeZone = map.value(u"session_time_zone"_s).toString();
    if (Status valid = profile->validate(); !valid)
        return valid.error();
    return *profile;
}

Status Profile::validate() const
{
    if (columns.name.isEmpty())
        return Error::invalidInput(Tr::tr("The profile maps no lock name column."));
    for (const QString &column : columns.all()) {
        if (!isColumnName(column))
            return Error::invalidInput(
                Tr::tr("\"%1\" is not a valid column name: use letters, digits and underscores "
                       "(not starting with a digit, at most %2 characters).")
                    .arg(column.left(80))
                    .arg(maxColumnChars));
    }
    if (Status zone = validateTimeZoneName(sessionTimeZone); !zone)
        return zone;
    if (columns.all().removeDuplicates() > 0)
        return Error::invalidInput(Tr::tr("The profile maps one column to two roles."));
    const auto needs = [](const QString &column, const QString &what) -> QString {
        return column.isEmpty() ? what : QString();
    };
    QString missing;
    if (release == Release::ClearStatus)
        missing = needs(columns.status, Tr::tr("a status column (release \"status\")"));
    else if (release == Release::ExpireNow)
        missing = needs(columns.expires, Tr::tr("an expiry column (release \"expire\")"));
    else if (release == Release::ClearHolder)
        missing = needs(columns.holder, Tr::tr("a holder column (release \"clear_holder\")"));
    if (missing.isEmpty() && (reentrant || emptyHolderIsFree))
        missing = needs(columns.holder, Tr::tr("a holder column (re-entry by holder)"));
    if (missing.isEmpty() && !columns.region.isEmpty() && regionValue.isEmpty())
        missing = Tr::tr("the value of the region column");
    if (missing.isEmpty() && lockedAtTtlMs > 0 && !columns.expires.isEmpty())
        missing = Tr::tr("no expiry column when the expiry is the locked-at time plus a TTL");
    if (missing.isEmpty() && lockedAtTtlMs > 0)
        missing = needs(columns.lockedAt, Tr::tr("a locked-at column (expiry from a TTL)"));
    if (missing.isEmpty() && lockedAtTtlMs < 0)
        missing = Tr::tr("a positive TTL");
    if (!missing.isEmpty())
        return Error::invalidInput(Tr::tr("The profile %1 needs %2.").arg(id, missing));
    return {};
}

QString Profile::seenTimeColumn() const
{
    return columns.expires.isEmpty() ? columns.lockedAt : columns.expires;
}

} // namespace lockcore
