#include "jsonformat.h"

#include "locktypes.h"

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

} // namespace lockctl
