// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "simhistory.h"

#include <QJsonObject>
#include <QList>

namespace locksim {

struct Percentiles
{
    double p50 = 0, p95 = 0, p99 = 0, max = 0;
    static Percentiles of(QList<double> values); // nearest-rank; all 0 when empty
    QJsonObject toJson() const;
};

// A client that was never granted a lock in the whole run (starved, or every lock it wanted was
// stuck): its failed acquires and the tries they took (retries within the policy).
struct NeverAcquired
{
    int client = 0;
    qint64 failedAcquires = 0;
    qint64 tries = 0;
    QJsonObject toJson() const;
};

// What a run achieved, computed from its History (database time).
struct Metrics
{
    qint64 acquisitions = 0;
    double seconds = 0;            // endDbUs - startDbUs
    double throughputPerS = 0;     // acquisitions / seconds
    Percentiles waitMs;            // requestedDbUs -> acquiredDbUs
    Percentiles handoffMs;         // previous holder's reported release -> next grant, per lock
    // Grants made before the previous holder's reported release: not a hand-off but an overlap
    // (the verdict lists it); kept out of handoffMs, which is never negative.
    qint64 grantsBeforeRelease = 0;
    double utilisation = 0;        // share of the run the locks were held (mean over locks)
    qint64 failedAttempts = 0;     // acquires that gave up (deadline) or failed
    qint64 expiries = 0;           // holds that ended by their lease running out
    qint64 takeovers = 0;          // grants after an expired lease
    qint64 crashes = 0;
    qint64 pauses = 0;
    qint64 staleWritesRefused = 0; // writes the resource refused (lower fence)
    qint64 failedCommits = 0;      // for-update: holds whose transaction did not commit
    QList<qint64> perClient;       // acquisitions per client
    double fairness = 0;           // Jain's index over perClient: 1 = perfectly fair
    QList<NeverAcquired> neverAcquired; // clients with no grant at all, by client

    QJsonObject toJson() const;
};

Metrics computeMetrics(const History &history, int clients);

// Metrics over time, for live charts: one point per bucket of `bucketMs` database time.
struct TimePoint
{
    double atS = 0;          // seconds since the start
    double throughputPerS = 0;
    Percentiles waitMs;      // of the grants in this bucket
};
QList<TimePoint> timeSeries(const History &history, qint64 bucketMs);

} // namespace locksim
