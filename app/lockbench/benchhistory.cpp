// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchhistory.h"

#include "tr.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace lockbench {

namespace {

constexpr int maxViolationsKept = 20;

double us(qint64 ns)
{
    return double(ns) / 1000.0;
}

} // namespace

qint64 benchClockNs()
{
    using Clock = std::chrono::steady_clock;
    static const Clock::time_point epoch = Clock::now();
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - epoch).count();
}

RunFigures analyseRun(std::vector<Hold> holds, const QStringList &lockNames, qint64 startNs,
                      qint64 stopNs)
{
    RunFigures figures;
    figures.seconds = double(std::max<qint64>(1, stopNs - startNs)) / 1e9;
    figures.holdsChecked = qint64(holds.size());
    const auto violation = [&figures](qint64 *count, const QString &text) {
        ++*count;
        if (figures.violations.size() < maxViolationsKept)
            figures.violations << text;
    };

    std::sort(holds.begin(), holds.end(), [](const Hold &a, const Hold &b) {
        return a.lock != b.lock ? a.lock < b.lock : a.acquiredNs < b.acquiredNs;
    });
    // Per lock, the hold whose known end is the latest so far: a client's own holds follow
    // one another, so any overlap with the new hold shows against that one.
    size_t latest = 0;
    for (size_t i = 0; i < holds.size(); ++i) {
        const Hold &h = holds[i];
        if (h.releasedNs <= stopNs) {
            ++figures.cycles;
            figures.cycleUs << us(h.releasedNs - h.waitStartNs);
        }
        const QString name = lockNames.value(h.lock);
        if (h.releaseRefused)
            violation(&figures.refusedReleases,
                      Tr::tr("lock \"%1\": client %2's release was refused: it no longer held "
                             "the lock it was granted at %3 µs")
                          .arg(name)
                          .arg(h.client)
                          .arg(us(h.acquiredNs - startNs), 0, 'f', 1));
        if (i == 0 || holds[i - 1].lock != h.lock) {
            latest = i;
            continue;
        }
        const Hold &open = holds[latest];
        if (open.releaseStartNs > h.acquiredNs && open.client != h.client)
            violation(&figures.overlaps,
                      Tr::tr("lock \"%1\": client %2 was granted it at %3 µs while client %4 "
                             "held it (granted at %5 µs, released at %6 µs)")
                          .arg(name)
                          .arg(h.client)
                          .arg(us(h.acquiredNs - startNs), 0, 'f', 1)
                          .arg(open.client)
                          .arg(us(open.acquiredNs - startNs), 0, 'f', 1)
                          .arg(us(open.releaseStartNs - startNs), 0, 'f', 1));
        if (h.releaseStartNs > open.releaseStartNs)
            latest = i;

        const Hold &previous = holds[i - 1];
        if (previous.client != h.client && h.waitStartNs < previous.releasedNs
            && previous.releasedNs <= stopNs)
            figures.handoffUs << us(h.acquiredNs - previous.releasedNs);
    }
    figures.throughput = double(figures.cycles) / figures.seconds;
    return figures;
}

double percentile(QList<double> values, double q)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const double rank = std::ceil(std::clamp(q, 0.0, 1.0) * double(values.size()));
    const qsizetype index = std::clamp<qsizetype>(qsizetype(rank) - 1, 0, values.size() - 1);
    return values.at(index);
}

double median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n % 2 == 1 ? values.at(n / 2) : (values.at(n / 2 - 1) + values.at(n / 2)) / 2.0;
}

} // namespace lockbench
