// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

#include "commands.h"
#include "exitcode.h"
#include "globaloptions.h"
#include "helptext.h"
#include "invocation.h"
#include "lockctltr.h"
#include "output.h"

#include <QCommandLineParser>
#include <QCoreApplication>

using namespace Qt::StringLiterals;
using namespace cli;

namespace lockctl {

namespace {

QString commandList()
{
    qsizetype width = 0;
    for (const Command &command : commands())
        width = qMax(width, qsizetype(qstrlen(command.name)));
    QString text = Tr::tr("Commands:") + u'\n';
    for (const Command &command : commands())
        text += u"  "_s + QString::fromLatin1(command.name).leftJustified(width + 2)
                + QCoreApplication::translate("lockctl", command.summary) + u'\n';
    text += u'\n' + Tr::tr("Run \"lockctl COMMAND --help\" for the options of a command.") + u'\n';
    text += Tr::tr("A DURATION takes a unit: 500ms, 30s, 5m, 1h, 1d, or combined from the "
                   "largest down, 1m30s; a number alone is refused, except 0.")
            + u'\n';
    text += Tr::tr("Exit codes: 0 done, 1 refused (not acquired, lost, fence moved, lock held), "
                   "2 usage error, 3 database error.")
            + u' '
            + Tr::tr("\"lockctl run\" exits with its command's status (see \"lockctl run "
                     "--help\").")
            + u'\n';
    return text;
}

QString usageLine(const Command *command)
{
    if (!command)
        return Tr::tr("lockctl [global options] COMMAND [options] [arguments]");
    QString line
        = Tr::tr("lockctl [global options] %1 [options]").arg(QString::fromLatin1(command->name));
    if (qstrlen(command->arguments) > 0)
        line += u' ' + QString::fromLatin1(command->arguments);
    return line;
}

void setUpGlobalParser(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        wrapped(Tr::tr("Distributed locks in a database table: define, acquire, renew, release "
                       "and inspect them.")));
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    parser.addOptions(globalOptions());
    parser.addOption(helpOption());
    parser.addOption(QCommandLineOption({u"v"_s, u"version"_s}, Tr::tr("Show the version.")));
    parser.addPositionalArgument(u"COMMAND"_s, Tr::tr("The command to run (see below)."));
}

void setUpCommandParser(QCommandLineParser &parser, const Command &command)
{
    QString description = QCoreApplication::translate("lockctl", command.summary);
    if (qstrlen(command.details) > 0)
        description += u"\n\n"_s + QCoreApplication::translate("lockctl", command.details);
    if (!command.moved)
        description += u"\n\n"_s
                       + Tr::tr("The global options (--db, --table, --json, --connect-timeout, "
                                "--no-prompt, --read-only; see \"lockctl --help\") may also be "
                                "given here.");
    parser.setApplicationDescription(wrapped(description));
    parser.addOptions(command.options());
    for (QCommandLineOption option : globalOptions()) {
        option.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(option);
    }
    parser.addOption(helpOption());
    const QString argument = QString::fromLatin1(command.arguments).section(u' ', 0, 0);
    if (argument == u"PID"_s) // cancel, terminate
        parser.addPositionalArgument(argument,
                                     Tr::tr("The session: a PostgreSQL backend pid or a "
                                            "MySQL/MariaDB connection id, as native-locks "
                                            "shows it."));
    else if (!argument.isEmpty())
        parser.addPositionalArgument(argument, Tr::tr("The name of the lock."));
    if (QByteArray(command.arguments).contains("COMMAND")) // lockctl run NAME -- COMMAND ...
        parser.addPositionalArgument(u"COMMAND"_s, Tr::tr("The command to run (after --) and its "
                                                          "arguments."));
}

} // namespace

int run(const QStringList &arguments)
{
    // Until the options are parsed, --json anywhere asks for JSON errors.
    Output out(arguments.contains(u"--json"_s));

    QCommandLineParser global;
    setUpGlobalParser(global);
    if (!global.parse(arguments))
        return out.usage(global.errorText());
    if (global.isSet(u"version"_s)) {
        Output::writeStdout(u"lockctl "_s + QCoreApplication::applicationVersion());
        return ExitDone;
    }
    QStringList rest = global.positionalArguments();
    const bool helpCommand = !rest.isEmpty() && rest.constFirst() == u"help";
    if (helpCommand)
        rest.removeFirst(); // "lockctl help [COMMAND]" is "lockctl [COMMAND] --help"
    if (rest.isEmpty()) {
        if (global.isSet(u"help"_s) || helpCommand) {
            Output::writeStdout(helpText(global, usageLine(nullptr)) + u'\n' + commandList());
            return ExitDone;
        }
        return out.usage(Tr::tr("No command given."));
    }

    const Command *command = findCommand(rest.constFirst());
    if (!command) {
        QStringList names;
        for (const Command &known : commands())
            names << QString::fromLatin1(known.name);
        return out.usage(Tr::tr("Unknown command \"%1\"; the commands are: %2.")
                             .arg(rest.constFirst().left(40), names.join(u", "_s)));
    }

    QCommandLineParser parser;
    setUpCommandParser(parser, *command);
    const QString name = QString::fromLatin1(command->name);
    const bool parsed = parser.parse(QStringList{arguments.value(0)} + rest.mid(1));
    if (helpCommand || global.isSet(u"help"_s) || (parsed && parser.isSet(u"help"_s))
        || (!parsed && rest.mid(1).contains(u"--help"_s))) {
        Output::writeStdout(helpText(parser, usageLine(command)));
        return ExitDone;
    }
    if (command->moved) { // its old options are not lockctl's: say where it went, whatever
        GlobalSettings settings;
        settings.json = out.isJson();
        Invocation invocation(*command, parser, settings, out);
        return command->run(invocation);
    }
    if (!parsed)
        return out.usage(parser.errorText(), name);

    auto settings = globalSettings(global, parser);
    if (!settings)
        return out.usage(settings.error().message, name);
    out.setJson(settings->json);

    // Commands that have a meaning on an application's table take --profile; the others
    // would silently work on Lockscope's own table instead, so they refuse it.
    static const QStringList withProfile = {u"list"_s, u"show"_s, u"acquire"_s, u"release"_s,
                                            u"force-release"_s, u"init"_s, u"detect"_s,
                                            u"now"_s, u"native-locks"_s, u"terminate"_s, u"cancel"_s,
                                            u"exporter"_s};
    if (!settings->profile.isEmpty() && !withProfile.contains(name))
        return out.usage(Tr::tr("--profile does not apply to \"%1\": application tables have no "
                                "fence, renewal, history or schema of Lockscope's. It works with: "
                                "%2.")
                             .arg(name, withProfile.join(u", "_s)),
                         name);
    Invocation invocation(*command, parser, *settings, out);
    return command->run(invocation);
}

} // namespace lockctl
