// lockctl run NAME [--ttl D] [--holder ID] [--wait D] [--kill-after D] [--json-file PATH]
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
#include "run/descriptors.h"
#include "run/runresult.h"
#include "run/signalrelay.h"
#include "run/supervisor.h"
#include "validation.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonDocument>

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
    report(invocation, request.jsonFile, runResultJson(result),
           runResultText(result, request.killAfterMs));
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

RunCommand commandFor(const RunRequest &request, const Grant &grant, const QString &table)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"LOCKSCOPE_LOCK"_s, grant.name);
    environment.insert(u"LOCKSCOPE_HOLDER"_s, grant.holder);
    environment.insert(u"LOCKSCOPE_FENCE"_s, QString::number(grant.fence));
    environment.insert(u"LOCKSCOPE_TABLE"_s, table);
    environment.insert(u"LOCKSCOPE_ACQUIRED_AT"_s, isoTime(grant.acquiredAt));
    return {request.command, environment};
}

// Runs the command under the granted lock, renewing it (hold.cpp's loop, as acquire --hold),
// and releases it when the command ends.
void runGranted(Invocation &invocation, lockcore::LockService &service,
                lockcore::LeaseKeeper &keeper, const RunRequest &request, RunResult &result,
                SignalRelay &relay)
{
    const Grant &grant = *result.grant;
    Supervisor supervisor(relay, request.killAfterMs);
    supervisor.setLeaseEnd(keeper.leaseEndMs()); // the keeper's clock is nowMs()'s
    const std::atomic_bool released{true}; // a signal came first: release at once
    const bool cancelled = relay.received().load();
    if (!cancelled)
        supervisor.start(commandFor(request, grant, invocation.settings().table));

    const HoldPlan plan{std::numeric_limits<qint64>::max(), true, request.lease.ttlMs};
    result.held = holdLock(
        service, keeper, plan, cancelled ? released : supervisor.ended(),
        [](const QString &text) { Output(false).warning(text); },
        [&](const lockcore::LeaseKeeper &renewed) {
            supervisor.setLeaseEnd(renewed.leaseEndMs());
            result.expiresAt = renewed.grant().expiresAt;
        });
    if (result.held.lost)
        supervisor.stopLost();
    result.end = supervisor.wait();
    result.renewals = result.held.renewals;

    if (cancelled)
        result.outcome = result.held.lost ? Outcome::Lost : Outcome::Cancelled;
    else if (result.end.notStarted)
        result.outcome = Outcome::NotStarted;
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
                                  "lost, or a signal passed on) before SIGKILL. Default: 10s."),
                           u"DURATION"_s),
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
    // What lockctl was given, before it connects: the command gets these, not the connection.
    const QSet<int> inherited = openDescriptors();
    auto service = invocation.service();
    if (!service)
        return failBefore(invocation, *request, result, service.error());

    // From here SIGINT, SIGTERM and SIGHUP end a wait, or reach the command.
    SignalRelay relay;
    const qint64 sent = nowMs();
    const LeaseOptions &lease = request->lease;
    auto grant = lease.waitMs > 0
                     ? (*service)->acquireWithWait(request->name, lease.holder, lease.ttlMs,
                                                   lockcore::RetryPolicy{lease.waitMs},
                                                   &relay.received())
                     : (*service)->acquire(request->name, lease.holder, lease.ttlMs);
    if (!grant && grant.error().kind == lockcore::Error::Kind::Cancelled) {
        result.outcome = Outcome::Cancelled;
        return finish(invocation, *request, result);
    }
    if (!grant)
        return failBefore(invocation, *request, result, grant.error());
    result.grant = *grant;
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
        if (first == lockcore::LeaseKeeper::Step::Failed) // the bound from before the wait stays
            Output(false).warning(renewalFailedText(keeper));
    }
    result.expiresAt = keeper.grant().expiresAt;
    result.renewals = keeper.renewals();
    closeOwnOnExec(inherited);
    runGranted(invocation, **service, keeper, *request, result, relay);
    return finish(invocation, *request, result);
}

} // namespace lockctl
