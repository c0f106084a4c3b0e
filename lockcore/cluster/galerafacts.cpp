// SPDX-License-Identifier: Apache-2.0
// A Galera node's answers (SHOW VARIABLES and SHOW GLOBAL STATUS of wsrep_*) as a status: the
// node, its view of the cluster, and the members from wsrep_incoming_addresses, this one marked.

#include "clusterfacts.h"

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// "10.0.0.1:4567" -> "10.0.0.1", "[::1]:4567" -> "::1", "db1" -> "db1".
QString hostOf(const QString &address)
{
    if (address.startsWith(u'['))
        return address.mid(1, address.indexOf(u']') - 1);
    if (address.count(u':') == 1)
        return address.section(u':', 0, 0);
    return address;
}

std::optional<bool> onOff(const QString &value)
{
    if (value.isEmpty())
        return std::nullopt;
    return value.compare(u"ON"_s, Qt::CaseInsensitive) == 0 || value == u"1";
}

// The addresses this node may appear under in wsrep_incoming_addresses: the one it was given
// for clients, then its replication address's host and its hostname, with its client port.
QStringList ownAddresses(const QHash<QString, QString> &v)
{
    const QString port = v.value(u"port"_s);
    QStringList candidates;
    const QString incoming = v.value(u"wsrep_node_incoming_address"_s);
    if (!incoming.isEmpty() && incoming.compare(u"AUTO"_s, Qt::CaseInsensitive) != 0)
        candidates << (hostOf(incoming) == incoming ? hostPort(incoming, port) : incoming);
    const QString replication = hostOf(v.value(u"wsrep_node_address"_s));
    if (!replication.isEmpty())
        candidates << hostPort(replication, port);
    if (!v.value(u"hostname"_s).isEmpty())
        candidates << hostPort(v.value(u"hostname"_s), port);
    return candidates;
}

// This node among the members: by address, else by its index in the membership
// (wsrep_local_index), which orders wsrep_incoming_addresses too. -1: not found.
qsizetype selfIndex(const QStringList &members, const QHash<QString, QString> &v)
{
    for (const QString &address : ownAddresses(v)) {
        if (const qsizetype at = members.indexOf(address); at >= 0)
            return at;
    }
    bool isNumber = false;
    const qsizetype index = v.value(u"wsrep_local_index"_s).toLongLong(&isNumber);
    return isNumber && index >= 0 && index < members.size() ? index : -1;
}

GaleraNode galeraNode(const QHash<QString, QString> &v)
{
    GaleraNode g;
    g.nodeName = v.value(u"wsrep_node_name"_s);
    g.clusterSize = v.value(u"wsrep_cluster_size"_s).toInt();
    g.clusterStatus = v.value(u"wsrep_cluster_status"_s);
    g.localState = v.value(u"wsrep_local_state_comment"_s);
    g.ready = onOff(v.value(u"wsrep_ready"_s));
    g.clusterStateUuid = v.value(u"wsrep_cluster_state_uuid"_s);
    bool isNumber = false;
    const int syncWait = v.value(u"wsrep_sync_wait"_s).toInt(&isNumber);
    if (isNumber)
        g.syncWait = syncWait;
    for (const QString &address : v.value(u"wsrep_incoming_addresses"_s).split(u',')) {
        if (!address.trimmed().isEmpty())
            g.incomingAddresses << address.trimmed();
    }
    return g;
}

} // namespace

ClusterStatus galeraStatus(const ClusterFacts &facts)
{
    const QHash<QString, QString> &v = facts.values;
    ClusterStatus status;
    status.kind = ClusterStatus::Kind::Galera;
    status.galera = galeraNode(v);
    const GaleraNode &g = *status.galera;
    const qsizetype self = selfIndex(g.incomingAddresses, v);
    for (qsizetype i = 0; i < g.incomingAddresses.size(); ++i) {
        ClusterMember member;
        member.address = g.incomingAddresses.at(i);
        member.self = i == self;
        if (member.self) {
            member.name = g.nodeName;
            member.state = g.localState;
        }
        status.members.append(member);
    }
    status.node = self >= 0 ? g.incomingAddresses.at(self) : ownAddresses(v).value(0);
    if (self < 0) { // not among the members it lists (cut off, or an address it cannot match)
        ClusterMember member;
        member.self = true;
        member.name = g.nodeName;
        member.address = status.node;
        member.state = g.localState;
        status.members.append(member);
    }
    status.unreadable = facts.unreadable;
    return status;
}

} // namespace lockcore
