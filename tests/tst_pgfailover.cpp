// SPDX-License-Identifier: GPL-3.0-or-later
// lockcore on PostgreSQL with automatic failover (pg_auto_failover: a monitor, a primary and a
// synchronous standby; scripts/lib/pgfailover.sh). Every client has the one URL that names both
// nodes with target_session_attrs=read-write. The primary is killed (its postgres and its
// keeper, SIGKILL) while clients contend, and the standby takes over (about 9 s here). Checked
// from what lockcore and lockctl report:
// - a grant acknowledged before the kill is the lock's on the new primary: its holder releases
//   it there with its fence, and the waiter gets it only then, at the next fence;
// - no fence is handed out twice, and holds never overlap (the simulator's verdict over the
//   reported grants and releases; a release cut by the kill counts as held to its lease's end);
// - the clients reconnect by themselves, and say where they are (the new primary);
// - lockctl processes (a hold with renewals, a waiter) and `lockctl simulate` ride it out.
// Each case kills the current primary and brings the old one back as the standby.

#include "lockctlrun.h"
#include "lockservice.h"
#include "reachedserver.h"
#include "reportedhold.h"
#include "testbackend.h"
#include "testcluster.h"
#include "verdict.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QThread>
#include <atomic>
#include <thread>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestCluster;

namespace {

// What one contending client saw: its holds as reported, and the errors it rode out.
struct ClientLog
{
    QList<locksim::HoldRecord> holds;
    QStringList errors;
    QString reachedAtEnd; // the server it was connected to when it stopped
};

} // namespace

class PgFailoverTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void grantsSurviveAFailoverUnderContention();
    void lockctlProcessesRideOutAFailover();

private:
    ClientLog contend(int client, const std::atomic_bool &stop);
    // Kills the primary and waits for the standby to take writes: its port, or empty.
    QString failOver();
    // Brings the killed node back as the standby.
    void rejoin();

    TestCluster m_cluster{u"pgfailover"_s};
    QString m_table;
    QString m_killedNode;
    std::unique_ptr<Session> m_session;
};

void PgFailoverTest::initTestCase()
{
    QString error;
    m_session = m_cluster.open(0, &error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = testsupport::TestBackend::uniqueTable(u"failover"_s);
    auto locks = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    LOCKSCOPE_VERIFY_OK(locks->createSchema());
}

void PgFailoverTest::cleanupTestCase()
{
    if (!m_session || m_table.isEmpty())
        return;
    m_session->runDdl(u"DROP TABLE IF EXISTS "_s + m_table + u"_event"_s);
    m_session->runDdl(u"DROP TABLE IF EXISTS "_s + m_table);
}

QString PgFailoverTest::failOver()
{
    QString output;
    if (!TestCluster::fault({u"pgfailover-kill-primary"_s}, &output)) {
        qWarning("kill: %s", qPrintable(output));
        return {};
    }
    m_killedNode = output.section(u'\n', -1).trimmed();
    if (!TestCluster::fault({u"pgfailover-wait-primary"_s, u"120"_s}, &output)) {
        qWarning("no new primary: %s", qPrintable(output));
        return {};
    }
    return output.section(u'\n', -1).trimmed();
}

void PgFailoverTest::rejoin()
{
    QString output;
    QVERIFY2(TestCluster::fault({u"pgfailover-restart"_s, m_killedNode}, &output),
             qPrintable(output));
}

ClientLog PgFailoverTest::contend(int client, const std::atomic_bool &stop)
{
    ClientLog log;
    auto session = m_cluster.open(0);
    if (!session) {
        log.errors << u"no session"_s;
        return log;
    }
    auto locks = std::move(LockService::create(*session, m_table)).value();
    const QString holder = u"client%1"_s.arg(client);
    RetryPolicy policy;
    policy.deadlineMs = 5'000;
    policy.initialDelayMs = 5;
    policy.maxDelayMs = 200;
    while (!stop.load()) {
        auto grant = locks.acquireWithWait(u"shared"_s, holder, 2'000, policy, &stop);
        if (!grant || !grant->acquired) {
            if (!grant && grant.error().kind != Error::Kind::Cancelled) {
                log.errors << Error::kindName(grant.error().kind);
                QThread::msleep(100); // while there is no primary
            }
            continue;
        }
        locksim::HoldRecord hold = testsupport::holdOf(*grant, client);
        QThread::msleep(2);
        const auto released = locks.release(u"shared"_s, holder, grant->fence);
        testsupport::endHold(hold, released); // cut by the kill: held until its lease's end
        if (!released)
            log.errors << Error::kindName(released.error().kind);
        log.holds << hold;
    }
    if (auto reached = reachedServer(*session))
        log.reachedAtEnd = *reached;
    return log;
}

void PgFailoverTest::grantsSurviveAFailoverUnderContention()
{
    // A holder with a long lease and a waiter on one lock; four clients contending on another.
    auto locks = std::move(LockService::create(*m_session, m_table)).value();
    auto held = locks.acquire(u"held"_s, u"holder"_s, 120'000);
    LOCKSCOPE_VERIFY_OK(held);
    QVERIFY(held->acquired);
    Result<Grant> waited = Error::invalidInput(u"not run"_s);
    std::thread waiter([&] {
        auto session = m_cluster.open(0);
        if (!session)
            return;
        auto waiting = std::move(LockService::create(*session, m_table)).value();
        RetryPolicy policy;
        policy.deadlineMs = 150'000;
        policy.maxDelayMs = 500;
        waited = waiting.acquireWithWait(u"held"_s, u"waiter"_s, 60'000, policy);
    });
    constexpr int clients = 4;
    std::atomic_bool stop{false};
    std::vector<ClientLog> logs(clients);
    std::vector<std::thread> threads;
    for (int client = 0; client < clients; ++client)
        threads.emplace_back([&, client] { logs[size_t(client)] = contend(client, stop); });
    QThread::sleep(3);
    QElapsedTimer failover;
    failover.start();
    const QString newPrimary = failOver();
    const qint64 failoverMs = failover.elapsed();
    QThread::sleep(4); // the clients carry on against the new primary
    stop = true;
    for (auto &thread : threads)
        thread.join();
    QVERIFY2(!newPrimary.isEmpty(), "no new primary");
    qInfo("new primary on port %s after %lld ms", qPrintable(newPrimary), failoverMs);

    // The grant acknowledged before the kill is still the lock's: its holder releases it with
    // its fence; only then does the waiter get it, at the next fence. The holder's connection
    // died with the old primary: the first statement finds it lost (nothing was sent), and the
    // next one reopens it, through the URL's hosts, to the new primary.
    auto released = locks.release(u"held"_s, u"holder"_s, held->fence);
    if (!released && released.error().kind == Error::Kind::ConnectionLost)
        released = locks.release(u"held"_s, u"holder"_s, held->fence);
    waiter.join();
    LOCKSCOPE_VERIFY_OK(released);
    QVERIFY2(released->released, "the acknowledged grant was lost in the failover");
    LOCKSCOPE_VERIFY_OK(waited);
    QVERIFY(waited->acquired);
    QCOMPARE(waited->fence, held->fence + 1);
    QVERIFY(waited->acquiredAt >= released->releasedAt);
    auto reached = reachedServer(*m_session);
    LOCKSCOPE_VERIFY_OK(reached);
    QVERIFY2(reached->endsWith(u':' + newPrimary), qPrintable(*reached));

    // The contention: no overlap, fences rising, holds before and after the failover, every
    // client on the new primary at the end.
    locksim::History history;
    history.lockNames = {u"shared"_s};
    QSet<qint64> fences;
    int repeated = 0;
    QStringList errors;
    for (const ClientLog &log : logs) {
        history.holds += log.holds;
        errors += log.errors;
        for (const auto &hold : log.holds) {
            if (fences.contains(hold.fence))
                ++repeated;
            fences.insert(hold.fence);
        }
        QVERIFY2(log.reachedAtEnd.endsWith(u':' + newPrimary), qPrintable(log.reachedAtEnd));
    }
    const locksim::Verdict verdict = locksim::checkHistory(history);
    qInfo("%lld holds, %d violations, %d fences repeated; errors ridden out: %s",
          qint64(history.holds.size()), verdict.violationCount, repeated,
          qPrintable(errors.join(u", "_s)));
    QCOMPARE(repeated, 0);
    QVERIFY2(!verdict.violationObserved,
             qPrintable(verdict.violations.isEmpty() ? QString()
                                                     : verdict.violations.first().text));
    rejoin();
}

void PgFailoverTest::lockctlProcessesRideOutAFailover()
{
    // lockctl holds a lock for 25 s with renewals (every ~7 s of a 20 s lease), another lockctl
    // waits for it, and `lockctl simulate` runs eight clients on the same cluster meanwhile.
    // The primary is killed 3 s in. The holder's renewals resume on the new primary and its
    // release there succeeds; the waiter gets the lock next; the simulator sees no violation.
    testsupport::LockctlOptions options;
    options.url = m_cluster.url(0);
    options.timeoutMs = 120'000;
    const QStringList table{u"--table"_s, m_table, u"--json"_s};
    testsupport::LockctlProcess holder(table + QStringList{u"acquire"_s, u"job"_s,
                                                             u"--holder"_s, u"cron@a"_s,
                                                             u"--ttl"_s, u"20s"_s, u"--hold"_s,
                                                             u"25s"_s, u"--renew"_s},
                                       options);
    QVERIFY(holder.waitForStarted());
    QThread::sleep(1);
    testsupport::LockctlProcess waiter(table + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s,
                                                             u"cron@b"_s, u"--wait"_s,
                                                             u"90s"_s},
                                       options);
    testsupport::LockctlProcess simulate(
        table + QStringList{u"simulate"_s, u"--clients"_s, u"8"_s, u"--duration"_s, u"30s"_s,
                            u"--sim-table"_s, m_table + u"_sim"_s, u"--retry-deadline"_s,
                            u"20s"_s},
        options);
    QThread::sleep(2);
    const QString newPrimary = failOver();
    QVERIFY2(!newPrimary.isEmpty(), "no new primary");
    const testsupport::LockctlRun held = holder.finish();
    const testsupport::LockctlRun got = waiter.finish();
    const testsupport::LockctlRun simulated = simulate.finish();
    QVERIFY2(held.finished && held.exitCode == 0 && held.isJson, qPrintable(held.describe()));
    QCOMPARE(held.json.value(u"released"_s).toBool(), true);
    QVERIFY2(got.finished && got.exitCode == 0 && got.isJson, qPrintable(got.describe()));
    QCOMPARE(got.json.value(u"fence"_s).toInteger(), held.json.value(u"fence"_s).toInteger() + 1);
    QVERIFY2(simulated.finished && simulated.exitCode == 0 && simulated.isJson,
             qPrintable(simulated.describe()));
    // It ran its whole 30 s through the failover (the clients reconnected by themselves), with
    // holds after it, and saw no violation.
    const QJsonObject run = simulated.json;
    qInfo("holder: %s", qPrintable(held.outText().trimmed()));
    qInfo("simulate: %lld acquisitions in %.1f s, %lld violations, %lld failed attempts, "
          "longest wait %lld ms",
          run.value(u"acquisitions"_s).toInteger(), run.value(u"seconds"_s).toDouble(),
          run.value(u"violations"_s).toInteger(), run.value(u"failed_attempts"_s).toInteger(),
          run.value(u"wait_ms"_s).toObject().value(u"max"_s).toInteger());
    QCOMPARE(run.value(u"violations"_s).toInteger(), 0);
    QVERIFY(run.value(u"seconds"_s).toDouble() >= 29.0);
    QVERIFY(run.value(u"never_acquired"_s).toArray().isEmpty());
    rejoin();
}

LOCKSCOPE_CLUSTER_TEST_MAIN("pgfailover", PgFailoverTest)

#include "tst_pgfailover.moc"
