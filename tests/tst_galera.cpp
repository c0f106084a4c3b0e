// SPDX-License-Identifier: GPL-3.0-or-later
// lockcore on a three-node MariaDB Galera cluster (scripts/lib/galera.sh), with clients spread
// over the nodes. A write on any node is certified against the others at commit: of two
// conflicting writes one commits and the other fails (ERROR 1213). The suite checks what that
// means for a lock, from the records lockcore reports (grants, releases, their database times
// and fences, judged by the simulator's verdict):
// - clients on every node never hold the lock together, and fences only rise;
// - a conflict lost to another node is a refusal (or, for a waiter, another attempt), never an
//   error and never a grant;
// - a release on one node wakes a waiter on another promptly, although the wake-up lock
//   (GET_LOCK) is each node's own;
// - reads on any node see the latest grant (wsrep_sync_wait);
// - a node killed while its client holds the lock and another waits loses no acknowledged
//   grant: the others get the lock only when that lease ends, at the next fence;
// - a node that lost quorum answers with a clear error.
// The kills go through scripts/cluster-fault; the last case brings the cluster back whole.

#include "lockservice.h"
#include "reportedhold.h"
#include "testbackend.h"
#include "testcluster.h"
#include "verdict.h"

#include <QElapsedTimer>
#include <QSqlQuery>
#include <QThread>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestCluster;
using testsupport::endHold;
using testsupport::holdOf;

namespace {

// The sum over the nodes of a numeric wsrep status variable.
qint64 statusSum(const QList<Session *> &sessions, const QString &variable)
{
    qint64 sum = 0;
    for (Session *session : sessions) {
        QSqlQuery query(session->database());
        if (query.exec(u"SHOW GLOBAL STATUS LIKE '"_s + variable + u'\'') && query.next())
            sum += query.value(1).toLongLong();
    }
    return sum;
}

// Threads that start a round together.
class Gate
{
public:
    explicit Gate(int parties) : m_parties(parties) {}
    void arriveAndWait()
    {
        std::unique_lock lock(m_mutex);
        const int round = m_round;
        if (++m_arrived == m_parties) {
            m_arrived = 0;
            ++m_round;
            m_changed.notify_all();
            return;
        }
        m_changed.wait(lock, [&] { return m_round != round; });
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    int m_parties;
    int m_arrived = 0;
    int m_round = 0;
};

// What one client thread saw.
struct ClientLog
{
    QList<locksim::HoldRecord> holds;
    QStringList errors; // every error lockcore returned, with its kind
    int refusals = 0;
};

} // namespace

class GaleraTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void everyNodeIsSeenAsAClusterNode();
    void simultaneousAcquiresOnThreeNodesGrantOnce();
    void clientsOnEveryNodeNeverOverlap();
    void aReleaseOnAnotherNodeWakesAWaiterPromptly();
    void readsOnAnyNodeSeeTheLatestGrant();
    void aKilledNodeLosesNoAcknowledgedGrant();
    void aNodeWithoutQuorumSaysSo();

private:
    std::unique_ptr<Session> openNode(int node);
    LockService service(Session &session);
    ClientLog runClient(int node, int client, const QString &lock, qint64 ttlMs,
                        const std::atomic_bool &stop);
    bool waitUntilSynced(int node, int seconds);

    TestCluster m_cluster{u"galera"_s};
    QString m_table;
    std::vector<std::unique_ptr<Session>> m_nodes; // one session per node, for the test itself
};

std::unique_ptr<Session> GaleraTest::openNode(int node)
{
    QString error;
    auto session = m_cluster.open(node, &error);
    if (!session)
        qWarning("node %d: %s", node + 1, qPrintable(error));
    return session;
}

LockService GaleraTest::service(Session &session)
{
    auto created = LockService::create(session, m_table);
    return std::move(created).value();
}

void GaleraTest::initTestCase()
{
    QCOMPARE(m_cluster.nodes(), 3);
    for (int node = 0; node < m_cluster.nodes(); ++node) {
        m_nodes.push_back(openNode(node));
        QVERIFY2(m_nodes.back(), qPrintable(u"node %1 does not answer"_s.arg(node + 1)));
    }
    m_table = testsupport::TestBackend::uniqueTable(u"galera"_s);
    auto locks = LockService::create(*m_nodes[0], m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    LOCKSCOPE_VERIFY_OK(locks->createSchema()); // DDL: replicated to every node before it returns
}

void GaleraTest::cleanupTestCase()
{
    if (m_nodes.empty() || !m_nodes[0] || m_table.isEmpty())
        return;
    m_nodes[0]->runDdl(u"DROP TABLE IF EXISTS "_s + m_table + u"_event"_s);
    m_nodes[0]->runDdl(u"DROP TABLE IF EXISTS "_s + m_table);
}

void GaleraTest::everyNodeIsSeenAsAClusterNode()
{
    // The session notices Galera by itself: its waiters poll for releases on other nodes.
    for (const auto &node : m_nodes)
        QVERIFY(node->wakeLocksAreNodeLocal());
}

void GaleraTest::simultaneousAcquiresOnThreeNodesGrantOnce()
{
    // 60 rounds: one client per node asks for the same free lock at the same moment. The
    // conditional writes conflict at certification; each round grants exactly one of them and
    // the others are refusals, with no error.
    constexpr int rounds = 60;
    QList<Session *> all;
    for (const auto &node : m_nodes)
        all << node.get();
    const qint64 conflictsBefore = statusSum(all, u"wsrep_local_cert_failures"_s)
                                   + statusSum(all, u"wsrep_local_bf_aborts"_s);
    Gate gate(3);
    std::vector<ClientLog> logs(3);
    std::vector<std::thread> threads;
    for (int node = 0; node < 3; ++node) {
        threads.emplace_back([&, node] {
            auto session = m_cluster.open(node);
            if (!session) {
                logs[node].errors << u"no session"_s;
                for (int round = 0; round < rounds; ++round)
                    gate.arriveAndWait();
                return;
            }
            auto locks = service(*session);
            const QString holder = u"node%1"_s.arg(node + 1);
            for (int round = 0; round < rounds; ++round) {
                gate.arriveAndWait();
                auto grant = locks.acquire(u"race.%1"_s.arg(round), holder, 60'000);
                if (!grant)
                    logs[node].errors << Error::kindName(grant.error().kind) + u": "_s
                                             + grant.error().fullText();
                else if (grant->acquired)
                    logs[node].holds << holdOf(*grant, node);
                else
                    ++logs[node].refusals;
            }
        });
    }
    for (auto &thread : threads)
        thread.join();
    const qint64 conflicts = statusSum(all, u"wsrep_local_cert_failures"_s)
                             + statusSum(all, u"wsrep_local_bf_aborts"_s) - conflictsBefore;
    QMap<qint64, int> grantsPerFence;
    int grants = 0;
    int refusals = 0;
    for (const ClientLog &log : logs) {
        QVERIFY2(log.errors.isEmpty(), qPrintable(log.errors.join(u"; "_s)));
        grants += int(log.holds.size());
        refusals += log.refusals;
    }
    qInfo("%d rounds: %d grants, %d refusals, %lld certification conflicts on the nodes", rounds,
          grants, refusals, conflicts);
    QCOMPARE(grants, rounds); // each new lock granted once (fence 1), to one node
    QCOMPARE(refusals, 2 * rounds);
}

ClientLog GaleraTest::runClient(int node, int client, const QString &lock, qint64 ttlMs,
                                const std::atomic_bool &stop)
{
    ClientLog log;
    auto session = m_cluster.open(node);
    if (!session) {
        log.errors << u"node %1 does not answer"_s.arg(node + 1);
        return log;
    }
    auto locks = service(*session);
    const QString holder = u"client%1@node%2"_s.arg(client).arg(node + 1);
    RetryPolicy policy;
    policy.deadlineMs = 10'000;
    policy.initialDelayMs = 5;
    policy.maxDelayMs = 200;
    while (!stop.load()) {
        auto grant = locks.acquireWithWait(lock, holder, ttlMs, policy, &stop);
        if (!grant) {
            if (grant.error().kind != Error::Kind::Cancelled)
                log.errors << Error::kindName(grant.error().kind) + u": "_s
                                  + grant.error().fullText();
            continue;
        }
        if (!grant->acquired) {
            ++log.refusals;
            continue;
        }
        locksim::HoldRecord hold = holdOf(*grant, client);
        QThread::msleep(2); // the work the lock protects
        const auto release = locks.release(lock, holder, grant->fence);
        if (!release)
            log.errors << Error::kindName(release.error().kind) + u": "_s
                              + release.error().fullText();
        endHold(hold, release);
        log.holds << hold;
    }
    return log;
}

void GaleraTest::clientsOnEveryNodeNeverOverlap()
{
    // Six clients, two per node, take one lock in turn for 15 s; every grant and release as
    // reported goes to the simulator's verdict (no overlap in database time, fences rising).
    constexpr int clients = 6;
    std::atomic_bool stop{false};
    std::vector<ClientLog> logs(clients);
    std::vector<std::thread> threads;
    for (int client = 0; client < clients; ++client)
        threads.emplace_back(
            [&, client] { logs[client] = runClient(client % 3, client, u"shared"_s, 30'000, stop); });
    QThread::sleep(15);
    stop = true;
    for (auto &thread : threads)
        thread.join();
    locksim::History history;
    history.lockNames = {u"shared"_s};
    QStringList errors;
    QList<int> holdsPerNode{0, 0, 0};
    for (int client = 0; client < clients; ++client) {
        history.holds += logs[client].holds;
        holdsPerNode[client % 3] += int(logs[client].holds.size());
        errors += logs[client].errors;
    }
    const locksim::Verdict verdict = locksim::checkHistory(history);
    qInfo("%lld holds (node 1: %d, node 2: %d, node 3: %d), %d violations",
          qint64(history.holds.size()), holdsPerNode[0], holdsPerNode[1], holdsPerNode[2],
          verdict.violationCount);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.mid(0, 5).join(u"; "_s)));
    QVERIFY2(!verdict.violationObserved,
             qPrintable(verdict.violations.isEmpty() ? QString()
                                                     : verdict.violations.first().text));
    for (int node = 0; node < 3; ++node) // every node's clients got the lock
        QVERIFY2(holdsPerNode[node] > 0, qPrintable(u"node %1 never held it"_s.arg(node + 1)));
}

void GaleraTest::aReleaseOnAnotherNodeWakesAWaiterPromptly()
{
    // The holder is on node 1, the waiter on node 2 with pauses that would grow to seconds:
    // the release on node 1 wakes nothing on node 2, so the waiter polls at most every
    // WaitPlan::otherNodePollMs. Measured between the release's and the grant's own times.
    auto holderLocks = service(*m_nodes[0]);
    auto held = holderLocks.acquire(u"wake"_s, u"holder@node1"_s, 60'000);
    LOCKSCOPE_VERIFY_OK(held);
    QVERIFY(held->acquired);
    Result<Grant> waited = Error::invalidInput(u"not run"_s);
    std::thread waiter([&] {
        auto session = m_cluster.open(1);
        if (!session)
            return;
        auto locks = service(*session);
        RetryPolicy slow;
        slow.deadlineMs = 30'000;
        slow.initialDelayMs = 1000;
        slow.maxDelayMs = 8000;
        slow.jitter = 0;
        waited = locks.acquireWithWait(u"wake"_s, u"waiter@node2"_s, 60'000, slow);
        if (waited && waited->acquired)
            locks.release(u"wake"_s, u"waiter@node2"_s, waited->fence);
    });
    QThread::msleep(1500); // the waiter is in a pause now (its second would end at 3 s)
    auto released = holderLocks.release(u"wake"_s, u"holder@node1"_s, held->fence);
    waiter.join();
    LOCKSCOPE_VERIFY_OK(released);
    QVERIFY(released->released);
    LOCKSCOPE_VERIFY_OK(waited);
    QVERIFY(waited->acquired);
    QCOMPARE(waited->fence, held->fence + 1);
    const qint64 lagMs = released->releasedAt.msecsTo(waited->acquiredAt);
    qInfo("granted on node 2 %lld ms after the release on node 1 (released_at to acquired_at)",
          lagMs);
    QVERIFY(lagMs >= 0);
    QVERIFY2(lagMs < 750, qPrintable(u"the waiter took %1 ms"_s.arg(lagMs)));
}

void GaleraTest::readsOnAnyNodeSeeTheLatestGrant()
{
    // A grant on one node, read at once on the next: the holder and fence it reported.
    int stale = 0;
    constexpr int rounds = 150;
    for (int round = 0; round < rounds; ++round) {
        const int writer = round % 3;
        auto writerLocks = service(*m_nodes[writer]);
        auto readerLocks = service(*m_nodes[(writer + 1) % 3]);
        const QString holder = u"round%1"_s.arg(round);
        auto grant = writerLocks.acquire(u"read"_s, holder, 60'000);
        LOCKSCOPE_VERIFY_OK(grant);
        QVERIFY(grant->acquired);
        auto seen = readerLocks.lock(u"read"_s);
        LOCKSCOPE_VERIFY_OK(seen);
        QVERIFY(seen->has_value());
        if ((*seen)->holder != holder || (*seen)->fence != grant->fence)
            ++stale;
        LOCKSCOPE_VERIFY_OK(writerLocks.release(u"read"_s, holder, grant->fence));
    }
    qInfo("%d of %d reads on another node were stale", stale, rounds);
    QCOMPARE(stale, 0);
}

bool GaleraTest::waitUntilSynced(int node, int seconds)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < seconds * 1000) {
        if (auto session = m_cluster.open(node)) {
            QSqlQuery query(session->database());
            if (query.exec(u"SHOW GLOBAL STATUS LIKE 'wsrep_local_state_comment'"_s)
                && query.next() && query.value(1).toString() == u"Synced")
                return true;
        }
        QThread::msleep(300);
    }
    return false;
}

void GaleraTest::aKilledNodeLosesNoAcknowledgedGrant()
{
    // A client on node 3 holds the lock (a 4 s lease), another on node 3 waits for it, and
    // clients on nodes 1 and 2 wait too. Node 3 is killed. The grant it acknowledged is still
    // the lock's on the survivors; they get the lock only when its lease ends, by takeover, at
    // the next fence, and then one after the other.
    constexpr qint64 ttlMs = 4000;
    auto node3 = openNode(2);
    QVERIFY(node3);
    auto holderLocks = service(*node3);
    auto held = holderLocks.acquire(u"kill"_s, u"holder@node3"_s, ttlMs);
    LOCKSCOPE_VERIFY_OK(held);
    QVERIFY(held->acquired);
    std::vector<Result<Grant>> waited(3, Error::invalidInput(u"not run"_s));
    std::vector<std::thread> waiters;
    for (int node = 0; node < 3; ++node) {
        waiters.emplace_back([&, node] {
            auto session = m_cluster.open(node);
            if (!session)
                return;
            auto locks = service(*session);
            RetryPolicy policy;
            policy.deadlineMs = node == 2 ? 8'000 : 30'000;
            policy.initialDelayMs = 20;
            policy.maxDelayMs = 200;
            const QString holder = u"waiter@node%1"_s.arg(node + 1);
            waited[node] = locks.acquireWithWait(u"kill"_s, holder, 60'000, policy);
            if (waited[node] && waited[node]->acquired) {
                QThread::msleep(200);
                locks.release(u"kill"_s, holder, waited[node]->fence);
            }
        });
    }
    QThread::msleep(500);
    QString output;
    QVERIFY2(TestCluster::fault({u"galera-kill"_s, u"3"_s}, &output), qPrintable(output));
    // Before the lease's end, the survivors still show the grant node 3 acknowledged.
    auto seen = service(*m_nodes[0]).lock(u"kill"_s);
    LOCKSCOPE_VERIFY_OK(seen);
    QVERIFY(seen->has_value());
    QCOMPARE((*seen)->holder, u"holder@node3"_s);
    QCOMPARE((*seen)->fence, held->fence);
    for (auto &thread : waiters)
        thread.join();
    // The waiters on nodes 1 and 2 got it in turn, above the killed holder's fence, not before
    // its lease ended; the one on node 3 lost its connection and was granted nothing.
    QList<Grant> grants;
    for (int node = 0; node < 2; ++node) {
        LOCKSCOPE_VERIFY_OK(waited[node]);
        QVERIFY2(waited[node]->acquired, qPrintable(u"node %1's waiter"_s.arg(node + 1)));
        grants << *waited[node];
    }
    QVERIFY(!waited[2] || !waited[2]->acquired);
    std::sort(grants.begin(), grants.end(),
              [](const Grant &a, const Grant &b) { return a.fence < b.fence; });
    QCOMPARE(grants[0].fence, held->fence + 1);
    QCOMPARE(grants[0].tookOverFrom, u"holder@node3"_s);
    QVERIFY2(grants[0].acquiredAt >= held->expiresAt,
             qPrintable(u"taken over at %1, the lease ran to %2"_s.arg(
                 grants[0].acquiredAt.toString(Qt::ISODateWithMs),
                 held->expiresAt.toString(Qt::ISODateWithMs))));
    QCOMPARE(grants[1].fence, held->fence + 2);
    // Node 3 comes back (IST) and reads the same lock as the others.
    QVERIFY2(TestCluster::fault({u"galera-restart"_s, u"3"_s}, &output), qPrintable(output));
    QVERIFY(waitUntilSynced(2, 60));
    m_nodes[2] = openNode(2);
    QVERIFY(m_nodes[2]);
    auto after = service(*m_nodes[2]).lock(u"kill"_s);
    LOCKSCOPE_VERIFY_OK(after);
    QVERIFY(after->has_value());
    QCOMPARE((*after)->fence, held->fence + 2);
}

void GaleraTest::aNodeWithoutQuorumSaysSo()
{
    // Nodes 2 and 3 gone: node 1 alone is not a primary component and takes nothing.
    QString output;
    QVERIFY2(TestCluster::fault({u"galera-kill"_s, u"2"_s}, &output), qPrintable(output));
    QVERIFY2(TestCluster::fault({u"galera-kill"_s, u"3"_s}, &output), qPrintable(output));
    auto alone = openNode(0);
    QVERIFY(alone);
    auto locks = service(*alone);
    QElapsedTimer timer; // until node 1 has noticed (evs.inactive_timeout)
    timer.start();
    Result<Grant> grant = locks.acquire(u"quorum"_s, u"alone@node1"_s, 10'000);
    while (grant && timer.elapsed() < 30'000) {
        if (grant->acquired)
            locks.release(u"quorum"_s, u"alone@node1"_s, grant->fence);
        QThread::msleep(500);
        grant = locks.acquire(u"quorum"_s, u"alone@node1"_s, 10'000);
    }
    QVERIFY2(!grant, "node 1 kept granting without quorum");
    qInfo("without quorum: %s", qPrintable(grant.error().fullText()));
    QCOMPARE(grant.error().kind, Error::Kind::Unavailable);
    QVERIFY(grant.error().message.contains(u"quorum"_s));
    auto read = locks.lock(u"quorum"_s);
    QVERIFY(!read);
    QCOMPARE(read.error().kind, Error::Kind::Unavailable);
    // Back whole: node 1 forms the primary component again, the others rejoin it.
    QVERIFY2(TestCluster::fault({u"galera-bootstrap"_s, u"1"_s}, &output), qPrintable(output));
    QVERIFY2(TestCluster::fault({u"galera-restart"_s, u"2"_s}, &output), qPrintable(output));
    QVERIFY2(TestCluster::fault({u"galera-restart"_s, u"3"_s}, &output), qPrintable(output));
    for (int node = 0; node < 3; ++node)
        QVERIFY(waitUntilSynced(node, 60));
    auto again = locks.acquire(u"quorum"_s, u"alone@node1"_s, 10'000); // reconnects by itself
    LOCKSCOPE_VERIFY_OK(again);
    QVERIFY(again->acquired);
    for (int node = 0; node < 3; ++node)
        m_nodes[size_t(node)] = openNode(node);
}

LOCKSCOPE_CLUSTER_TEST_MAIN("galera", GaleraTest)

#include "tst_galera.moc"
