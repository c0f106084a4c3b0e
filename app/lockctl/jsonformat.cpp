#include "jsonformat.h"

#include "error.h"
#include "errortext.h"
#include "locktypes.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace lockctl {

QString isoTime(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QJsonValue jsonTime(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(isoTime(time)) : QJsonValue(QJsonValue::Null);
}

QJsonValue jsonText(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QJsonObject lockToJson(const lockcore::LockInfo &lock)
{
    return {
        {u"name"_s, lock.name},
        {u"state"_s, lockcore::lockStateName(lock.state)},
        {u"holder"_s, jsonText(lock.holder)},
        {u"prev_holder"_s, jsonText(lock.prevHolder)},
        {u"depth"_s, lock.depth},
        {u"fence"_s, lock.fence},
        {u"acquired_at"_s, jsonTime(lock.acquiredAt)},
        {u"expires_at"_s, jsonTime(lock.expiresAt)},
        {u"renewed_at"_s, jsonTime(lock.renewedAt)},
        {u"remaining_ms"_s, lock.remainingMs()},
        {u"ttl_ms"_s, lock.ttlMs},
        {u"description"_s, lock.description},
        {u"db_now"_s, jsonTime(lock.dbNow)},
    };
}

QJsonObject eventToJson(const lockcore::LockEvent &event)
{
    return {
        {u"id"_s, event.id},
        {u"at"_s, jsonTime(event.at)},
        {u"lock"_s, event.lockName},
        {u"kind"_s, event.kind},
        {u"holder"_s, jsonText(event.holder)},
        {u"fence"_s, event.fence},
        {u"actor"_s, jsonText(event.actor)},
        {u"detail"_s, jsonText(event.detail)},
    };
}

QJsonObject errorToJson(const lockcore::Error &error)
{
    QJsonObject object
        = errorToJson(lockcore::Error::kindName(error.kind),
                      compactDriverText(error.message, error.nativeCode), error.nativeCode);
    if (!error.driverText.trimmed().isEmpty())
        object.insert(u"detail"_s, error.driverText.trimmed());
    return object;
}

QJsonObject errorToJson(const QString &kind, const QString &message, const QString &nativeCode)
{
    return {
        {u"kind"_s, kind},
        {u"message"_s, message},
        {u"native_code"_s, jsonText(nativeCode)},
    };
}

} // namespace lockctl
