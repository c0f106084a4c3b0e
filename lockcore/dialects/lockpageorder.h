// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace lockcore {

// The order of a page of the lock table (LockPageRequest::order), decided by the database at
// its own clock, as the window orders a table it holds whole (LockFilterProxyModel):
// - Name: by name;
// - Holder: free locks first, then by holder ignoring case (then with case);
// - State: free, held, expired (a lost owner, which only this machine can tell, is held);
// - Remaining: free, then expired (and held without a lease end), then by time left;
// - HeldFor: locks not held (free, expired) first, then by how long the holder has had it.
// Ties are broken by the name, in the same direction, so that pages never overlap or skip a
// row: descending is exactly ascending reversed.
enum class LockPageSort { Name, Holder, State, Remaining, HeldFor };

struct LockPageOrder
{
    LockPageSort by = LockPageSort::Name;
    bool descending = false;

    bool operator==(const LockPageOrder &other) const
    {
        return by == other.by && descending == other.descending;
    }
    bool operator!=(const LockPageOrder &other) const { return !(*this == other); }
};

} // namespace lockcore
