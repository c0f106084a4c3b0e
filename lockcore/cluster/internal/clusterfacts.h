// SPDX-License-Identifier: Apache-2.0
#pragma once

// The server's answers as readClusterStatus collects them, and the one pure function that
// makes a ClusterStatus of them (testable with answers written by hand).

#include "clusterstatus.h"

#include <QHash>
#include <QList>
#include <QVariantList>

namespace lockcore {

struct ClusterFacts
{
    // Dialect::clusterFacts' rows: the name in lower case, its value; a NULL value is left out.
    QHash<QString, QString> values;
    QList<QVariantList> standbys; // Dialect::clusterStandbys' rows (col::Standby)
    QList<QVariantList> upstream; // Dialect::clusterUpstream's rows (col::Upstream)
    QStringList unreadable;       // translated: a read that failed, and why
};

// The kind, the node, its members and what could not be read, from the server's answers.
// No facts at all (SQLite): standalone, and the node is left to the caller.
ClusterStatus statusFromFacts(const ClusterFacts &facts);
// Each kind's own reading (galerafacts.cpp, postgresfacts.cpp).
ClusterStatus galeraStatus(const ClusterFacts &facts);
ClusterStatus postgresStatus(const ClusterFacts &facts);

// "host:port" with an IPv6 address in brackets; the host alone without a port.
QString hostPort(const QString &host, const QString &port);

} // namespace lockcore
