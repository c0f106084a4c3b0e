#pragma once

#include "lockjson.h"

#include <QJsonObject>
#include <QJsonValue>

class QDateTime;

namespace lockcore {
struct LockEvent;
struct LockInfo;
} // namespace lockcore

namespace lockctl {

// Times, texts and locks as lockcore writes them (lockjson.h): one shape with the window.
using lockcore::isoTime;
using lockcore::jsonText;
using lockcore::jsonTime;
using lockcore::lockToJson;

QJsonObject eventToJson(const lockcore::LockEvent &event);

} // namespace lockctl
