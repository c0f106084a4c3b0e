// SPDX-License-Identifier: Apache-2.0
#include "profile.h"

#include "tr.h"
#include "validation.h"
#include "wildcard.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

constexpr int maxColumnChars = 64;
constexpr int maxNameLikeChars = 255;

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

std::optional<Profile::Epoch> epochFromName(const QString &name)
{
    for (auto epoch : {Profile::Epoch::None, Profile::Epoch::Seconds, Profile::Epoch::Milliseconds}) {
        if (Profile::epochName(epoch) == name)
            return epoch;
    }
    return std::nullopt;
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

// A mapping's "name_like": a LIKE pattern that means the same on every database.
Status validateNameLike(const QString &like)
{
    const bool control = std::any_of(like.cbegin(), like.cend(),
                                     [](QChar c) { return c.category() == QChar::Other_Control; });
    if (like.size() > maxNameLikeChars || control || like.contains(u'\\'))
        return Error::invalidInput(
            Tr::tr("The profile's \"name_like\" must be a LIKE pattern (%, _) of at most %1 "
                   "characters, without backslashes or control characters.")
                .arg(maxNameLikeChars));
    return {};
}

} // namespace

QStringList ProfileColumns::all() const
{
    QStringList list;
    for (const QString &column :
         {group, name, region, holder, lockedAt, expires, status, version, ttl}) {
        if (!column.isEmpty())
            list.append(column);
    }
    return list;
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
    p.columns.group = m.value(u"group_column"_s).toString();
    p.columns.ttl = m.value(u"ttl_column"_s).toString();
    const QString epoch = m.value(u"epoch"_s).toString();
    if (auto known = epochFromName(epoch))
        p.epochUnit = *known;
    else
        return Error::invalidInput(
            Tr::tr("The profile's \"epoch\" must be \"s\" or \"ms\" (integer times in epoch "
                   "seconds or milliseconds), or absent; got \"%1\".")
                .arg(epoch.left(40)));
    if (m.value(u"read_only"_s, false).toBool())
        return Error::invalidInput(
            Tr::tr("\"read_only\" is for built-in profiles only: a custom profile's table is "
                   "written as the mapping says."));
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
    p.ttlGraceMs = m.value(u"ttl_grace_ms"_s, 0).toLongLong();
    p.nullWhenFree = m.value(u"null_when_free"_s, false).toBool();
    p.nameLike = m.value(u"name_like"_s).toString();
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
    put(u"group_column"_s, columns.group);
    put(u"ttl_column"_s, columns.ttl);
    if (epochUnit != Epoch::None)
        m.insert(u"epoch"_s, epochName(epochUnit));
    if (ttlGraceMs != 0)
        m.insert(u"ttl_grace_ms"_s, ttlGraceMs);
    if (nullWhenFree)
        m.insert(u"null_when_free"_s, true);
    if (!nameLike.isEmpty())
        m.insert(u"name_like"_s, nameLike);
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
    if (Status like = validateNameLike(nameLike); !like)
        return like;
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
    if (missing.isEmpty() && !columns.ttl.isEmpty() && (lockedAtTtlMs > 0 || !columns.expires.isEmpty()))
        missing = Tr::tr("one expiry only: a ttl column, an expiry column or a locked-at TTL");
    if (missing.isEmpty() && !columns.ttl.isEmpty())
        missing = needs(columns.lockedAt, Tr::tr("a locked-at column (expiry from the ttl column)"));
    if (missing.isEmpty() && ttlGraceMs < 0)
        missing = Tr::tr("a grace of zero or more milliseconds");
    if (missing.isEmpty() && nullWhenFree)
        missing = needs(columns.holder, Tr::tr("a holder column (null_when_free)"));
    if (missing.isEmpty() && epochUnit != Epoch::None && time == Time::Local)
        missing = Tr::tr("\"time\": \"utc\" with epoch times (an epoch count is UTC)");
    if (!missing.isEmpty())
        return Error::invalidInput(Tr::tr("The profile %1 needs %2.").arg(id, missing));
    return {};
}

Result<std::pair<QString, QString>> Profile::splitName(const QString &lockName) const
{
    if (columns.group.isEmpty())
        return std::pair<QString, QString>(QString(), lockName);
    const qsizetype slash = lockName.indexOf(u'/');
    if (slash < 0)
        return Error::invalidInput(
            Tr::tr("The profile %1 names its locks %2/%3 (two key columns): \"%4\" has no "
                   "\"/\".")
                .arg(id, columns.group, columns.name, lockName.left(80)));
    return std::pair<QString, QString>(lockName.left(slash), lockName.mid(slash + 1));
}

bool Profile::nameMatches(const QString &name) const
{
    if (nameLike.isEmpty())
        return true;
    const auto key = splitName(name); // the pattern is on the name column, not the group's
    if (!key)
        return false;
    const QRegularExpression re = wildcardExpression(nameLike, u'%', u'_',
                                                     QRegularExpression::CaseInsensitiveOption);
    return re.match(key->second).hasMatch();
}

QString Profile::epochName(Epoch epoch)
{
    switch (epoch) {
    case Epoch::None: return {};
    case Epoch::Seconds: return u"s"_s;
    case Epoch::Milliseconds: return u"ms"_s;
    }
    return {};
}

QString Profile::seenTimeColumn() const
{
    return columns.expires.isEmpty() ? columns.lockedAt : columns.expires;
}

} // namespace lockcore
