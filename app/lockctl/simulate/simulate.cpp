// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl simulate [options]: the contention simulator (locksim) from the command line.

#include "commands.h"
#include "connect.h"
#include "exitcode.h"
#include "interrupt.h"
#include "invocation.h"
#include "lockctltr.h"
#include "lockservice.h"
#include "output.h"
#include "simnodes.h"
#include "simoptions.h"
#include "simoutput.h"
#include "simprocesses.h"
#include "simulator.h"

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::Error;
using lockcore::Result;
using locksim::SimReport;

namespace lockctl {

namespace {

constexpr qint64 usPerMs = 1000;
constexpr qint64 noDeadlineMs = 24LL * 3600 * 1000; // --duration 0: only --acquisitions ends it

Result<qint64> dbNowUs(lockcore::Session &session, const QString &table)
{
    auto service = lockcore::LockService::create(session, table);
    if (!service)
        return service.error();
    auto clock = service->clock();
    if (!clock)
        return clock.error();
    return clock->dbNow.toMSecsSinceEpoch() * usPerMs;
}

// Node 1 as connected (its password from its URL, LOCKSCOPE_PASSWORD or the prompt), then the
// --node-url nodes.
QList<lockcore::ConnectionSpec> nodeSpecs(const lockcore::ConnectionSpec &first,
                                          const SimulateRequest &request)
{
    return locksim::clusterNodes(first, request.otherNodes);
}

Result<SimReport> runThreads(const QList<lockcore::ConnectionSpec> &nodes,
                             const SimulateRequest &request)
{
    locksim::Simulator simulator(nodes, request.settings);
    if (lockcore::Status prepared = simulator.prepare(); !prepared)
        return prepared.error();
    ProgressLine progress;
    return simulator.run(InterruptGuard::flag(), [&progress](const locksim::SimProgress &now) {
        progress.update(now.elapsedMs, now.acquisitions, now.crashes, now.pauses);
    });
}

Result<SimReport> runProcesses(lockcore::Session &session, const Invocation &invocation,
                               const SimulateRequest &request)
{
    const locksim::SimSettings &settings = request.settings;
    const QList<lockcore::ConnectionSpec> nodes = nodeSpecs(session.spec(), request);
    locksim::Simulator simulator(nodes, settings);
    if (lockcore::Status prepared = simulator.prepare(); !prepared)
        return prepared.error();
    auto start = dbNowUs(session, settings.table);
    if (!start)
        return start.error();

    ProcessRunPlan plan;
    plan.session = &session;
    const QStringList urls = QStringList{invocation.settings().url} + request.otherNodeUrls;
    for (qsizetype node = 0; node < nodes.size(); ++node)
        plan.nodes.append({nodes.at(node), urls.at(node)});
    plan.connectTimeoutS = invocation.settings().connectTimeoutS;
    plan.settings = settings;
    plan.killRate = request.killRate;
    plan.startDbUs = *start;
    const qint64 runMs = settings.durationMs > 0 ? settings.durationMs : noDeadlineMs;
    plan.deadlineDbUs = *start + runMs * usPerMs;
    ProcessRunOutcome outcome;
    {
        ProgressLine progress;
        outcome = runClientProcesses(plan, InterruptGuard::flag(), progress);
    }
    if (!outcome.failure.isEmpty())
        return Error{Error::Kind::Database, outcome.failure, {}, {}};
    auto end = dbNowUs(session, settings.table);
    if (!end)
        return end.error();

    locksim::History &history = outcome.history;
    for (int lock = 0; lock < settings.locks; ++lock)
        history.lockNames << settings.lockPrefix + QString::number(lock);
    history.nodeNames = locksim::Simulator::nodeNames(nodes);
    history.startDbUs = *start;
    history.endDbUs = *end;
    std::stable_sort(history.holds.begin(), history.holds.end(),
                     [](const locksim::HoldRecord &a, const locksim::HoldRecord &b) {
                         return a.acquiredDbUs < b.acquiredDbUs;
                     });
    return locksim::Simulator::report(settings, session.spec().backendName(), history);
}

} // namespace

QList<QCommandLineOption> simulateOptions()
{
    return simulateOptionList();
}

int runSimulate(Invocation &invocation)
{
    if (lockcore::Status valid = invocation.noArguments(); !valid)
        return invocation.usage(valid.error());
    auto request = parseSimulateRequest(invocation.args());
    if (!request)
        return invocation.usage(request.error());
    if (!request->historyPath.isEmpty()) {
        if (lockcore::Status writable = checkHistoryFile(request->historyPath); !writable)
            return invocation.usage(writable.error());
    }
    auto spec = connectionSpec(invocation.settings());
    if (!spec)
        return invocation.fail(spec.error());
    // Connecting first checks the database and settles the password (URL, environment or
    // prompt) for the simulator's own connections and the child processes.
    auto session = openSession(*spec, invocation.settings());
    if (!session)
        return invocation.fail(session.error());
    if (lockcore::Status writable = (*session)->checkWritable(Tr::tr("simulating"));
        !writable)
        return invocation.fail(writable.error());

    InterruptGuard guard; // Ctrl-C and SIGTERM end the run early; the report still comes
    auto report = request->processes
                      ? runProcesses(**session, invocation, *request)
                      : runThreads(nodeSpecs((*session)->spec(), *request), *request);
    if (!report)
        return invocation.fail(report.error());
    if (!request->historyPath.isEmpty()) {
        if (lockcore::Status written = writeHistoryFile(request->historyPath, report->history);
            !written)
            invocation.out().warning(written.error().message);
    }
    QString text = summaryText(*report);
    if (InterruptGuard::interrupted())
        text += Tr::tr("Interrupted: the run ended early.") + u'\n';
    invocation.out().result(report->summaryJson(), text);
    // 0: no violation observed in this run (not a proof of safety); 1: a violation observed.
    return report->verdict.violationObserved ? ExitRefused : ExitDone;
}

} // namespace lockctl
