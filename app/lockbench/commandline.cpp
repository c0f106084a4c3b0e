// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

#include "benchoptions.h"
#include "errortext.h"
#include "exitcode.h"
#include "helptext.h"
#include "options.h"
#include "output.h"
#include "runbench.h"
#include "tr.h"

#include <QCommandLineParser>
#include <QCoreApplication>

using namespace Qt::StringLiterals;
using namespace cli;

namespace lockbench {

namespace {

QString description()
{
    return Tr::tr("Measure lockcore beside other lock protocols on the database of --db.")
           + u"\n\n"_s
           + Tr::tr("Side by side, each in tables of its own (<prefix>_<protocol>, dropped at "
                    "the start and at the end): lockcore (the library); raw-sql (lockcore's two "
                    "statements sent directly, the floor of a durable lease); seed-000 (SELECT, "
                    "INSERT if missing, conditional UPDATE, UPDATE to release); seed-004 "
                    "(unique-key INSERT to lock, DELETE to unlock); shedlock-style (ShedLock's "
                    "INSERT or UPDATE where lock_until <= now, unlock sets lock_until = now); "
                    "native (pg_advisory_lock, GET_LOCK; none on SQLite). Measured: uncontended "
                    "cycle latency p50/p99 and round trips per cycle; throughput and hand-off "
                    "gap with --clients clients on one lock; throughput with --separate clients "
                    "on locks of their own. Clients are threads, each with its own connection. "
                    "Every run is checked: two clients holding a lock at once, or a refused "
                    "release, is reported as VIOLATION OBSERVED (exit code 1); otherwise \"No "
                    "violation observed in N holds\" (a run shows what happened, not that a "
                    "design is safe). A default run takes a few minutes.")
           + u"\n\n"_s
           + Tr::tr("A developer tool, built beside lockctl and not installed; it was \"lockctl "
                    "bench\", with the same options. Exit codes: 0 done, 1 violation observed "
                    "or interrupted, 2 usage error, 3 database error.");
}

} // namespace

int run(const QStringList &arguments)
{
    // Until the options are parsed, --json anywhere asks for JSON errors.
    Output out(arguments.contains(u"--json"_s));

    QCommandLineParser parser;
    parser.setApplicationDescription(wrapped(description()));
    parser.addOptions(commonOptions());
    parser.addOptions(benchOptionList());
    parser.addOption(helpOption());
    parser.addOption(QCommandLineOption({u"v"_s, u"version"_s}, Tr::tr("Show the version.")));
    const bool parsed = parser.parse(arguments);
    if ((parsed && parser.isSet(u"help"_s)) || (!parsed && arguments.contains(u"--help"_s))) {
        Output::writeStdout(helpText(parser, Tr::tr("lockbench [options]")));
        return ExitDone;
    }
    if (!parsed)
        return out.usage(parser.errorText());
    if (parser.isSet(u"version"_s)) {
        Output::writeStdout(u"lockbench "_s + QCoreApplication::applicationVersion());
        return ExitDone;
    }

    auto common = commonSettings(parser, parser);
    if (!common)
        return out.usage(errorText(common.error()));
    out.setJson(common->json);
    const QStringList positional = parser.positionalArguments();
    if (!positional.isEmpty())
        return out.usage(Tr::tr("lockbench takes no arguments; unexpected \"%1\".")
                             .arg(positional.constFirst().left(80)));
    auto settings = parseBenchSettings(parser);
    if (!settings)
        return out.usage(errorText(settings.error()));
    return runBench(*settings, *common, out);
}

} // namespace lockbench
