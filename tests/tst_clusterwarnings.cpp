// SPDX-License-Identifier: GPL-3.0-or-later
// The cluster status without a database: the warnings a ClusterStatus value calls for
// (clusterWarnings), the status made of a server's answers written by hand (statusFromFacts:
// Galera's wsrep_* rows, PostgreSQL's settings and views, what a user without pg_monitor sees),
// and the JSON field names lockctl cluster --json promises.

#include "clusterfacts.h"
#include "clusterjson.h"
#include "clusterstatus.h"
#include "clusterwarnings.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lockcore;

using WarningKinds = QList<ClusterWarning::Kind>;
Q_DECLARE_METATYPE(lockcore::ClusterStatus)

namespace {

WarningKinds kindsOf(const ClusterStatus &status)
{
    WarningKinds kinds;
    for (const ClusterWarning &warning : clusterWarnings(status)) {
        kinds.append(warning.kind);
        if (warning.text.isEmpty())
            qWarning("warning %s has no text", qPrintable(ClusterWarning::kindId(warning.kind)));
    }
    return kinds;
}

ClusterStatus galera(int size, const QString &clusterStatus, const QString &state, int syncWait,
                     bool ready = true)
{
    ClusterStatus status;
    status.kind = ClusterStatus::Kind::Galera;
    GaleraNode node;
    node.clusterSize = size;
    node.clusterStatus = clusterStatus;
    node.localState = state;
    node.syncWait = syncWait;
    node.ready = ready;
    status.galera = node;
    return status;
}

ClusterMember standby(const QString &syncState)
{
    ClusterMember member;
    member.role = ClusterMember::Role::Standby;
    member.syncState = syncState;
    member.state = u"streaming"_s;
    return member;
}

ClusterStatus primary(const QString &names, const QString &commit,
                      const QList<ClusterMember> &standbys, bool readable = true)
{
    ClusterStatus status;
    status.kind = ClusterStatus::Kind::PostgresPrimary;
    PostgresReplication pg;
    pg.synchronousStandbyNames = names;
    pg.synchronousCommit = commit;
    pg.standbysConnected = int(standbys.size());
    pg.physicalSlots = int(standbys.size());
    pg.standbyDetailsReadable = readable;
    status.postgres = pg;
    ClusterMember self;
    self.role = ClusterMember::Role::Primary;
    self.self = true;
    status.members = QList<ClusterMember>{self} + standbys;
    return status;
}

QVariantList standbyRow(const QVariant &state, const QVariant &syncState)
{
    return {u"node_2"_s, u"10.0.0.2"_s, state, syncState, 1, 2, QVariant()};
}

} // namespace

class ClusterWarningsTest : public QObject
{
    Q_OBJECT

private slots:
    void warningsFollowTheStatus_data();
    void warningsFollowTheStatus();
    void galeraAnswersMarkThisNode();
    void galeraNodeCutOffStillShowsItself();
    void postgresPrimaryWithoutStandbysIsStandalone();
    void postgresDetailsHiddenAreSaidNotGuessed();
    void postgresStandbyNamesItsPrimaryWhenReadable();
    void mysqlWithoutGaleraIsStandalone();
    void jsonFieldNamesAreStable();
};

void ClusterWarningsTest::warningsFollowTheStatus_data()
{
    using K = ClusterWarning::Kind;
    QTest::addColumn<ClusterStatus>("status");
    QTest::addColumn<WarningKinds>("expected");

    QTest::newRow("standalone: never a warning") << ClusterStatus() << WarningKinds{};
    QTest::newRow("galera healthy") << galera(3, u"Primary"_s, u"Synced"_s, 1) << WarningKinds{};
    QTest::newRow("galera sync_wait 7 reads wait")
        << galera(5, u"Primary"_s, u"Synced"_s, 7) << WarningKinds{};
    QTest::newRow("galera sync_wait 0: stale reads")
        << galera(3, u"Primary"_s, u"Synced"_s, 0) << WarningKinds{K::StaleReads};
    QTest::newRow("galera sync_wait 6: reads still do not wait")
        << galera(3, u"Primary"_s, u"Synced"_s, 6) << WarningKinds{K::StaleReads};
    QTest::newRow("galera two nodes") << galera(2, u"Primary"_s, u"Synced"_s, 1)
                                      << WarningKinds{K::SmallCluster};
    QTest::newRow("galera donor") << galera(3, u"Primary"_s, u"Donor/Desynced"_s, 1)
                                  << WarningKinds{K::GaleraNotSynced};
    QTest::newRow("galera lost quorum")
        << galera(1, u"non-Primary"_s, u"Initialized"_s, 1, false)
        << WarningKinds{K::GaleraNotPrimary, K::GaleraNotSynced, K::SmallCluster};
    QTest::newRow("galera primary but not ready")
        << galera(3, u"Primary"_s, u"Joining"_s, 1, false)
        << WarningKinds{K::GaleraNotPrimary, K::GaleraNotSynced};

    QTest::newRow("pg quorum standby: safe")
        << primary(u"ANY 1 (node_2)"_s, u"on"_s, {standby(u"quorum"_s)}) << WarningKinds{};
    QTest::newRow("pg sync standby: safe")
        << primary(u"node_2"_s, u"remote_apply"_s, {standby(u"sync"_s)}) << WarningKinds{};
    QTest::newRow("pg async standby, no names")
        << primary(QString(), u"on"_s, {standby(u"async"_s)}) << WarningKinds{K::LossOnFailover};
    QTest::newRow("pg names set but every standby async")
        << primary(u"other"_s, u"on"_s, {standby(u"async"_s), standby(u"potential"_s)})
        << WarningKinds{K::LossOnFailover};
    QTest::newRow("pg synchronous_commit local")
        << primary(u"node_2"_s, u"local"_s, {standby(u"sync"_s)})
        << WarningKinds{K::LossOnFailover};
    QTest::newRow("pg synchronous_commit off")
        << primary(u"node_2"_s, u"off"_s, {standby(u"sync"_s)})
        << WarningKinds{K::LossOnFailover};
    QTest::newRow("pg details hidden, names set: no guess")
        << primary(u"ANY 1 (node_2)"_s, u"on"_s, {standby(QString())}, false) << WarningKinds{};
    QTest::newRow("pg details hidden, names empty: known async")
        << primary(QString(), u"on"_s, {standby(QString())}, false)
        << WarningKinds{K::LossOnFailover};
    QTest::newRow("pg names set, no standby connected: commits wait")
        << primary(u"node_2"_s, u"on"_s, {}) << WarningKinds{K::CommitsWait};

    ClusterStatus onStandby;
    onStandby.kind = ClusterStatus::Kind::PostgresStandby;
    onStandby.postgres = PostgresReplication{};
    onStandby.postgres->inRecovery = true;
    QTest::newRow("pg standby: read-only") << onStandby << WarningKinds{K::Standby};
}

// Each warning the issue names appears exactly when the value calls for it, with a text.
void ClusterWarningsTest::warningsFollowTheStatus()
{
    QFETCH(ClusterStatus, status);
    QFETCH(WarningKinds, expected);
    QCOMPARE(kindsOf(status), expected);
}

// A Galera node's SHOW answers give the cluster's state and its members, this node marked by
// its client address (its replication address's host with its port).
void ClusterWarningsTest::galeraAnswersMarkThisNode()
{
    ClusterFacts facts;
    facts.values = {{u"wsrep_on"_s, u"ON"_s},
                    {u"port"_s, u"3307"_s},
                    {u"hostname"_s, u"db2"_s},
                    {u"wsrep_node_name"_s, u"node2"_s},
                    {u"wsrep_node_address"_s, u"10.0.0.2:4567"_s},
                    {u"wsrep_node_incoming_address"_s, u"AUTO"_s},
                    {u"wsrep_sync_wait"_s, u"0"_s},
                    {u"wsrep_cluster_size"_s, u"3"_s},
                    {u"wsrep_cluster_status"_s, u"Primary"_s},
                    {u"wsrep_local_state_comment"_s, u"Synced"_s},
                    {u"wsrep_ready"_s, u"ON"_s},
                    {u"wsrep_cluster_state_uuid"_s, u"4fdce774-0000"_s},
                    {u"wsrep_local_index"_s, u"0"_s},
                    {u"wsrep_incoming_addresses"_s,
                     u"10.0.0.1:3307,10.0.0.2:3307,10.0.0.3:3307"_s}};
    const ClusterStatus status = statusFromFacts(facts);
    QCOMPARE(status.kind, ClusterStatus::Kind::Galera);
    QCOMPARE(status.node, u"10.0.0.2:3307"_s);
    QCOMPARE(status.nodeText(), u"node2 (10.0.0.2:3307)"_s);
    QCOMPARE(status.members.size(), 3);
    QVERIFY(!status.members.at(0).self);
    QVERIFY(status.members.at(1).self); // by address, although wsrep_local_index says 0
    QCOMPARE(status.members.at(1).name, u"node2"_s);
    QCOMPARE(status.members.at(1).state, u"Synced"_s);
    QCOMPARE(status.galera->syncWait, 0);
    QCOMPARE(status.galera->ready, true);
    QCOMPARE(kindsOf(status), WarningKinds{ClusterWarning::Kind::StaleReads});
}

// A node outside the primary component lists no members; it still shows itself.
void ClusterWarningsTest::galeraNodeCutOffStillShowsItself()
{
    ClusterFacts facts;
    facts.values = {{u"wsrep_on"_s, u"ON"_s},
                    {u"port"_s, u"3306"_s},
                    {u"wsrep_node_name"_s, u"node3"_s},
                    {u"wsrep_node_address"_s, u"10.0.0.3"_s},
                    {u"wsrep_cluster_size"_s, u"1"_s},
                    {u"wsrep_cluster_status"_s, u"non-Primary"_s},
                    {u"wsrep_local_state_comment"_s, u"Initialized"_s},
                    {u"wsrep_ready"_s, u"OFF"_s},
                    {u"wsrep_sync_wait"_s, u"1"_s}};
    const ClusterStatus status = statusFromFacts(facts);
    QCOMPARE(status.node, u"10.0.0.3:3306"_s);
    QCOMPARE(status.members.size(), 1);
    QVERIFY(status.members.constFirst().self);
    QVERIFY(kindsOf(status).contains(ClusterWarning::Kind::GaleraNotPrimary));
}

// Decided: a PostgreSQL server nothing replicates from (no standby, no slot, no
// synchronous_standby_names) is standalone, like the single test server.
void ClusterWarningsTest::postgresPrimaryWithoutStandbysIsStandalone()
{
    ClusterFacts facts;
    facts.values = {{u"pg_is_in_recovery"_s, u"off"_s},
                    {u"server_address"_s, u"127.0.0.1"_s},
                    {u"server_port"_s, u"5432"_s},
                    {u"synchronous_standby_names"_s, QString()},
                    {u"synchronous_commit"_s, u"on"_s},
                    {u"physical_replication_slots"_s, u"0"_s}};
    ClusterStatus status = statusFromFacts(facts);
    QCOMPARE(status.kind, ClusterStatus::Kind::Standalone);
    QCOMPARE(status.node, u"127.0.0.1:5432"_s);
    QVERIFY(status.members.isEmpty());
    QVERIFY(clusterWarnings(status).isEmpty());

    facts.values[u"physical_replication_slots"_s] = u"1"_s; // a standby, disconnected now
    status = statusFromFacts(facts);
    QCOMPARE(status.kind, ClusterStatus::Kind::PostgresPrimary);
    QCOMPARE(kindsOf(status), WarningKinds{ClusterWarning::Kind::LossOnFailover});

    facts.values.remove(u"server_address"_s); // NULL: a Unix socket
    QCOMPARE(statusFromFacts(facts).node, u"the local socket (port 5432)"_s);
}

// Without pg_monitor the standbys' rows come with NULL details: they are counted and the
// missing role is named, and no warning is guessed from what could not be read.
void ClusterWarningsTest::postgresDetailsHiddenAreSaidNotGuessed()
{
    ClusterFacts facts;
    facts.values = {{u"pg_is_in_recovery"_s, u"off"_s},
                    {u"server_address"_s, u"::1"_s},
                    {u"server_port"_s, u"5432"_s},
                    {u"synchronous_standby_names"_s, u"ANY 1 (node_2)"_s},
                    {u"synchronous_commit"_s, u"on"_s},
                    {u"physical_replication_slots"_s, u"1"_s}};
    facts.standbys = {standbyRow(QVariant(), QVariant())};
    ClusterStatus status = statusFromFacts(facts);
    QCOMPARE(status.node, u"[::1]:5432"_s);
    QCOMPARE(status.kind, ClusterStatus::Kind::PostgresPrimary);
    QCOMPARE(status.postgres->standbysConnected, 1);
    QVERIFY(!status.postgres->standbyDetailsReadable);
    QCOMPARE(status.unreadable.size(), 1);
    QVERIFY2(status.unreadable.constFirst().contains(u"pg_monitor"_s),
             qPrintable(status.unreadable.constFirst()));
    QVERIFY(clusterWarnings(status).isEmpty());

    facts.standbys = {standbyRow(u"streaming"_s, u"async"_s)}; // readable: known asynchronous
    status = statusFromFacts(facts);
    QVERIFY(status.unreadable.isEmpty());
    QCOMPARE(status.members.size(), 2);
    QCOMPARE(status.members.at(1).writeLagMs, 1);
    QCOMPARE(status.members.at(1).replayLagMs, std::nullopt);
    QCOMPARE(kindsOf(status), WarningKinds{ClusterWarning::Kind::LossOnFailover});
}

// A standby shows the primary it follows when the WAL receiver's sender may be read, else says
// which role that needs.
void ClusterWarningsTest::postgresStandbyNamesItsPrimaryWhenReadable()
{
    ClusterFacts facts;
    facts.values = {{u"pg_is_in_recovery"_s, u"on"_s},
                    {u"server_address"_s, u"10.0.0.2"_s},
                    {u"server_port"_s, u"5432"_s},
                    {u"pg_last_wal_replay_lsn"_s, u"0/3000060"_s},
                    {u"replay_lag_ms"_s, u"0"_s}};
    facts.upstream = {{u"10.0.0.1"_s, 5432, u"streaming"_s}};
    ClusterStatus status = statusFromFacts(facts);
    QCOMPARE(status.kind, ClusterStatus::Kind::PostgresStandby);
    QCOMPARE(status.postgres->upstream, u"10.0.0.1:5432"_s);
    QCOMPARE(status.members.size(), 2);
    QCOMPARE(status.members.at(0).role, ClusterMember::Role::Primary);
    QVERIFY(status.members.at(1).self);
    QCOMPARE(status.members.at(1).state, u"streaming"_s);
    QCOMPARE(status.members.at(1).replayLagMs, 0);
    QCOMPARE(kindsOf(status), WarningKinds{ClusterWarning::Kind::Standby});

    facts.upstream = {{QVariant(), QVariant(), QVariant()}};
    status = statusFromFacts(facts);
    QCOMPARE(status.members.size(), 1);
    QVERIFY(status.unreadable.constFirst().contains(u"pg_read_all_stats"_s));
}

// MySQL, or MariaDB with wsrep_on OFF, is standalone at the host and port it reports.
void ClusterWarningsTest::mysqlWithoutGaleraIsStandalone()
{
    ClusterFacts facts;
    facts.values = {{u"wsrep_on"_s, u"OFF"_s},
                    {u"hostname"_s, u"db1"_s},
                    {u"port"_s, u"3306"_s},
                    {u"wsrep_cluster_size"_s, u"0"_s}};
    const ClusterStatus status = statusFromFacts(facts);
    QCOMPARE(status.kind, ClusterStatus::Kind::Standalone);
    QCOMPARE(status.node, u"db1:3306"_s);
    QVERIFY(!status.galera);
    QVERIFY(clusterWarnings(status).isEmpty());
}

// lockctl cluster --json: one object with these snake_case names, whatever the kind.
void ClusterWarningsTest::jsonFieldNamesAreStable()
{
    ClusterStatus status = galera(2, u"Primary"_s, u"Synced"_s, 0);
    status.node = u"10.0.0.1:3306"_s;
    status.members = {ClusterMember{}};
    const QJsonObject json = clusterStatusToJson(status);
    QCOMPARE(json.keys(), (QStringList{u"galera"_s, u"kind"_s, u"members"_s, u"node"_s,
                                       u"node_name"_s, u"postgresql"_s, u"unreadable"_s,
                                       u"warnings"_s}));
    QCOMPARE(json.value(u"kind"_s).toString(), u"galera"_s);
    QVERIFY(json.value(u"postgresql"_s).isNull());
    QCOMPARE(json.value(u"galera"_s).toObject().keys(),
             (QStringList{u"cluster_size"_s, u"cluster_state_uuid"_s, u"cluster_status"_s,
                          u"incoming_addresses"_s, u"local_state"_s, u"ready"_s,
                          u"sync_wait"_s}));
    const QJsonArray warnings = json.value(u"warnings"_s).toArray();
    QCOMPARE(warnings.size(), 2);
    QCOMPARE(warnings.at(0).toObject().value(u"id"_s).toString(), u"stale_reads"_s);
    QCOMPARE(warnings.at(1).toObject().value(u"id"_s).toString(), u"small_cluster"_s);
    QCOMPARE(json.value(u"members"_s).toArray().at(0).toObject().keys(),
             (QStringList{u"address"_s, u"flush_lag_ms"_s, u"name"_s, u"replay_lag_ms"_s,
                          u"role"_s, u"self"_s, u"state"_s, u"sync_state"_s,
                          u"write_lag_ms"_s}));
    const QJsonObject pg
        = clusterStatusToJson(primary(QString(), u"on"_s, {})).value(u"postgresql"_s).toObject();
    QCOMPARE(pg.keys(),
             (QStringList{u"in_recovery"_s, u"physical_replication_slots"_s, u"receive_lsn"_s,
                          u"replay_lag_ms"_s, u"replay_lsn"_s, u"standby_details_readable"_s,
                          u"standbys_connected"_s, u"synchronous_commit"_s,
                          u"synchronous_standby_names"_s, u"upstream"_s}));
}

QTEST_GUILESS_MAIN(ClusterWarningsTest)
#include "tst_clusterwarnings.moc"
