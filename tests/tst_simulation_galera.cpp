// SPDX-License-Identifier: GPL-3.0-or-later
// The contention simulator on a three-node MariaDB Galera cluster (scripts/lib/galera.sh),
// clients spread over the nodes (client i on node i mod 3), judged by the simulator's verdict:
// - seed 003's SELECT ... FOR UPDATE lock overlaps: a row lock is its node's own, so clients
//   of two nodes hold it at once; the transaction that loses certification fails at COMMIT
//   (ERROR 1213) after its critical section has run, and the run counts those failed commits;
// - lockcore shows no overlap, with clients of every node getting the lock;
// - the same through "lockctl simulate --processes --node-url ...".
// Both counts are printed. The suite kills no node.

#include "lockctlrun.h"
#include "session.h"
#include "simulator.h"
#include "testbackend.h"
#include "testcluster.h"

#include <QJsonArray>
#include <QLocale>
#include <QTest>

using namespace Qt::StringLiterals;
using testsupport::TestCluster;

namespace {

// Thousands separated as in the brief's figures ("1,204"), whatever the machine's locale.
QString count(qint64 n)
{
    return QLocale(QLocale::English).toString(n);
}

// Holds per node, as "node 1: 270, node 2: 271, node 3: 271".
QString perNode(const locksim::History &history)
{
    QList<int> holds(qMax(1, int(history.nodeNames.size())), 0);
    for (const locksim::HoldRecord &hold : history.holds)
        if (hold.node >= 0 && hold.node < holds.size())
            ++holds[hold.node];
    QStringList parts;
    for (int node = 0; node < holds.size(); ++node)
        parts << u"node %1: %2"_s.arg(node + 1).arg(holds.at(node));
    return parts.join(u", "_s);
}

} // namespace

class SimulationGaleraTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void forUpdateOverlapsAcrossNodes();
    void lockcoreShowsNoOverlapAcrossNodes();
    void lockctlProcessesAcrossNodes();

private:
    lockcore::Result<locksim::SimReport> simulate(const locksim::SimSettings &settings);

    TestCluster m_cluster{u"galera"_s};
    QList<lockcore::ConnectionSpec> m_nodes;
    QStringList m_tables;
};

void SimulationGaleraTest::initTestCase()
{
    QCOMPARE(m_cluster.nodes(), 3);
    for (int node = 0; node < m_cluster.nodes(); ++node) {
        auto spec = lockcore::ConnectionSpec::parse(m_cluster.url(node));
        QVERIFY2(spec.ok(), qPrintable(testsupport::errorText(spec)));
        m_nodes << *spec;
    }
}

void SimulationGaleraTest::cleanupTestCase()
{
    auto session = m_cluster.open(0);
    if (!session)
        return;
    for (const QString &table : std::as_const(m_tables))
        for (const QString &suffix :
             {u"_event"_s, u"_resource"_s, u"_unsafe"_s, u"_forupdate"_s, QString()})
            session->runDdl(u"DROP TABLE IF EXISTS "_s + table + suffix);
}

lockcore::Result<locksim::SimReport> SimulationGaleraTest::simulate(
    const locksim::SimSettings &settings)
{
    m_tables << settings.table;
    locksim::Simulator simulator(m_nodes, settings);
    if (lockcore::Status prepared = simulator.prepare(); !prepared)
        return prepared.error();
    std::atomic_bool stop{false};
    return simulator.run(stop);
}

// Proves: SELECT ... FOR UPDATE does not exclude clients of other nodes. Its own preset (two
// clients per node) for 8 s: overlapping holds, among them holds of different nodes, and
// commits that failed after their critical section had run.
void SimulationGaleraTest::forUpdateOverlapsAcrossNodes()
{
    locksim::SimSettings settings = locksim::SimSettings::forProtocol(
        locksim::Protocol::ForUpdate);
    settings.table = testsupport::TestBackend::uniqueTable(u"simgalera_fu"_s);
    auto report = simulate(settings);
    LOCKSCOPE_VERIFY_OK(report);
    const locksim::Verdict &verdict = report->verdict;
    qInfo("for-update on 3 Galera nodes: %s overlaps in %s holds (%s), %s failed commits",
          qPrintable(count(verdict.violationCount)), qPrintable(count(report->metrics.acquisitions)),
          qPrintable(perNode(report->history)), qPrintable(count(report->metrics.failedCommits)));
    QCOMPARE(report->nodes(), 3);
    QVERIFY(verdict.violationObserved);
    QCOMPARE(verdict.violations.first().kind, locksim::Violation::Kind::Overlap);
    const bool acrossNodes = std::any_of(verdict.violations.cbegin(), verdict.violations.cend(),
                                         [](const locksim::Violation &v) {
                                             return v.first.node != v.second.node;
                                         });
    QVERIFY2(acrossNodes, "no overlap between holds of two nodes");
    QVERIFY2(report->metrics.failedCommits > 0, "no commit lost certification");
    for (const locksim::HoldRecord &hold : report->history.holds)
        QCOMPARE(hold.node, hold.client % 3);
}

// Proves: lockcore's holds do not overlap with clients on every node, each node's clients
// getting the lock (waiters poll often: a release on another node wakes nobody here).
void SimulationGaleraTest::lockcoreShowsNoOverlapAcrossNodes()
{
    locksim::SimSettings settings;
    settings.clients = 6;
    settings.locks = 1;
    settings.hold = {locksim::DurationDist::Kind::Uniform, 20, 80};
    settings.think = {locksim::DurationDist::Kind::Uniform, 10, 40};
    settings.retry.deadlineMs = 10000;
    settings.retry.initialDelayMs = 5;
    settings.retry.maxDelayMs = 200;
    settings.durationMs = 8000;
    settings.table = testsupport::TestBackend::uniqueTable(u"simgalera_lc"_s);
    auto report = simulate(settings);
    LOCKSCOPE_VERIFY_OK(report);
    const locksim::Verdict &verdict = report->verdict;
    qInfo("lockcore on 3 Galera nodes: %s in %s holds (%s)",
          verdict.violationObserved ? qPrintable(count(verdict.violationCount) + u" violations"_s)
                                    : "no violation",
          qPrintable(count(report->metrics.acquisitions)), qPrintable(perNode(report->history)));
    QVERIFY2(!verdict.violationObserved,
             qPrintable(verdict.violations.isEmpty() ? QString()
                                                     : verdict.violations.first().text));
    QVERIFY(report->metrics.acquisitions > 0);
    QList<int> holds(3, 0);
    for (const locksim::HoldRecord &hold : report->history.holds)
        ++holds[hold.node];
    for (int node = 0; node < 3; ++node)
        QVERIFY2(holds.at(node) > 0, qPrintable(u"node %1 never held it"_s.arg(node + 1)));
}

// Proves: lockctl simulate --processes spreads its child processes over the nodes given with
// --node-url (URLs without the password, which node 1's LOCKSCOPE_DB has): for-update is caught
// (exit 1, failed commits counted), lockcore is not (exit 0).
void SimulationGaleraTest::lockctlProcessesAcrossNodes()
{
    testsupport::LockctlOptions options;
    options.url = m_cluster.url(0);
    const QStringList nodes{u"--node-url"_s, m_nodes.at(1).redacted(), u"--node-url"_s,
                            m_nodes.at(2).redacted()};
    const QString forUpdateTable = testsupport::TestBackend::uniqueTable(u"simgalera_pfu"_s);
    const QString lockcoreTable = testsupport::TestBackend::uniqueTable(u"simgalera_plc"_s);
    m_tables << forUpdateTable << lockcoreTable;

    const auto forUpdate = testsupport::runLockctl(
        QStringList{u"simulate"_s, u"--processes"_s, u"--protocol"_s, u"for-update"_s,
                    u"--duration"_s, u"5s"_s, u"--sim-table"_s, forUpdateTable, u"--json"_s}
            + nodes,
        options);
    QVERIFY2(forUpdate.exitCode == 1 && forUpdate.isJson, qPrintable(forUpdate.describe()));
    const QJsonObject &fu = forUpdate.json;
    qInfo("lockctl simulate --processes, for-update on 3 Galera nodes: %s overlaps in %s holds, "
          "%s failed commits",
          qPrintable(count(fu.value(u"violations"_s).toInteger())),
          qPrintable(count(fu.value(u"acquisitions"_s).toInteger())),
          qPrintable(count(fu.value(u"failed_commits"_s).toInteger())));
    QCOMPARE(fu.value(u"nodes"_s).toArray().size(), 3);
    QVERIFY(fu.value(u"violation_observed"_s).toBool());
    QVERIFY2(fu.value(u"failed_commits"_s).toInteger() > 0, qPrintable(forUpdate.describe()));

    const auto lockcore = testsupport::runLockctl(
        QStringList{u"simulate"_s, u"--processes"_s, u"--clients"_s, u"6"_s, u"--hold"_s,
                    u"20ms-80ms"_s, u"--retry-interval"_s, u"5ms"_s, u"--retry-max-interval"_s,
                    u"200ms"_s, u"--duration"_s, u"5s"_s, u"--sim-table"_s, lockcoreTable,
                    u"--json"_s}
            + nodes,
        options);
    QVERIFY2(lockcore.exitCode == 0 && lockcore.isJson, qPrintable(lockcore.describe()));
    qInfo("lockctl simulate --processes, lockcore on 3 Galera nodes: no violation in %s holds",
          qPrintable(count(lockcore.json.value(u"acquisitions"_s).toInteger())));
    QCOMPARE(lockcore.json.value(u"violation_observed"_s).toBool(true), false);
    QVERIFY(lockcore.json.value(u"acquisitions"_s).toInteger() > 0);
}

LOCKSCOPE_CLUSTER_TEST_MAIN("galera", SimulationGaleraTest)
#include "tst_simulation_galera.moc"
