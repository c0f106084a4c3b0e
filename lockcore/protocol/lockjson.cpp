// SPDX-License-Identifier: Apache-2.0
#include "lockjson.h"

#include "locktypes.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace lockcore {

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

QJsonObject lockToJson(const LockInfo &lock)
{
    return {
        {u"name"_s, lock.name},
        {u"state"_s, lockStateName(lock.state)},
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

} // namespace lockcore
