// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"
#include "simulator.h"

#include <QString>
#include <mutex>

namespace lockctl {

// The one-line progress of a running simulation on stderr, rewritten in place ("\r"); only
// when stderr is a terminal. Thread-safe (the simulator may report from its own thread).
class ProgressLine
{
public:
    ProgressLine();
    ~ProgressLine(); // clears the line
    void update(qint64 elapsedMs, qint64 acquisitions, int crashes, int pauses);

private:
    void clear();
    std::mutex m_mutex;
    bool m_enabled = false;
    qsizetype m_width = 0;
};

// The readable summary: what was observed (no violation in N holds, or the violations), the
// liveness notes (stuck locks, clients that never got a lock), then the metrics.
QString summaryText(const locksim::SimReport &report);

// Checks early that the history file can be written (creating it).
lockcore::Status checkHistoryFile(const QString &path);
// The full history as JSON, or the holds as CSV when the path ends in ".csv".
lockcore::Status writeHistoryFile(const QString &path, const locksim::History &history);

} // namespace lockctl
