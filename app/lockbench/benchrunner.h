// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchoptions.h"
#include "benchresults.h"
#include "connectionspec.h"
#include "result.h"

#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace lockbench {

class Protocol;
struct RunFigures;

// The locks the runs use (each protocol's table holds them all).
QString uncontendedLock();
QString contendedLock();
QString separateLock(int client);
QStringList benchLocks(const BenchSettings &settings);

// Runs the measurements, block by block (blocksOf), each for every available protocol: one
// warm-up run (discarded), then settings.repeats measured runs, each figure their median.
// Every run's holds are checked for overlaps, warm-ups included.
class BenchRunner
{
public:
    using BlockDone = std::function<void(const BenchResults &, const Block &)>;
    using Progress = std::function<void(const QString &)>;

    BenchRunner(const BenchSettings &settings, const lockcore::ConnectionSpec &spec,
                int connectTimeoutS, const std::vector<std::unique_ptr<Protocol>> &protocols,
                const std::atomic_bool &interrupted);

    // Fills `results` (its protocols in the order given, unavailable ones included).
    lockcore::Status run(BenchResults &results, const BlockDone &blockDone,
                         const Progress &progress);

private:
    lockcore::Status uncontended(const Protocol &protocol, ProtocolResults &out);
    lockcore::Status onLocks(const Protocol &protocol, const Block &block, ProtocolResults &out);
    static void check(const RunFigures &figures, ProtocolResults &out);

    BenchSettings m_settings;
    lockcore::ConnectionSpec m_spec;
    int m_connectTimeoutS;
    const std::vector<std::unique_ptr<Protocol>> &m_protocols;
    const std::atomic_bool &m_interrupted;
    Progress m_progress;
};

} // namespace lockbench
