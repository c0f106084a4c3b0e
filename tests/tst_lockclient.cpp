// SPDX-License-Identifier: GPL-3.0-or-later
// The shared client (lockcore/application/lockclient.h, docs/library.md), on each database: one
// connection and one renewal thread for every guard taken from it, from several application
// threads at once; checked results (a refusal is a value to look at); two clients never hold
// one lock at once, as the database's event history shows; a lost lease, a cancel and several
// locks (all or none, per-name fences) on client guards; and a wait that means the same in code
// as in a definitions file. What is checked is what the database reports, read by the test on
// a connection of its own.

#include "clientinternals.h"
#include "historycheck.h"
#include "lockclient.h"
#include "lockdefinitions.h"
#include "lockguard.h"
#include "lockservice.h"
#include "rununder.h"
#include "sessioncut.h"
#include "testbackend.h"
#include "validation.h"

#include <QDir>
#include <QElapsedTimer>
#include <QMutex>
#include <QScopeGuard>
#include <QSqlQuery>
#include <QTest>

#include <atomic>
#include <chrono>
#include <numeric>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace lockcore;
using testsupport::TestBackend;

namespace {

// The threads of this process now (Linux: one entry each under /proc/self/task).
int threadCount()
{
    return int(QDir(u"/proc/self/task"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size());
}

} // namespace

class LockClientTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void oneThreadRenewsEveryGuardOfAClient();
    void manyGuardsFromOneClientOnSeveralThreads();
    void twoClientsNeverHoldALockAtOnce();
    void aRefusalIsAResultToCheck();
    void aWaitOnAClientEndsWithTheRelease();
    void aClientGuardReportsALostLease();
    void aClientWaitCanBeCancelled();
    void severalLocksOnAClientAllOrNone();
    void runUnderReportsTheFenceOfEachLock();
    void aClientClaimsTheFenceAndRecordsEvents();
    void aWaitInCodeWaitsAsInADefinitionsFile();
    void aReleaseWakesTheClientsWaitersAtOnce();
    void aNotifiedReleaseWakesAClientWaiter();
    void aLostConnectionEndsAClientWait();
    void aClientWaiterAndAnotherConnectionsWaiterTakeTurns();

private:
    ClientOptions options() const;
    Result<LockClient> client(ClientOptions options) const;
    LockInfo row(const QString &name);
    // The channels the client's own connection LISTENs on (PostgreSQL), asked on its thread.
    static int listeningChannels(const LockClient &client);
    // A 10 s wait for `name` with a 2 s interval: without a wake-up, a hand-off takes 1.5 s.
    static LockDefinition slowRetries(const QString &name);
    // The client's connection's id on the server (pg_backend_pid, CONNECTION_ID).
    static qint64 connectionId(const LockClient &client);
    // The advisory locks (wake-up locks) the session `id` holds (PostgreSQL's pg_locks), and
    // those sessions wait for.
    int advisoryLocksOf(qint64 id);
    int advisoryLocksWaitedFor();

    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
    QString m_table;
};

void LockClientTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"client"_s);
    auto locks = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    m_locks.emplace(std::move(locks).value());
    LOCKSCOPE_VERIFY_OK(m_locks->createSchema());
}

void LockClientTest::cleanupTestCase()
{
    if (!m_session || !m_locks)
        return;
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
}

ClientOptions LockClientTest::options() const
{
    ClientOptions options;
    options.table = m_table;
    return options;
}

Result<LockClient> LockClientTest::client(ClientOptions options) const
{
    return LockClient::open(TestBackend::instance().spec(), std::move(options));
}

LockInfo LockClientTest::row(const QString &name)
{
    auto lock = m_locks->lock(name);
    if (!lock || !*lock)
        return {};
    return **lock;
}

// Eight guards of one client, 1.5 s leases: no thread is started for them (the client's one
// thread renews them all), and each is renewed in the database while the test's thread only
// waits; the rows hold the client's holder with each guard's fence.
void LockClientTest::oneThreadRenewsEveryGuardOfAClient()
{
    const int before = threadCount();
    ClientOptions settings = options();
    settings.lease = 1500ms;
    auto shared = client(settings);
    LOCKSCOPE_VERIFY_OK(shared);
    const int withClient = threadCount();
    QVERIFY2(withClient > before, "the client has a thread of its own");
    std::vector<LockResult> guards;
    for (int i = 0; i < 8; ++i) {
        guards.push_back(shared->tryLock(u"renewed.%1"_s.arg(i)));
        QVERIFY(guards.back());
    }
    QCOMPARE(threadCount(), withClient);
    for (const LockResult &guard : guards)
        QTRY_VERIFY_WITH_TIMEOUT(guard->renewals() >= 3, 5000);
    QCOMPARE(threadCount(), withClient);
    for (int i = 0; i < 8; ++i) {
        const LockInfo held = row(u"renewed.%1"_s.arg(i));
        QCOMPARE(held.holder, guards.at(i)->holder());
        QVERIFY(held.holder.startsWith(shared->holder() + u'#'));
        QCOMPARE(held.fence, guards.at(i)->fence());
        QVERIFY(held.renewedAt > held.acquiredAt);
        QVERIFY(guards.at(i)->isHeld());
    }
    guards.clear(); // released, each at the end of its scope
    for (int i = 0; i < 8; ++i)
        QCOMPARE(row(u"renewed.%1"_s.arg(i)).state, LockState::Free);
}

// Eight application threads take and release locks of their own through one client, 25 times
// each and for 2 s at least, at once: every acquire is granted (nobody else wants those locks), every release
// frees, and the fences the database reports count every grant. A guard of the same client
// with a 1.5 s lease is renewed all the while (the calls cannot crowd out the renewals).
void LockClientTest::manyGuardsFromOneClientOnSeveralThreads()
{
    ClientOptions settings = options();
    settings.lease = 1500ms;
    auto shared = client(settings);
    LOCKSCOPE_VERIFY_OK(shared);
    LockResult kept = shared->tryLock(u"kept.under.load"_s); // renewed between the threads' calls
    QVERIFY(kept);
    QElapsedTimer busy;
    busy.start();
    constexpr int threads = 8;
    constexpr int rounds = 25;
    std::atomic<int> granted{0};
    std::vector<int> done(threads, 0); // rounds per thread: 25, and for 2 s at least
    QMutex mutex;
    QStringList problems;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            const QString name = u"threads.%1"_s.arg(t);
            for (int i = 0; i < rounds || busy.elapsed() < 2000; ++i) {
                ++done[t];
                LockResult lock = shared->tryLock(name);
                const Status released = lock ? lock->release() : Status(lock.error());
                if (lock->state() == LockGuard::State::Released && released.ok()) {
                    ++granted;
                    continue;
                }
                QMutexLocker locked(&mutex);
                problems.append(name + u": "_s + lock.error().message);
            }
        });
    }
    for (std::thread &worker : workers)
        worker.join();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.value(0)));
    QCOMPARE(granted.load(), std::accumulate(done.begin(), done.end(), 0));
    qInfo("%d cycles on 8 threads in %lld ms; the 1.5 s lease kept meanwhile was renewed %d times",
          granted.load(), busy.elapsed(), kept->renewals());
    QVERIFY(kept->isHeld());
    QVERIFY(kept->renewals() >= busy.elapsed() / 500 - 1);
    for (int t = 0; t < threads; ++t) {
        const LockInfo after = row(u"threads.%1"_s.arg(t));
        QCOMPARE(after.state, LockState::Free);
        QCOMPARE(after.fence, qint64(done[t]));
    }
}

// Two clients, four threads each, all after one lock with a wait: at most one guard holds it
// at any time (counted by the holders themselves), and the event history the database
// recorded agrees with every grant and release the clients were told of.
void LockClientTest::twoClientsNeverHoldALockAtOnce()
{
    ClientOptions settings = options();
    settings.events = LockService::EventLevel::All;
    auto first = client(settings);
    auto second = client(settings);
    LOCKSCOPE_VERIFY_OK(first);
    LOCKSCOPE_VERIFY_OK(second);
    const QString name = u"contended"_s;
    std::atomic<int> inside{0};
    std::atomic<int> mostInside{0};
    QMutex mutex;
    QList<testsupport::ToldChange> told;
    QStringList problems;
    std::vector<std::thread> workers;
    for (int t = 0; t < 8; ++t) {
        LockClient &shared = t % 2 ? first.value() : second.value();
        workers.emplace_back([&, t] {
            for (int i = 0; i < 10; ++i) {
                LockResult lock = shared.tryLock(name, 30s);
                if (!lock) {
                    QMutexLocker locked(&mutex);
                    problems.append(u"thread %1: not granted: %2"_s.arg(t).arg(
                        lock.error().message));
                    return;
                }
                const int now = ++inside;
                mostInside = std::max(mostInside.load(), now);
                std::this_thread::sleep_for(2ms); // the critical section
                --inside;
                const qint64 fence = lock->fence();
                const Status released = lock->release();
                QMutexLocker locked(&mutex);
                const QString who = u"thread %1, round %2"_s.arg(t).arg(i);
                told.append({testsupport::ToldChange::Kind::Grant, fence, who});
                if (released.ok() && !lock->lost())
                    told.append({testsupport::ToldChange::Kind::Release, fence, who});
                else
                    problems.append(who + u": the release was not confirmed"_s);
            }
        });
    }
    for (std::thread &worker : workers)
        worker.join();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.value(0)));
    QCOMPARE(mostInside.load(), 1);
    auto events = m_locks->history(name, limits::maxHistoryLimit);
    LOCKSCOPE_VERIFY_OK(events);
    const QStringList history = testsupport::historyProblems(*events, told);
    QVERIFY2(history.isEmpty(), qPrintable(history.value(0)));
    QCOMPARE(row(name).fence, qint64(80));
}

// A lock held by another client: tryLock answers at once with a result that is false and says
// who holds it; the holder's guard is untouched.
void LockClientTest::aRefusalIsAResultToCheck()
{
    auto holder = client(options());
    auto other = client(options());
    LOCKSCOPE_VERIFY_OK(holder);
    LOCKSCOPE_VERIFY_OK(other);
    LockResult held = holder->tryLock(u"refused"_s);
    QVERIFY(held);
    LockResult refused = other->tryLock(u"refused"_s);
    QVERIFY(!refused);
    QVERIFY(refused.refusal());
    QCOMPARE(refused.refusal()->current.holder, held->holder());
    QCOMPARE(refused.refusal()->current.fence, held->fence());
    QCOMPARE(refused->state(), LockGuard::State::Refused);
    QVERIFY(held->isHeld());
    QCOMPARE(row(u"refused"_s).holder, held->holder());
    LockResult sameClient = holder->tryLock(u"refused"_s); // another guard: no re-entry
    QVERIFY(!sameClient);
    QCOMPARE(sameClient.refusal()->current.holder, held->holder());
}

// A wait given in std::chrono: the waiter is granted soon after the holder releases, and the
// other client's guards are renewed meanwhile (the waiter waits on its own thread).
void LockClientTest::aWaitOnAClientEndsWithTheRelease()
{
    auto holder = client(options());
    ClientOptions settings = options();
    settings.lease = 1500ms;
    auto waiter = client(settings);
    LOCKSCOPE_VERIFY_OK(holder);
    LOCKSCOPE_VERIFY_OK(waiter);
    LockResult held = holder->tryLock(u"awaited"_s);
    QVERIFY(held);
    LockResult kept = waiter->tryLock(u"kept.while.waiting"_s);
    QVERIFY(kept);
    std::thread releaser([&] {
        std::this_thread::sleep_for(2500ms); // longer than the waiter's client's lease
        (void)held->release();
    });
    QElapsedTimer waited;
    waited.start();
    LockResult granted = waiter->tryLock(u"awaited"_s, 20s);
    releaser.join();
    QVERIFY(granted);
    QVERIFY(waited.elapsed() >= 2500);
    QVERIFY2(waited.elapsed() < 10000, qPrintable(QString::number(waited.elapsed())));
    QVERIFY(granted->fence() > held->fence());
    QVERIFY(kept->isHeld()); // renewed while the other lock was waited for
    QVERIFY(kept->renewals() >= 1);
}

// A force release of a client guard's lock: its next renewal finds it, onLost is called on
// the client's thread with the fence it had, and the release leaves the lock to the next.
void LockClientTest::aClientGuardReportsALostLease()
{
    ClientOptions settings = options();
    settings.lease = 3000ms;
    auto shared = client(settings);
    LOCKSCOPE_VERIFY_OK(shared);
    std::atomic<qint64> lostFence{0};
    std::atomic_bool onOtherThread{false};
    const auto testThread = std::this_thread::get_id();
    LockOptions lockOptions;
    lockOptions.onLost = [&](const LostLease &lost) {
        onOtherThread = std::this_thread::get_id() != testThread;
        lostFence = lost.fence;
    };
    LockResult lock = shared->tryLock(u"taken.from.client"_s, 0ms, lockOptions);
    LockResult untouched = shared->tryLock(u"untouched"_s);
    QVERIFY(lock);
    QVERIFY(untouched);
    const qint64 fence = lock->fence();
    auto forced = m_locks->forceRelease(u"taken.from.client"_s, fence, u"test"_s);
    LOCKSCOPE_VERIFY_OK(forced);
    auto next = m_locks->acquire(u"taken.from.client"_s, u"the-next-holder"_s, 30000);
    LOCKSCOPE_VERIFY_OK(next);
    QVERIFY(next->acquired);
    QTRY_COMPARE_WITH_TIMEOUT(lostFence.load(), fence, 5000);
    QVERIFY(onOtherThread);
    QCOMPARE(lock->state(), LockGuard::State::Lost);
    QVERIFY(!lock->isHeld());
    QCOMPARE(lock->lost()->current.holder, u"the-next-holder"_s);
    QVERIFY(untouched->isHeld()); // the client's other guards go on
    LOCKSCOPE_VERIFY_OK(lock->release());
    QCOMPARE(row(u"taken.from.client"_s).holder, u"the-next-holder"_s);
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"taken.from.client"_s, u"the-next-holder"_s,
                                         next->fence));
}

// A waiter whose cancel flag is set stops waiting with Cancelled, long before its wait ends.
void LockClientTest::aClientWaitCanBeCancelled()
{
    auto holder = client(options());
    auto waiter = client(options());
    LOCKSCOPE_VERIFY_OK(holder);
    LOCKSCOPE_VERIFY_OK(waiter);
    LockResult held = holder->tryLock(u"cancelled"_s);
    QVERIFY(held);
    std::atomic_bool cancel{false};
    LockOptions lockOptions;
    lockOptions.cancel = &cancel;
    std::thread canceller([&] {
        std::this_thread::sleep_for(300ms);
        cancel = true;
    });
    QElapsedTimer waited;
    waited.start();
    LockResult lock = waiter->tryLock(u"cancelled"_s, 60s, lockOptions);
    canceller.join();
    QVERIFY(!lock);
    QCOMPARE(lock.error().kind, Error::Kind::Cancelled);
    QVERIFY2(waited.elapsed() < 5000, qPrintable(QString::number(waited.elapsed())));
}

// Several locks from a client, one held elsewhere: refused, and the one taken before it (in
// name order) is given back; once free, all are taken, each with its own fence.
void LockClientTest::severalLocksOnAClientAllOrNone()
{
    auto shared = client(options());
    LOCKSCOPE_VERIFY_OK(shared);
    auto grabbed = m_locks->acquire(u"pair.b"_s, u"someone-else"_s, 30000);
    LOCKSCOPE_VERIFY_OK(grabbed);
    const QList<LockDefinition> pair{LockDefinition::of(u"pair.b"_s, 30s),
                                     LockDefinition::of(u"pair.a"_s, 30s)};
    LockResult refused = shared->tryLock(pair);
    QVERIFY(!refused);
    QCOMPARE(refused.refusal()->name, u"pair.b"_s);
    QCOMPARE(row(u"pair.a"_s).state, LockState::Free); // taken first, given back
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"pair.b"_s, u"someone-else"_s, grabbed->fence));
    LockResult both = shared->tryLock(pair);
    QVERIFY(both);
    QCOMPARE(both->fence(u"pair.a"_s), row(u"pair.a"_s).fence);
    QCOMPARE(both->fence(u"pair.b"_s), row(u"pair.b"_s).fence);
}

// A run under two locks given as {z, y}: the report carries each lock's fence by name, as the
// run saw them through guard.fence(name); on the client and on a guard of its own alike.
void LockClientTest::runUnderReportsTheFenceOfEachLock()
{
    auto shared = client(options());
    LOCKSCOPE_VERIFY_OK(shared);
    // Different fences for the two: y taken twice first.
    for (int i = 0; i < 2; ++i)
        LOCKSCOPE_VERIFY_OK(shared->tryLock(u"run.y"_s)->release());
    const QList<LockDefinition> locks{LockDefinition::of(u"run.z"_s, 30s),
                                      LockDefinition::of(u"run.y"_s, 30s)};
    auto onClient = shared->runUnder(locks, [](const LockGuard &guard) {
        return std::pair(guard.fence(u"run.z"_s), guard.fence(u"run.y"_s));
    });
    QVERIFY2(onClient.ok(), qPrintable(onClient.summary()));
    QCOMPARE(onClient.fences.size(), 2);
    QCOMPARE(onClient.fenceOf(u"run.z"_s), onClient.value->first);
    QCOMPARE(onClient.fenceOf(u"run.y"_s), onClient.value->second);
    QCOMPARE(onClient.fenceOf(u"run.y"_s), row(u"run.y"_s).fence);
    QCOMPARE(onClient.fenceOf(u"run.z"_s), row(u"run.z"_s).fence);
    QVERIFY(onClient.fenceOf(u"run.y"_s) != onClient.fenceOf(u"run.z"_s));
    GuardOptions guardOptions;
    guardOptions.table = m_table;
    auto ownGuard = runUnder(TestBackend::instance().spec(), locks, [](const LockGuard &) {},
                             guardOptions);
    QVERIFY2(ownGuard.ok(), qPrintable(ownGuard.summary()));
    QCOMPARE(ownGuard.fenceOf(u"run.z"_s), row(u"run.z"_s).fence);
    QCOMPARE(ownGuard.fenceOf(u"run.y"_s), row(u"run.y"_s).fence);
}

// A client with a fence table and every event recorded: each grant moves the lock's row in the
// fence table to its fence in the grant's transaction, and the event table has the grant and
// the release, under the guard's holder and fence.
void LockClientTest::aClientClaimsTheFenceAndRecordsEvents()
{
    const QString name = u"claimed.by.client"_s;
    const QString fences = TestBackend::uniqueTable(u"clientclaim"_s);
    QVERIFY(testsupport::execRaw(*m_session, u"CREATE TABLE "_s + fences
                                                 + u" (resource VARCHAR(200) PRIMARY KEY, "
                                                   "fence BIGINT NOT NULL)"_s));
    const auto cleanup = qScopeGuard(
        [&] { testsupport::execRaw(*m_session, u"DROP TABLE "_s + fences); });
    const auto rowFence = [&] {
        QSqlQuery read(m_session->database());
        if (!read.exec(u"SELECT fence FROM "_s + fences + u" WHERE resource = '"_s + name + u"'"_s)
            || !read.next())
            return qint64(-1);
        return read.value(0).toLongLong();
    };
    ClientOptions settings = options();
    settings.fenceTable = fences;
    settings.events = LockService::EventLevel::All;
    auto shared = client(settings);
    LOCKSCOPE_VERIFY_OK(shared);
    for (int i = 0; i < 2; ++i) {
        LockResult lock = shared->tryLock(name);
        QVERIFY(lock);
        QCOMPARE(rowFence(), lock->fence());
        const QString holder = lock->holder();
        const qint64 fence = lock->fence();
        LOCKSCOPE_VERIFY_OK(lock->release());
        auto events = m_locks->history(name, 2);
        LOCKSCOPE_VERIFY_OK(events);
        QCOMPARE(events->size(), 2);
        QStringList kinds;
        for (const LockEvent &event : *events) {
            QCOMPARE(event.holder, holder);
            QCOMPARE(event.fence, fence);
            kinds.append(event.kind);
        }
        kinds.sort();
        QCOMPARE(kinds, (QStringList{u"acquire"_s, u"release"_s}));
    }
}

// `LockDefinition{name, lease, wait}` in code and the same lock in a definitions file give
// the same RetryPolicy (tries until the wait ends); and a guard given it in code waits for a
// release rather than being refused at its first attempt. Without a wait: one attempt, in both.
void LockClientTest::aWaitInCodeWaitsAsInADefinitionsFile()
{
    LockDefinition inCode; // LockDefinition{name, lease, wait}, field by field
    inCode.name = u"waited.in.code"_s;
    inCode.leaseMs = 30000;
    inCode.waitMs = 20000;
    auto file = LockDefinitions::fromJson(
        R"({"locks": [{"name": "waited.in.code", "lease": "30s", "wait": "20s"},
                      {"name": "once", "lease": "30s"}]})",
        u"locks.json"_s);
    LOCKSCOPE_VERIFY_OK(file);
    const RetryPolicy fromCode = inCode.retryPolicy();
    const RetryPolicy fromFile = file->get(u"waited.in.code"_s)->retryPolicy();
    QCOMPARE(fromCode.deadlineMs, fromFile.deadlineMs);
    QCOMPARE(fromCode.maxAttempts, fromFile.maxAttempts);
    QCOMPARE(fromCode.maxAttempts, 0); // bounded by the wait only
    QCOMPARE(inCode.retries, file->get(u"waited.in.code"_s)->retries);
    const LockDefinition onceInCode = LockDefinition::of(u"once"_s, 30s);
    QCOMPARE(onceInCode.retryPolicy().maxAttempts, 1);
    QCOMPARE(file->get(u"once"_s)->retryPolicy().maxAttempts, 1);
    LOCKSCOPE_VERIFY_OK(onceInCode.validate());

    ClientOptions elsewhere = options();
    auto other = client(elsewhere);
    LOCKSCOPE_VERIFY_OK(other);
    LockResult grabbed = other->tryLock(inCode.name);
    QVERIFY(grabbed);
    std::thread releaser([&] {
        std::this_thread::sleep_for(500ms);
        (void)grabbed->release();
    });
    GuardOptions guardOptions;
    guardOptions.table = m_table;
    LockGuard guard(TestBackend::instance().spec(), inCode, guardOptions);
    releaser.join();
    QCOMPARE(guard.state(), LockGuard::State::Held);
    QVERIFY(guard.fence() > grabbed->fence());
}

int LockClientTest::listeningChannels(const LockClient &client)
{
    return ClientInternals::core(client).call([](LockService &service) {
        QSqlQuery query(service.session().database());
        if (!query.exec(u"SELECT count(*) FROM pg_listening_channels()"_s) || !query.next())
            return -1;
        return query.value(0).toInt();
    });
}

LockDefinition LockClientTest::slowRetries(const QString &name)
{
    LockDefinition lock = LockDefinition::of(name, 30s, 10s);
    lock.intervalMs = 2000;
    return lock;
}

// Two threads of one client: the second, refused, pauses (its interval: 2 s); the first's
// release wakes it at once, and it holds the lock within a few statements of the release.
void LockClientTest::aReleaseWakesTheClientsWaitersAtOnce()
{
    auto shared = client(options());
    LOCKSCOPE_VERIFY_OK(shared);
    LockResult held = shared->tryLock(u"handed.over"_s);
    QVERIFY(held);
    QElapsedTimer clock;
    clock.start();
    std::atomic<qint64> grantedAt{-1};
    std::atomic_bool granted{false};
    std::thread waiter([&] {
        LockResult mine = shared->tryLock(slowRetries(u"handed.over"_s));
        grantedAt = clock.elapsed();
        granted = bool(mine);
    });
    const auto joined = qScopeGuard([&] { waiter.join(); });
    QTRY_COMPARE_WITH_TIMEOUT(ClientInternals::pausing(*shared), 1, 5000);
    QVERIFY(held->release());
    const qint64 releasedAt = clock.elapsed();
    QTRY_VERIFY_WITH_TIMEOUT(grantedAt.load() >= 0, 10000);
    QVERIFY(granted.load());
    QVERIFY2(grantedAt.load() - releasedAt < 300,
             qPrintable(QString::number(grantedAt.load() - releasedAt) + u" ms"_s));
}

// PostgreSQL: a release by another connection (a LockService of the test's own) is NOTIFYed;
// the client's thread listens while its waiter pauses, which holds the lock at once, and the
// client's connection listens on nothing once nobody waits and no guard is kept.
void LockClientTest::aNotifiedReleaseWakesAClientWaiter()
{
    if (!m_session->dialect().hasFeature(Feature::ReleaseNotifies)
        || !m_session->hasFeature(Feature::DirectTransport))
        QSKIP("PostgreSQL with libpq only: elsewhere a waiter polls for other connections");
    auto grant = m_locks->acquire(u"notified"_s, u"another-process"_s, 30000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    auto shared = client(options());
    LOCKSCOPE_VERIFY_OK(shared);
    QCOMPARE(listeningChannels(*shared), 0);
    QElapsedTimer clock;
    clock.start();
    std::atomic<qint64> grantedAt{-1};
    std::optional<LockResult> mine;
    std::thread waiter([&] {
        mine.emplace(shared->tryLock(slowRetries(u"notified"_s)));
        grantedAt = clock.elapsed();
    });
    const auto joined = qScopeGuard([&] {
        if (waiter.joinable())
            waiter.join();
    });
    QTRY_COMPARE_WITH_TIMEOUT(ClientInternals::pausing(*shared), 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(listeningChannels(*shared), 1, 5000);
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"notified"_s, u"another-process"_s, grant->fence));
    const qint64 releasedAt = clock.elapsed();
    QTRY_VERIFY_WITH_TIMEOUT(grantedAt.load() >= 0, 10000);
    waiter.join();
    QVERIFY(mine && *mine);
    QVERIFY2(grantedAt.load() - releasedAt < 300,
             qPrintable(QString::number(grantedAt.load() - releasedAt) + u" ms"_s));
    QVERIFY((*mine)->release());
    QCOMPARE(listeningChannels(*shared), 0); // not subscribed for life
}

qint64 LockClientTest::connectionId(const LockClient &client)
{
    return ClientInternals::core(client).call(
        [](LockService &service) { return testsupport::backendId(service.session()); });
}

int LockClientTest::advisoryLocksOf(qint64 id)
{
    QSqlQuery query(m_session->database());
    const QString sql = u"SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
                        "AND pid = %1"_s;
    if (!query.exec(sql.arg(id)) || !query.next())
        return -1;
    return query.value(0).toInt();
}

int LockClientTest::advisoryLocksWaitedFor()
{
    QSqlQuery query(m_session->database());
    if (!query.exec(u"SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"_s)
        || !query.next())
        return -1;
    return query.value(0).toInt();
}

// A waiter of a client whose connection the server closes (pg_terminate_backend, KILL
// CONNECTION) ends at once with ConnectionLost, not at the end of its 10 s pause or its 30 s
// wait; the client's next call reconnects and takes the lock.
void LockClientTest::aLostConnectionEndsAClientWait()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no connection to lose");
    auto grant = m_locks->acquire(u"cut.wait"_s, u"another-process"_s, 60000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    auto shared = client(options());
    LOCKSCOPE_VERIFY_OK(shared);
    const qint64 id = connectionId(*shared);
    QVERIFY(id > 0);
    LockDefinition lock = LockDefinition::of(u"cut.wait"_s, 30s, 30s);
    lock.intervalMs = 10000;
    QElapsedTimer clock;
    clock.start();
    std::atomic<qint64> endedAt{-1};
    std::optional<LockResult> mine;
    std::thread waiter([&] {
        mine.emplace(shared->tryLock(lock));
        endedAt = clock.elapsed();
    });
    const auto joined = qScopeGuard([&] {
        if (waiter.joinable())
            waiter.join();
    });
    QTRY_COMPARE_WITH_TIMEOUT(ClientInternals::pausing(*shared), 1, 5000);
    const qint64 cutAt = clock.elapsed();
    QVERIFY(testsupport::cutSession(*m_session, id));
    QTRY_VERIFY_WITH_TIMEOUT(endedAt.load() >= 0, 35000);
    waiter.join();
    QVERIFY(mine && !*mine);
    QCOMPARE(mine->error().kind, Error::Kind::ConnectionLost);
    QVERIFY2(endedAt.load() - cutAt < 2000,
             qPrintable(QString::number(endedAt.load() - cutAt) + u" ms after the cut"_s));
    qInfo("the wait ended %lld ms after the cut", endedAt.load() - cutAt);
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"cut.wait"_s, u"another-process"_s, grant->fence));
    LockResult again = shared->tryLock(u"cut.wait"_s, 5s);
    QVERIFY2(again, qPrintable(again.error().message));
    QVERIFY(connectionId(*shared) != id);
    QVERIFY(again->release());
}

// PostgreSQL: a client's waiter (listening, holding the lock's wake-up lock) and a waiter in
// another connection (a LockGuard, queued on that wake-up lock) wait for a lock a third holds.
// After its release both hold it in turn within their waits, never at once (fences increase),
// and the client's connection holds no wake-up lock once its guard is released (pg_locks).
void LockClientTest::aClientWaiterAndAnotherConnectionsWaiterTakeTurns()
{
    if (!TestBackend::instance().isPostgres())
        QSKIP("PostgreSQL's wake-up lock and notifications");
    const QString name = u"turns"_s;
    auto grant = m_locks->acquire(name, u"another-process"_s, 30000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    // The holder's wake-up lock, if its grant took it, goes: the client's waiter takes it.
    m_session->freeWakeLock(m_session->dialect().wakeLockName(m_locks->tables(), name));
    auto shared = client(options());
    LOCKSCOPE_VERIFY_OK(shared);
    const qint64 clientId = connectionId(*shared);
    QElapsedTimer clock;
    clock.start();
    struct Turn
    {
        std::atomic<qint64> fence{0}, from{-1}, to{-1};
    } byClient, byGuard;
    const auto hold = [&clock](Turn &turn, qint64 fence) {
        turn.from = clock.elapsed();
        turn.fence = fence;
        std::this_thread::sleep_for(300ms); // does work under the lock
        turn.to = clock.elapsed();
    };
    std::thread clientWaiter([&] {
        LockResult mine = shared->tryLock(name, 20s);
        if (mine) {
            hold(byClient, mine->fence());
            (void)mine->release();
        }
    });
    std::optional<std::thread> guardWaiter;
    const auto joined = qScopeGuard([&] {
        clientWaiter.join();
        if (guardWaiter)
            guardWaiter->join();
    });
    QTRY_COMPARE_WITH_TIMEOUT(ClientInternals::pausing(*shared), 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(advisoryLocksOf(clientId), 1, 5000);
    guardWaiter.emplace([&] {
        GuardOptions guardOptions;
        guardOptions.table = m_table;
        LockGuard guard(TestBackend::instance().spec(), LockDefinition::of(name, 30s, 20s),
                        guardOptions);
        if (guard.isHeld()) {
            hold(byGuard, guard.fence());
            (void)guard.release();
        }
    });
    QTRY_COMPARE_WITH_TIMEOUT(advisoryLocksWaitedFor(), 1, 5000); // the guard queues
    LOCKSCOPE_VERIFY_OK(m_locks->release(name, u"another-process"_s, grant->fence));
    const qint64 releasedAt = clock.elapsed();
    QTRY_VERIFY_WITH_TIMEOUT(byClient.to.load() >= 0 && byGuard.to.load() >= 0, 25000);
    QVERIFY(byClient.fence.load() > grant->fence && byGuard.fence.load() > grant->fence);
    Turn &first = byClient.fence.load() < byGuard.fence.load() ? byClient : byGuard;
    Turn &second = &first == &byClient ? byGuard : byClient;
    QVERIFY(first.fence.load() < second.fence.load());
    QVERIFY2(first.to.load() <= second.from.load(),
             qPrintable(u"%1-%2 ms, then %3-%4 ms"_s.arg(first.from.load()).arg(first.to.load())
                            .arg(second.from.load()).arg(second.to.load())));
    QTRY_COMPARE_WITH_TIMEOUT(advisoryLocksOf(clientId), 0, 5000);
    qInfo("released at %lld ms; first held %lld-%lld ms (%s), then %lld-%lld ms", releasedAt,
          first.from.load(), first.to.load(), &first == &byClient ? "the client" : "the guard",
          second.from.load(), second.to.load());
}

LOCKSCOPE_BACKEND_TEST_MAIN(LockClientTest)
#include "tst_lockclient.moc"
