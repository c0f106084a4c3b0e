// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl run NAME [--ttl D] [--holder ID] [--wait D] [--kill-after D] [--json-file PATH]
//             [-E|--conflict-exit-code N] [--quiet] [--hold-at-least D] [--scope]
//             -- COMMAND [ARGS...]

#include "commands.h"
#include "duration.h"
#include "errortext.h"
#include "exitcode.h"
#include "hold.h"
#include "invocation.h"
#include "jsonformat.h"
#include "leasekeeper.h"
#include "leaseoptions.h"
#include "lockctltr.h"
#include "lockservice.h"
#include "output.h"
#include "run/commandgroup.h"
#include "run/descriptors.h"
#include "run/runacquire.h"
#include "run/runresult.h"
#include "run/scope.h"
#include "run/signalrelay.h"
#include "run/supervisor.h"
#include "run/terminal.h"
#include "validation.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonDocument>
#include <QRandomGenerator>

#include <limits>

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::Grant;
using Outcome = lockctl::RunResult::Outcome;

namespace lockctl {

namespace {

constexpr qint64 defaultKillAfterMs = 10000;

struct RunRequest
{
    QString name;
    LeaseOptions lease; // ttlMs 0: the lock's own lease; holdMs unused
    qint64 killAfterMs = defaultKillAfterMs;
    QStringList command;
    QString jsonFile;
    int conflictExitCode = ExitRefused; // --conflict-exit-code
    bool quiet = false;                 // --quiet: nothing said when refused
    qint64 holdAtLeastMs = 0;           // --hold-at-least
    bool scope = false;                 // --scope
};

qint64 nowMs()
{
    return QDeadlineTimer::current().deadline();
}

// --ttl, --holder, --wait and --kill-after.
lockcore::Status parseOptions(const QCommandLineParser &args, RunRequest &request)
{
    LeaseRules rules;
    rules.takesHold = false;
    auto lease = leaseOptions(args, rules);
    if (!lease)
        return lease.error();
    request.lease = *lease;
    auto killAfter = durationOption(args, u"kill-after"_s, defaultKillAfterMs);
    if (!killAfter)
        return killAfter.error();
    request.killAfterMs = *killAfter;
    auto atLeast = durationOption(args, u"hold-at-least"_s, 0);
    if (!atLeast)
        return atLeast.error();
    request.holdAtLeastMs = *atLeast;
    return {};
}

// --conflict-exit-code, --quiet and --scope.
lockcore::Status parseRunFlags(const QCommandLineParser &args, RunRequest &request)
{
    request.quiet = args.isSet(u"quiet"_s);
    if (args.isSet(u"conflict-exit-code"_s)) {
        bool ok = false;
        request.conflictExitCode = args.value(u"conflict-exit-code"_s).toInt(&ok);
        if (!ok || request.conflictExitCode < 0 || request.conflictExitCode > 255)
            return lockcore::Error::invalidInput(
                Tr::tr("--conflict-exit-code needs a number from 0 to 255, not \"%1\".")
                    .arg(args.value(u"conflict-exit-code"_s)));
    }
    request.scope = args.isSet(u"scope"_s);
    if (request.scope && !systemdRunning())
        return lockcore::Error::invalidInput(
            Tr::tr("--scope needs systemd, which does not manage this system (no "
                   "/run/systemd/system): the command was not run."));
    return {};
}

lockcore::Result<RunRequest> parseRequest(const Invocation &invocation)
{
    const QCommandLineParser &args = invocation.args();
    RunRequest request;
    request.jsonFile = args.value(u"json-file"_s);
    const QStringList positional = args.positionalArguments();
    if (positional.size() < 2)
        return lockcore::Error::invalidInput(
            Tr::tr("run needs a lock NAME and a COMMAND: lockctl run NAME -- COMMAND [ARGS...]."));
    request.name = positional.constFirst();
    if (lockcore::Status valid = lockcore::validateLockName(request.name); !valid)
        return valid.error();
    request.command = positional.mid(1);
    if (lockcore::Status options = parseOptions(args, request); !options)
        return options.error();
    if (lockcore::Status flags = parseRunFlags(args, request); !flags)
        return flags.error();
    return request;
}

// The result where it was asked for: words on stderr (the command owns stdout), and one JSON
// line on stderr (--json) and in a file (--json-file).
void report(const Invocation &invocation, const QString &jsonFile, const QJsonObject &json,
            const QString &text)
{
    const bool jsonOnStderr = invocation.settings().json;
    if (!text.isEmpty() && !jsonOnStderr)
        Output::writeStderr(u"lockctl: "_s + text);
    const QByteArray line = QJsonDocument(json).toJson(QJsonDocument::Compact) + '\n';
    if (jsonOnStderr)
        Output::writeStderr(QString::fromUtf8(line));
    if (jsonFile.isEmpty())
        return;
    QFile file(jsonFile);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(line) != line.size())
        Output::writeStderr(Tr::tr("lockctl: warning: cannot write %1: %2")
                                .arg(jsonFile, file.errorString()));
}

int finish(const Invocation &invocation, const RunRequest &request, RunResult &result)
{
    result.exitCode = runExitCode(result);
    const bool silent = request.quiet && result.outcome == Outcome::Refused;
    report(invocation, request.jsonFile, runResultJson(result),
           silent ? QString() : runResultText(result));
    if (result.held.error && result.outcome != Outcome::Error)
        Output::writeStderr(Tr::tr("lockctl: warning: could not release \"%1\": %2 It stays "
                                   "held until its lease ends.")
                                .arg(request.name, errorText(*result.held.error)));
    return result.exitCode;
}

// An error before the command ran: said as every command says it, and in the JSON line.
int failBefore(const Invocation &invocation, const RunRequest &request, RunResult &result,
               const lockcore::Error &error)
{
    result.outcome = Outcome::Error;
    result.error = error;
    result.exitCode = runExitCode(result);
    const Output words(false); // on stderr only: stdout is the command's
    if (error.kind == lockcore::Error::Kind::InvalidInput) // an option, the URL, the table
        words.usage(errorText(error), invocation.commandName());
    else
        words.error(error);
    report(invocation, request.jsonFile, runResultJson(result), {});
    return result.exitCode;
}

RunCommand commandFor(const RunRequest &request, const Grant &grant, const QString &table,
                      const RunResult &result)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // The connection is lockctl's, not the command's: the password never reaches it, neither
    // on its own nor inside the URL.
    environment.remove(u"LOCKSCOPE_PASSWORD"_s);
    environment.remove(u"LOCKSCOPE_DB"_s);
    environment.insert(u"LOCKSCOPE_LOCK"_s, grant.name);
    environment.insert(u"LOCKSCOPE_HOLDER"_s, grant.holder);
    environment.insert(u"LOCKSCOPE_FENCE"_s, QString::number(grant.fence));
    environment.insert(u"LOCKSCOPE_TABLE"_s, table);
    environment.insert(u"LOCKSCOPE_ACQUIRED_AT"_s, isoTime(grant.acquiredAt));
    environment.insert(u"LOCKSCOPE_RUN_ID"_s, result.runId);
    if (!result.scopeUnit.isEmpty())
        return {inScope(result.scopeUnit, request.killAfterMs, request.command), environment};
    return {request.command, environment};
}

// --kill-after longer than a third of the lease is cut to that (Supervisor::graceMs()), so that
// SIGKILL never comes after the lease's end; said when the admin gave it.
void warnKillAfterCut(const Invocation &invocation, const RunRequest &request,
                      const Supervisor &supervisor, qint64 leaseMs)
{
    if (!invocation.args().isSet(u"kill-after"_s) || supervisor.graceMs() >= request.killAfterMs)
        return;
    Output(false).warning(Tr::tr("--kill-after %1 is cut to %2, a third of the %3 lease, so that "
                                 "the command never outlives the lease.")
                              .arg(lockcore::formatDurationMs(request.killAfterMs),
                                   lockcore::formatDurationMs(supervisor.graceMs()),
                                   lockcore::formatDurationMs(leaseMs)));
}

// Runs the command under the granted lock, renewing it (hold.cpp's loop, as acquire --hold),
// and releases it when the command and every process it started have ended (and not before
// --hold-at-least).
void runGranted(Invocation &invocation, lockcore::LockService &service,
                lockcore::LeaseKeeper &keeper, const RunRequest &request, RunResult &result,
                SignalRelay &relay)
{
    const Grant &grant = *result.grant;
    CommandGroup::becomeSubreaper(); // inherits what is left if the watcher is killed
    const std::atomic_bool released{true}; // a signal came first: release at once
    const bool cancelled = relay.received().load();
    const SupervisorSetup setup{request.name, request.killAfterMs, foregroundTerminal(),
                                result.scopeUnit};
    Supervisor supervisor(relay, setup);
    // The keeper's clock is nowMs()'s.
    supervisor.setLeaseEnd(keeper.leaseEndMs(), keeper.leaseMs());
    warnKillAfterCut(invocation, request, supervisor, keeper.leaseMs());
    if (request.holdAtLeastMs > 0)
        supervisor.setReleaseNotBefore(result.answeredMs + request.holdAtLeastMs);
    if (!cancelled)
        supervisor.start(commandFor(request, grant, invocation.settings().table, result));

    const HoldPlan plan{std::numeric_limits<qint64>::max(), true, request.lease.ttlMs};
    result.held = holdLock(
        service, keeper, plan, cancelled ? released : supervisor.ended(),
        [](const QString &text) { Output(false).warning(text); },
        [&](const lockcore::LeaseKeeper &renewed) {
            supervisor.setLeaseEnd(renewed.leaseEndMs(), renewed.leaseMs());
            result.expiresAt = renewed.grant().expiresAt;
        });
    if (result.held.lost)
        supervisor.stopLost();
    result.end = supervisor.wait();
    result.graceMs = supervisor.graceMs();
    result.renewals = result.held.renewals;

    if (cancelled)
        result.outcome = result.held.lost ? Outcome::Lost : Outcome::Cancelled;
    else if (result.end.notStarted)
        result.outcome = Outcome::NotStarted;
    else if (result.end.watcherGone)
        result.outcome = Outcome::Unwatched;
    else if (result.end.stoppedExpired)
        result.outcome = Outcome::Expired;
    else if (result.held.lost || result.end.stoppedLost)
        result.outcome = Outcome::Lost;
    else if (result.end.interrupted)
        result.outcome = Outcome::Interrupted;
    else
        result.outcome = Outcome::Completed;
}

} // namespace

QList<QCommandLineOption> runOptions()
{
    return {
        QCommandLineOption(u"ttl"_s,
                           Tr::tr("The lease, renewed at a third of its length while the command "
                                  "runs, such as 10s or 5m. Default: the lock's own lease (30s "
                                  "for a lock this run creates)."),
                           u"DURATION"_s),
        QCommandLineOption(u"holder"_s,
                           Tr::tr("Who holds the lock. Default: user@host:pid:random, unique to "
                                  "this run."),
                           u"ID"_s),
        QCommandLineOption(u"wait"_s,
                           Tr::tr("When the lock is held, keep trying (with backoff) for up to "
                                  "this long; then exit with 1 without running the command."),
                           u"DURATION"_s),
        QCommandLineOption(u"kill-after"_s,
                           Tr::tr("How long the command has to end after SIGTERM (the lease "
                                  "lost, or a signal passed on) before SIGKILL, at most a third "
                                  "of the lease: SIGKILL never comes after the lease's end. "
                                  "Default: 10s."),
                           u"DURATION"_s),
        QCommandLineOption({u"E"_s, u"conflict-exit-code"_s},
                           Tr::tr("The exit code when the lock is not acquired (held by another "
                                  "holder, or by this --holder already; within --wait), as "
                                  "flock -E. Default: 1."),
                           u"N"_s),
        QCommandLineOption(u"quiet"_s,
                           Tr::tr("Say nothing when the lock is not acquired (the exit code "
                                  "tells), so that cron mails nothing.")),
        QCommandLineOption(u"hold-at-least"_s,
                           Tr::tr("Keep the lock (renewing it) after the command ended until "
                                  "at least this long after it was acquired, as ShedLock's "
                                  "lockAtLeastFor: a node whose cron fires a little late does "
                                  "not run the same slot again. A signal to lockctl or a lost "
                                  "lease ends the wait early."),
                           u"DURATION"_s),
        QCommandLineOption(u"scope"_s,
                           Tr::tr("Run the command in a transient systemd scope (systemd-run "
                                  "--scope; the user's manager unless root), stopped as a whole "
                                  "after the command. An error where systemd is not running.")),
        QCommandLineOption(u"json-file"_s,
                           Tr::tr("Also write the result as one JSON object to this file (with "
                                  "--json it is the last line on stderr: stdout is the "
                                  "command's)."),
                           u"PATH"_s),
    };
}

int runRun(Invocation &invocation)
{
    RunResult result;
    auto request = parseRequest(invocation);
    if (!request) { // said on stderr; the JSON line too, where it was asked for
        RunRequest asked;
        asked.jsonFile = invocation.args().value(u"json-file"_s);
        failBefore(invocation, asked, result, request.error());
        return ExitUsage;
    }
    result.lock = request->name;
    result.holder = request->lease.holder;
    result.command = request->command;
    result.conflictExitCode = request->conflictExitCode;
    result.holdAtLeastMs = request->holdAtLeastMs;
    // What lockctl was given, before it connects: the command gets these, not the connection.
    const QSet<int> inherited = openDescriptors();
    auto service = invocation.service();
    if (!service)
        return failBefore(invocation, *request, result, service.error());

    // From here SIGINT, SIGTERM and SIGHUP end a wait, or reach the command.
    SignalRelay relay;
    const qint64 sent = nowMs();
    const LeaseOptions &lease = request->lease;
    auto grant = acquireForRun(**service, request->name, lease, relay.received(),
                               &result.sameHolder);
    result.answeredMs = nowMs();
    if (!grant && grant.error().kind == lockcore::Error::Kind::Cancelled) {
        result.outcome = Outcome::Cancelled;
        return finish(invocation, *request, result);
    }
    if (!grant)
        return failBefore(invocation, *request, result, grant.error());
    result.grant = *grant;
    result.expiresAt = grant->expiresAt; // the grant's, until a renewal moves it
    if (!grant->acquired) {
        result.outcome = Outcome::Refused;
        return finish(invocation, *request, result);
    }
    // The lease is counted from `sent`, on the supervisor's clock. A grant after --wait may have
    // waited in the server first, so its lease may have begun long after: one renewal at once
    // times it from a send lockctl saw.
    lockcore::LeaseKeeper keeper(**service, *grant, lease.ttlMs, nowMs, sent);
    if (lease.waitMs > 0) {
        const lockcore::LeaseKeeper::Step first = keeper.renewNow();
        if (first == lockcore::LeaseKeeper::Step::Lost) {
            result.held.current = *keeper.lost();
            result.outcome = Outcome::Lost;
            result.lostBeforeStart = true;
            return finish(invocation, *request, result);
        }
        if (first == lockcore::LeaseKeeper::Step::Lapsed) {
            // No renewal got through within the lease counted from before the wait: it may be
            // someone else's by now. Given back if still ours (fence-checked); not run.
            (void)(*service)->release(grant->name, grant->holder, grant->fence);
            if (auto current = (*service)->lock(grant->name); current && *current)
                result.held.current = **current;
            result.outcome = Outcome::Lost;
            result.lostBeforeStart = true;
            return finish(invocation, *request, result);
        }
        if (first == lockcore::LeaseKeeper::Step::Failed) // the bound from before the wait stays
            Output(false).warning(renewalFailedText(keeper));
    }
    result.expiresAt = keeper.grant().expiresAt;
    result.renewals = keeper.renewals();
    closeOwnOnExec(inherited);
    result.runId = u"%1"_s.arg(qulonglong(QRandomGenerator::global()->generate64()), 16, 16, QChar(u'0'));
    if (request->scope)
        result.scopeUnit = scopeUnit();
    runGranted(invocation, **service, keeper, *request, result, relay);
    return finish(invocation, *request, result);
}

} // namespace lockctl
