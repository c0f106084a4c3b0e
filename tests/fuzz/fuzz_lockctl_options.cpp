// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: lockctl's command line, split at NUL bytes into arguments, through the
// same parsing lockctl does before it runs a command (QCommandLineParser with the global
// options before and after the command name, globalSettings(), the typed --ttl/--wait/--limit
// options), and then the values lockctl checks before connecting (the URL, the table name, the
// time zone). Running a command is left out: it would connect to a database.
// Properties: no crash; every refusal is a clear InvalidInput error (exit code 2).

#include "fuzzcheck.h"

#include "connectionspec.h"
#include "globaloptions.h"
#include "validation.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;

namespace {

template<typename T>
void checkResult(const lockcore::Result<T> &result, const char *what)
{
    if (!result)
        fuzz::checkClearError(result.error(), what);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QStringList arguments{u"lockctl"_s};
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(data),
                                                     qsizetype(size));
    for (const QByteArray &argument : bytes.split('\0'))
        arguments << QString::fromUtf8(argument);
    if (arguments.size() > 64)
        return 0;

    QCommandLineParser global;
    global.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    global.addOptions(lockctl::globalOptions());
    if (!global.parse(arguments)) {
        fuzz::check(!global.errorText().isEmpty(), "parser refused without a message");
        return 0;
    }
    const QStringList rest = global.positionalArguments();
    QCommandLineParser command; // an acquire-like command: a duration, a number, a name
    command.addOptions(lockctl::globalOptions());
    command.addOption(QCommandLineOption(u"ttl"_s, u"ttl"_s, u"DURATION"_s));
    command.addOption(QCommandLineOption(u"wait"_s, u"wait"_s, u"DURATION"_s));
    command.addOption(QCommandLineOption(u"limit"_s, u"limit"_s, u"N"_s));
    command.addOption(QCommandLineOption(u"holder"_s, u"holder"_s, u"ID"_s));
    command.addPositionalArgument(u"NAME"_s, u"name"_s);
    if (!command.parse(QStringList{arguments.constFirst()} + rest.mid(1))) {
        fuzz::check(!command.errorText().isEmpty(), "parser refused without a message");
        return 0;
    }
    auto settings = lockctl::globalSettings(global, command);
    checkResult(settings, "global options refused without a clear error");
    checkResult(cli::durationOption(command, u"ttl"_s, 0), "--ttl");
    checkResult(cli::durationOption(command, u"wait"_s, 0), "--wait");
    auto limit = cli::integerOption(command, u"limit"_s, 1, 100000, 100);
    checkResult(limit, "--limit");
    if (limit)
        fuzz::check(*limit >= 1 && *limit <= 100000, "--limit out of its range");
    checkResult(cli::requiredOption(command, u"holder"_s), "--holder");
    if (!settings)
        return 0;
    fuzz::check(settings->connectTimeoutS >= 1 && settings->connectTimeoutS <= 3600,
                "--connect-timeout out of its range");
    fuzz::check(settings->appTimeZone.isEmpty() || !settings->profile.isEmpty(),
                "--app-time-zone without --profile");
    checkResult(lockcore::ConnectionSpec::parse(settings->url), "--db");
    checkResult(lockcore::validateTableName(settings->table), "--table");
    fuzz::check(bool(lockcore::validateTimeZoneName(settings->appTimeZone)),
                "an invalid --app-time-zone accepted", settings->appTimeZone);
    for (const QString &name : command.positionalArguments())
        checkResult(lockcore::validateLockName(name), "lock name");
    return 0;
}
