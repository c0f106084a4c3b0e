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

} // namespace ui::profilecolumns
