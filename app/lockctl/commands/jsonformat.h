// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockjson.h"

#include <QJsonObject>
#include <QJsonValue>
#include <optional>

class QDateTime;

namespace lockcore {
struct LockEvent;
struct LockInfo;
struct ProfileLock;
} // namespace lockcore

namespace lockctl {

// Times, texts and locks as lockcore writes them (lockjson.h): one shape with the window.
using lockcore::isoTime;
using lockcore::jsonText;
using lockcore::jsonTime;
using lockcore::lockToJson;

QJsonObject eventToJson(const lockcore::LockEvent &event);

// A lock of an application's table (--profile) with the native lock's names for what means the
// same (name, state, holder, prev_holder, acquired_at, expires_at, remaining_ms, db_now: times
// ISO 8601 UTC; a free lock's holder is null and the holder its row still names is prev_holder),
// plus possibly_stuck and expect_time (the stored time a force release compares, in the
// table's own milliseconds: pass it back unchanged to --expect-time). docs/user-guide.md,
// "lockctl's JSON".
QJsonObject profileLockToJson(const lockcore::ProfileLock &lock);
// held_by, held_until and current (the lock now, or null when there is no row), as native
// answers carry them when refused or lost.
void insertProfileCurrent(QJsonObject &json, const std::optional<lockcore::ProfileLock> &current);

} // namespace lockctl
