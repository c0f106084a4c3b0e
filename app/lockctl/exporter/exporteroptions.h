// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"
#include "profile.h"
#include "result.h"

#include <QCommandLineOption>
#include <QHostAddress>
#include <QList>
#include <QStringList>

#include <optional>

namespace lockctl {

class Invocation;

// One lock table to export: a database and its table, native or an application's.
struct ExportTarget
{
    lockcore::ConnectionSpec spec;         // read-only
    std::optional<lockcore::Profile> profile; // none: Lockscope's own table
    QString table;                         // validated
    QString name;                          // the "db" label
};

struct ExporterOptions
{
    QHostAddress address = QHostAddress::LocalHost;
    quint16 port = 9817;
    QList<ExportTarget> targets;
    QStringList include;    // glob patterns (LockSelection)
    qint64 maxLocks = 1000;
    qint64 scrapeTimeoutMs = 5000;
    int connectTimeoutS = 5;
};

QList<QCommandLineOption> exporterCommandOptions();

// The options of "lockctl exporter". The targets are read in the order the options were given:
// each --db starts a target, and a --table, --profile, --name or --app-time-zone belongs to the
// --db before it (one given before the first --db belongs to the first).
lockcore::Result<ExporterOptions> exporterOptions(const Invocation &invocation);

// "ADDR:PORT", "[IPv6]:PORT" or ":PORT" (all addresses).
lockcore::Result<std::pair<QHostAddress, quint16>> parseListen(const QString &text);

} // namespace lockctl
