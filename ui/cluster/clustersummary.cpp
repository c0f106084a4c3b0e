// SPDX-License-Identifier: GPL-3.0-or-later
#include "clustersummary.h"

#include "durationtext.h"

using namespace Qt::StringLiterals;
using lockcore::ClusterMember;
using lockcore::ClusterStatus;

namespace ui {

namespace {

QString orQuestion(const QString &text)
{
    return text.isEmpty() ? u"?"_s : text;
}

QString galeraDetails(const lockcore::GaleraNode &g)
{
    const QString ready = !g.ready ? u"?"_s
                          : *g.ready ? ClusterSummary::tr("ready")
                                     : ClusterSummary::tr("not ready");
    return ClusterSummary::tr("%n node(s), %1 component; this node %2, %3", nullptr,
                              g.clusterSize)
               .arg(orQuestion(g.clusterStatus), orQuestion(g.localState), ready)
           + u'\n'
           + ClusterSummary::tr("This session: wsrep_sync_wait %1. Cluster state %2.")
                 .arg(g.syncWait ? QString::number(*g.syncWait) : u"?"_s,
                      orQuestion(g.clusterStateUuid));
}

QString postgresDetails(const ClusterStatus &status, const lockcore::PostgresReplication &pg)
{
    if (status.kind == ClusterStatus::Kind::PostgresStandby) {
        const QString replayed
            = ClusterSummary::tr("Replayed %1 (received %2), replay lag %3.")
                  .arg(orQuestion(pg.replayLsn), orQuestion(pg.receiveLsn),
                       ClusterSummary::lagText(pg.replayLagMs));
        if (pg.upstream.isEmpty()) // who it follows is hidden: the notes say why
            return replayed;
        return ClusterSummary::tr("Follows %1.").arg(pg.upstream) + u' ' + replayed;
    }
    const QString names = pg.synchronousStandbyNames.isEmpty()
                              ? ClusterSummary::tr("(empty)")
                              : pg.synchronousStandbyNames;
    return ClusterSummary::tr("%n standby(s) connected", nullptr, pg.standbysConnected) + u", "
           + ClusterSummary::tr("%n replication slot(s)", nullptr, pg.physicalSlots) + u'\n'
           + ClusterSummary::tr("synchronous_commit %1, synchronous_standby_names %2")
                 .arg(orQuestion(pg.synchronousCommit), names);
}

} // namespace

QString ClusterSummary::shortText(const ClusterStatus &status)
{
    switch (status.kind) {
    case ClusterStatus::Kind::Standalone:
        return tr("Standalone");
    case ClusterStatus::Kind::Galera:
        return tr("Galera: %1, %n node(s), %2", nullptr, status.galera->clusterSize)
            .arg(status.galera->nodeName.isEmpty() ? status.node : status.galera->nodeName,
                 orQuestion(status.galera->localState));
    case ClusterStatus::Kind::PostgresPrimary:
        return tr("Primary %1, %n standby(s)", nullptr, status.postgres->standbysConnected)
            .arg(status.node);
    case ClusterStatus::Kind::PostgresStandby:
        return tr("Standby %1").arg(status.node);
    }
    return {};
}

QString ClusterSummary::details(const ClusterStatus &status)
{
    if (status.galera && status.kind == ClusterStatus::Kind::Galera)
        return galeraDetails(*status.galera);
    if (status.postgres && status.kind != ClusterStatus::Kind::Standalone)
        return postgresDetails(status, *status.postgres);
    return tr("Not replicated: there is no other node to fail over to, so nothing a failover "
              "could lose.");
}

QString ClusterSummary::roleText(const ClusterMember &member)
{
    switch (member.role) {
    case ClusterMember::Role::Member: return tr("member");
    case ClusterMember::Role::Primary: return tr("primary");
    case ClusterMember::Role::Standby: return tr("standby");
    }
    return {};
}

QString ClusterSummary::lagText(const std::optional<qint64> &ms)
{
    return ms ? durationText(*ms) : u"-"_s;
}

} // namespace ui
