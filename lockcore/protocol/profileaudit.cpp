// SPDX-License-Identifier: Apache-2.0
#include "profileaudit.h"

#include "dialect.h"
#include "holderid.h"
#include "localauditlog.h"
#include "lockjson.h"
#include "session.h"
#include "tr.h"
#include "validation.h"

#include <QDateTime>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// The event's detail: the outcome first (as a termination's), then the reason and what the
// admin saw besides the holder (which has its own column).
QString eventDetail(const ProfileAction &action)
{
    QString detail = action.outcome + u"; reason: "_s
                     + (action.reason.isEmpty() ? u"(none given)"_s : action.reason);
    if (action.expectTimeMs)
        detail += u"; expected time "_s + QString::number(*action.expectTimeMs);
    return truncatedToCodePoints(detail, limits::maxDescriptionChars);
}

} // namespace

bool actionWasTried(const Error &error)
{
    return error.kind != Error::Kind::InvalidInput && error.kind != Error::Kind::ReadOnly;
}

QString ProfileActionRecord::whereName() const
{
    switch (where) {
    case Where::EventTable: return u"event_table"_s;
    case Where::LocalLog: return u"local_log"_s;
    case Where::Nowhere: break;
    }
    return u"nowhere"_s;
}

QString profileEventLockName(const ProfileAction &action)
{
    return action.profile + u':' + action.table + u'/' + action.lock;
}

QJsonObject profileActionEntry(const Session &session, const ProfileAction &action)
{
    const bool forced = action.action == u"force_release";
    return {
        {u"time"_s, isoTime(QDateTime::currentDateTimeUtc())},
        {u"os_user"_s, osUserName()},
        {u"admin"_s, action.actor},
        {u"database"_s, session.spec().redacted()},
        {u"profile"_s, action.profile},
        {u"table"_s, action.table},
        {u"lock"_s, action.lock},
        {u"action"_s, action.action},
        {u"reason"_s, action.reason},
        {u"outcome"_s, action.outcome},
        {u"holder"_s, forced ? QJsonValue() : jsonText(action.holder)},
        {u"expect_holder"_s, forced ? jsonText(action.holder) : QJsonValue()},
        {u"expect_time"_s,
         action.expectTimeMs ? QJsonValue(*action.expectTimeMs) : QJsonValue()},
    };
}

ProfileActionRecord recordProfileAction(Session &session, const QString &lockTable,
                                        const ProfileAction &action)
{
    ProfileActionRecord record;
    const QString lockName = profileEventLockName(action);
    if (validateTableName(lockTable).ok() && validateStoredLockName(lockName).ok()) {
        const TableNames tables = TableNames::fromTable(lockTable);
        auto inserted = session.run(
            session.dialect().insertEvent(
                tables, lockName, action.action,
                truncatedToCodePoints(action.holder, limits::maxNameChars), 0,
                truncatedToCodePoints(action.actor, limits::maxNameChars), eventDetail(action)),
            Tr::tr("recording the %1 of \"%2\"").arg(action.action, action.lock));
        if (inserted) {
            (*inserted)->finish();
            record.where = ProfileActionRecord::Where::EventTable;
            record.place = tables.events;
            return record;
        }
        // No Lockscope schema here is the usual case, not worth a word; anything else is.
        if (inserted.error().kind != Error::Kind::MissingSchema)
            record.error = inserted.error().message;
    }
    record.place = localAuditLogPath();
    if (Status written = appendLocalAuditEntry(record.place, profileActionEntry(session, action));
        !written) {
        record.error = written.error().message;
        return record; // Nowhere
    }
    record.where = ProfileActionRecord::Where::LocalLog;
    return record;
}

QString profileRecordText(const ProfileAction &action, const ProfileActionRecord &record)
{
    const QString reason = action.reason.isEmpty() ? Tr::tr("none given") : action.reason;
    switch (record.where) {
    case ProfileActionRecord::Where::EventTable:
        return Tr::tr("Recorded: %1 of \"%2\" in the event table %3 as \"%4\" (reason: %5).")
            .arg(action.action, action.lock, record.place, profileEventLockName(action), reason);
    case ProfileActionRecord::Where::LocalLog: {
        QString text = Tr::tr("Recorded: %1 of \"%2\" in the local audit log %3 (reason: %4).")
                           .arg(action.action, action.lock, record.place, reason);
        if (!record.error.isEmpty()) // the event table exists but refused it
            text += u' ' + Tr::tr("Not in the event table: %1").arg(record.error);
        return text;
    }
    case ProfileActionRecord::Where::Nowhere:
        break;
    }
    return Tr::tr("Not recorded: %1 of \"%2\" (%3) is in no event table and no log. %4")
        .arg(action.action, action.lock, action.outcome, record.error);
}

QJsonObject profileRecordJson(const ProfileAction &action, const ProfileActionRecord &record)
{
    return {
        {u"where"_s, record.whereName()},
        {u"place"_s, jsonText(record.place)},
        {u"event_lock_name"_s, record.where == ProfileActionRecord::Where::EventTable
                                   ? QJsonValue(profileEventLockName(action))
                                   : QJsonValue()},
        {u"reason"_s, action.reason},
        {u"error"_s, jsonText(record.error)},
    };
}

} // namespace lockcore
