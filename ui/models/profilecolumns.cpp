// SPDX-License-Identifier: GPL-3.0-or-later
#include "profilecolumns.h"

#include "locktablemodel.h"

namespace ui::profilecolumns {

QList<int> inapplicable(const lockcore::Profile &profile)
{
    using M = LockTableModel;
    QList<int> hidden{M::Fence, M::Depth, M::LastRenewed};
    if (profile.columns.holder.isEmpty() && !profile.rowLockHolder)
        hidden << M::Holder;
    if (profile.columns.lockedAt.isEmpty()) {
        hidden << M::AcquiredAt; // timedFromFirstSeen: a time Lockscope saw, not the grant's
        if (profile.hasExpiry())
            hidden << M::HeldFor; // only when the lease ends is known (Laravel)
    }
    if (!profile.hasExpiry())
        hidden << M::ExpiresAt << M::Remaining;
    return hidden;
}

bool timedFromFirstSeen(const lockcore::Profile &profile)
{
    return profile.columns.lockedAt.isEmpty() && !profile.hasExpiry();
}

} // namespace ui::profilecolumns
