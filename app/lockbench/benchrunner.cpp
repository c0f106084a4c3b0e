// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchrunner.h"

#include "benchclients.h"
#include "benchhistory.h"
#include "benchprotocol.h"
#include "tr.h"

using namespace Qt::StringLiterals;
using lockcore::Status;

namespace lockbench {

namespace {

constexpr int maxViolationsKept = 20;

QString blockName(const Block &block)
{
    switch (block.what) {
    case Measurement::Uncontended:
        return Tr::tr("uncontended");
    case Measurement::Contended:
        return Tr::tr("%n client(s) on one lock", nullptr, block.clients);
    case Measurement::Separate:
        return Tr::tr("%n client(s) on separate locks", nullptr, block.clients);
    }
    return {};
}

} // namespace

QString uncontendedLock()
{
    return u"bench-uncontended"_s;
}

QString contendedLock()
{
    return u"bench-contended"_s;
}

QString separateLock(int client)
{
    return u"bench-separate-%1"_s.arg(client);
}

QStringList benchLocks(const BenchSettings &settings)
{
    QStringList locks{uncontendedLock(), contendedLock()};
    int most = 0;
    for (int clients : settings.separateClients)
        most = qMax(most, clients);
    for (int i = 0; i < most; ++i)
        locks << separateLock(i);
    return locks;
}

BenchRunner::BenchRunner(const BenchSettings &settings, const lockcore::ConnectionSpec &spec,
                         int connectTimeoutS,
                         const std::vector<std::unique_ptr<Protocol>> &protocols,
                         const std::atomic_bool &interrupted)
    : m_settings(settings)
    , m_spec(spec)
    , m_connectTimeoutS(connectTimeoutS)
    , m_protocols(protocols)
    , m_interrupted(interrupted)
{}

Status BenchRunner::run(BenchResults &results, const BlockDone &blockDone,
                        const Progress &progress)
{
    m_progress = progress;
    results.settings = m_settings;
    results.protocols.clear();
    for (const auto &protocol : m_protocols) {
        ProtocolResults out;
        out.id = protocol->id();
        out.unavailable = protocol->unavailableReason();
        if (out.available())
            out.waitPolicy = protocol->waitPolicy();
        results.protocols << out;
    }
    for (const Block &block : blocksOf(m_settings)) {
        for (size_t i = 0; i < m_protocols.size(); ++i) {
            const Protocol &protocol = *m_protocols[i];
            ProtocolResults &out = results.protocols[qsizetype(i)];
            if (!out.available())
                continue;
            if (m_progress)
                m_progress(Tr::tr("%1: %2").arg(blockName(block), protocol.id()));
            const Status done = block.what == Measurement::Uncontended
                                    ? uncontended(protocol, out)
                                    : onLocks(protocol, block, out);
            if (!done)
                return done;
        }
        if (blockDone)
            blockDone(results, block);
    }
    return {};
}

void BenchRunner::check(const RunFigures &figures, ProtocolResults &out)
{
    out.holdsChecked += figures.holdsChecked;
    out.overlaps += figures.overlaps;
    out.refusedReleases += figures.refusedReleases;
    for (const QString &text : figures.violations) {
        if (out.violations.size() < maxViolationsKept)
            out.violations << text;
    }
}

Status BenchRunner::uncontended(const Protocol &protocol, ProtocolResults &out)
{
    ClientPool pool(protocol, m_spec, m_connectTimeoutS, 1, m_interrupted);
    if (Status started = pool.start(); !started)
        return started;
    RunPlan plan;
    plan.lockOfClient = {uncontendedLock()};
    plan.cycles = m_settings.warmUpCycles();
    auto warmUp = pool.run(plan);
    if (!warmUp)
        return warmUp.error();
    check(analyseRun(warmUp->holds, warmUp->lockNames, warmUp->startNs, warmUp->stopNs), out);

    plan.cycles = m_settings.cycles;
    QList<double> p50s;
    QList<double> p99s;
    quint64 roundTrips = 0;
    qint64 cycles = 0;
    for (int repeat = 0; repeat < m_settings.repeats; ++repeat) {
        auto outcome = pool.run(plan);
        if (!outcome)
            return outcome.error();
        const RunFigures figures = analyseRun(outcome->holds, outcome->lockNames,
                                              outcome->startNs, outcome->stopNs);
        check(figures, out);
        p50s << percentile(figures.cycleUs, 0.50);
        p99s << percentile(figures.cycleUs, 0.99);
        roundTrips += outcome->roundTrips;
        cycles += qint64(outcome->holds.size());
    }
    out.measuredUncontended = true;
    out.cycleP50Us = median(p50s);
    out.cycleP99Us = median(p99s);
    out.roundTrips = cycles > 0 ? double(roundTrips) / double(cycles) : 0;
    return {};
}

Status BenchRunner::onLocks(const Protocol &protocol, const Block &block, ProtocolResults &out)
{
    ClientPool pool(protocol, m_spec, m_connectTimeoutS, block.clients, m_interrupted);
    if (Status started = pool.start(); !started)
        return started;
    RunPlan plan;
    for (int i = 0; i < block.clients; ++i)
        plan.lockOfClient << (block.what == Measurement::Contended ? contendedLock()
                                                                   : separateLock(i));
    plan.durationMs = m_settings.warmUpMs();
    plan.holdUs = m_settings.holdUs;
    if (block.what == Measurement::Contended)
        plan.thinkUs = m_settings.thinkUs;
    auto warmUp = pool.run(plan);
    if (!warmUp)
        return warmUp.error();
    check(analyseRun(warmUp->holds, warmUp->lockNames, warmUp->startNs, warmUp->stopNs), out);

    plan.durationMs = m_settings.durationMs;
    QList<double> throughputs;
    QList<double> handoffP50s;
    QList<double> handoffP99s;
    QList<double> handoffs;
    for (int repeat = 0; repeat < m_settings.repeats; ++repeat) {
        auto outcome = pool.run(plan);
        if (!outcome)
            return outcome.error();
        const RunFigures figures = analyseRun(outcome->holds, outcome->lockNames,
                                              outcome->startNs, outcome->stopNs);
        check(figures, out);
        throughputs << figures.throughput;
        handoffs << double(figures.handoffUs.size());
        if (!figures.handoffUs.isEmpty()) {
            handoffP50s << percentile(figures.handoffUs, 0.50);
            handoffP99s << percentile(figures.handoffUs, 0.99);
        }
    }
    if (block.what == Measurement::Separate) {
        out.separate.append({block.clients, median(throughputs)});
        return {};
    }
    ContendedFigures row;
    row.clients = block.clients;
    row.throughput = median(throughputs);
    row.handoffs = median(handoffs);
    if (!handoffP50s.isEmpty()) {
        row.handoffP50Us = median(handoffP50s);
        row.handoffP99Us = median(handoffP99s);
    }
    out.contended.append(row);
    return {};
}

} // namespace lockbench
