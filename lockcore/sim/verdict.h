// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "simhistory.h"

#include <QJsonObject>

namespace locksim {

// Did a recorded history break mutual exclusion? Checked from the history alone:
// - no two holds of one lock overlap in database time (a hold lasts from acquiredDbUs to
//   validUntilDbUs());
// - fences strictly increase per lock in the order of acquisition (protocols with fences);
// - no write with a stale fence was accepted: an accepted write whose fence is lower than that
//   of another accepted write to the same resource that had finished (afterDbUs) before it
//   started (beforeDbUs).
struct Violation
{
    enum class Kind { Overlap, FenceNotIncreasing, StaleWriteAccepted };
    Kind kind = Kind::Overlap;
    QString lockName;
    HoldRecord first;   // the earlier hold (StaleWriteAccepted: the hold of the newer write)
    HoldRecord second;  // the later hold (StaleWriteAccepted: the hold of the stale write)
    QString text;       // one translated sentence naming both holds, fences and times
    QJsonObject toJson() const;
};
QString violationKindName(Violation::Kind kind); // "overlap", "fence", "stale_write"

// A run can only show that a violation happened, never that a design is safe: without one, the
// verdict says what was observed (no violation in so many holds), not "safe".
struct Verdict
{
    bool violationObserved = false;
    QList<Violation> violations; // at most 1000 are listed; `violationCount` counts them all
    int violationCount = 0;
    // Liveness, for protocols without expiry: locks left held by a crashed holder at the end
    // (seed 004's stuck lock). Not a violation of mutual exclusion.
    QStringList stuckLocks;
    QJsonObject toJson() const;
};

Verdict checkHistory(const History &history);

} // namespace locksim
