// SPDX-License-Identifier: GPL-3.0-or-later
#include "exporteroptions.h"

#include "commands.h"
#include "connect.h"
#include "invocation.h"
#include "lockctltr.h"
#include "lockselection.h"
#include "lockservice.h"
#include "options.h"
#include "validation.h"

#include <QHash>

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::Result;

namespace lockctl {

namespace {

// A target's options as given, before they are checked.
struct TargetGroup
{
    QString url;
    QHash<QString, QString> values; // table, profile, name, app-time-zone
};

const QStringList groupOptions = {u"table"_s, u"profile"_s, u"name"_s, u"app-time-zone"_s};

// The --db groups in the order of the command's options; without a --db after the command,
// one group from --db before it or $LOCKSCOPE_DB.
Result<QList<TargetGroup>> targetGroups(const Invocation &invocation)
{
    const QCommandLineParser &args = invocation.args();
    QList<TargetGroup> groups;
    if (!args.isSet(u"db"_s))
        groups.append({invocation.settings().url, {}});
    QHash<QString, qsizetype> used; // values taken so far, per option
    QList<std::pair<QString, QString>> early; // options before the first --db
    for (const QString &name : args.optionNames()) {
        if (name != u"db"_s && !groupOptions.contains(name))
            continue;
        const QString value = args.values(name).value(used[name]++);
        if (name == u"db"_s) {
            groups.append({value, {}});
            continue;
        }
        TargetGroup *group = groups.isEmpty() ? nullptr : &groups.last();
        if (!group) {
            early.append({name, value});
            continue;
        }
        if (group->values.contains(name))
            return Error::invalidInput(Tr::tr("--%1 is given twice for the same --db; give "
                                              "each --db its own.")
                                           .arg(name));
        group->values.insert(name, value);
    }
    for (const auto &[name, value] : std::as_const(early)) {
        if (groups.constFirst().values.contains(name))
            return Error::invalidInput(Tr::tr("--%1 is given twice for the same --db; give "
                                              "each --db its own.")
                                           .arg(name));
        groups.first().values.insert(name, value);
    }
    return groups;
}

// The "db" label when --name is not given: the URL without its user and password.
QString defaultName(lockcore::ConnectionSpec spec)
{
    spec.user.clear();
    spec.password.clear();
    spec.readOnly = false;
    return spec.redacted();
}

Result<ExportTarget> targetOf(const Invocation &invocation, const TargetGroup &group)
{
    GlobalSettings settings = invocation.settings();
    settings.url = group.url;
    settings.readOnly = true; // read-only by construction
    settings.profile = group.values.value(u"profile"_s);
    settings.appTimeZone = group.values.value(u"app-time-zone"_s);
    settings.tableGiven = group.values.contains(u"table"_s);
    settings.table = group.values.value(u"table"_s, lockcore::LockService::defaultTable());
    if (!settings.appTimeZone.isEmpty() && settings.profile.isEmpty())
        return Error::invalidInput(Tr::tr("--app-time-zone is for an application's table: give "
                                          "--profile too."));
    if (lockcore::Status zone = lockcore::validateTimeZoneName(settings.appTimeZone); !zone)
        return zone.error();
    auto spec = cli::connectionSpec(settings);
    if (!spec)
        return spec.error();
    ExportTarget target;
    target.spec = *spec;
    target.spec.readOnly = true;
    target.table = settings.table;
    if (!settings.profile.isEmpty()) {
        Invocation forTarget(*findCommand(u"exporter"_s), invocation.args(), settings,
                             invocation.out());
        auto profile = forTarget.profile();
        if (!profile)
            return profile.error();
        target.profile = *profile;
        if (!settings.tableGiven)
            target.table = profile->defaultTable;
    }
    if (lockcore::Status valid = lockcore::validateTableName(target.table); !valid)
        return valid.error();
    target.name = group.values.value(u"name"_s, defaultName(target.spec));
    if (target.name.trimmed().isEmpty())
        return Error::invalidInput(Tr::tr("--name cannot be empty."));
    return target;
}

lockcore::Status checkUniqueLabels(const QList<ExportTarget> &targets)
{
    for (qsizetype i = 0; i < targets.size(); ++i) {
        for (qsizetype j = 0; j < i; ++j) {
            if (targets.at(i).name == targets.at(j).name
                && targets.at(i).table == targets.at(j).table)
                return Error::invalidInput(
                    Tr::tr("Two targets would have the same labels db=\"%1\" table=\"%2\": give "
                           "one of them another --name.")
                        .arg(targets.at(i).name, targets.at(i).table));
        }
    }
    return {};
}

} // namespace

Result<std::pair<QHostAddress, quint16>> parseListen(const QString &text)
{
    const qsizetype colon = text.lastIndexOf(u':');
    const auto bad = [&] {
        return Error::invalidInput(Tr::tr("--listen needs ADDRESS:PORT (such as 127.0.0.1:9817, "
                                          "[::1]:9817 or :9817 for every address); got \"%1\".")
                                       .arg(text.left(80)));
    };
    if (colon < 0)
        return bad();
    bool ok = false;
    const uint port = text.mid(colon + 1).toUInt(&ok);
    if (!ok || port > 65535)
        return bad();
    QString host = text.left(colon);
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    QHostAddress address = host.isEmpty() ? QHostAddress(QHostAddress::Any) : QHostAddress(host);
    if (address.isNull())
        return bad();
    return std::pair{address, quint16(port)};
}

QList<QCommandLineOption> exporterCommandOptions()
{
    return {
        QCommandLineOption(u"listen"_s,
                           Tr::tr("Where to serve /metrics (default: 127.0.0.1:9817; :9817 "
                                  "listens on every address)."),
                           u"ADDR:PORT"_s),
        QCommandLineOption(u"name"_s,
                           Tr::tr("The \"db\" label of the --db before it (default: its URL "
                                  "without user and password)."),
                           u"NAME"_s),
        QCommandLineOption(u"include"_s,
                           Tr::tr("Report one by one only the locks whose name matches this "
                                  "glob (* any characters, ? one character, case-sensitive); "
                                  "may be repeated (default: every lock)."),
                           u"PATTERN"_s),
        QCommandLineOption(u"max-locks"_s,
                           Tr::tr("Report at most this many locks one by one per table, expired "
                                  "ones first, then held, then free, each by name (default: "
                                  "1000; 0: none)."),
                           u"N"_s),
        QCommandLineOption(u"scrape-timeout"_s,
                           Tr::tr("Report a table that has not answered within this time as "
                                  "down (default: 5s)."),
                           u"DURATION"_s),
    };
}

Result<ExporterOptions> exporterOptions(const Invocation &invocation)
{
    const QCommandLineParser &args = invocation.args();
    ExporterOptions options;
    if (lockcore::Status none = invocation.noArguments(); !none)
        return none.error();
    if (args.isSet(u"listen"_s)) {
        auto listen = parseListen(args.value(u"listen"_s));
        if (!listen)
            return listen.error();
        options.address = listen->first;
        options.port = listen->second;
    }
    auto maxLocks = cli::integerOption(args, u"max-locks"_s, 0, 1000000, 1000);
    if (!maxLocks)
        return maxLocks.error();
    options.maxLocks = *maxLocks;
    auto timeout = cli::durationOption(args, u"scrape-timeout"_s, 5000);
    if (!timeout)
        return timeout.error();
    if (*timeout < 100 || *timeout > 600000)
        return Error::invalidInput(Tr::tr("--scrape-timeout must be from 100ms to 10m."));
    options.scrapeTimeoutMs = *timeout;
    options.include = args.values(u"include"_s);
    if (auto selection = lockcore::LockSelection::create(options.include, options.maxLocks);
        !selection)
        return selection.error();
    options.connectTimeoutS = invocation.settings().connectTimeoutS;
    auto groups = targetGroups(invocation);
    if (!groups)
        return groups.error();
    for (const TargetGroup &group : std::as_const(*groups)) {
        auto target = targetOf(invocation, group);
        if (!target)
            return target.error();
        options.targets.append(*target);
    }
    if (lockcore::Status unique = checkUniqueLabels(options.targets); !unique)
        return unique.error();
    return options;
}

} // namespace lockctl
