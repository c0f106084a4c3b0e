// SPDX-License-Identifier: GPL-3.0-or-later
// The simulator's verdict and metrics on hand-made histories, no database: each kind of
// violation is caught and names both holds; a clean history shows no violation, and says so
// without calling the run safe; the metrics give the numbers computed by hand (a hand-off is
// never negative; clients that never got a lock are named); records survive a JSON round trip,
// with the node each hold was on and whether its commit failed; the unsafe baselines start from
// settings under which they fail; the for-update baseline has its name, preset and note; the
// clients are spread over a cluster's nodes round-robin, borrowing node 1's password.

#include "metrics.h"
#include "simnodes.h"
#include "simsettings.h"
#include "simulator.h"
#include "verdict.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace locksim;

namespace {

using End = HoldRecord::End;

HoldRecord hold(int client, qint64 fence, qint64 acquiredUs, qint64 releasedUs,
                End end = End::Released, qint64 expiresUs = 0)
{
    HoldRecord h;
    h.client = client;
    h.lock = 0;
    h.holder = u"c%1-f%2"_s.arg(client).arg(fence);
    h.fence = fence;
    h.requestedDbUs = acquiredUs;
    h.acquiredDbUs = acquiredUs;
    h.releasedDbUs = releasedUs;
    h.expiresDbUs = expiresUs ? expiresUs : acquiredUs + 10'000'000;
    h.end = end;
    return h;
}

WriteRecord write(int client, qint64 fence, qint64 beforeUs, bool accepted)
{
    WriteRecord w;
    w.client = client;
    w.lock = 0;
    w.fence = fence;
    w.beforeDbUs = beforeUs;
    w.afterDbUs = beforeUs + 100;
    w.accepted = accepted;
    return w;
}

History base()
{
    History h;
    h.lockNames = {u"sim-0"_s};
    h.startDbUs = 0;
    h.endDbUs = 10'000'000;
    return h;
}

// The metrics example: 2 clients, 1 lock, 10 s; waits 10, 530, 80, 0, 700 ms; hand-offs
// 20, 50, 20 ms; 5 holds of 1 s each.
History metricsHistory()
{
    History h = base();
    HoldRecord h1 = hold(0, 1, 10'000, 1'010'000);
    h1.requestedDbUs = 0;
    HoldRecord h2 = hold(1, 2, 1'030'000, 2'030'000);
    h2.requestedDbUs = 500'000;
    HoldRecord h3 = hold(0, 3, 2'080'000, 3'080'000);
    h3.requestedDbUs = 2'000'000;
    HoldRecord h4 = hold(0, 4, 3'100'000, 0, End::Crashed, 4'100'000);
    HoldRecord h5 = hold(1, 5, 4'200'000, 5'200'000);
    h5.requestedDbUs = 3'500'000;
    h5.tookOver = true;
    h.holds = {h1, h2, h3, h4, h5};
    h.writes = {write(0, 1, 20'000, true), write(1, 2, 1'040'000, true),
                write(0, 1, 1'500'000, false)};
    h.crashes = 1;
    return h;
}

} // namespace

class SimVerdictTest : public QObject
{
    Q_OBJECT

private slots:
    void cleanHistoryHasNoViolation();
    void noViolationIsReportedAsObservedNeverAsSafe();
    void handoffIsNeverNegative();
    void clientsThatNeverAcquiredAreNamed();
    void unsafeBaselinesStartFromSettingsThatFail();
    void overlapIsCaught();
    void holdWithoutEndOverlapsEverythingLater();
    void releaseAfterTheLeaseEndsTheHoldAsReported();
    void fenceGoingBackwardsIsCaught();
    void staleWriteAcceptedIsCaught();
    void crashedHolderWithoutExpiryIsAStuckLock();
    void stuckLocksAreTheNoExpiryDesignsFailureShown();
    void metricsMatchHandComputedNumbers();
    void percentilesAreNearestRank();
    void timeSeriesBucketsGrants();
    void historyRoundTripsThroughJson();
    void settingsRoundTripAndParse();
    void nodeAndFailedCommitRoundTripThroughJsonAndCsv();
    void forUpdateHasItsNameAndPreset();
    void failedCommitsAndNodesAreReported();
    void clientsAreSpreadOverNodesRoundRobin();
    void fencelessGrantsOfOneMillisecondOrderByTheirEnd();
};

// Holds one after the other, a takeover after a crash and a refused late write: no violation.
void SimVerdictTest::cleanHistoryHasNoViolation()
{
    const Verdict verdict = checkHistory(metricsHistory());
    QVERIFY(!verdict.violationObserved);
    QCOMPARE(verdict.violationCount, 0);
    QVERIFY(verdict.stuckLocks.isEmpty());
}

// A hold acquired before the previous one was released is an overlap naming both.
void SimVerdictTest::overlapIsCaught()
{
    History h = base();
    h.holds = {hold(0, 1, 1000, 5000), hold(1, 2, 3000, 6000), hold(2, 3, 6000, 7000)};
    const Verdict verdict = checkHistory(h);
    QVERIFY(verdict.violationObserved);
    QCOMPARE(verdict.violationCount, 1);
    const Violation &v = verdict.violations.first();
    QCOMPARE(v.kind, Violation::Kind::Overlap);
    QCOMPARE(v.lockName, u"sim-0"_s);
    QCOMPARE(v.first.holder, u"c0-f1"_s);
    QCOMPARE(v.second.holder, u"c1-f2"_s);
    QVERIFY2(v.text.contains(u"c0-f1"_s) && v.text.contains(u"c1-f2"_s), qPrintable(v.text));
    QCOMPARE(v.toJson().value(u"kind"_s).toString(), u"overlap"_s);
}

// A crashed hold without expiry (0) overlaps any later grant of the same lock.
void SimVerdictTest::holdWithoutEndOverlapsEverythingLater()
{
    History h = base();
    HoldRecord stuck = hold(0, 0, 1000, 0, End::Crashed);
    stuck.expiresDbUs = 0;
    h.holds = {stuck, hold(1, 0, 9'000'000, 9'500'000)};
    const Verdict verdict = checkHistory(h);
    QCOMPARE(verdict.violationCount, 1);
    QCOMPARE(verdict.violations.first().kind, Violation::Kind::Overlap);
    QCOMPARE(verdict.violations.first().first.client, 0);
}

// A release reported after the lease's end ends the hold there, as reported, not at the
// lease's end: a grant to another between the two is an overlap (the release should have been
// lost). A grant after that release is not.
void SimVerdictTest::releaseAfterTheLeaseEndsTheHoldAsReported()
{
    History h = base();
    const HoldRecord late = hold(0, 1, 1000, 9000, End::Released, 5000);
    QCOMPARE(late.validUntilDbUs(), 9000);
    h.holds = {late, hold(1, 2, 7000, 8000)};
    const Verdict verdict = checkHistory(h);
    QCOMPARE(verdict.violationCount, 1);
    QCOMPARE(verdict.violations.first().kind, Violation::Kind::Overlap);
    QCOMPARE(verdict.violations.first().first.fence, 1);
    QCOMPARE(verdict.violations.first().second.fence, 2);

    h.holds = {late, hold(1, 2, 9000, 10000)};
    QVERIFY(!checkHistory(h).violationObserved);
}

// Fences must strictly increase per lock in the order of acquisition.
void SimVerdictTest::fenceGoingBackwardsIsCaught()
{
    History h = base();
    h.holds = {hold(0, 5, 1000, 2000), hold(1, 4, 3000, 4000)};
    const Verdict verdict = checkHistory(h);
    QCOMPARE(verdict.violationCount, 1);
    const Violation &v = verdict.violations.first();
    QCOMPARE(v.kind, Violation::Kind::FenceNotIncreasing);
    QCOMPARE(v.first.fence, 5);
    QCOMPARE(v.second.fence, 4);
    QVERIFY2(v.text.contains(u"c0-f5"_s) && v.text.contains(u"c1-f4"_s), qPrintable(v.text));
}

// A paused holder whose late write with an older fence was accepted after a newer fence's
// write had finished: the resource let a stale write through.
void SimVerdictTest::staleWriteAcceptedIsCaught()
{
    History h = base();
    h.holds = {hold(0, 1, 1000, 0, End::Lost, 2000), hold(1, 2, 2500, 4000)};
    h.writes = {write(0, 1, 1100, true), write(1, 2, 2600, true), write(0, 1, 3000, true)};
    const Verdict verdict = checkHistory(h);
    QCOMPARE(verdict.violationCount, 1);
    const Violation &v = verdict.violations.first();
    QCOMPARE(v.kind, Violation::Kind::StaleWriteAccepted);
    QCOMPARE(v.first.holder, u"c1-f2"_s);  // the hold of the newer write
    QCOMPARE(v.second.holder, u"c0-f1"_s); // the hold of the stale one
    QCOMPARE(violationKindName(v.kind), u"stale_write"_s);

    h.writes.last().accepted = false; // refused, as it should be: no violation
    QVERIFY(!checkHistory(h).violationObserved);
}

// seed 004: a holder crashed without expiry; the lock stays held. Liveness, not safety.
void SimVerdictTest::crashedHolderWithoutExpiryIsAStuckLock()
{
    History h = base();
    HoldRecord crashed = hold(0, 0, 1000, 0, End::Crashed);
    crashed.expiresDbUs = 0;
    h.holds = {hold(1, 0, 100, 500), crashed};
    const Verdict verdict = checkHistory(h);
    QVERIFY(!verdict.violationObserved);
    QCOMPARE(verdict.stuckLocks, QStringList{u"sim-0"_s});
}

// A lock stuck for ever is the failure of a design without expiry: the headline says that the
// failure showed and names the locks; it never says "no violation observed" over it.
void SimVerdictTest::stuckLocksAreTheNoExpiryDesignsFailureShown()
{
    SimSettings settings = SimSettings::forProtocol(Protocol::UnsafeNoExpiry);
    settings.clients = 2;
    History h = base();
    h.lockNames = {u"sim-0"_s, u"sim-1"_s};
    HoldRecord crashed = hold(0, 0, 1000, 0, End::Crashed);
    crashed.expiresDbUs = 0;
    HoldRecord other = crashed;
    other.client = 1;
    other.lock = 1;
    h.holds = {hold(1, 0, 100, 500), crashed, other};
    const SimReport report = Simulator::report(settings, u"sqlite"_s, h);
    QCOMPARE(report.verdict.stuckLocks, (QStringList{u"sim-0"_s, u"sim-1"_s}));
    const QString text = report.observedText();
    QVERIFY2(!text.contains(u"No violation"_s), qPrintable(text));
    QCOMPARE(text, u"Failure observed: 2 locks stuck for ever (sim-0, sim-1) in 3 holds "
                   "(2 clients, 10.0 s)."_s);
    QCOMPARE(report.summaryJson().value(u"failure_observed"_s).toBool(false), true);
}

// A run only shows what happened: the summary says "no violation observed in 5 holds", with a
// machine field violation_observed, never "safe".
void SimVerdictTest::noViolationIsReportedAsObservedNeverAsSafe()
{
    SimSettings settings;
    settings.clients = 2;
    const SimReport clean = Simulator::report(settings, u"sqlite"_s, metricsHistory());
    const QJsonObject json = clean.summaryJson();
    QVERIFY2(!json.contains(u"safe"_s), "the summary still calls the run safe");
    QCOMPARE(json.value(u"violation_observed"_s).toBool(true), false);
    QCOMPARE(json.value(u"violations"_s).toInt(-1), 0);
    QCOMPARE(clean.observedText(), u"No violation observed in 5 holds (2 clients, 10.0 s)."_s);
    QVERIFY(!clean.summaryCsv().contains(u"\nsafe,"_s));
    QVERIFY(clean.summaryCsv().contains(u"\nviolation_observed,false\n"_s));

    History overlapping = base();
    overlapping.holds = {hold(0, 1, 1000, 5000), hold(1, 2, 3000, 6000), hold(0, 3, 7000, 8000)};
    const SimReport red = Simulator::report(settings, u"sqlite"_s, overlapping);
    QCOMPARE(red.summaryJson().value(u"violation_observed"_s).toBool(false), true);
    QCOMPARE(red.observedText(), u"1 violation observed in 3 holds (2 clients, 10.0 s)."_s);
}

// A hand-off is the gap from the previous holder's reported release to the next grant. A
// grant before that release is an overlap (in the verdict), counted apart: never a negative
// hand-off ("hand-off p50 -48.0 ms").
void SimVerdictTest::handoffIsNeverNegative()
{
    History h = base();
    // c1 granted 48 ms before c0's release (an overlap), c0 again 30 ms after c1's release,
    // c1 again 10 ms before c0's second release.
    h.holds = {hold(0, 1, 1'000'000, 2'000'000), hold(1, 2, 1'952'000, 3'000'000),
               hold(0, 3, 3'030'000, 4'000'000), hold(1, 4, 3'990'000, 5'000'000)};
    const Metrics m = computeMetrics(h, 2);
    QVERIFY2(m.handoffMs.p50 >= 0 && m.handoffMs.max >= 0,
             qPrintable(u"hand-off p50 %1 ms, max %2 ms"_s.arg(m.handoffMs.p50)
                            .arg(m.handoffMs.max)));
    QCOMPARE(m.handoffMs.p50, 30.0);
    QCOMPARE(m.handoffMs.max, 30.0);
    QCOMPARE(m.grantsBeforeRelease, 2);
    QCOMPARE(m.toJson().value(u"grants_before_release"_s).toInt(), 2);
    QCOMPARE(checkHistory(h).violationCount, 2); // the same two grants, as overlaps
}

// A client with no grant in the whole run is named, with its failed acquires and their tries.
void SimVerdictTest::clientsThatNeverAcquiredAreNamed()
{
    History h = metricsHistory();
    h.failures = {AttemptRecord{2, 0, 1'000'000, 4, {}}, AttemptRecord{2, 0, 3'000'000, 6, {}},
                  AttemptRecord{0, 0, 2'000'000, 3, {}}};
    const Metrics m = computeMetrics(h, 4);
    QCOMPARE(m.neverAcquired.size(), 2); // clients 2 and 3
    QCOMPARE(m.neverAcquired.at(0).client, 2);
    QCOMPARE(m.neverAcquired.at(0).failedAcquires, 2);
    QCOMPARE(m.neverAcquired.at(0).tries, 10);
    QCOMPARE(m.neverAcquired.at(1).client, 3);
    QCOMPARE(m.neverAcquired.at(1).failedAcquires, 0);
    QVERIFY(computeMetrics(metricsHistory(), 2).neverAcquired.isEmpty());

    SimSettings settings;
    settings.clients = 4;
    const SimReport report = Simulator::report(settings, u"sqlite"_s, h);
    const QJsonArray starved = report.summaryJson().value(u"never_acquired"_s).toArray();
    QCOMPARE(starved.size(), 2);
    QCOMPARE(starved.at(0).toObject().value(u"tries"_s).toInt(), 10);
    const QString notes = report.livenessNotes().join(u'\n');
    QVERIFY2(notes.contains(u"Never got a lock"_s) && notes.contains(u"client 2"_s)
                 && notes.contains(u"client 3"_s),
             qPrintable(notes));
}

// An unsafe baseline chosen without settings starts from ones under which its failure shows:
// for the client clock, clocks further apart than the lease's margin over the longest hold;
// for no expiry, crashes (a crash-free run never sticks). lockcore keeps the plain defaults.
void SimVerdictTest::unsafeBaselinesStartFromSettingsThatFail()
{
    const SimSettings clock = SimSettings::forProtocol(Protocol::UnsafeClientClock);
    QCOMPARE(clock.protocol, Protocol::UnsafeClientClock);
    QVERIFY(clock.validate().ok());
    const qint64 margin = clock.ttlMs - clock.hold.maxMs;
    QVERIFY2(margin > 0, "holds within their lease: the failure is the clocks', not the hold's");
    QVERIFY2(2 * clock.clockSkewMs > 2 * margin,
             qPrintable(u"skew +-%1 ms, margin %2 ms"_s.arg(clock.clockSkewMs).arg(margin)));
    QVERIFY(clock.clients >= 4 && clock.durationMs >= 3000 && clock.durationMs <= 10000);
    QVERIFY(!SimSettings::presetNote(Protocol::UnsafeClientClock).isEmpty());

    const SimSettings stuck = SimSettings::forProtocol(Protocol::UnsafeNoExpiry);
    QVERIFY(stuck.validate().ok());
    QVERIFY(stuck.crashRate > 0);
    QVERIFY(stuck.durationMs <= 10000);

    QCOMPARE(SimSettings::forProtocol(Protocol::Lockcore).toJson(), SimSettings().toJson());
    QVERIFY(SimSettings::presetNote(Protocol::Lockcore).isEmpty());
}

void SimVerdictTest::metricsMatchHandComputedNumbers()
{
    const Metrics m = computeMetrics(metricsHistory(), 2);
    QCOMPARE(m.acquisitions, 5);
    QCOMPARE(m.seconds, 10.0);
    QCOMPARE(m.throughputPerS, 0.5);
    // waits sorted: 0, 10, 80, 530, 700
    QCOMPARE(m.waitMs.p50, 80.0);
    QCOMPARE(m.waitMs.p95, 700.0);
    QCOMPARE(m.waitMs.max, 700.0);
    // hand-offs after releases: 20, 50, 20 (none after the crash)
    QCOMPARE(m.handoffMs.p50, 20.0);
    QCOMPARE(m.handoffMs.max, 50.0);
    QCOMPARE(m.perClient, (QList<qint64>{3, 2}));
    QVERIFY(qFuzzyCompare(m.fairness, 25.0 / 26.0));
    QCOMPARE(m.utilisation, 0.5);
    QCOMPARE(m.takeovers, 1);
    QCOMPARE(m.expiries, 1);
    QCOMPARE(m.crashes, 1);
    QCOMPARE(m.staleWritesRefused, 1);
    QCOMPARE(computeMetrics(base(), 3).fairness, 0.0);
}

void SimVerdictTest::percentilesAreNearestRank()
{
    QList<double> values;
    for (int i = 1; i <= 100; ++i)
        values.append(101 - i);
    const Percentiles p = Percentiles::of(values);
    QCOMPARE(p.p50, 50.0);
    QCOMPARE(p.p95, 95.0);
    QCOMPARE(p.p99, 99.0);
    QCOMPARE(p.max, 100.0);
    QCOMPARE(Percentiles::of({}).max, 0.0);
    QCOMPARE(Percentiles::of({7}).p50, 7.0);
}

void SimVerdictTest::timeSeriesBucketsGrants()
{
    const QList<TimePoint> points = timeSeries(metricsHistory(), 1000);
    QVERIFY(points.size() >= 10);
    QCOMPARE(points.at(0).throughputPerS, 1.0);
    QCOMPARE(points.at(0).waitMs.max, 10.0);
    QCOMPARE(points.at(3).atS, 3.0);
    QCOMPARE(points.at(3).waitMs.p50, 0.0); // h4, granted at once
    QCOMPARE(points.at(6).throughputPerS, 0.0);
}

void SimVerdictTest::historyRoundTripsThroughJson()
{
    const History h = metricsHistory();
    const QJsonObject json = h.toJson();
    const QByteArray text = QJsonDocument(json).toJson(QJsonDocument::Compact);
    const History back = History::fromJson(QJsonDocument::fromJson(text).object());
    QCOMPARE(back.toJson(), json);
    QCOMPARE(back.holds.at(3).end, End::Crashed);
    QVERIFY(back.holds.at(4).tookOver);
    QCOMPARE(h.holdsCsv().count(u'\n'), 6);
    QVERIFY(h.writesCsv().startsWith(u"client,lock,lock_name,fence"_s));
}

void SimVerdictTest::settingsRoundTripAndParse()
{
    SimSettings s;
    s.clients = 16;
    s.protocol = Protocol::UnsafeClientClock;
    s.hold = *DurationDist::parse(u"100ms..300ms"_s);
    s.think = *DurationDist::parse(u"exp:50ms"_s);
    s.crashRate = 0.25;
    const auto back = SimSettings::fromJson(s.toJson());
    QVERIFY2(back.ok(), back.ok() ? "" : qPrintable(back.error().message));
    QCOMPARE(back->toJson(), s.toJson());
    QCOMPARE(s.hold.describe(), u"100ms-300ms"_s);
    QCOMPARE(s.think.describe(), u"exp(50ms)"_s);
    QCOMPARE(s.hold.sample(0.0), 100);
    QVERIFY(s.think.sample(0.999999) <= 500);
    QVERIFY(!DurationDist::parse(u"300ms-100ms"_s).ok());
    QCOMPARE(protocolFromName(u"unsafe-no-expiry"_s), Protocol::UnsafeNoExpiry);
    QVERIFY(!protocolFromName(u"redis"_s));
    s.crashRate = 0.9;
    s.pauseRate = 0.2;
    QVERIFY(!s.validate().ok());
}

// A hold's node and failed commit, and the run's node URLs, survive JSON; the holds' CSV has
// the node's index and URL and the commit_failed column.
void SimVerdictTest::nodeAndFailedCommitRoundTripThroughJsonAndCsv()
{
    History h = base();
    h.nodeNames = {u"mysql://ops@db1/app"_s, u"mysql://ops@db2/app"_s};
    h.holds = {hold(0, 0, 1000, 5000), hold(1, 0, 3000, 6000)};
    h.holds[1].node = 1;
    h.holds[1].commitFailed = true;
    const QJsonObject json = h.toJson();
    const History back = History::fromJson(
        QJsonDocument::fromJson(QJsonDocument(json).toJson(QJsonDocument::Compact)).object());
    QCOMPARE(back.toJson(), json);
    QCOMPARE(back.nodeNames, h.nodeNames);
    QCOMPARE(back.holds.at(0).node, 0);
    QCOMPARE(back.holds.at(1).node, 1);
    QVERIFY(!back.holds.at(0).commitFailed);
    QVERIFY(back.holds.at(1).commitFailed);
    QCOMPARE(HoldRecord::fromJson(h.holds.at(1).toJson()).node, 1);
    // A history from before nodes: every hold on node 0, none failed.
    QJsonObject old = h.holds.at(1).toJson();
    old.remove(u"node"_s);
    old.remove(u"commit_failed"_s);
    QCOMPARE(HoldRecord::fromJson(old).node, 0);
    QVERIFY(!HoldRecord::fromJson(old).commitFailed);

    const QStringList lines = h.holdsCsv().split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    const QStringList header = lines.at(0).split(u',');
    const QStringList second = lines.at(2).split(u',');
    QCOMPARE(header.size(), second.size());
    QCOMPARE(second.at(header.indexOf(u"node"_s)), u"1"_s);
    QCOMPARE(second.at(header.indexOf(u"node_url"_s)), u"mysql://ops@db2/app"_s);
    QCOMPARE(second.at(header.indexOf(u"commit_failed"_s)), u"1"_s);
    QCOMPARE(lines.at(1).split(u',').at(header.indexOf(u"commit_failed"_s)), u"0"_s);
}

// The for-update baseline (seed 003): its name both ways, in settings JSON and in the unknown
// protocol's message; its preset injects no faults (a crash only rolls the transaction back)
// and spreads evenly over three nodes; its note says what it costs and where it fails.
void SimVerdictTest::forUpdateHasItsNameAndPreset()
{
    QCOMPARE(protocolName(Protocol::ForUpdate), u"for-update"_s);
    QCOMPARE(protocolFromName(u"for-update"_s), Protocol::ForUpdate);
    const SimSettings preset = SimSettings::forProtocol(Protocol::ForUpdate);
    QCOMPARE(preset.protocol, Protocol::ForUpdate);
    QVERIFY(preset.validate().ok());
    QCOMPARE(preset.crashRate, 0.0);
    QCOMPARE(preset.pauseRate, 0.0);
    QVERIFY(preset.clients >= 3 && preset.clients % 3 == 0);
    QVERIFY(preset.retry.deadlineMs > preset.hold.maxMs); // a waiter outwaits a hold
    QVERIFY(preset.durationMs >= 3000 && preset.durationMs <= 10000);
    const auto back = SimSettings::fromJson(preset.toJson());
    QVERIFY(back.ok());
    QCOMPARE(back->protocol, Protocol::ForUpdate);
    QCOMPARE(preset.toJson().value(u"protocol"_s).toString(), u"for-update"_s);

    const QString note = SimSettings::presetNote(Protocol::ForUpdate);
    for (const QString &word : {u"transaction"_s, u"connection"_s, u"Galera"_s, u"node"_s})
        QVERIFY2(note.contains(word), qPrintable(note));
    QJsonObject unknown = preset.toJson();
    unknown.insert(u"protocol"_s, u"redlock"_s);
    const auto refused = SimSettings::fromJson(unknown);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.contains(u"for-update"_s),
             qPrintable(refused.error().message));
}

// A run's report counts the holds whose transaction did not commit and names its nodes: in the
// summary (failed_commits, nodes) and in the sentence of what was observed.
void SimVerdictTest::failedCommitsAndNodesAreReported()
{
    History h = base();
    h.nodeNames = {u"mysql://ops@db1/app"_s, u"mysql://ops@db2/app"_s,
                   u"mysql://ops@db3/app"_s};
    h.holds = {hold(0, 0, 1000, 5000), hold(1, 0, 3000, 6000), hold(2, 0, 7000, 8000)};
    for (int i = 0; i < 3; ++i)
        h.holds[i].node = i;
    h.holds[1].commitFailed = true;
    SimSettings settings = SimSettings::forProtocol(Protocol::ForUpdate);
    settings.clients = 3;
    const SimReport report = Simulator::report(settings, u"mysql"_s, h);
    QCOMPARE(report.nodes(), 3);
    QCOMPARE(report.metrics.failedCommits, 1);
    QCOMPARE(report.metrics.toJson().value(u"failed_commits"_s).toInt(), 1);
    QVERIFY(report.verdict.violationObserved); // the two holds ran at the same time
    const QJsonObject summary = report.summaryJson();
    QCOMPARE(summary.value(u"failed_commits"_s).toInt(), 1);
    QCOMPARE(summary.value(u"nodes"_s).toArray().size(), 3);
    QCOMPARE(summary.value(u"protocol"_s).toString(), u"for-update"_s);
    QVERIFY(report.summaryCsv().contains(u"\nfailed_commits,1\n"_s));
    QVERIFY(report.summaryCsv().contains(u"\nnodes,3\n"_s));
    const QString observed = report.observedText();
    QVERIFY2(observed.contains(u"(3 clients on 3 nodes, "_s), qPrintable(observed));
    // One node: the sentence as before.
    History single = base();
    single.holds = {hold(0, 0, 1000, 5000)};
    QVERIFY(Simulator::report(settings, u"mysql"_s, single)
                .observedText()
                .contains(u"(3 clients, "_s));
}

// Client i runs on node i mod n; a node URL without a password uses node 1's, and a read-only
// node 1 makes every node read-only.
void SimVerdictTest::clientsAreSpreadOverNodesRoundRobin()
{
    QCOMPARE(nodeOfClient(0, 3), 0);
    QCOMPARE(nodeOfClient(4, 3), 1);
    QCOMPARE(nodeOfClient(5, 3), 2);
    QCOMPARE(nodeOfClient(5, 1), 0);
    auto first = lockcore::ConnectionSpec::parse(u"mysql://ops:secret@db1/app"_s);
    auto plain = lockcore::ConnectionSpec::parse(u"mysql://ops@db2/app"_s);
    auto own = lockcore::ConnectionSpec::parse(u"mysql://ops:other@db3/app"_s);
    QVERIFY(first.ok() && plain.ok() && own.ok());
    first->readOnly = true;
    const QList<lockcore::ConnectionSpec> nodes = clusterNodes(*first, {*plain, *own});
    QCOMPARE(nodes.size(), 3);
    QCOMPARE(nodes.at(1).password, u"secret"_s);
    QCOMPARE(nodes.at(2).password, u"other"_s);
    QVERIFY(nodes.at(1).readOnly && nodes.at(2).readOnly);
    QCOMPARE(Simulator::nodeNames(nodes).at(1), u"mysql://ops@db2/app?readonly=1"_s);
    QVERIFY(!Simulator::nodeNames(nodes).join(u' ').contains(u"secret"_s));
}

// Without fences, two grants stamped in the same millisecond are ordered by their end: a
// holder that crashed at once (its transaction rolled back in that millisecond) came first, and
// the next grant is no overlap, in whichever order the holds were recorded. A hold that had not
// ended by then still is one.
void SimVerdictTest::fencelessGrantsOfOneMillisecondOrderByTheirEnd()
{
    History h = base();
    HoldRecord crashed = hold(5, 0, 3'570'000, 0, End::Crashed, 3'570'000);
    HoldRecord next = hold(0, 0, 3'570'000, 3'675'000);
    h.holds = {next, crashed};
    QVERIFY2(!checkHistory(h).violationObserved,
             qPrintable(checkHistory(h).violations.value(0).text));
    h.holds = {crashed, next};
    QVERIFY(!checkHistory(h).violationObserved);
    HoldRecord still = hold(5, 0, 3'570'000, 3'600'000);
    h.holds = {next, still};
    QVERIFY(checkHistory(h).violationObserved);
}

QTEST_GUILESS_MAIN(SimVerdictTest)
#include "tst_simverdict.moc"
