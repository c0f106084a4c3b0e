// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>

namespace lockcore {

struct ClusterStatus;

// A cluster status as lockctl cluster --json prints it: one object, stable snake_case names
// (kind, node, node_name, warnings [{id, text}], unreadable, members [...], galera {...} or
// null, postgresql {...} or null). Values not known are null.
QJsonObject clusterStatusToJson(const ClusterStatus &status);

} // namespace lockcore
