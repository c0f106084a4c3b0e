// SPDX-License-Identifier: GPL-3.0-or-later
#include "profilecolumns.h"

#include "locktablemodel.h"

namespace ui::profilecolumns {

QList<int> inapplicable(const lockcore::Profile &profile)
{
    using M = LockTableModel;
    QList<int> hidden{M::Fence, M::Depth, M::LastRenewed};
    // (a session with the row locked is a holder: Quartz's rows, a knex migration's)
    if (profile.columns.holder.isEmpty() && !profile.rowLockHolder && !profile.rowLocksShown)
        hidden << M::Holder;
    if (profile.columns.lockedAt.isEmpty()) {
        hidden << M::AcquiredAt; // at most a time Lockscope saw (Lease::heldSinceSeen)
        if (profile.hasExpiry())
            hidden << M::HeldFor; // only when the lease ends is known (Laravel)
    }
    if (!profile.hasExpiry())
        hidden << M::ExpiresAt << M::Remaining;
    return hidden;
}

} // namespace ui::profilecolumns
