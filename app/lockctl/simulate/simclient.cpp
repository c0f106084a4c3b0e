// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl sim-client --client I --node N --restart R (hidden): one client of "lockctl simulate
// --processes", connected to node N (0-based; its --db is that node's URL). Reads {"settings": SimSettings, "deadline_db_us": N} from stdin, runs
// locksim::runClient and prints its records as JSON lines on stdout (see simrecords.h).
// SIGTERM ends it cleanly; the parent's SIGKILL is a crash.

#include "commands.h"
#include "connect.h"
#include "exitcode.h"
#include "interrupt.h"
#include "invocation.h"
#include "lockctltr.h"
#include "options.h"
#include "simrecords.h"
#include "simulator.h"

#include <QFile>
#include <QJsonDocument>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace cli;
using lockcore::Error;

namespace lockctl {

namespace {

constexpr quint32 restartSeedStep = 0x9E3779B1u; // a replacement makes other random choices

void emitLine(const QByteArray &line)
{
    std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
    std::fflush(stdout); // at once: the parent must see a grant before a kill
}

lockcore::ConnectionSpec withEnvironmentPassword(lockcore::ConnectionSpec spec)
{
    if (!spec.passwordFromUrl && qEnvironmentVariableIsSet("LOCKSCOPE_PASSWORD"))
        spec.password = qEnvironmentVariable("LOCKSCOPE_PASSWORD");
    return spec;
}

} // namespace

QList<QCommandLineOption> simClientOptions()
{
    return {
        QCommandLineOption(u"client"_s, Tr::tr("The client number."), u"N"_s),
        QCommandLineOption(u"node"_s, Tr::tr("The node it runs on, counted from 0."), u"N"_s),
        QCommandLineOption(u"restart"_s, Tr::tr("How often this client was restarted."), u"N"_s),
    };
}

int runSimClient(Invocation &invocation)
{
    if (lockcore::Status valid = invocation.noArguments(); !valid)
        return invocation.usage(valid.error());
    auto client = integerOption(invocation.args(), u"client"_s, 0, 255, -1);
    auto restart = integerOption(invocation.args(), u"restart"_s, 0, 1000000, 0);
    auto node = integerOption(invocation.args(), u"node"_s, 0, 255, 0);
    if (!node)
        return invocation.usage(node.error());
    if (!client || *client < 0)
        return invocation.usage(client ? Tr::tr("--client is required.") : client.error().message);
    if (!restart)
        return invocation.usage(restart.error());

    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly))
        return invocation.usage(Tr::tr("Cannot read the settings from stdin."));
    const QJsonObject input = QJsonDocument::fromJson(in.readAll()).object();
    auto settings = locksim::SimSettings::fromJson(input.value(u"settings"_s).toObject());
    if (!settings)
        return invocation.usage(settings.error());
    if (*client >= settings->clients)
        return invocation.usage(Tr::tr("--client must be below the number of clients."));
    settings->seed += quint32(*restart) * restartSeedStep;
    const qint64 deadlineDbUs = input.value(u"deadline_db_us"_s).toInteger();

    auto spec = connectionSpec(invocation.settings());
    if (!spec)
        return invocation.fail(spec.error());

    InterruptGuard guard; // SIGTERM from the parent: stop after the current hold
    locksim::ClientSinks sinks;
    sinks.acquired = [](const locksim::HoldRecord &hold) {
        emitLine(recordLine(u"acquired"_s, hold.toJson()));
    };
    sinks.hold = [](const locksim::HoldRecord &hold) {
        emitLine(recordLine(u"hold"_s, hold.toJson()));
    };
    sinks.write = [](const locksim::WriteRecord &write) {
        emitLine(recordLine(u"write"_s, write.toJson()));
    };
    sinks.failure = [](const locksim::AttemptRecord &attempt) {
        emitLine(recordLine(u"failure"_s, attempt.toJson()));
    };
    sinks.crashed = [] { emitLine(recordLine(u"crashed"_s, {})); };
    sinks.paused = [] { emitLine(recordLine(u"paused"_s, {})); };
    locksim::runClient(withEnvironmentPassword(*spec), *settings, int(*client), int(*node),
                       InterruptGuard::flag(), deadlineDbUs, sinks);
    return ExitDone;
}

} // namespace lockctl
