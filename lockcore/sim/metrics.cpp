// SPDX-License-Identifier: Apache-2.0
#include "metrics.h"

#include <QJsonArray>
#include <QMap>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace locksim {

namespace {

// Total length of the union of [from, to) intervals.
qint64 unionLength(QList<QPair<qint64, qint64>> intervals)
{
    std::sort(intervals.begin(), intervals.end());
    qint64 total = 0;
    qint64 coveredTo = std::numeric_limits<qint64>::min();
    for (const auto &[from, to] : intervals) {
        const qint64 begin = std::max(from, coveredTo);
        if (to > begin)
            total += to - begin;
        coveredTo = std::max(coveredTo, to);
    }
    return total;
}

double jain(const QList<qint64> &counts)
{
    double sum = 0, squares = 0;
    for (qint64 c : counts) {
        sum += double(c);
        squares += double(c) * double(c);
    }
    if (counts.isEmpty() || squares == 0)
        return 0;
    return sum * sum / (double(counts.size()) * squares);
}

bool leaseRanOut(const HoldRecord &h)
{
    switch (h.end) {
    case HoldRecord::End::Crashed: return h.expiresDbUs > 0;
    case HoldRecord::End::Lost: return true;
    case HoldRecord::End::Released: return h.expiresDbUs > 0 && h.releasedDbUs > h.expiresDbUs;
    case HoldRecord::End::Running: break;
    }
    return false;
}

// Per lock, in the order of the grants: the gap from the previous holder's release to the
// next grant, both as reported. A grant before that release is an overlap, not a hand-off.
void addHandoffs(const QList<HoldRecord> &holds, QList<double> *gapsMs, qint64 *beforeRelease)
{
    for (qsizetype i = 1; i < holds.size(); ++i) {
        const HoldRecord &previous = holds.at(i - 1);
        if (previous.end != HoldRecord::End::Released)
            continue;
        const qint64 gapUs = holds.at(i).acquiredDbUs - previous.releasedDbUs;
        if (gapUs < 0)
            ++*beforeRelease;
        else
            gapsMs->append(double(gapUs) / 1000.0);
    }
}

QList<NeverAcquired> neverAcquired(const History &history, const QList<qint64> &perClient)
{
    QList<NeverAcquired> starved;
    for (int client = 0; client < perClient.size(); ++client) {
        if (perClient.at(client) > 0)
            continue;
        NeverAcquired n;
        n.client = client;
        for (const AttemptRecord &failure : history.failures) {
            if (failure.client != client)
                continue;
            ++n.failedAcquires;
            n.tries += failure.attempts;
        }
        starved.append(n);
    }
    return starved;
}

} // namespace

QJsonObject NeverAcquired::toJson() const
{
    return {{u"client"_s, client}, {u"failed_acquires"_s, failedAcquires}, {u"tries"_s, tries}};
}

Percentiles Percentiles::of(QList<double> values)
{
    Percentiles p;
    if (values.isEmpty())
        return p;
    std::sort(values.begin(), values.end());
    const auto rank = [&values](double percent) {
        const auto n = values.size();
        qsizetype r = qsizetype(std::ceil(percent / 100.0 * double(n)));
        return values.at(std::clamp<qsizetype>(r, 1, n) - 1);
    };
    p.p50 = rank(50);
    p.p95 = rank(95);
    p.p99 = rank(99);
    p.max = values.constLast();
    return p;
}

QJsonObject Percentiles::toJson() const
{
    return {{u"p50"_s, p50}, {u"p95"_s, p95}, {u"p99"_s, p99}, {u"max"_s, max}};
}

QJsonObject Metrics::toJson() const
{
    QJsonArray clients;
    for (qint64 c : perClient)
        clients.append(c);
    QJsonArray starved;
    for (const NeverAcquired &n : neverAcquired)
        starved.append(n.toJson());
    return {{u"acquisitions"_s, acquisitions},
            {u"seconds"_s, seconds},
            {u"throughput_per_s"_s, throughputPerS},
            {u"wait_ms"_s, waitMs.toJson()},
            {u"handoff_ms"_s, handoffMs.toJson()},
            {u"grants_before_release"_s, grantsBeforeRelease},
            {u"utilisation"_s, utilisation},
            {u"failed_attempts"_s, failedAttempts},
            {u"expiries"_s, expiries},
            {u"takeovers"_s, takeovers},
            {u"crashes"_s, crashes},
            {u"pauses"_s, pauses},
            {u"stale_writes_refused"_s, staleWritesRefused},
            {u"failed_commits"_s, failedCommits},
            {u"per_client"_s, clients},
            {u"fairness"_s, fairness},
            {u"never_acquired"_s, starved}};
}

Metrics computeMetrics(const History &history, int clients)
{
    Metrics m;
    m.acquisitions = history.holds.size();
    const qint64 spanUs = std::max<qint64>(0, history.endDbUs - history.startDbUs);
    m.seconds = double(spanUs) / 1e6;
    m.throughputPerS = m.seconds > 0 ? double(m.acquisitions) / m.seconds : 0;
    m.failedAttempts = history.failures.size();
    m.crashes = history.crashes;
    m.pauses = history.pauses;
    m.perClient = QList<qint64>(std::max(clients, 0), 0);

    QList<double> waits;
    QMap<int, QList<HoldRecord>> byLock;
    for (const HoldRecord &h : history.holds) {
        waits.append(double(h.acquiredDbUs - h.requestedDbUs) / 1000.0);
        if (h.tookOver)
            ++m.takeovers;
        if (leaseRanOut(h))
            ++m.expiries;
        if (h.commitFailed)
            ++m.failedCommits;
        if (h.client >= m.perClient.size())
            m.perClient.resize(h.client + 1, 0);
        if (h.client >= 0)
            ++m.perClient[h.client];
        byLock[h.lock].append(h);
    }
    m.waitMs = Percentiles::of(waits);
    for (const WriteRecord &w : history.writes)
        if (!w.accepted)
            ++m.staleWritesRefused;

    QList<double> handoffs;
    double utilisationSum = 0;
    for (auto it = byLock.begin(); it != byLock.end(); ++it) {
        QList<HoldRecord> &holds = it.value();
        std::stable_sort(holds.begin(), holds.end(), grantedEarlier); // the verdict's order
        addHandoffs(holds, &handoffs, &m.grantsBeforeRelease);
        QList<QPair<qint64, qint64>> held;
        for (const HoldRecord &h : std::as_const(holds)) {
            const qint64 until = h.validUntilDbUs() == 0 ? history.endDbUs : h.validUntilDbUs();
            held.append({std::max(h.acquiredDbUs, history.startDbUs),
                         std::min(until, history.endDbUs)});
        }
        utilisationSum += spanUs > 0 ? double(unionLength(held)) / double(spanUs) : 0;
    }
    const int lockCount = std::max<int>(int(history.lockNames.size()), int(byLock.size()));
    m.utilisation = lockCount > 0 ? utilisationSum / lockCount : 0;
    m.handoffMs = Percentiles::of(handoffs);
    m.fairness = m.acquisitions > 0 ? jain(m.perClient) : 0;
    m.neverAcquired = neverAcquired(history, m.perClient);
    return m;
}

QList<TimePoint> timeSeries(const History &history, qint64 bucketMs)
{
    QList<TimePoint> points;
    if (bucketMs <= 0)
        return points;
    const qint64 bucketUs = bucketMs * 1000;
    qint64 lastUs = history.endDbUs;
    for (const HoldRecord &h : history.holds)
        lastUs = std::max(lastUs, h.acquiredDbUs);
    const qint64 count = std::max<qint64>(0, (lastUs - history.startDbUs + bucketUs) / bucketUs);
    QList<QList<double>> waits(count);
    for (const HoldRecord &h : history.holds) {
        const qint64 index = (h.acquiredDbUs - history.startDbUs) / bucketUs;
        if (index >= 0 && index < count)
            waits[index].append(double(h.acquiredDbUs - h.requestedDbUs) / 1000.0);
    }
    for (qint64 i = 0; i < count; ++i) {
        TimePoint point;
        point.atS = double(i * bucketMs) / 1000.0;
        point.throughputPerS = double(waits.at(i).size()) * 1000.0 / double(bucketMs);
        point.waitMs = Percentiles::of(waits.at(i));
        points.append(point);
    }
    return points;
}

} // namespace locksim
