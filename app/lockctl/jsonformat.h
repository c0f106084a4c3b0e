#pragma once

#include <QJsonObject>
#include <QJsonValue>

class QDateTime;

namespace lockcore {
struct Error;
struct LockEvent;
struct LockInfo;
} // namespace lockcore

namespace lockctl {

// Database times as ISO 8601 UTC with milliseconds ("2026-11-22T10:00:00.123Z"); empty when
// the time is not known.
QString isoTime(const QDateTime &time);
QJsonValue jsonTime(const QDateTime &time); // null when not known
QJsonValue jsonText(const QString &text);   // null when empty

QJsonObject lockToJson(const lockcore::LockInfo &lock);
QJsonObject eventToJson(const lockcore::LockEvent &event);
QJsonObject errorToJson(const lockcore::Error &error);
QJsonObject errorToJson(const QString &kind, const QString &message, const QString &nativeCode);

} // namespace lockctl
