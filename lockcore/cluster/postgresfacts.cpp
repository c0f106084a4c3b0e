// SPDX-License-Identifier: Apache-2.0
// A PostgreSQL server's answers (its settings, pg_stat_replication, pg_stat_wal_receiver) as a
// status. The views show a row to any user but its details only to pg_monitor members and
// superusers: what is hidden is said in `unreadable`, never taken for "no standby".

#include "clusterfacts.h"

#include "dialect.h"
#include "tr.h"

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

std::optional<qint64> msValue(const QVariant &value)
{
    if (value.isNull() || !value.isValid())
        return std::nullopt;
    return value.toLongLong();
}

PostgresReplication replication(const QHash<QString, QString> &v)
{
    PostgresReplication pg;
    pg.inRecovery = v.value(u"pg_is_in_recovery"_s) == u"on";
    pg.synchronousStandbyNames = v.value(u"synchronous_standby_names"_s);
    pg.synchronousCommit = v.value(u"synchronous_commit"_s);
    pg.physicalSlots = v.value(u"physical_replication_slots"_s).toInt();
    pg.receiveLsn = v.value(u"pg_last_wal_receive_lsn"_s);
    pg.replayLsn = v.value(u"pg_last_wal_replay_lsn"_s);
    bool isNumber = false;
    const qint64 lag = v.value(u"replay_lag_ms"_s).toLongLong(&isNumber);
    if (isNumber)
        pg.replayLagMs = lag;
    return pg;
}

ClusterMember standbyOf(const QVariantList &row)
{
    ClusterMember member;
    member.role = ClusterMember::Role::Standby;
    member.name = row.value(col::SbName).toString();
    member.address = row.value(col::SbAddress).toString();
    member.state = row.value(col::SbState).toString();
    member.syncState = row.value(col::SbSyncState).toString();
    member.writeLagMs = msValue(row.value(col::SbWriteLagMs));
    member.flushLagMs = msValue(row.value(col::SbFlushLagMs));
    member.replayLagMs = msValue(row.value(col::SbReplayLagMs));
    return member;
}

QString nodeOf(const QHash<QString, QString> &v)
{
    const QString address = v.value(u"server_address"_s);
    if (address.isEmpty()) // NULL: connected over a Unix socket
        return Tr::tr("the local socket (port %1)").arg(v.value(u"server_port"_s));
    return hostPort(address, v.value(u"server_port"_s));
}

ClusterStatus::Kind kindOf(const PostgresReplication &pg)
{
    if (pg.inRecovery)
        return ClusterStatus::Kind::PostgresStandby;
    const bool replicated = pg.standbysConnected > 0 || pg.physicalSlots > 0
                            || !pg.synchronousStandbyNames.trimmed().isEmpty();
    return replicated ? ClusterStatus::Kind::PostgresPrimary : ClusterStatus::Kind::Standalone;
}

// The standbys streaming from this server; their details hidden from this user are noted.
QList<ClusterMember> standbys(const ClusterFacts &facts, PostgresReplication &pg,
                              QStringList &unreadable)
{
    QList<ClusterMember> members;
    for (const QVariantList &row : facts.standbys) {
        members.append(standbyOf(row));
        if (row.value(col::SbState).isNull())
            pg.standbyDetailsReadable = false;
    }
    pg.standbysConnected = int(members.size());
    if (!pg.standbyDetailsReadable)
        unreadable << Tr::tr("The standbys' state, sync state and lag need the pg_monitor role "
                             "(or superuser); standbys connected: %1, their details not shown.")
                          .arg(pg.standbysConnected);
    return members;
}

// This server when it is a standby: the primary it follows (when this user may see it) and
// itself, with the WAL receiver's status and its replay lag.
QList<ClusterMember> followed(const ClusterFacts &facts, PostgresReplication &pg,
                              const QString &node, QStringList &unreadable)
{
    ClusterMember self;
    self.role = ClusterMember::Role::Standby;
    self.self = true;
    self.address = node;
    self.replayLagMs = pg.replayLagMs;
    QList<ClusterMember> members;
    if (!facts.upstream.isEmpty()) {
        const QVariantList &row = facts.upstream.constFirst();
        self.state = row.value(col::UpStatus).toString();
        const QString host = row.value(col::UpHost).toString();
        if (host.isEmpty()) {
            unreadable << Tr::tr("Which primary this standby follows needs the "
                                 "pg_read_all_stats role (or pg_monitor).");
        } else {
            pg.upstream = hostPort(host, row.value(col::UpPort).toString());
            ClusterMember primary;
            primary.role = ClusterMember::Role::Primary;
            primary.address = pg.upstream;
            members.append(primary);
        }
    }
    members.append(self);
    return members;
}

} // namespace

ClusterStatus postgresStatus(const ClusterFacts &facts)
{
    ClusterStatus status;
    status.unreadable = facts.unreadable;
    status.node = nodeOf(facts.values);
    PostgresReplication pg = replication(facts.values);
    const QList<ClusterMember> downstream = standbys(facts, pg, status.unreadable);
    status.kind = kindOf(pg);
    if (status.kind == ClusterStatus::Kind::PostgresStandby) {
        status.members = followed(facts, pg, status.node, status.unreadable);
    } else if (status.kind == ClusterStatus::Kind::PostgresPrimary) {
        ClusterMember self;
        self.role = ClusterMember::Role::Primary;
        self.self = true;
        self.address = status.node;
        status.members.append(self);
    }
    status.members += downstream; // a standby's own standbys (cascading) too
    status.postgres = pg;
    return status;
}

} // namespace lockcore
