#pragma once

#include <QString>

namespace ui {

// The state the lock table shows. The database knows free, held and expired; LostOwner is a
// held lock whose holder process is known to be gone (it ran on this machine and no longer
// does): the lease still runs, but nobody will renew or release it.
enum class LockDisplayState { Free, Held, Expired, LostOwner };

// Sort order of the state column: free, held, lost owner, expired.
int lockDisplayStateOrdinal(LockDisplayState state);
// Translated, for the table and the status bar.
QString lockDisplayStateText(LockDisplayState state);
// Held or LostOwner: the lease still runs.
inline bool isLeaseRunning(LockDisplayState state)
{
    return state == LockDisplayState::Held || state == LockDisplayState::LostOwner;
}

} // namespace ui
