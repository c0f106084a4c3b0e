// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>

class QCommandLineParser;

namespace lockbench {

// How waiting clients poll (each protocol applies it its own way, see benchwait.h).
struct WaitSettings
{
    qint64 pollMs = 10;    // the base poll interval, the same for every protocol
    qint64 pollMaxMs = 80; // lockcore and raw-sql: their backoff grows up to this
    double jitter = 0.5;   // lockcore, raw-sql and shedlock-style: pause scaled by [1-j, 1+j]
};

// What lockbench was asked to measure.
struct BenchSettings
{
    QStringList protocols;                  // ids (benchprotocol.h), in the bench's order
    QList<int> contendedClients{1, 4, 16, 64}; // clients on one lock
    QList<int> separateClients{1, 2, 8};    // clients each on a lock of its own
    int cycles = 1000;                      // uncontended cycles per run
    int repeats = 3;                        // measured runs per figure (median reported)
    qint64 durationMs = 1000;               // one contended or separate run
    qint64 ttlMs = 30000;                   // the lease every protocol asks for
    qint64 holdUs = 0;                      // contended and separate runs: time held
    qint64 thinkUs = 1000;                  // contended runs: pause after each release
    WaitSettings wait;
    QString tablePrefix = QStringLiteral("lockscope_bench");
    bool keepTables = false;

    // The warm-up run before the measured ones of a figure (discarded).
    qint64 warmUpMs() const { return qMax<qint64>(100, durationMs / 2); }
    int warmUpCycles() const { return qMax(10, cycles / 10); }
};

QList<QCommandLineOption> benchOptionList();
// Every option checked (the option named in the message); errors are InvalidInput (exit 2).
lockcore::Result<BenchSettings> parseBenchSettings(const QCommandLineParser &args);

} // namespace lockbench
