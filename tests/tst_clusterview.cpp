// SPDX-License-Identifier: GPL-3.0-or-later
// The cluster status on the live clusters (scripts/lib/galera.sh, scripts/lib/pgfailover.sh),
// built twice from this file: clusterview_galera and clusterview_pgfailover.
// - Galera: every node says it is a node of the same 3-node cluster, Primary and Synced, lists
//   the same members and marks itself among them; wsrep_sync_wait is the session's own, and a
//   session with 0 is warned of stale reads; lockctl cluster says the same.
// - pg_auto_failover: each host of the URL, opened alone, is the primary or its standby; the
//   primary shows its standby (its details when the user may read them, else why not) and no
//   loss warning while a standby is synchronous; the standby says it is read-only and follows
//   the primary; the URL with target_session_attrs=read-write reaches the primary.
// Other suites kill and restart nodes of the same clusters: each case first waits (up to two
// minutes) for the cluster to be whole. Nothing here changes a node.

#include "clusterstatus.h"
#include "clusterwarnings.h"
#include "lockctlrun.h"
#include "testbackend.h"
#include "testcluster.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QThread>
#include <functional>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestCluster;

namespace {

constexpr int WholeWithinMs = 120000;

bool has(const ClusterStatus &status, ClusterWarning::Kind kind)
{
    for (const ClusterWarning &warning : clusterWarnings(status)) {
        if (warning.kind == kind)
            return true;
    }
    return false;
}

QString describe(const ClusterStatus &status)
{
    QStringList lines{ClusterStatus::kindId(status.kind) + u' ' + status.node};
    for (const ClusterWarning &warning : clusterWarnings(status))
        lines << u"warning: "_s + warning.text;
    lines += status.unreadable;
    return lines.join(u'\n');
}

// The hosts of a multi-host PostgreSQL URL, each as a URL of its own without
// target_session_attrs (so that a standby answers too). Has the password: never print.
QStringList singleHostUrls(const QString &url)
{
    static const QRegularExpression form(u"^(postgres(?:ql)?://[^@/]*@)([^/]+)(/[^?]*)"_s);
    const QRegularExpressionMatch match = form.match(url);
    if (!match.hasMatch())
        return {};
    QStringList urls;
    for (const QString &host : match.captured(2).split(u','))
        urls << match.captured(1) + host + match.captured(3);
    return urls;
}

// Polls `read` until `whole` accepts its statuses or the time is up; the last statuses read.
QList<ClusterStatus> readUntil(const std::function<QList<ClusterStatus>(QString *)> &read,
                               const std::function<bool(const QList<ClusterStatus> &)> &whole,
                               QString *problem)
{
    QElapsedTimer timer;
    timer.start();
    QList<ClusterStatus> statuses;
    do {
        problem->clear();
        statuses = read(problem);
        if (problem->isEmpty() && whole(statuses))
            return statuses;
        QThread::msleep(2000);
    } while (timer.elapsed() < WholeWithinMs);
    if (problem->isEmpty())
        *problem = u"the cluster did not become whole within two minutes"_s;
    return statuses;
}

} // namespace

class ClusterViewTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyGaleraNodeShowsTheWholeCluster();
    void wsrepSyncWaitIsTheSessionsOwn();
    void lockctlClusterOnAGaleraNode();
    void eachPostgresHostSaysWhatItIs();
    void theFailoverUrlReachesThePrimary();

private:
    bool isGalera() const { return m_cluster.kind() == u"galera"; }
    QList<ClusterStatus> readGaleraNodes(QString *problem) const;
    QList<ClusterStatus> readPostgresHosts(QString *problem) const;
    static std::unique_ptr<Session> openUrl(const QString &url, QString *problem);

    TestCluster m_cluster{QStringLiteral(LOCKSCOPE_TEST_CLUSTER)};
};

void ClusterViewTest::initTestCase()
{
    QVERIFY(m_cluster.isConfigured());
}

std::unique_ptr<Session> ClusterViewTest::openUrl(const QString &url, QString *problem)
{
    auto spec = ConnectionSpec::parse(url);
    if (!spec) {
        *problem = spec.error().fullText();
        return nullptr;
    }
    auto session = Session::open(*spec);
    if (!session) {
        *problem = session.error().fullText();
        return nullptr;
    }
    return std::move(session).value();
}

QList<ClusterStatus> ClusterViewTest::readGaleraNodes(QString *problem) const
{
    QList<ClusterStatus> statuses;
    for (int node = 0; node < m_cluster.nodes(); ++node) {
        auto session = m_cluster.open(node, problem);
        if (!session)
            return {};
        auto status = readClusterStatus(*session);
        if (!status) {
            *problem = status.error().fullText();
            return {};
        }
        statuses << *status;
    }
    return statuses;
}

QList<ClusterStatus> ClusterViewTest::readPostgresHosts(QString *problem) const
{
    QList<ClusterStatus> statuses;
    for (const QString &url : singleHostUrls(m_cluster.url(0))) {
        auto session = openUrl(url, problem);
        if (!session)
            return {};
        auto status = readClusterStatus(*session);
        if (!status) {
            *problem = status.error().fullText();
            return {};
        }
        statuses << *status;
    }
    return statuses;
}

// Each node: a Galera node of a Primary, Synced 3-node cluster, whose members are the same on
// every node, this node marked once, at its own address.
void ClusterViewTest::everyGaleraNodeShowsTheWholeCluster()
{
    if (!isGalera())
        QSKIP("a Galera case");
    const int nodes = m_cluster.nodes();
    QString problem;
    const QList<ClusterStatus> statuses = readUntil(
        [this](QString *p) { return readGaleraNodes(p); },
        [nodes](const QList<ClusterStatus> &all) {
            return std::all_of(all.cbegin(), all.cend(), [nodes](const ClusterStatus &s) {
                return s.galera && s.galera->clusterSize == nodes
                       && s.galera->localState == u"Synced";
            });
        },
        &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QSet<QString> selves;
    for (const ClusterStatus &status : statuses) {
        QCOMPARE(status.kind, ClusterStatus::Kind::Galera);
        QCOMPARE(status.galera->clusterStatus, u"Primary"_s);
        QCOMPARE(status.galera->ready, true);
        QCOMPARE(status.galera->clusterStateUuid, statuses.constFirst().galera->clusterStateUuid);
        QCOMPARE(QSet<QString>(status.galera->incomingAddresses.cbegin(),
                               status.galera->incomingAddresses.cend()),
                 QSet<QString>(statuses.constFirst().galera->incomingAddresses.cbegin(),
                               statuses.constFirst().galera->incomingAddresses.cend()));
        QCOMPARE(status.members.size(), nodes);
        const auto self = std::find_if(status.members.cbegin(), status.members.cend(),
                                       [](const ClusterMember &m) { return m.self; });
        QVERIFY2(self != status.members.cend(), qPrintable(describe(status)));
        QCOMPARE(self->address, status.node);
        QVERIFY(!self->name.isEmpty());
        selves << status.node;
        using K = ClusterWarning::Kind;
        for (K kind : {K::GaleraNotPrimary, K::GaleraNotSynced, K::SmallCluster})
            QVERIFY2(!has(status, kind), qPrintable(describe(status)));
        QVERIFY(status.unreadable.isEmpty());
    }
    QCOMPARE(selves.size(), nodes); // each node is itself
}

// wsrep_sync_wait is read from the session that asks: 0 on one session warns of stale reads
// there and nowhere else.
void ClusterViewTest::wsrepSyncWaitIsTheSessionsOwn()
{
    if (!isGalera())
        QSKIP("a Galera case");
    QString problem;
    auto stale = m_cluster.open(0, &problem);
    QVERIFY2(stale, qPrintable(problem));
    auto other = m_cluster.open(0, &problem);
    QVERIFY2(other, qPrintable(problem));
    QVERIFY(testsupport::execRaw(*stale, u"SET SESSION wsrep_sync_wait = 0"_s));
    auto staleStatus = readClusterStatus(*stale);
    LOCKSCOPE_VERIFY_OK(staleStatus);
    QCOMPARE(staleStatus->galera->syncWait, 0);
    QVERIFY2(has(*staleStatus, ClusterWarning::Kind::StaleReads),
             qPrintable(describe(*staleStatus)));

    QVERIFY(testsupport::execRaw(*other, u"SET SESSION wsrep_sync_wait = 1"_s));
    auto otherStatus = readClusterStatus(*other);
    LOCKSCOPE_VERIFY_OK(otherStatus);
    QCOMPARE(otherStatus->galera->syncWait, 1);
    QVERIFY(!has(*otherStatus, ClusterWarning::Kind::StaleReads));
}

// lockctl cluster on a node: the kind and the node in text and JSON, exit code 0.
void ClusterViewTest::lockctlClusterOnAGaleraNode()
{
    if (!isGalera())
        QSKIP("a Galera case");
    if (testsupport::lockctlProgram().isEmpty())
        QSKIP("lockctl is not built");
    testsupport::LockctlOptions options;
    options.url = m_cluster.url(1);
    const testsupport::LockctlRun json = testsupport::runLockctl({u"cluster"_s, u"--json"_s},
                                                                 options);
    QVERIFY2(json.finished && json.exitCode == 0 && json.isJson, qPrintable(json.describe()));
    QCOMPARE(json.json.value(u"kind"_s).toString(), u"galera"_s);
    QCOMPARE(json.json.value(u"members"_s).toArray().size(), m_cluster.nodes());
    const QString node = json.json.value(u"node"_s).toString();
    QVERIFY(!node.isEmpty());

    const testsupport::LockctlRun text = testsupport::runLockctl({u"cluster"_s}, options);
    QVERIFY2(text.finished && text.exitCode == 0, qPrintable(text.describe()));
    QVERIFY2(text.outText().contains(u"Galera cluster node"_s), qPrintable(text.describe()));
    QVERIFY2(text.outText().contains(node + u" *"_s), qPrintable(text.describe()));
}

// Each host alone: one primary and one standby. The primary lists its standby and warns of no
// loss while one is synchronous (pg_auto_failover's synchronous_standby_names); the standby is
// read-only and, when the user may see it, follows the primary. What the test user may not
// read is said, naming the role it needs.
void ClusterViewTest::eachPostgresHostSaysWhatItIs()
{
    if (isGalera())
        QSKIP("a pg_auto_failover case");
    QVERIFY2(singleHostUrls(m_cluster.url(0)).size() >= 2, "the URL names one host only");
    QString problem;
    const auto oneOfEach = [](const QList<ClusterStatus> &all) {
        int primaries = 0;
        int standbys = 0;
        for (const ClusterStatus &s : all) {
            primaries += s.kind == ClusterStatus::Kind::PostgresPrimary
                         && s.postgres->standbysConnected > 0;
            standbys += s.kind == ClusterStatus::Kind::PostgresStandby;
        }
        return primaries == 1 && standbys == int(all.size()) - 1;
    };
    const QList<ClusterStatus> statuses = readUntil(
        [this](QString *p) { return readPostgresHosts(p); }, oneOfEach, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    for (const ClusterStatus &status : statuses) {
        const PostgresReplication &pg = *status.postgres;
        if (status.kind == ClusterStatus::Kind::PostgresPrimary) {
            QVERIFY2(!pg.synchronousStandbyNames.isEmpty(), qPrintable(describe(status)));
            QVERIFY2(!has(status, ClusterWarning::Kind::LossOnFailover),
                     qPrintable(describe(status)));
            QVERIFY(status.members.constFirst().self);
            QCOMPARE(status.members.size(), 1 + pg.standbysConnected);
            if (!pg.standbyDetailsReadable)
                QVERIFY2(status.unreadable.join(u' ').contains(u"pg_monitor"_s),
                         qPrintable(describe(status)));
            continue;
        }
        QVERIFY2(has(status, ClusterWarning::Kind::Standby), qPrintable(describe(status)));
        QVERIFY(!pg.replayLsn.isEmpty());
        if (pg.upstream.isEmpty())
            QVERIFY2(status.unreadable.join(u' ').contains(u"pg_read_all_stats"_s),
                     qPrintable(describe(status)));
        else
            QVERIFY2(std::any_of(statuses.cbegin(), statuses.cend(),
                                 [&](const ClusterStatus &s) { return s.node == pg.upstream; }),
                     qPrintable(describe(status)));
    }
}

// The cluster's URL as given (every host, target_session_attrs=read-write) reaches the
// primary, whichever host that is now.
void ClusterViewTest::theFailoverUrlReachesThePrimary()
{
    if (isGalera())
        QSKIP("a pg_auto_failover case");
    QString problem;
    const QList<ClusterStatus> statuses = readUntil(
        [this](QString *p) -> QList<ClusterStatus> {
            auto session = m_cluster.open(0, p);
            if (!session)
                return {};
            auto status = readClusterStatus(*session);
            if (!status) {
                *p = status.error().fullText();
                return {};
            }
            return {*status};
        },
        [](const QList<ClusterStatus> &all) {
            return all.size() == 1
                   && all.constFirst().kind == ClusterStatus::Kind::PostgresPrimary;
        },
        &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY(!has(statuses.constFirst(), ClusterWarning::Kind::Standby));
}

LOCKSCOPE_CLUSTER_TEST_MAIN(LOCKSCOPE_TEST_CLUSTER, ClusterViewTest)
#include "tst_clusterview.moc"
