// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QJsonValue>

class QDateTime;

namespace lockcore {

struct LockInfo;

// A lock as lockctl prints it (list --json, show --json) and the window exports it: one shape,
// one set of field names. Times are ISO 8601 UTC with milliseconds ("2026-11-22T10:00:00.123Z").
QString isoTime(const QDateTime &time);     // empty when not known
QJsonValue jsonTime(const QDateTime &time); // null when not known
QJsonValue jsonText(const QString &text);   // null when empty
QJsonObject lockToJson(const LockInfo &lock);

} // namespace lockcore
