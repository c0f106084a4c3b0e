// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in profiles "graphile-worker-jobs" and "graphile-worker-queues" against the real
// graphile-worker (npm, pinned in tests/interop/node/package-lock.json; PostgreSQL only), in a
// schema of this run's own: a worker killed with SIGKILL mid-job leaves the job and its named
// queue locked for graphile's 4 hours; Lockscope shows both held by that worker, refuses a
// test-acquire, force-releases them with a reason, and a fresh worker then works the job at once.
// A lock past graphile's 4 hours is shown expired exactly when graphile takes the job again; a
// job Lockscope holds is not worked until Lockscope releases it.

#include "lockctljson.h"
#include "lockctlrun.h"
#include "nodescript.h"
#include "testbackend.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <memory>

using namespace Qt::StringLiterals;
using testsupport::isoUtc;
using testsupport::NodeScript;
using testsupport::runLockctl; // on the backend's database (LOCKSCOPE_DB), no terminal
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

constexpr int nodeMs = 15000;                   // the longest a graphile-worker run may take
constexpr qint64 staleMs = 4 * 3600 * 1000LL;   // graphile's stale lock: 4 hours
const QString jobs = u"graphile-worker-jobs"_s;
const QString queues = u"graphile-worker-queues"_s;

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

// A job the worker took: its id and the worker's locked_by ("working ID BY").
struct TakenJob
{
    QString id;
    QString worker;
};

} // namespace

class InteropGraphileTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void killedWorkerIsForceReleased();
    void staleAfterFourHoursAsForGraphile();
    void lockscopeHoldsWorkerOff();

private:
    QList<QPair<QString, QString>> environment(bool wait = false) const;
    // graphile's addJob in the queue: the new job's id.
    QString addJob();
    // A worker that takes the job and is killed with SIGKILL in the middle of it.
    TakenJob killWorkerMidJob();
    // runOnce (`mode` work; sweep: after graphile's sweep of stale locks): works every job
    // that is ready, then exits; the ids of the jobs it worked.
    QStringList runOnce(const QString &mode = u"work"_s);
    Run lockctl(const QString &profile, const QStringList &args) const;
    // The lock as "show --json" has it; empty when there is no such row.
    QJsonObject shown(const QString &profile, const QString &name) const;
    // Moves the job's and the queue's locked_at back by `interval`: a lock taken that long ago.
    void ageLocks(const QString &interval);

    std::unique_ptr<lockcore::Session> m_session;
    QString m_schema; // graphile-worker's schema: this run's own
    QString m_queue;  // the jobs' named queue: each test's own
};

// `run`: a variable (the macro reads it more than once).
#define VERIFY_EXIT(run, code)                                                                     \
    QVERIFY2((run).finished && (run).exitCode == (code), qPrintable((run).describe()))

void InteropGraphileTest::initTestCase()
{
    if (!TestBackend::instance().isPostgres())
        QSKIP("graphile-worker runs on PostgreSQL only");
    if (const QString missing = NodeScript::missingRuntime({u"graphile-worker"_s, u"pg"_s});
        !missing.isEmpty()) {
        LOCKSCOPE_SKIP_OR_FAIL_INTEROP(missing);
    }
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_schema = u"lsgw%1"_s.arg(QRandomGenerator::global()->generate() & 0xffffff, 0, 36);
}

void InteropGraphileTest::cleanupTestCase()
{
    if (m_session && !m_schema.isEmpty())
        testsupport::execRaw(*m_session, u"DROP SCHEMA IF EXISTS "_s + m_schema + u" CASCADE"_s);
}

QList<QPair<QString, QString>> InteropGraphileTest::environment(bool wait) const
{
    return {{u"GW_URL"_s, TestBackend::instance().url()}, // never on a command line
            {u"GW_SCHEMA"_s, m_schema},
            {u"GW_QUEUE"_s, m_queue},
            {u"GW_WAIT"_s, wait ? u"1"_s : u"0"_s}};
}

QString InteropGraphileTest::addJob()
{
    NodeScript add(u"graphile-job.js"_s, {u"add"_s}, environment());
    const QString line = add.nextLine(nodeMs); // "job ID"
    if (add.finish(nodeMs) != 0 || !line.startsWith(u"job "_s)) {
        qWarning("add: %s", qPrintable(add.describe()));
        return {};
    }
    return line.mid(4);
}

TakenJob InteropGraphileTest::killWorkerMidJob()
{
    NodeScript worker(u"graphile-job.js"_s, {u"work"_s}, environment(true));
    const QStringList working = worker.nextLine(nodeMs).split(u' '); // "working ID BY"
    if (working.size() != 3 || working[0] != u"working"_s || !worker.killHard()) {
        qWarning("worker: %s", qPrintable(worker.describe()));
        return {};
    }
    return {working[1], working[2]};
}

QStringList InteropGraphileTest::runOnce(const QString &mode)
{
    NodeScript worker(u"graphile-job.js"_s, {mode}, environment());
    const int code = worker.finish(nodeMs);
    if (code != 0)
        qWarning("runOnce: %s", qPrintable(worker.describe()));
    QStringList done;
    for (const QString &line : worker.output().split(u'\n'))
        if (line.startsWith(u"done "_s))
            done << line.mid(5);
    return done;
}

Run InteropGraphileTest::lockctl(const QString &profile, const QStringList &args) const
{
    const QString table = m_schema + (profile == jobs ? u"._private_jobs"_s
                                                      : u"._private_job_queues"_s);
    return runLockctl(QStringList{u"--profile"_s, profile, u"--table"_s, table} + args);
}

QJsonObject InteropGraphileTest::shown(const QString &profile, const QString &name) const
{
    const Run run = lockctl(profile, {u"show"_s, name, u"--json"_s});
    if (run.exitCode == 1 && run.json[u"error"_s][u"kind"_s].toString() == u"not_found"_s)
        return {};
    if (run.exitCode != 0)
        qWarning("show %s: %s", qPrintable(name), qPrintable(run.describe()));
    return run.json[u"lock"_s].toObject();
}

void InteropGraphileTest::ageLocks(const QString &interval)
{
    for (const QString &table : {u"_private_jobs"_s, u"_private_job_queues"_s}) {
        QString error;
        QVERIFY2(testsupport::execRaw(*m_session,
                                      u"UPDATE %1.%2 SET locked_at = locked_at - interval '%3' "
                                      u"WHERE locked_at IS NOT NULL"_s.arg(m_schema, table,
                                                                           interval),
                                      &error),
                 qPrintable(error));
    }
}

// A worker host that died mid-job: graphile leaves the job and its queue locked by the dead
// worker for 4 hours (no other worker takes them). Lockscope shows both held by that worker
// until 4 hours after, refuses a test-acquire, and frees them with force releases on what it
// showed; the job is taken only once both are free, and then at once.
void InteropGraphileTest::killedWorkerIsForceReleased()
{
    m_queue = u"reports"_s;
    const QString id = addJob();
    QVERIFY(!id.isEmpty());
    NodeScript live(u"graphile-job.js"_s, {u"work"_s}, environment(true));
    const QStringList working = live.nextLine(nodeMs).split(u' '); // "working ID BY"
    QCOMPARE(working.value(1), id);
    const QString worker = working.value(2);

    // Held legitimately: the worker is alive and working.
    QJsonObject job = shown(jobs, id);
    QCOMPARE(job[u"state"_s].toString(), u"held"_s);
    QCOMPARE(job[u"holder"_s].toString(), worker);
    QCOMPARE(isoUtc(job[u"acquired_at"_s]).msecsTo(isoUtc(job[u"expires_at"_s])), staleMs);
    const Run refusedLive
        = lockctl(jobs, {u"acquire"_s, id, u"--holder"_s, u"ops"_s, u"--json"_s});
    VERIFY_EXIT(refusedLive, 1);
    QCOMPARE(refusedLive.json[u"held_by"_s].toString(), worker);

    // Stuck: the worker is gone; its job and queue stay locked and no worker takes the job.
    QVERIFY(live.killHard());
    QCOMPARE(runOnce(), QStringList());
    const Run listed = lockctl(jobs, {u"list"_s, u"--json"_s});
    VERIFY_EXIT(listed, 0);
    job = {};
    for (const QJsonValue &lock : listed.json[u"locks"_s].toArray())
        if (lock[u"name"_s].toString() == id)
            job = lock.toObject();
    QVERIFY2(job[u"state"_s].toString() == u"held"_s && job[u"holder"_s].toString() == worker,
             qPrintable(listed.describe()));
    const qint64 remainingMs = qint64(job[u"remaining_ms"_s].toDouble());
    QVERIFY2(remainingMs > staleMs - 60000 && remainingMs <= staleMs, qPrintable(compact(job)));
    const QJsonObject queueLock = shown(queues, m_queue);
    QCOMPARE(queueLock[u"state"_s].toString(), u"held"_s);
    QCOMPARE(queueLock[u"holder"_s].toString(), worker);
    const Run refused = lockctl(jobs, {u"acquire"_s, id, u"--holder"_s, u"ops"_s});
    VERIFY_EXIT(refused, 1);

    const auto forceRelease = [&](const QString &profile, const QString &name,
                                  const QJsonObject &lock) {
        return lockctl(profile, {u"force-release"_s, name, u"--expect-holder"_s,
                                 lock[u"holder"_s].toString(), u"--expect-time"_s,
                                 lock[u"expect_time"_s].toVariant().toString(), u"--reason"_s,
                                 u"worker host 7 died mid-job"_s, u"--json"_s});
    };
    const Run jobFreed = forceRelease(jobs, id, job);
    VERIFY_EXIT(jobFreed, 0);
    QCOMPARE(shown(jobs, id)[u"state"_s].toString(), u"free"_s);
    QCOMPARE(runOnce(), QStringList()); // its queue is still locked by the dead worker
    const Run queueFreed = forceRelease(queues, m_queue, queueLock);
    VERIFY_EXIT(queueFreed, 0);
    QCOMPARE(shown(queues, m_queue)[u"state"_s].toString(), u"free"_s);

    QCOMPARE(runOnce(), QStringList{id}); // a fresh worker takes it at once, not in 4 hours
    QVERIFY(shown(jobs, id).isEmpty());   // graphile deletes a job it completed
    QCOMPARE(shown(queues, m_queue)[u"state"_s].toString(), u"free"_s);
}

// graphile takes a job again once its lock is older than 4 hours (its resetLockedAt, run by
// every worker in its first minute and then every 8 to 10 minutes). Lockscope shows it held a
// minute before and expired a minute after. (The locks are aged by moving locked_at back: 4
// hours are not waited.)
void InteropGraphileTest::staleAfterFourHoursAsForGraphile()
{
    m_queue = u"nightly"_s;
    QVERIFY(!addJob().isEmpty());
    const TakenJob taken = killWorkerMidJob();
    QVERIFY(!taken.id.isEmpty());

    ageLocks(u"3 hours 59 minutes"_s);
    QJsonObject job = shown(jobs, taken.id);
    QCOMPARE(job[u"state"_s].toString(), u"held"_s);
    const qint64 remainingMs = qint64(job[u"remaining_ms"_s].toDouble());
    QVERIFY2(remainingMs > 0 && remainingMs <= 60000, qPrintable(compact(job)));
    QCOMPARE(shown(queues, m_queue)[u"state"_s].toString(), u"held"_s);
    QCOMPARE(runOnce(u"sweep"_s), QStringList());

    ageLocks(u"2 minutes"_s);
    job = shown(jobs, taken.id);
    QCOMPARE(job[u"state"_s].toString(), u"expired"_s);
    QCOMPARE(job[u"holder"_s].toString(), taken.worker);
    QVERIFY2(job[u"remaining_ms"_s].toDouble() <= 0, qPrintable(compact(job)));
    QCOMPARE(shown(queues, m_queue)[u"state"_s].toString(), u"expired"_s);
    QCOMPARE(runOnce(u"sweep"_s), QStringList{taken.id});
}

// Lockscope's test-acquire writes graphile's own lock: the job is not worked while Lockscope
// holds it, and is worked once Lockscope releases it.
void InteropGraphileTest::lockscopeHoldsWorkerOff()
{
    m_queue = u"mail"_s;
    const QString id = addJob();
    QVERIFY(!id.isEmpty());
    QCOMPARE(shown(jobs, id)[u"state"_s].toString(), u"free"_s);
    const Run taken = lockctl(jobs, {u"acquire"_s, id, u"--holder"_s, u"ops"_s, u"--json"_s});
    VERIFY_EXIT(taken, 0);
    QCOMPARE(shown(jobs, id)[u"holder"_s].toString(), u"ops"_s);
    QCOMPARE(runOnce(), QStringList());

    const Run released = lockctl(jobs, {u"release"_s, id, u"--holder"_s, u"ops"_s});
    VERIFY_EXIT(released, 0);
    QCOMPARE(runOnce(), QStringList{id});
}

LOCKSCOPE_BACKEND_TEST_MAIN(InteropGraphileTest)
#include "tst_interop_graphile.moc"
