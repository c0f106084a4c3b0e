// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace ui {

// The state the lock table shows. The database knows free, held and expired; LostOwner is a
// held lock whose holder process is known to be gone (it ran on this machine and no longer
// does): the lease still runs, but nobody will renew or release it. NotRenewing is a held lock
// whose holder has not renewed for more than half of its lease, by the database clock, though
// the lease has not ended: a holder that hangs, on any host, shows before its lease ends. A
// lost owner is both, and shows as lost owner (known, not only suspected). A long hold is not a
// state: the Held for cell marks it, whatever the state.
enum class LockDisplayState { Free, Held, Expired, LostOwner, NotRenewing };

// Sort order of the state column: free, held, not renewing, lost owner, expired.
int lockDisplayStateOrdinal(LockDisplayState state);
// Translated, for the table and the status bar.
QString lockDisplayStateText(LockDisplayState state);
// Held, NotRenewing or LostOwner: the lease still runs.
inline bool isLeaseRunning(LockDisplayState state)
{
    return state == LockDisplayState::Held || state == LockDisplayState::LostOwner
           || state == LockDisplayState::NotRenewing;
}
// Expired (and not released), LostOwner or NotRenewing: a state that needs someone.
inline bool isProblemState(LockDisplayState state)
{
    return state == LockDisplayState::Expired || state == LockDisplayState::LostOwner
           || state == LockDisplayState::NotRenewing;
}

} // namespace ui
