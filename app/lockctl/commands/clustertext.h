// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace lockcore {
struct ClusterStatus;
}

namespace lockctl {

// lockctl cluster's text: the node and its kind, the cluster's state in a line or two, the
// members as a table (this node marked *), then each warning and what could not be read.
QString clusterStatusText(const lockcore::ClusterStatus &status);

} // namespace lockctl
