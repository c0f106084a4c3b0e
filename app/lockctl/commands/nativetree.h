// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

class QDateTime;

namespace lockcore {
struct NativeLock;
struct NativeLockSnapshot;
} // namespace lockcore

namespace lockctl {

// Who blocks whom, as lockctl native-locks prints it (lockcore's BlockingTree).

// A session as JSON, in the blocking tree and in cancel/terminate's outcome: pid, session_id
// (the token --expect-session takes), user, application, client, database, state, state_since,
// session_start, xact_start, transaction_id, wait_start, mode, lock_target, statement,
// lockscope_session (times ISO 8601 UTC; what is not known is null).
QJsonObject nativeSessionToJson(const lockcore::NativeLock &session);

// "blocking" (the tree's nodes in pre-order, the root blockers first: depth, parent (the
// index of the parent node, null for a root), repeated, cycle, lock_type, blocked_by,
// direct_waiters, all_waiters and the session's fields), "deadlock" and "lockscope_sessions".
void insertBlocking(QJsonObject *json, const lockcore::NativeLockSnapshot &snapshot);

// The "Who blocks whom" section: an indented tree, the root blockers first; empty when no
// session waits for another.
QString blockingTreeText(const lockcore::NativeLockSnapshot &snapshot);

// "idle in transaction for 43s" (the state and how long the session has been in it, at the
// database time `now`), or the state alone when its start is not known.
QString sessionStateText(const lockcore::NativeLock &session, const QDateTime &now);

} // namespace lockctl
