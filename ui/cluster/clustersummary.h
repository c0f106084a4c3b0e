// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clusterstatus.h"

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace ui {

// The window's words for a cluster status, shared by the status bar item and the panel.
struct ClusterSummary
{
    Q_DECLARE_TR_FUNCTIONS(ui::ClusterSummary)

public:
    // The status bar's text: "Standalone", "Galera: node1, 3 nodes, Synced",
    // "Primary 10.0.0.1:5432, 1 standby", "Standby 10.0.0.2:5432".
    static QString shortText(const lockcore::ClusterStatus &status);
    // The panel's lines under the node: the cluster's state as the node sees it.
    static QString details(const lockcore::ClusterStatus &status);
    static QString roleText(const lockcore::ClusterMember &member);
    // A replication lag, "-" when not known.
    static QString lagText(const std::optional<qint64> &ms);
};

} // namespace ui
