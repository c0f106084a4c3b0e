// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

namespace lockcore {
struct Error;
}

namespace cli {

// An error as one line for a terminal: Error::fullText() with the drivers' multi-line text
// made compact (PostgreSQL's "LINE 1: ..." statement excerpt and caret, Qt's redundant
// "QPSQL: Unable to connect", repeated codes and runs of white space are left out). A missing
// table gets what to run about it: the table to give instead, or how to create `table` (the
// one given with --table; empty: the default, created without it).
QString errorText(const lockcore::Error &error, const QString &table = {});
// The same compaction for one piece of text.
QString compactDriverText(const QString &text, const QString &nativeCode = {});

// An error as JSON: {"kind", "message", "native_code", "outcome"}, the driver's "detail" when it
// has one, "table_instead" when lockcore names the table that was probably meant, and
// "server_ended": true for a statement the server ended at its own time limit. "outcome" is
// "unknown" for a connection lost or a call abandoned in the middle of a statement (kind
// "connection_lost": it may have been done), else "not_done".
QJsonObject errorToJson(const lockcore::Error &error);
QJsonObject errorToJson(const QString &kind, const QString &message, const QString &nativeCode);

} // namespace cli
