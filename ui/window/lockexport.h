// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "locktypes.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace ui {

// File › Export locks: the rows the window shows, as CSV or JSON, in lockctl's terms
// (lockcore::lockToJson, which lockctl prints too). The JSON is what "lockctl list --json"
// prints ({"table": ..., "locks": [...]}); the CSV has one column per field, named the same.
// Times are ISO 8601 UTC with milliseconds; a time not known is null in JSON, empty in CSV.
// In CSV, text a spreadsheet would take for a formula (starting with = + - @, a tab or a
// carriage return) gets a leading apostrophe; numbers are written as they are.
namespace lockexport {

enum class Format { Csv, Json };

QByteArray toJson(const QString &table, const QList<lockcore::LockInfo> &locks);
QByteArray toCsv(const QList<lockcore::LockInfo> &locks);
// By the file name's extension: ".json" is JSON, anything else CSV.
Format formatOf(const QString &path);
// Writes the file whole (or leaves what was there); returns why it failed, or empty.
QString write(const QString &path, const QString &table, const QList<lockcore::LockInfo> &locks);

} // namespace lockexport

} // namespace ui
