// SPDX-License-Identifier: Apache-2.0
#include "clusterjson.h"

#include "clusterwarnings.h"
#include "lockjson.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

template<typename T>
QJsonValue jsonOptional(const std::optional<T> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonObject memberToJson(const ClusterMember &member)
{
    return {
        {u"role"_s, ClusterMember::roleId(member.role)},
        {u"self"_s, member.self},
        {u"name"_s, jsonText(member.name)},
        {u"address"_s, jsonText(member.address)},
        {u"state"_s, jsonText(member.state)},
        {u"sync_state"_s, jsonText(member.syncState)},
        {u"write_lag_ms"_s, jsonOptional(member.writeLagMs)},
        {u"flush_lag_ms"_s, jsonOptional(member.flushLagMs)},
        {u"replay_lag_ms"_s, jsonOptional(member.replayLagMs)},
    };
}

QJsonValue galeraToJson(const std::optional<GaleraNode> &galera)
{
    if (!galera)
        return QJsonValue::Null;
    return QJsonObject{
        {u"cluster_size"_s, galera->clusterSize},
        {u"cluster_status"_s, jsonText(galera->clusterStatus)},
        {u"local_state"_s, jsonText(galera->localState)},
        {u"ready"_s, jsonOptional(galera->ready)},
        {u"cluster_state_uuid"_s, jsonText(galera->clusterStateUuid)},
        {u"sync_wait"_s, jsonOptional(galera->syncWait)},
        {u"incoming_addresses"_s, QJsonArray::fromStringList(galera->incomingAddresses)},
    };
}

QJsonValue postgresToJson(const std::optional<PostgresReplication> &pg)
{
    if (!pg)
        return QJsonValue::Null;
    return QJsonObject{
        {u"in_recovery"_s, pg->inRecovery},
        {u"synchronous_standby_names"_s, pg->synchronousStandbyNames},
        {u"synchronous_commit"_s, jsonText(pg->synchronousCommit)},
        {u"physical_replication_slots"_s, pg->physicalSlots},
        {u"standbys_connected"_s, pg->standbysConnected},
        {u"standby_details_readable"_s, pg->standbyDetailsReadable},
        {u"receive_lsn"_s, jsonText(pg->receiveLsn)},
        {u"replay_lsn"_s, jsonText(pg->replayLsn)},
        {u"replay_lag_ms"_s, jsonOptional(pg->replayLagMs)},
        {u"upstream"_s, jsonText(pg->upstream)},
    };
}

} // namespace

QJsonObject clusterStatusToJson(const ClusterStatus &status)
{
    QJsonArray warnings;
    for (const ClusterWarning &warning : clusterWarnings(status))
        warnings.append(QJsonObject{{u"id"_s, ClusterWarning::kindId(warning.kind)},
                                    {u"text"_s, warning.text}});
    QJsonArray members;
    for (const ClusterMember &member : status.members)
        members.append(memberToJson(member));
    return {
        {u"kind"_s, ClusterStatus::kindId(status.kind)},
        {u"node"_s, jsonText(status.node)},
        {u"node_name"_s, jsonText(status.galera ? status.galera->nodeName : QString())},
        {u"warnings"_s, warnings},
        {u"unreadable"_s, QJsonArray::fromStringList(status.unreadable)},
        {u"members"_s, members},
        {u"galera"_s, galeraToJson(status.galera)},
        {u"postgresql"_s, postgresToJson(status.postgres)},
    };
}

} // namespace lockcore
