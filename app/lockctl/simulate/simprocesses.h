// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"
#include "session.h"
#include "result.h"
#include "simhistory.h"
#include "simsettings.h"

#include <QStringList>
#include <atomic>
#include <functional>

namespace lockctl {

class ProgressLine;

// "lockctl simulate --processes": every client a "lockctl sim-client" child process, client i
// on node i mod n. The password never goes on a child's command line: the URL without it, the
// password in LOCKSCOPE_PASSWORD. Killed holders (--kill-rate) are replaced with a new restart
// number, so the number of clients stays constant.
struct ProcessNode
{
    lockcore::ConnectionSpec spec; // with the password, as the parent connects to it
    QString url;                   // the URL as given; the children get it without password
};

struct ProcessRunPlan
{
    lockcore::Session *session = nullptr; // the parent's own (node 1), to confirm a holder
                                          // before a kill
    QList<ProcessNode> nodes;             // node 1 (--db) first
    int connectTimeoutS = 5;
    locksim::SimSettings settings;
    double killRate = 0;
    qint64 startDbUs = 0;    // the database clock when the run starts
    qint64 deadlineDbUs = 0; // the children stop acquiring at this database time
};

struct ProcessRunOutcome
{
    locksim::History history; // without startDbUs / endDbUs (the caller reads the clock)
    int kills = 0;
    QString failure; // a child failed on its own (connection, database): the run is void
};

// Runs the children until the deadline, settings.maxAcquisitions grants in all, or `stop`;
// then stops them (SIGTERM, then SIGKILL after a grace period) and merges their records.
ProcessRunOutcome runClientProcesses(const ProcessRunPlan &plan, const std::atomic_bool &stop,
                                     ProgressLine &progress);

// The URL without its password, for a child's command line.
QString urlWithoutPassword(const QString &url);

} // namespace lockctl
