// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

namespace lockcore {
struct RowLockers;
} // namespace lockcore

namespace lockctl {

// `lockctl show`: the session that holds the lock's row locked (lockcore's findRowLockers), as
// show's JSON fields ("row_locked_by": {pid, state, ...} or null, "row_lock_note") and as the
// line its text adds ("row locked by session 4711, idle in transaction for 43s (...)").
void addRowLockedBy(QJsonObject *json, const lockcore::RowLockers &lockers);
QString rowLockedByText(const lockcore::RowLockers &lockers);

} // namespace lockctl
