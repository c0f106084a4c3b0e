// SPDX-License-Identifier: GPL-3.0-or-later
// Mutual exclusion under contention: several threads, each with its own connection, take and
// give back one lock many times. Every hold is recorded independently of lockcore (database
// time read with the test's own SQL right after the grant and right before the release), and
// a deliberately unsynchronised counter is incremented inside each hold. Zero overlaps, fences
// strictly increasing, and no lost increment, or the suite fails.
// Each hold also keeps the times lockcore reported for it (the grant's acquired_at, expires_at
// and dbNow, the release's released_at), exactly as returned, and those are checked too: in
// fence order, no grant is timed before the previous holder's release, every lease is a full
// ttl, and the test's own clock reads fall within the reported hold.
// With the history recorded (issue 35), every grant and release told to a client has its event,
// and the events' ids follow the fences.

#include "historycheck.h"
#include "testbackend.h"
#include "validation.h"

#include <QThread>
#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

namespace {

constexpr qint64 kTtlMs = 30000; // the lease every client asks for

struct Hold
{
    int client = 0;
    qint64 fence = 0;
    qint64 startUs = 0; // database time, read after the grant
    qint64 endUs = 0;   // database time, read before the release
    // As lockcore reported them (Grant, ReleaseOutcome), never adjusted.
    int depth = 0;
    QDateTime acquiredAt;
    QDateTime expiresAt;
    QDateTime grantNow; // Grant::dbNow
    bool released = false; // false: the release was refused as lost
    QDateTime releasedAt;
};

struct ClientResult
{
    std::vector<Hold> holds;
    qint64 attempts = 0;
    int lostReleases = 0; // releases refused as lost: the lock was no longer ours
    QString error;        // the first failure, if any
};

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value > 0 ? value : fallback;
}

// Reported times in ms since the epoch (-1: not reported). Reported times are whole ms on
// every backend, so the test's own µs readings are compared at ms resolution too (both sides
// are truncated: a reading taken later never truncates to an earlier ms).
qint64 ms(const QDateTime &time)
{
    return time.isValid() ? time.toMSecsSinceEpoch() : -1;
}

QString describe(const Hold &hold)
{
    return u"fence %1 (client %2: acquired_at %3, expires_at %4, dbNow %5, released_at %6%7; "
           u"seen held from %8 to %9 us)"_s.arg(hold.fence)
        .arg(hold.client)
        .arg(ms(hold.acquiredAt))
        .arg(ms(hold.expiresAt))
        .arg(ms(hold.grantNow))
        .arg(ms(hold.releasedAt))
        .arg(hold.released ? QString() : u", release lost"_s)
        .arg(hold.startUs)
        .arg(hold.endUs);
}

// One hold's reported times on their own: all reported, a fresh grant (depth 1) with a full
// lease timed at the grant, a reported hold that contains the test's own reads, and a release
// within the lease (nobody renews here). Empty when they hold.
QString checkReportedHold(const Hold &hold)
{
    const qint64 acquired = ms(hold.acquiredAt);
    const qint64 expires = ms(hold.expiresAt);
    const qint64 released = ms(hold.releasedAt);
    QString problem;
    if (acquired < 0 || expires < 0 || ms(hold.grantNow) < 0 || (hold.released && released < 0))
        problem = u"a time was not reported"_s;
    else if (hold.depth != 1)
        problem = u"depth %1 reported for a fresh grant"_s.arg(hold.depth);
    else if (expires - acquired != kTtlMs)
        problem = u"the lease is %1 ms, not the %2 ms asked for"_s.arg(expires - acquired)
                      .arg(kTtlMs);
    else if (ms(hold.grantNow) != acquired)
        problem = u"dbNow is not the grant's acquired_at"_s;
    else if (acquired > hold.startUs / 1000)
        problem = u"acquired_at is after the test saw the lock granted"_s;
    else if (hold.released && released < hold.endUs / 1000)
        problem = u"released_at is before the test's last read inside the hold"_s;
    else if (hold.released && released > expires)
        problem = u"released_at is after the lease's end"_s;
    return problem.isEmpty() ? problem : problem + u": "_s + describe(hold);
}

// Two holds consecutive in fence order: a higher fence, granted no earlier than the previous
// grant and than the previous hold's end as reported (its release, or its lease's end when
// the release was lost: a takeover comes after the lease ends). Empty when they hold.
QString checkReportedSuccession(const Hold &previous, const Hold &current)
{
    const qint64 previousEnd = previous.released ? ms(previous.releasedAt) : ms(previous.expiresAt);
    QString problem;
    if (current.fence <= previous.fence)
        problem = u"fences do not increase"_s;
    else if (ms(current.acquiredAt) < ms(previous.acquiredAt))
        problem = u"the higher fence was acquired earlier"_s;
    else if (ms(current.acquiredAt) < previousEnd)
        problem = previous.released ? u"acquired before the previous holder's release"_s
                                    : u"taken over before the previous lease ended"_s;
    return problem.isEmpty()
               ? problem
               : problem + u": "_s + describe(current) + u" after "_s + describe(previous);
}

// The times lockcore reported, over all holds sorted by fence: the number of problems, and
// the first one in *firstProblem.
int checkReportedTimes(const std::vector<Hold> &byFence, QString *firstProblem)
{
    int problems = 0;
    for (size_t i = 0; i < byFence.size(); ++i) {
        QString problem = checkReportedHold(byFence[i]);
        if (problem.isEmpty() && i > 0)
            problem = checkReportedSuccession(byFence[i - 1], byFence[i]);
        if (problem.isEmpty())
            continue;
        if (firstProblem->isEmpty())
            *firstProblem = problem;
        ++problems;
    }
    return problems;
}

// The grants and releases told to the clients, for testsupport::historyProblems.
QList<testsupport::ToldChange> toldChanges(const std::vector<Hold> &holds)
{
    using testsupport::ToldChange;
    QList<ToldChange> told;
    for (const Hold &hold : holds) {
        told.append({ToldChange::Kind::Grant, hold.fence, describe(hold)});
        if (hold.released)
            told.append({ToldChange::Kind::Release, hold.fence, describe(hold)});
    }
    return told;
}

} // namespace

class ContentionTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void clientsNeverOverlap_data();
    void clientsNeverOverlap();

private:
    std::unique_ptr<Session> m_session;
    QString m_table;
};

void ContentionTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"contend"_s);
    auto service = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(service);
    const Status created = service->createSchema();
    LOCKSCOPE_VERIFY_OK(created);
}

void ContentionTest::cleanupTestCase()
{
    if (!m_session)
        return;
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table + u"_event"_s);
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table);
}

void ContentionTest::clientsNeverOverlap_data()
{
    QTest::addColumn<bool>("preinitialized");
    QTest::addColumn<bool>("deleting");
    QTest::addColumn<bool>("recorded"); // EventLevel::All: each change with its event
    // A lock that exists already (the steady state), one that every client tries to create
    // at once (the concurrent-insert path), and one that another connection deletes whenever
    // it finds it free, so that clients that know the lock take its tombstone (Dialect::
    // deletedDepth) while the others wait.
    QTest::newRow("existing lock") << true << false << false;
    QTest::newRow("created under contention") << false << false << false;
    QTest::newRow("deleted and re-created under contention") << true << true << false;
    QTest::newRow("existing lock, its history recorded") << true << false << true;
}

void ContentionTest::clientsNeverOverlap()
{
    QFETCH(bool, preinitialized);
    QFETCH(bool, deleting);
    QFETCH(bool, recorded);
    const int clients = envInt("LOCKSCOPE_CONTENTION_CLIENTS", 8);
    const int rounds = envInt("LOCKSCOPE_CONTENTION_ROUNDS", 500) / (recorded ? 2 : 1);
    const QString name = recorded         ? u"contended.recorded"_s
                         : deleting       ? u"contended.deleted"_s
                         : preinitialized ? u"contended.existing"_s
                                          : u"contended.fresh"_s;
    if (preinitialized) {
        auto service = LockService::create(*m_session, m_table);
        QVERIFY(service);
        auto init = service->initialize(name, 30000, u"contention test"_s);
        LOCKSCOPE_VERIFY_OK(init);
    }

    std::vector<ClientResult> results(static_cast<size_t>(clients));
    std::atomic_int ready{0};
    std::atomic_bool go{false};
    std::atomic_bool abort{false};
    // Read and written separately (not an atomic increment): only the lock prevents lost
    // updates. (Atomic loads and stores keep the race well defined when the lock fails.)
    std::atomic<qint64> unsafeCounter{0};

    auto client = [&](int id) {
        ClientResult &result = results[size_t(id)];
        QString error;
        auto session = TestBackend::instance().open(&error);
        auto service = session ? LockService::create(*session, m_table)
                               : Result<LockService>(Error::invalidInput(error));
        ready.fetch_add(1);
        if (!service) {
            result.error = service.error().fullText();
            abort = true;
            return;
        }
        if (recorded)
            service->setEventLevel(LockService::EventLevel::All);
        while (!go.load())
            std::this_thread::yield();
        const QString holder = u"client-"_s + QString::number(id);
        RetryPolicy policy;
        policy.deadlineMs = 120000;
        policy.initialDelayMs = 1;
        policy.maxDelayMs = 8;
        policy.jitter = 0.9;
        result.holds.reserve(size_t(rounds));
        for (int round = 0; round < rounds && !abort.load(); ++round) {
            auto grant = service->acquireWithWait(name, holder, kTtlMs, policy);
            if (!grant || !grant->acquired) {
                result.error = grant ? u"not acquired within 120 s"_s : grant.error().fullText();
                abort = true;
                return;
            }
            result.attempts += grant->attempts;
            Hold hold;
            hold.client = id;
            hold.fence = grant->fence;
            hold.depth = grant->depth;
            hold.acquiredAt = grant->acquiredAt;
            hold.expiresAt = grant->expiresAt;
            hold.grantNow = grant->dbNow;
            hold.startUs = testsupport::dbNowUs(*session);
            const qint64 seen = unsafeCounter.load(std::memory_order_relaxed);
            if (round % 8 == 0)
                QThread::yieldCurrentThread(); // widen the window a second holder would hit
            unsafeCounter.store(seen + 1, std::memory_order_relaxed);
            hold.endUs = testsupport::dbNowUs(*session);
            auto released = service->release(name, holder, grant->fence);
            if (!released) {
                result.error = released.error().fullText();
                abort = true;
                return;
            }
            hold.released = released->released;
            hold.releasedAt = released->releasedAt;
            if (!released->released)
                ++result.lostReleases; // still a hold to check for overlaps
            if (deleting)
                QThread::usleep(2500); // leaves the lock free at times, for the deleter
            if (hold.startUs < 0 || hold.endUs < 0) {
                result.error = u"could not read the database clock"_s;
                abort = true;
                return;
            }
            result.holds.push_back(hold);
        }
    };

    // Deletes the lock whenever it is free (LockService::remove refuses a held one), until
    // the clients are done.
    std::atomic_bool clientsDone{false};
    int deletes = 0;
    QString deleterError;
    auto deleter = [&] {
        QString error;
        auto session = TestBackend::instance().open(&error);
        auto service = session ? LockService::create(*session, m_table)
                               : Result<LockService>(Error::invalidInput(error));
        if (!service) {
            deleterError = service.error().fullText();
            abort = true;
            return;
        }
        while (!go.load())
            std::this_thread::yield();
        while (!clientsDone.load() && !abort.load()) {
            auto removed = service->remove(name);
            if (!removed) {
                deleterError = removed.error().fullText();
                abort = true;
                return;
            }
            if (removed->deleted)
                ++deletes;
            QThread::usleep(200);
        }
    };

    std::vector<std::thread> threads;
    for (int id = 0; id < clients; ++id)
        threads.emplace_back(client, id);
    std::thread deleterThread;
    if (deleting)
        deleterThread = std::thread(deleter);
    while (ready.load() < clients)
        QThread::msleep(5);
    QElapsedTimer timer;
    timer.start();
    go = true;
    for (std::thread &thread : threads)
        thread.join();
    const qint64 elapsedMs = timer.elapsed();
    clientsDone = true;
    if (deleterThread.joinable())
        deleterThread.join();
    QVERIFY2(deleterError.isEmpty(), qPrintable(deleterError));
    if (deleting) {
        qInfo("the lock was deleted %d times while the clients ran", deletes);
        QVERIFY(deletes > 0);
    }

    std::vector<Hold> holds;
    qint64 attempts = 0;
    int lostReleases = 0;
    for (const ClientResult &result : results) {
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        holds.insert(holds.end(), result.holds.begin(), result.holds.end());
        attempts += result.attempts;
        lostReleases += result.lostReleases;
    }
    QCOMPARE(qint64(holds.size()), qint64(clients) * rounds);

    // Overlaps, in database time. Times are truncated to the clock's resolution (SQLite:
    // milliseconds), so equal readings are not overlaps: sorted by (start, end), a hold that
    // starts before the latest end seen so far really overlapped that hold.
    std::sort(holds.begin(), holds.end(), [](const Hold &a, const Hold &b) {
        return a.startUs != b.startUs ? a.startUs < b.startUs : a.endUs < b.endUs;
    });
    int overlaps = 0;
    QString firstProblem;
    size_t latest = 0; // the hold with the latest end so far
    for (size_t i = 1; i < holds.size(); ++i) {
        const Hold &current = holds[i];
        const Hold &previous = holds[latest];
        if (current.startUs < previous.endUs) {
            if (firstProblem.isEmpty())
                firstProblem = u"client %1 (fence %2) held from %3 us while client %4 "
                               u"(fence %5) held until %6 us"_s.arg(current.client)
                                   .arg(current.fence)
                                   .arg(current.startUs)
                                   .arg(previous.client)
                                   .arg(previous.fence)
                                   .arg(previous.endUs);
            ++overlaps;
        }
        if (current.endUs >= previous.endUs)
            latest = i;
    }
    // Fences: each grant's fence is new, and a higher fence never ends up earlier in time.
    std::sort(holds.begin(), holds.end(),
              [](const Hold &a, const Hold &b) { return a.fence < b.fence; });
    int fenceInversions = 0;
    for (size_t i = 1; i < holds.size(); ++i) {
        const Hold &previous = holds[i - 1];
        const Hold &current = holds[i];
        if (current.fence == previous.fence || current.startUs < previous.endUs) {
            if (firstProblem.isEmpty())
                firstProblem = u"fence %1 (client %2, from %3 us) and fence %4 (client %5, "
                               u"until %6 us)"_s.arg(current.fence)
                                   .arg(current.client)
                                   .arg(current.startUs)
                                   .arg(previous.fence)
                                   .arg(previous.client)
                                   .arg(previous.endUs);
            ++fenceInversions;
        }
    }
    QString firstReportedProblem;
    const int reportedProblems = checkReportedTimes(holds, &firstReportedProblem);
    qInfo("%d clients x %d holds in %lld ms (%.0f holds/s, %.2f attempts per hold): "
          "%d overlapping holds, %d fence inversions, %d lost releases, counter %lld, "
          "%d problems with the reported times",
          clients, rounds, elapsedMs, holds.size() * 1000.0 / qMax<qint64>(1, elapsedMs),
          double(attempts) / double(holds.size()), overlaps, fenceInversions, lostReleases,
          unsafeCounter.load(), reportedProblems);
    QVERIFY2(overlaps == 0 && fenceInversions == 0, qPrintable(firstProblem));
    QVERIFY2(reportedProblems == 0, qPrintable(firstReportedProblem));
    QCOMPARE(lostReleases, 0); // leases of 30 s never expire here: nobody may lose one
    QCOMPARE(unsafeCounter.load(), qint64(clients) * rounds);

    // The lock is free at the end (or deleted), and its fence counted every grant: a lock
    // re-created after a delete continues above the deleted one's fence.
    auto service = LockService::create(*m_session, m_table);
    auto last = service->lock(name);
    QVERIFY(last && (last->has_value() || deleting));
    if (last->has_value()) {
        QCOMPARE((*last)->state, LockState::Free);
        QCOMPARE((*last)->fence, holds.back().fence);
    }
    QVERIFY(holds.back().fence >= qint64(holds.size()));
    if (!recorded)
        return;
    auto events = service->history(name, limits::maxHistoryLimit);
    LOCKSCOPE_VERIFY_OK(events);
    const QStringList problems = testsupport::historyProblems(*events, toldChanges(holds));
    qInfo("history: %lld events, %lld problems", qint64(events->size()), qint64(problems.size()));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.value(0)));
}

LOCKSCOPE_BACKEND_TEST_MAIN(ContentionTest)
#include "tst_contention.moc"
