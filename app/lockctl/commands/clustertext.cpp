// SPDX-License-Identifier: GPL-3.0-or-later
#include "clustertext.h"

#include "clusterstatus.h"
#include "clusterwarnings.h"
#include "duration.h"
#include "lockctltr.h"
#include "textformat.h"

using namespace Qt::StringLiterals;
using lockcore::ClusterMember;
using lockcore::ClusterStatus;

namespace lockctl {

namespace {

QString orDash(const QString &text)
{
    return text.isEmpty() ? u"-"_s : text;
}

QString lagText(const std::optional<qint64> &ms)
{
    return ms ? lockcore::formatDurationMs(*ms) : u"-"_s;
}

QString galeraLines(const lockcore::GaleraNode &g)
{
    const QString ready = !g.ready ? u"?"_s : *g.ready ? Tr::tr("ready") : Tr::tr("not ready");
    const QString nodes = g.clusterSize == 1 ? Tr::tr("1 node")
                                             : Tr::tr("%1 nodes").arg(g.clusterSize);
    QString text = Tr::tr("cluster:  %1, %2 component; this node %3, %4")
                       .arg(nodes, orDash(g.clusterStatus), orDash(g.localState), ready)
                   + u'\n';
    text += Tr::tr("state:    %1").arg(orDash(g.clusterStateUuid)) + u'\n';
    text += Tr::tr("session:  wsrep_sync_wait %1")
                .arg(g.syncWait ? QString::number(*g.syncWait) : u"?"_s)
            + u'\n';
    return text;
}

QString postgresLines(const ClusterStatus &status, const lockcore::PostgresReplication &pg)
{
    if (status.kind == ClusterStatus::Kind::PostgresStandby) {
        return Tr::tr("follows:  %1").arg(pg.upstream.isEmpty() ? Tr::tr("(not readable)")
                                                                : pg.upstream)
               + u'\n'
               + Tr::tr("replayed: %1 (received %2), replay lag %3")
                     .arg(orDash(pg.replayLsn), orDash(pg.receiveLsn), lagText(pg.replayLagMs))
               + u'\n';
    }
    const QString names = pg.synchronousStandbyNames.isEmpty()
                              ? Tr::tr("(empty)")
                              : pg.synchronousStandbyNames;
    return Tr::tr("commit:   synchronous_commit %1, synchronous_standby_names %2")
               .arg(orDash(pg.synchronousCommit), names)
           + u'\n'
           + Tr::tr("standbys: %1 connected; physical replication slots: %2")
                 .arg(pg.standbysConnected)
                 .arg(pg.physicalSlots)
           + u'\n';
}

QString roleText(const ClusterMember &member)
{
    switch (member.role) {
    case ClusterMember::Role::Member: return Tr::tr("member");
    case ClusterMember::Role::Primary: return Tr::tr("primary");
    case ClusterMember::Role::Standby: return Tr::tr("standby");
    }
    return {};
}

// The members' table, without the columns no member has a value in.
QString membersTable(const QList<ClusterMember> &members)
{
    QStringList headers = {Tr::tr("ADDRESS"), Tr::tr("ROLE"),      Tr::tr("NAME"),
                           Tr::tr("STATE"),   Tr::tr("SYNC"),      Tr::tr("WRITE LAG"),
                           Tr::tr("FLUSH LAG"), Tr::tr("REPLAY LAG")};
    QList<QStringList> rows;
    for (const ClusterMember &m : members) {
        // The mark after the address: renderTable trims the start of each line.
        rows.append({orDash(m.address) + (m.self ? u" *"_s : u""_s), roleText(m), orDash(m.name),
                     orDash(m.state), orDash(m.syncState), lagText(m.writeLagMs),
                     lagText(m.flushLagMs), lagText(m.replayLagMs)});
    }
    for (qsizetype column = headers.size() - 1; column >= 2; --column) {
        const bool empty = std::all_of(rows.cbegin(), rows.cend(), [column](const QStringList &r) {
            return r.at(column) == u"-";
        });
        if (!empty)
            continue;
        headers.removeAt(column);
        for (QStringList &row : rows)
            row.removeAt(column);
    }
    return renderTable(headers, rows) + Tr::tr("(* the node this session reads from)") + u'\n';
}

} // namespace

QString clusterStatusText(const ClusterStatus &status)
{
    QString text = Tr::tr("node:     %1").arg(orDash(status.nodeText())) + u'\n';
    text += Tr::tr("kind:     %1").arg(ClusterStatus::kindText(status.kind)) + u'\n';
    if (status.galera)
        text += galeraLines(*status.galera);
    if (status.postgres && status.kind != ClusterStatus::Kind::Standalone)
        text += postgresLines(status, *status.postgres);
    if (!status.members.isEmpty())
        text += u'\n' + membersTable(status.members);
    const QList<lockcore::ClusterWarning> warnings = lockcore::clusterWarnings(status);
    if (!warnings.isEmpty() || !status.unreadable.isEmpty())
        text += u'\n';
    for (const lockcore::ClusterWarning &warning : warnings)
        text += Tr::tr("WARNING: %1").arg(warning.text) + u'\n';
    for (const QString &note : status.unreadable)
        text += Tr::tr("not read: %1").arg(note) + u'\n';
    return text.chopped(1);
}

} // namespace lockctl
