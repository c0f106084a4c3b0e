// SPDX-License-Identifier: GPL-3.0-or-later
#include "options.h"

#include "clitr.h"
#include "duration.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::Result;

namespace cli {

QList<QCommandLineOption> commonOptions()
{
    return {
        QCommandLineOption(u"db"_s,
                           Tr::tr("The database URL (default: $LOCKSCOPE_DB), such as "
                                  "sqlite:/path/locks.db, postgresql://user@host/db or "
                                  "mysql://user@host/db; a PostgreSQL primary and its "
                                  "standbys: postgresql://user@host1:5432,host2:5432/db"
                                  "?target_session_attrs=read-write; an ODBC data source: "
                                  "odbc://user@DSN. The password may be given in "
                                  "$LOCKSCOPE_PASSWORD instead."),
                           u"URL"_s),
        QCommandLineOption(u"json"_s, Tr::tr("Print one JSON object on stdout.")),
        QCommandLineOption(u"connect-timeout"_s,
                           Tr::tr("Give up connecting after this long, such as 5s or 1m, "
                                  "counted in whole seconds (rounded up), 1s to 1h (default: "
                                  "5s)."),
                           u"DURATION"_s),
        QCommandLineOption(u"no-prompt"_s, Tr::tr("Never ask for a password, even on a terminal.")),
    };
}

Result<int> connectTimeoutSeconds(const QString &text)
{
    auto ms = lockcore::parseDurationMs(text, u"--connect-timeout"_s);
    if (!ms)
        return ms.error();
    if (*ms < 1 || *ms > 3600 * 1000)
        return Error::invalidInput(Tr::tr("--connect-timeout must be from 1s to 1h; got \"%1\".")
                                       .arg(text.left(40)));
    return int((*ms + 999) / 1000); // the drivers count whole seconds
}

Result<CommonSettings> commonSettings(const QCommandLineParser &before,
                                      const QCommandLineParser &after)
{
    const auto value = [&](const QString &name) {
        return after.isSet(name) ? after.value(name) : before.value(name);
    };
    const auto isSet = [&](const QString &name) {
        return after.isSet(name) || before.isSet(name);
    };

    CommonSettings settings;
    settings.url = isSet(u"db"_s) ? value(u"db"_s) : qEnvironmentVariable("LOCKSCOPE_DB");
    settings.json = isSet(u"json"_s);
    settings.noPrompt = isSet(u"no-prompt"_s);
    if (isSet(u"connect-timeout"_s)) {
        auto seconds = connectTimeoutSeconds(value(u"connect-timeout"_s));
        if (!seconds)
            return seconds.error();
        settings.connectTimeoutS = *seconds;
    }
    return settings;
}

Result<qint64> durationOption(const QCommandLineParser &parser, const QString &option,
                              qint64 fallback)
{
    if (!parser.isSet(option))
        return fallback;
    return lockcore::parseDurationMs(parser.value(option), u"--"_s + option);
}

Result<qint64> integerOption(const QCommandLineParser &parser, const QString &option, qint64 min,
                             qint64 max, qint64 fallback)
{
    if (!parser.isSet(option))
        return fallback;
    bool ok = false;
    const qint64 number = parser.value(option).trimmed().toLongLong(&ok);
    if (!ok || number < min || number > max)
        return Error::invalidInput(Tr::tr("--%1 needs a whole number from %2 to %3; got \"%4\".")
                                       .arg(option)
                                       .arg(min)
                                       .arg(max)
                                       .arg(parser.value(option).left(40)));
    return number;
}

Result<QString> requiredOption(const QCommandLineParser &parser, const QString &option)
{
    if (!parser.isSet(option))
        return Error::invalidInput(Tr::tr("--%1 is required.").arg(option));
    return parser.value(option);
}

} // namespace cli
