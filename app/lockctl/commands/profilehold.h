// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "holdend.h"
#include "profiletable.h"

#include <QJsonObject>
#include <atomic>
#include <optional>

namespace lockctl {

class Invocation;

// released: the application's release freed it; lost: that release found it no longer held
// by this holder (the protocols have no renewal).
struct ProfileHoldOutcome : HoldEnd
{
    std::optional<lockcore::ProfileLock> current; // when lost: the lock now (none: row gone)
};

// Keeps an application's granted lock for `holdMs` (or until `stop` is set), then releases it
// with the application's own release (ProfileTable::release, owner-checked). The applications'
// protocols have no renewal: nothing is sent during the hold.
ProfileHoldOutcome holdProfileLock(lockcore::ProfileTable &table, const QString &name,
                                   const QString &holder, qint64 holdMs,
                                   const std::atomic_bool &stop);

// acquire --hold with --profile after the grant: says the plan (and warns when the lease the
// application's protocol gave is shorter than the hold), holds, releases and answers with
// `json` (the grant's) completed. Exit code 1 when the lock was lost, as for a native hold.
int holdProfileAndRelease(Invocation &invocation, lockcore::ProfileTable &table,
                          const QString &holder, qint64 holdMs,
                          const lockcore::ProfileLock &granted, QJsonObject json);

} // namespace lockctl
