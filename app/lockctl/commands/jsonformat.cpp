// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonformat.h"

#include "locktypes.h"
#include "profiletable.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace lockctl {

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

QJsonObject profileLockToJson(const lockcore::ProfileLock &lock)
{
    // As LockInfo::remainingMs(): 0 unless held with an expiry; null: the table has none.
    const auto remaining = lock.remainingMs();
    const bool noExpiry = lock.state == lockcore::ProfileLock::State::Held && !lock.expiresAtMs;
    // As native: a free lock has no holder; the one the row still names held it last.
    const bool free = lock.state == lockcore::ProfileLock::State::Free;
    return {
        {u"name"_s, lock.name},
        {u"state"_s, lockcore::ProfileLock::stateName(lock.state)},
        {u"holder"_s, free ? QJsonValue() : jsonText(lock.holder)},
        {u"prev_holder"_s, free ? jsonText(lock.holder) : QJsonValue()},
        {u"acquired_at"_s, jsonTime(lock.lockedAt())},
        {u"expires_at"_s, jsonTime(lock.expiresAt())},
        {u"remaining_ms"_s, noExpiry ? QJsonValue() : QJsonValue(remaining.value_or(0))},
        {u"db_now"_s, jsonTime(lock.dbNow())},
        {u"possibly_stuck"_s, lock.possiblyStuck},
        {u"expect_time"_s, lock.seenTimeMs ? QJsonValue(*lock.seenTimeMs) : QJsonValue()},
    };
}

void insertProfileCurrent(QJsonObject &json, const std::optional<lockcore::ProfileLock> &current)
{
    const bool held = current && current->state != lockcore::ProfileLock::State::Free;
    json.insert(u"held_by"_s, held ? jsonText(current->holder) : QJsonValue());
    json.insert(u"held_until"_s, held ? jsonTime(current->expiresAt()) : QJsonValue());
    json.insert(u"current"_s, current ? QJsonValue(profileLockToJson(*current)) : QJsonValue());
}

} // namespace lockctl
