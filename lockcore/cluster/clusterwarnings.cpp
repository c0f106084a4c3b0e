// SPDX-License-Identifier: Apache-2.0
#include "clusterwarnings.h"

#include "tr.h"

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

using Kind = ClusterWarning::Kind;

bool isSynchronous(const ClusterMember &standby)
{
    return standby.syncState == u"sync" || standby.syncState == u"quorum";
}

int synchronousStandbys(const ClusterStatus &status)
{
    int count = 0;
    for (const ClusterMember &member : status.members) {
        const bool standby = !member.self && member.role == ClusterMember::Role::Standby;
        count += standby && isSynchronous(member);
    }
    return count;
}

// Why a commit acknowledged on this primary may be on no standby; empty: it is on one (or the
// standbys' sync state could not be read).
QString whyAsynchronous(const ClusterStatus &status, const PostgresReplication &pg)
{
    if (pg.synchronousCommit == u"off" || pg.synchronousCommit == u"local")
        return Tr::tr("synchronous_commit is %1 here, so a commit is acknowledged before any "
                      "standby has it")
            .arg(pg.synchronousCommit);
    if (pg.synchronousStandbyNames.trimmed().isEmpty())
        return Tr::tr("no standby is synchronous (synchronous_standby_names is empty)");
    if (pg.standbyDetailsReadable && pg.standbysConnected > 0 && synchronousStandbys(status) == 0)
        return Tr::tr("no connected standby is synchronous (standbys connected: %1)")
            .arg(pg.standbysConnected);
    return {};
}

void addPostgresWarnings(const ClusterStatus &status, QList<ClusterWarning> &out)
{
    const PostgresReplication &pg = *status.postgres;
    if (status.kind == ClusterStatus::Kind::PostgresStandby) {
        out.append({Kind::Standby,
                    Tr::tr("Connected to a standby, which is read-only: the lock table cannot be "
                           "written here, so acquires, releases and admin actions fail. Connect "
                           "to the primary (with several hosts in the URL, add "
                           "target_session_attrs=read-write).")});
        return;
    }
    if (status.kind != ClusterStatus::Kind::PostgresPrimary)
        return;
    const bool replicating = pg.standbysConnected > 0 || pg.physicalSlots > 0;
    if (const QString why = whyAsynchronous(status, pg); replicating && !why.isEmpty()) {
        out.append({Kind::LossOnFailover,
                    Tr::tr("A grant acknowledged here could be lost on failover: %1. If this "
                           "primary fails, a standby promoted without that grant can give the "
                           "same lock to a second holder.")
                        .arg(why)});
    }
    const bool waitsForStandby = !pg.synchronousStandbyNames.trimmed().isEmpty()
                                 && pg.synchronousCommit != u"off"
                                 && pg.synchronousCommit != u"local";
    if (waitsForStandby && pg.standbysConnected == 0) {
        out.append({Kind::CommitsWait,
                    Tr::tr("Commits wait for a synchronous standby (%1) and none is connected: "
                           "every acquire, renewal and release hangs until one is.")
                        .arg(pg.synchronousStandbyNames)});
    }
}

void addGaleraWarnings(const ClusterStatus &status, QList<ClusterWarning> &out)
{
    const GaleraNode &g = *status.galera;
    const bool primary = g.clusterStatus.isEmpty() || g.clusterStatus == u"Primary";
    if (!primary || g.ready == false) {
        out.append({Kind::GaleraNotPrimary,
                    Tr::tr("This node is not in the cluster's primary component "
                           "(wsrep_cluster_status %1, wsrep_ready %2): it lost quorum or is cut "
                           "off, and refuses to read or write the lock table until it rejoins.")
                        .arg(g.clusterStatus.isEmpty() ? u"?"_s : g.clusterStatus,
                             !g.ready.has_value() ? u"?"_s
                             : *g.ready           ? u"ON"_s
                                                  : u"OFF"_s)});
    }
    if (!g.localState.isEmpty() && g.localState != u"Synced") {
        out.append({Kind::GaleraNotSynced,
                    Tr::tr("This node is %1, not Synced: it may not have applied the cluster's "
                           "latest writes, and it can stall or refuse statements until it is "
                           "Synced again.")
                        .arg(g.localState)});
    }
    if (g.syncWait.has_value() && (*g.syncWait & 1) == 0) {
        out.append({Kind::StaleReads,
                    Tr::tr("wsrep_sync_wait is %1 on this session: its reads do not wait for "
                           "this node to apply the cluster's latest writes, so a lock can look "
                           "free, or held by its previous holder, for a moment after it changed "
                           "on another node.")
                        .arg(*g.syncWait)});
    }
    if (g.clusterSize > 0 && g.clusterSize < 3) {
        out.append({Kind::SmallCluster,
                    Tr::tr("The Galera cluster is smaller than 3 nodes (wsrep_cluster_size %1): "
                           "one failure leaves no majority, and the nodes left stop taking "
                           "writes.")
                        .arg(g.clusterSize)});
    }
}

} // namespace

QString ClusterWarning::kindId(Kind kind)
{
    switch (kind) {
    case Kind::LossOnFailover: return u"loss_on_failover"_s;
    case Kind::CommitsWait: return u"commits_wait"_s;
    case Kind::Standby: return u"standby"_s;
    case Kind::GaleraNotPrimary: return u"galera_not_primary"_s;
    case Kind::GaleraNotSynced: return u"galera_not_synced"_s;
    case Kind::StaleReads: return u"stale_reads"_s;
    case Kind::SmallCluster: return u"small_cluster"_s;
    }
    return {};
}

QList<ClusterWarning> clusterWarnings(const ClusterStatus &status)
{
    QList<ClusterWarning> warnings;
    if (status.kind == ClusterStatus::Kind::Standalone)
        return warnings;
    if (status.postgres)
        addPostgresWarnings(status, warnings);
    if (status.galera && status.kind == ClusterStatus::Kind::Galera)
        addGaleraWarnings(status, warnings);
    return warnings;
}

} // namespace lockcore
