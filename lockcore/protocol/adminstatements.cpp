// SPDX-License-Identifier: Apache-2.0
#include "adminstatements.h"

#include "profilesql.h"
#include "shownstatement.h"
#include "tr.h"
#include "validation.h"

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

QString comment(const QString &text)
{
    return u"-- "_s + text + u'\n';
}

} // namespace

QString forceReleaseSql(const Dialect &dialect, const TableNames &tables, const QString &name,
                        qint64 fence, const QString &actor, const QString &reason)
{
    // The event's detail as LockService::forceRelease writes it.
    const QString detail = reason + u" (fence "_s + QString::number(fence) + u" revoked)"_s;
    QList<Statement> statements{
        dialect.forceRelease(tables, name, fence),
        dialect.insertEventFromRow(tables, name, u"force_release"_s, u"prev_holder"_s, actor,
                                   truncatedToCodePoints(detail, limits::maxDescriptionChars)),
    };
    if (dialect.hasFeature(Feature::ReleaseNotifies))
        statements << dialect.notifyReleased(tables, name);
    return comment(Tr::tr("In one transaction; the event and what follows only if the lock "
                          "was still at fence %1.")
                       .arg(fence))
           + shownStatements(dialect, statements);
}

QString deleteSql(const Dialect &dialect, const TableNames &tables, const LockInfo &seen,
                  const QString &actor)
{
    const QList<Statement> statements{
        dialect.deleteLock(tables, seen.name, seen.fence),
        dialect.insertEvent(tables, seen.name, u"delete"_s, seen.holder, seen.fence, actor,
                            truncatedToCodePoints(seen.description,
                                                  limits::maxDescriptionChars)),
    };
    return comment(Tr::tr("In one transaction, after reading the lock: only if it is still at "
                          "fence %1 and not held.")
                       .arg(seen.fence))
           + shownStatements(dialect, statements);
}

QString initializeSql(const Dialect &dialect, const TableNames &tables, const QString &name,
                      qint64 ttlMs, const QString &description, const QString &actor)
{
    return comment(Tr::tr("In one transaction: a deleted lock of this name comes back "
                          "(keeping its fence), otherwise a new row; then the event."))
           + shownStatements(dialect,
                             {dialect.reviveDeleted(tables, name, ttlMs, description),
                              dialect.initialize(tables, name, ttlMs, description),
                              dialect.insertEventFromRow(tables, name, u"init"_s, u"holder"_s,
                                                         actor, description)});
}

QString profileForceReleaseSql(const Dialect &dialect, const Profile &profile,
                               const QString &table, const QString &name,
                               const QString &expectHolder, std::optional<qint64> expectTimeMs)
{
    const ProfileSql sql(dialect, profile, table);
    return comment(Tr::tr("%1's own release, only while the lock is as you saw it.")
                       .arg(profile.id))
           + shownStatement(dialect, sql.forceRelease(name, expectHolder, expectTimeMs)) + u';';
}

QString profileInitializeSql(const Dialect &dialect, const Profile &profile,
                             const QString &table, const QString &name, const QString &holder)
{
    const ProfileSql sql(dialect, profile, table);
    return shownStatements(dialect, {sql.initialize(name, holder)});
}

} // namespace lockcore
