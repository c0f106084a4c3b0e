// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "profileaudit.h"
#include "result.h"

#include <QJsonObject>

namespace lockcore {
class ProfileTable;
}

namespace lockctl {

class Invocation;

// --reason of a command on an application's table: required (force-release) or optional,
// checked as a native force release's reason is.
lockcore::Result<QString> profileReason(const Invocation &invocation, bool required);

// The action about to be recorded: this table's profile and name, lockctl's actor.
lockcore::ProfileAction profileAction(const lockcore::ProfileTable &table, const QString &action,
                                      const QString &lock, const QString &reason);

// Records the action (lockcore::recordProfileAction, in the event table of --audit-table, else
// the local audit log), says on stderr where ("Recorded: ...", or "Not recorded: ..." as a
// warning) and returns the "recorded" object of --json. The action's exit code stays its own.
QJsonObject recordProfileAction(Invocation &invocation, const lockcore::ProfileAction &action);

} // namespace lockctl
