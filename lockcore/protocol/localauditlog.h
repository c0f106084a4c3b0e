// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"

#include <QJsonObject>
#include <QString>

namespace lockcore {

// The local audit log: where an admin's action on an application's table is recorded when the
// database has no Lockscope event table (docs/user-guide.md, "What an admin's action leaves
// behind"). One JSON object per line, appended, never rewritten.

// $XDG_STATE_HOME/lockscope/audit.jsonl; without XDG_STATE_HOME (or with a relative one, which
// the XDG specification says to ignore): ~/.local/state/lockscope/audit.jsonl.
QString localAuditLogPath();

// Appends `entry` as one line to the log at `path`, creating its folder (0700) and the file
// (0600) when missing. The file is opened append-only, so an existing line is never touched;
// the line is written in one call. An error names the path and why it could not be written.
Status appendLocalAuditEntry(const QString &path, const QJsonObject &entry);

} // namespace lockcore
