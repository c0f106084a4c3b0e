#include "jsonformat.h"

#include "error.h"
#include "errortext.h"
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
