// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"
#include "result.h"
#include "simsettings.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>

class QCommandLineParser;

namespace lockctl {

// What "lockctl simulate" was asked to do: the engine's settings plus how lockctl runs it.
struct SimulateRequest
{
    locksim::SimSettings settings;
    // --node-url: the other nodes of the cluster that --db is node 1 of (client i runs on node
    // i mod n). A node without a password in its URL gets node 1's once that is known.
    QList<lockcore::ConnectionSpec> otherNodes;
    QStringList otherNodeUrls; // as given, for the child processes' command lines
    bool processes = false; // each client a lockctl child process instead of a thread
    double killRate = 0;    // --processes: chance per 100 ms that a holding child is killed
    QString historyPath;    // empty: no history file; ".csv": the holds as CSV, else JSON
};

QList<QCommandLineOption> simulateOptionList();
// Every option checked, ranges first (the option named in the message), then the settings as
// a whole (SimSettings::validate). Errors are InvalidInput (exit code 2).
lockcore::Result<SimulateRequest> parseSimulateRequest(const QCommandLineParser &args);

} // namespace lockctl
