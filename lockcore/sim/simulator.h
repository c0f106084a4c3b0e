// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connectionspec.h"
#include "metrics.h"
#include "simhistory.h"
#include "simsettings.h"
#include "verdict.h"

#include <QJsonObject>
#include <QLocale>
#include <atomic>
#include <functional>
#include <mutex>

namespace locksim {

// The report of a finished run: settings, history, verdict and metrics.
struct SimReport
{
    SimSettings settings;
    QString backend; // "sqlite", "postgresql", "mysql"
    History history; // its nodeNames: the nodes the clients were spread over
    int nodes() const { return qMax(1, int(history.nodeNames.size())); }
    Verdict verdict;
    Metrics metrics;
    // The summary object of `lockctl simulate --json` (violation_observed, violations,
    // acquisitions, throughput_per_s, wait_ms {p50,p95,p99,max}, handoff_ms, crashes, takeovers,
    // stale_writes_refused, fairness, never_acquired, failed_commits, nodes, and more).
    QJsonObject summaryJson() const;
    QString summaryCsv() const; // key,value lines
    // Whether the run showed a failure of the design: a violation of mutual exclusion, or a
    // lock stuck for ever (the failure of a design without expiry).
    bool failureObserved() const
    {
        return verdict.violationObserved || !verdict.stuckLocks.isEmpty();
    }
    // One translated sentence of what was observed: "No violation observed in 51 holds
    // (3 clients, 20.0 s)." (with several nodes: "6 clients on 3 nodes"), "2 violations
    // observed in ...", or, with no violation but locks stuck for ever, "Failure observed:
    // 2 locks stuck for ever (sim-0, sim-1) in ...". Never "safe": a run shows what
    // happened in it, not that a design is safe. `locale` writes the counts (default: plain
    // digits); `duration` the run's length in ms (default: seconds to a tenth, "20.0 s").
    QString observedText(const QLocale &locale = QLocale::c(),
                         const std::function<QString(qint64)> &duration = {}) const;
    // What went wrong besides mutual exclusion, translated, one sentence each: locks stuck for
    // ever, clients that never got a lock (with their failed acquires and tries).
    QStringList livenessNotes() const;
};

// What a running simulation reports now and then (about every 250 ms): the holds and writes
// completed since the previous report, and the totals so far.
struct SimProgress
{
    qint64 elapsedMs = 0;
    qint64 acquisitions = 0;
    qint64 failedAttempts = 0;
    int crashes = 0;
    int pauses = 0;
    QList<HoldRecord> newHolds;
    QList<WriteRecord> newWrites;
};

// One simulated client's loop, on the calling thread with its own connection to `spec`, which
// is node `node` of the run (an index: its holds record it). The simulator runs one per thread;
// `lockctl simulate --processes` runs one per child process. Records go to the sinks as they
// happen (thread-safe sinks are the caller's business).
struct ClientSinks
{
    std::function<void(const HoldRecord &)> hold;     // a hold ended (or the run ended)
    std::function<void(const WriteRecord &)> write;
    std::function<void(const AttemptRecord &)> failure;
    std::function<void(const HoldRecord &)> acquired; // a grant, as soon as it happens
    std::function<void()> crashed;
    std::function<void()> paused;
};
void runClient(const lockcore::ConnectionSpec &spec, const SimSettings &settings, int client,
               int node, const std::atomic_bool &stop, qint64 deadlineDbUs,
               const ClientSinks &sinks);
// The node of client `client` when the clients are spread over `nodes` nodes: round-robin.
int nodeOfClient(int client, int nodes);

// A whole run: prepares the tables (creating them and the locks, resetting the resources),
// runs the clients on threads, stops at the duration, the acquisition count, or `stop`, and
// computes the verdict and the metrics. Blocks; the GUI runs it on a thread of its own.
// The clients may be spread over the nodes of a cluster (client i on node i mod n); the
// first node prepares the tables and its clock times the run.
class Simulator
{
public:
    Simulator(lockcore::ConnectionSpec spec, SimSettings settings);
    Simulator(QList<lockcore::ConnectionSpec> nodes, SimSettings settings);
    // Creates <table>, <table>_event, <table>_resource, <table>_unsafe (and <table>_forupdate),
    // empties the previous run's rows of these locks. Idempotent. With several nodes, waits
    // until every node sees them (an error names a node that does not: not of this cluster).
    // The for-update protocol is refused on SQLite, with a message saying why.
    lockcore::Status prepare();
    lockcore::Result<SimReport> run(const std::atomic_bool &stop,
                                    const std::function<void(const SimProgress &)> &progress
                                    = {});
    // A report from records collected elsewhere (the processes of lockctl simulate).
    static SimReport report(const SimSettings &settings, const QString &backend,
                            History history);
    // The nodes as the history names them: their URLs without passwords.
    static QStringList nodeNames(const QList<lockcore::ConnectionSpec> &nodes);

private:
    QList<lockcore::ConnectionSpec> m_nodes; // node 1 first
    SimSettings m_settings;
};

} // namespace locksim
