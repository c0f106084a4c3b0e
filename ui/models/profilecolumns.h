// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "profile.h"

#include <QList>

// What the lock table shows of an application's table (a lockcore::Profile): only the columns
// that mean something for that application. None keeps a fence, a re-entry depth or renewals;
// a table without a holder, a locked-at time or an expiry has no such column either.
namespace ui::profilecolumns {

// The LockTableModel columns to hide on this profile's table.
QList<int> inapplicable(const lockcore::Profile &profile);

// The table records no time at all (seed-004, knex, Quartz's QRTZ_LOCKS): how long a lock has
// been held is counted from when the monitor first saw it held (ProfileReader puts that time
// in LockInfo::acquiredAt), a lower bound that the Held for cell and the details pane say as
// "at least".
bool timedFromFirstSeen(const lockcore::Profile &profile);

} // namespace ui::profilecolumns
