// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connectionspec.h"
#include "result.h"
#include "simsettings.h"

#include <QList>

namespace locksim {

// Node 1 and the other nodes of its cluster, in order. A node without a password in its URL
// takes node 1's (the nodes of one cluster share their users), and node 1's read-only setting.
QList<lockcore::ConnectionSpec> clusterNodes(const lockcore::ConnectionSpec &first,
                                             const QList<lockcore::ConnectionSpec> &others);

// A run spread over the nodes of a cluster prepares its tables on node 1 alone; the others
// must see them before their clients start. Waits (up to 10 s) until every other node is of
// the same database product, writable, and sees the prepared rows of the run's last lock. An
// error names the node (1-based, URL without password): a URL that is not a node of this
// cluster, or a node that does not answer. Nothing to do with one node.
lockcore::Status waitForNodes(const QList<lockcore::ConnectionSpec> &nodes,
                              const SimSettings &settings);

} // namespace locksim
