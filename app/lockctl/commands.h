// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QString>

namespace lockctl {

class Invocation;

// One lockctl command: its name, what it does, its arguments and options, and how it runs.
struct Command
{
    const char *name;
    const char *summary;   // one line, for "lockctl --help" (QT_TRANSLATE_NOOP, context lockctl)
    const char *details;   // more text for "lockctl COMMAND --help" (may be empty)
    const char *arguments; // "NAME" or "" (positional arguments, for the usage line)
    QList<QCommandLineOption> (*options)();
    int (*run)(Invocation &invocation);
    // It moved out of lockctl: whatever options it is given, run() says where it went.
    bool moved = false;
};

const QList<Command> &commands();
// Commands lockctl runs for itself (not listed in the help): "sim-client".
const QList<Command> &internalCommands();
const Command *findCommand(const QString &name);

// The commands, one file per group.
QList<QCommandLineOption> schemaOptions();
int runSchema(Invocation &invocation);

QList<QCommandLineOption> initOptions();
int runInit(Invocation &invocation);
QList<QCommandLineOption> forceReleaseOptions();
int runForceRelease(Invocation &invocation);
int runDelete(Invocation &invocation);

int runList(Invocation &invocation);
int runShow(Invocation &invocation);
QList<QCommandLineOption> historyOptions();
int runHistory(Invocation &invocation);
// The admin actions across every lock (commands/audit.cpp).
QList<QCommandLineOption> auditOptions();
int runAudit(Invocation &invocation);
int runNow(Invocation &invocation);

QList<QCommandLineOption> acquireOptions();
int runAcquire(Invocation &invocation);
QList<QCommandLineOption> renewOptions();
int runRenew(Invocation &invocation);
QList<QCommandLineOption> releaseOptions();
int runRelease(Invocation &invocation);

// Runs a command under a lock, renewing it (commands/run.cpp, run/).
QList<QCommandLineOption> runOptions();
int runRun(Invocation &invocation);

QList<QCommandLineOption> simulateOptions();
int runSimulate(Invocation &invocation);
QList<QCommandLineOption> simClientOptions();
int runSimClient(Invocation &invocation);

// "lockctl bench" moved: the benchmark is lockbench, a developer tool (commands/benchmoved.cpp).
int runBenchMoved(Invocation &invocation);

QList<QCommandLineOption> nativeLocksOptions();
int runNativeLocks(Invocation &invocation);
QList<QCommandLineOption> terminateOptions();
int runTerminate(Invocation &invocation);
QList<QCommandLineOption> cancelOptions();
int runCancel(Invocation &invocation);

// The connected server's cluster: Galera, PostgreSQL primary or standby (commands/cluster.cpp).
int runCluster(Invocation &invocation);

// The lock tables as Prometheus metrics over HTTP (exporter/).
QList<QCommandLineOption> exporterCommandOptions();
int runExporter(Invocation &invocation);

QList<QCommandLineOption> noOptions();

// --profile: the same commands on an application's own table (commands/profile.cpp).
QList<QCommandLineOption> listOptions();
int runProfileList(Invocation &invocation);
int runProfileShow(Invocation &invocation);
int runProfileAcquire(Invocation &invocation);
int runProfileRelease(Invocation &invocation);
int runProfileForceRelease(Invocation &invocation);
int runProfileInit(Invocation &invocation);
// The usage error for --reason on acquire, release or init without --profile (on Lockscope's
// own table only force-release takes a reason).
QString reasonNeedsProfile();
int runDetect(Invocation &invocation);

} // namespace lockctl
