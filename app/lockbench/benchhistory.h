// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

namespace lockbench {

// The process-wide monotonic clock every client thread stamps its holds with, in nanoseconds.
qint64 benchClockNs();

// One acquire-release cycle of one client, on the shared clock. The hold as the client knew
// it, [acquiredNs, releaseStartNs], lies inside the hold as the database granted it, so two
// such intervals of one lock that overlap prove that two clients held it at once.
struct Hold
{
    int client = 0;
    int lock = 0;              // index into the run's lock names
    qint64 waitStartNs = 0;    // the acquire was called
    qint64 acquiredNs = 0;     // the acquire returned: granted
    qint64 releaseStartNs = 0; // the release was called
    qint64 releasedNs = 0;     // the release returned
    bool releaseRefused = false; // the protocol said the lock was no longer ours
};

// What one run's holds show.
struct RunFigures
{
    qint64 cycles = 0; // cycles whose release returned inside the run
    double seconds = 0;
    double throughput = 0; // cycles per second
    QList<double> cycleUs; // acquire called -> release returned, every cycle
    // Release returned -> the next holder's acquire returned, for each change of holder where
    // the next holder was already waiting when the release returned (else the lock was idle,
    // not handed off). May be negative: the next grant can arrive before the release's answer.
    QList<double> handoffUs;
    qint64 holdsChecked = 0;
    qint64 overlaps = 0;        // holds of one lock by two clients at once
    qint64 refusedReleases = 0; // releases the protocol refused: the lock was not ours
    QStringList violations;     // the first few of both, described
};

RunFigures analyseRun(std::vector<Hold> holds, const QStringList &lockNames, qint64 startNs,
                      qint64 stopNs);

// The q-quantile (0..1) by nearest rank; values need not be sorted. 0 for an empty list.
double percentile(QList<double> values, double q);
double median(QList<double> values);

} // namespace lockbench
