// SPDX-License-Identifier: GPL-3.0-or-later
#include "globaloptions.h"

#include "lockctltr.h"
#include "lockservice.h"
#include "validation.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;
using lockcore::Error;
using lockcore::Result;

namespace lockctl {

QList<QCommandLineOption> globalOptions()
{
    const QList<QCommandLineOption> common = cli::commonOptions(); // --db first
    return common.mid(0, 1)
           + QList<QCommandLineOption>{
               QCommandLineOption(u"table"_s,
                                  Tr::tr("The lock table (default: %1); its events are in "
                                         "<table>_event.")
                                      .arg(lockcore::LockService::defaultTable()),
                                  u"NAME"_s),
               QCommandLineOption(
                   u"profile"_s,
                   Tr::tr("Work on an application's own lock table with its protocol: "
                          "seed-000, seed-001, seed-001-row, seed-004, shedlock, "
                          "spring-int-lock, spring-int-lock-ttl, knex, laravel, "
                          "laravel-schedule, liquibase, graphile-worker-jobs, "
                          "graphile-worker-queues, db-scheduler, "
                          "quartz-instances, quartz, or a .json file mapping a custom table (see "
                          "docs/profiles.md). list, show, acquire, release, "
                          "force-release and init accept it."),
                   u"NAME"_s),
               QCommandLineOption(u"app-time-zone"_s,
                                  Tr::tr("With --profile: the time zone the application's "
                                         "sessions write local times in (e.g. Asia/Shanghai, "
                                         "or +08:00 on MySQL); lockctl's session uses it so "
                                         "that expiry compares as the application's own "
                                         "statements do."),
                                  u"ZONE"_s),
               QCommandLineOption(u"audit-table"_s,
                                  Tr::tr("With --profile: record admin actions in the event "
                                         "table of this Lockscope lock table (default: %1); "
                                         "without it in the database, in the local audit log.")
                                      .arg(lockcore::LockService::defaultTable()),
                                  u"NAME"_s),
           }
           + common.mid(1)
           + QList<QCommandLineOption>{
               QCommandLineOption(u"read-only"_s,
                                  Tr::tr("Refuse every change (acquire, release, init, "
                                         "force-release, schema --create, terminate...): it "
                                         "exits with 2 before anything is sent, and the "
                                         "database session is read-only too. Also: "
                                         "readonly=1 in a server URL.")),
           };
}

Result<GlobalSettings> globalSettings(const QCommandLineParser &before,
                                      const QCommandLineParser &after)
{
    const auto value = [&](const QString &name) {
        return after.isSet(name) ? after.value(name) : before.value(name);
    };
    const auto isSet = [&](const QString &name) {
        return after.isSet(name) || before.isSet(name);
    };

    GlobalSettings settings;
    settings.tableGiven = isSet(u"table"_s);
    settings.table = isSet(u"table"_s) ? value(u"table"_s) : lockcore::LockService::defaultTable();
    settings.profile = value(u"profile"_s);
    settings.appTimeZone = value(u"app-time-zone"_s);
    settings.auditTable = isSet(u"audit-table"_s) ? value(u"audit-table"_s)
                                                  : lockcore::LockService::defaultTable();
    if (isSet(u"audit-table"_s) && settings.profile.isEmpty())
        return Error::invalidInput(Tr::tr("--audit-table is for an application's table: give "
                                          "--profile too."));
    if (lockcore::Status valid = lockcore::validateTableName(settings.auditTable); !valid)
        return valid.error();
    if (!settings.appTimeZone.isEmpty() && settings.profile.isEmpty())
        return Error::invalidInput(Tr::tr("--app-time-zone is for an application's table: give "
                                          "--profile too."));
    // Checked here, for every command: some (such as "now") accept --profile but never use it.
    if (lockcore::Status zone = lockcore::validateTimeZoneName(settings.appTimeZone); !zone)
        return zone.error();
    auto common = cli::commonSettings(before, after);
    if (!common)
        return common.error();
    static_cast<cli::CommonSettings &>(settings) = *common;
    settings.readOnly = isSet(u"read-only"_s);
    return settings;
}

} // namespace lockctl
