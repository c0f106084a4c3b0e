// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace lockcore {

class Session;

// One server of a replicated database as the connected node sees it.
struct ClusterMember
{
    enum class Role { Member, Primary, Standby }; // Member: a Galera node (all are primaries)
    Role role = Role::Member;
    bool self = false;   // the node this session reads from
    QString name;        // Galera: wsrep_node_name (this node only); PostgreSQL: application_name
    QString address;     // "host:port" as the server reports it; empty: not known or not readable
    QString state;       // PostgreSQL: streaming, catchup ...; Galera (this node): Synced ...
    QString syncState;   // PostgreSQL standbys: sync, quorum, potential, async
    std::optional<qint64> writeLagMs; // PostgreSQL standbys; none: not known
    std::optional<qint64> flushLagMs;
    std::optional<qint64> replayLagMs;

    static QString roleId(Role role); // "member", "primary", "standby"
};

// A MariaDB Galera node's view of its cluster (SHOW STATUS / VARIABLES 'wsrep_%').
struct GaleraNode
{
    QString nodeName;      // wsrep_node_name
    int clusterSize = 0;   // wsrep_cluster_size
    QString clusterStatus; // wsrep_cluster_status: Primary, non-Primary, Disconnected
    QString localState;    // wsrep_local_state_comment: Synced, Donor/Desynced, Joining ...
    std::optional<bool> ready;      // wsrep_ready
    QString clusterStateUuid;       // wsrep_cluster_state_uuid
    std::optional<int> syncWait;    // this session's wsrep_sync_wait (a bit mask; 1: reads wait)
    QStringList incomingAddresses;  // wsrep_incoming_addresses: the members' client addresses
};

// A PostgreSQL server's replication, primary or standby.
struct PostgresReplication
{
    bool inRecovery = false;          // pg_is_in_recovery(): a standby
    QString synchronousStandbyNames;  // the setting (empty: every standby is asynchronous)
    QString synchronousCommit;        // on, remote_apply, remote_write, local, off
    int physicalSlots = 0;            // pg_replication_slots of standbys, connected or not
    int standbysConnected = 0;        // rows of pg_stat_replication
    bool standbyDetailsReadable = true; // false: their state, sync state and lag need pg_monitor
    QString receiveLsn;               // a standby's pg_last_wal_receive_lsn()
    QString replayLsn;                // a standby's pg_last_wal_replay_lsn()
    std::optional<qint64> replayLagMs; // a standby's: 0 when it replayed all it received
    QString upstream;                 // the primary a standby follows, "host:port", if readable
};

// What the connected server says about the cluster it is part of. Read by readClusterStatus;
// the warnings it calls for come from clusterWarnings() (clusterwarnings.h), apart, so that
// they can be derived from a value made by hand.
//
// Kind: a PostgreSQL server that is not in recovery is a primary when anything replicates from
// it (a standby connected, a physical replication slot, or synchronous_standby_names set);
// otherwise it is standalone, as a MySQL or MariaDB server without Galera and SQLite are: there
// is nothing to fail over to, so nothing a failover could lose.
struct ClusterStatus
{
    enum class Kind { Standalone, Galera, PostgresPrimary, PostgresStandby };
    Kind kind = Kind::Standalone;
    // This session's server as it reports itself: "10.0.0.2:5432", "db1:3306", "the local
    // socket (port 5432)"; SQLite: the database file.
    QString node;
    std::optional<GaleraNode> galera;           // on a Galera node
    std::optional<PostgresReplication> postgres; // on PostgreSQL
    // Galera: every member, this one marked; PostgreSQL: the primary and its standbys, this one
    // marked (a standby lists the primary only when it may read who it is).
    QList<ClusterMember> members;
    // Translated sentences: what could not be read, and why (a missing privilege); the rest of
    // the status stands.
    QStringList unreadable;

    static QString kindId(Kind kind);   // "standalone", "galera", "postgresql_primary", ...
    static QString kindText(Kind kind); // translated: "standalone", "Galera cluster", ...
    // The node's name and address for a status line: "node2 (10.0.0.2:3306)".
    QString nodeText() const;
};

// Asks the session's server about its cluster: a few short reads (Dialect::clusterFacts,
// clusterStandbys, clusterUpstream). An error only when the server's own settings cannot be
// read (the connection is gone); a view it may not read is said in `unreadable` instead.
Result<ClusterStatus> readClusterStatus(Session &session);

} // namespace lockcore
