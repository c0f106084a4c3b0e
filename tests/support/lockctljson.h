// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QJsonValue>

namespace testsupport {

// Reading what lockctl (and "lockctl run"'s --json-file) answers in JSON.

// A database time as lockctl must print it: ISO 8601, UTC, milliseconds. Invalid otherwise.
QDateTime isoUtc(const QJsonValue &value);

// A whole number (a fence, an exit code, a pid); -1 when the value is not a number.
qint64 jsonInteger(const QJsonValue &value);

} // namespace testsupport
