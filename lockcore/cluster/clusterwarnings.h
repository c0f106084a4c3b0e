// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "clusterstatus.h"

#include <QList>
#include <QString>

namespace lockcore {

// Something about the cluster that a lock's safety or availability depends on.
struct ClusterWarning
{
    enum class Kind {
        LossOnFailover,   // PostgreSQL: a grant acknowledged here may not be on any standby
        CommitsWait,      // PostgreSQL: commits wait for a synchronous standby none is there
        Standby,          // PostgreSQL: this session reads a standby, which takes no writes
        GaleraNotPrimary, // Galera: this node is outside the primary component, or not ready
        GaleraNotSynced,  // Galera: this node is not Synced (Donor, Joining, Joined ...)
        StaleReads,       // Galera: this session's reads do not wait for the cluster's writes
        SmallCluster,     // Galera: fewer than 3 nodes lose quorum with one failure
    };
    Kind kind;
    QString text; // translated: what it is, and what it means for the locks

    static QString kindId(Kind kind); // "loss_on_failover", "standby", ... (stable, for JSON)
};

// The warnings `status` calls for, most serious first; none for a standalone server. A pure
// function of the value: what could not be read warns of nothing (status.unreadable says so).
QList<ClusterWarning> clusterWarnings(const ClusterStatus &status);

} // namespace lockcore
