// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "options.h"
#include "result.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>

class QCommandLineParser;

namespace lockctl {

// The options every lockctl command accepts, before or after the command name: the common
// ones (--db, --json, --connect-timeout, --no-prompt) and lockctl's own.
struct GlobalSettings : cli::CommonSettings
{
    QString table;
    bool tableGiven = false; // --table given (else the default, or the profile's table)
    QString profile;         // --profile: a built-in profile id or a JSON mapping file
    QString appTimeZone;     // --app-time-zone: the application's session time zone
    // --audit-table: Lockscope's lock table whose event table records admin actions on an
    // application's table (default: dist_lock; without one there: the local audit log).
    QString auditTable;
};

QList<QCommandLineOption> globalOptions();
// Reads the global options from the parser after the command (which wins) and the one before.
lockcore::Result<GlobalSettings> globalSettings(const QCommandLineParser &before,
                                                const QCommandLineParser &after);

} // namespace lockctl
