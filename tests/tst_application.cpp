// SPDX-License-Identifier: GPL-3.0-or-later
// lockcore for applications (lockcore/application, docs/library.md), on each database: a guard
// that renews on its own thread while the caller's thread is blocked, reports a lost lease at
// once and releases at the end of its scope; lock definitions from a JSON file; a function run
// under a lock; several locks in name order, all or none, released in reverse; and a protected
// table whose fence condition refuses a stale writer. What is checked is what the database
// reports, read by the test on a connection of its own.

#include "cuttableproxy.h"
#include "leasekeeper.h"
#include "lockdefinitions.h"
#include "lockguard.h"
#include "lockservice.h"
#include "rununder.h"
#include "testbackend.h"

#include <QElapsedTimer>
#include <QScopeGuard>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <thread>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

class ApplicationTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void guardRenewsWhileTheCallerIsBusy();
    void guardReportsALostLeaseAtOnce();
    void guardReleasesAtTheEndOfItsScope();
    void guardReportsWhyItHasNoLock();
    void guardOutlivesItsDatabase();
    void guardStopsAtTheLeaseEndWhenTheServerHangs();
    void forceReleaseReachesAGuardAtOnce();
    void runUnderDoesNotRunALapsedLease();
    void releaseAfterABrokenConnection();
    void definitionsFileIsRead();
    void definitionsFileErrorsNameTheEntry_data();
    void definitionsFileErrorsNameTheEntry();
    void definitionBecomesARetryPolicy();
    void runUnderReturnsTheResult();
    void runUnderSaysWhoHoldsTheLock();
    void runUnderReportsAnError();
    void runUnderReportsALeaseLostDuringTheRun();
    void severalLocksInNameOrderReleasedInReverse();
    void severalLocksAllOrNone();
    void aLongWaitKeepsTheLocksAlreadyTaken();
    void oppositeOrdersDoNotDeadlock();
    void fenceConditionRefusesAStaleWriter();
    void aClaimedFenceRefusesTheStaleWriterFromTheGrantOn();

private:
    LockDefinition definition(const QString &name, qint64 leaseMs = 30000) const;
    GuardOptions options() const;
    LockInfo row(const QString &name);
    // The id of the latest event of `kind` for `name` (0: none).
    qint64 lastEventId(const QString &name, const QString &kind);
    QString writeFile(const QByteArray &text);

    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
    QString m_table;
    QTemporaryDir m_dir;
};

void ApplicationTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"app"_s);
    auto locks = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    m_locks.emplace(std::move(locks).value());
    LOCKSCOPE_VERIFY_OK(m_locks->createSchema());
    QVERIFY(m_dir.isValid());
}

void ApplicationTest::cleanupTestCase()
{
    if (!m_session || !m_locks)
        return;
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
}

LockDefinition ApplicationTest::definition(const QString &name, qint64 leaseMs) const
{
    LockDefinition lock;
    lock.name = name;
    lock.leaseMs = leaseMs;
    return lock;
}

GuardOptions ApplicationTest::options() const
{
    GuardOptions options;
    options.table = m_table;
    return options;
}

LockInfo ApplicationTest::row(const QString &name)
{
    auto lock = m_locks->lock(name);
    if (!lock || !*lock)
        return {};
    return **lock;
}

qint64 ApplicationTest::lastEventId(const QString &name, const QString &kind)
{
    auto events = m_locks->history(name, 100);
    qint64 id = 0;
    for (const LockEvent &event : events ? *events : QList<LockEvent>())
        if (event.kind == kind)
            id = qMax(id, event.id);
    return id;
}

QString ApplicationTest::writeFile(const QByteArray &text)
{
    static int count = 0;
    const QString path = m_dir.filePath(u"locks-%1.json"_s.arg(++count));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        return {};
    return path;
}

// A 750 ms lease held for 2 s while the test's thread sleeps: the guard's own thread renewed
// it (every 250 ms), the database still has it under the same fence, running.
void ApplicationTest::guardRenewsWhileTheCallerIsBusy()
{
    LockGuard guard(TestBackend::instance().spec(), definition(u"busy"_s, 750), options());
    QCOMPARE(guard.state(), LockGuard::State::Held);
    const qint64 fence = guard.fence();
    QVERIFY(fence > 0);
    QThread::msleep(2000); // the application's thread is busy: it renews nothing
    QVERIFY(guard.isHeld());
    QVERIFY2(guard.renewals() >= 5, qPrintable(QString::number(guard.renewals())));
    QCOMPARE(guard.fence(), fence);
    const LockInfo held = row(u"busy"_s);
    QCOMPARE(held.holder, guard.holder());
    QCOMPARE(held.fence, fence);
    QCOMPARE(held.state, LockState::Held);
    QVERIFY(held.renewedAt > held.acquiredAt);
    QVERIFY(held.remainingMs() > 0);
    LOCKSCOPE_VERIFY_OK(guard.release());
    QCOMPARE(guard.state(), LockGuard::State::Released);
    QVERIFY(!guard.isHeld());
    QCOMPARE(row(u"busy"_s).state, LockState::Free);
}

// A force release while held: the next renewal (within a third of the 3 s lease) finds it
// and calls onLost on the guard's thread with the fence it had and the lock as found; the
// release afterwards leaves the lock to the one who took it.
void ApplicationTest::guardReportsALostLeaseAtOnce()
{
    std::atomic<qint64> lostAtMs{-1};
    std::atomic_bool onGuardThread{false};
    QElapsedTimer clock;
    clock.start();
    const auto testThread = std::this_thread::get_id();
    GuardOptions guardOptions = options();
    std::atomic<LockGuard *> self{nullptr};
    std::atomic_bool releaseRefused{false};
    guardOptions.onLost = [&](const LostLease &) {
        onGuardThread = std::this_thread::get_id() != testThread;
        if (LockGuard *guard = self.load()) // a release from here would wait for itself
            releaseRefused = guard->release().error().kind == Error::Kind::InvalidInput;
        lostAtMs = clock.elapsed();
    };
    LockGuard guard(TestBackend::instance().spec(), definition(u"taken"_s, 3000), guardOptions);
    QVERIFY(guard.isHeld());
    self = &guard;
    const qint64 fence = guard.fence();
    QTest::qWait(200);
    auto forced = m_locks->forceRelease(u"taken"_s, fence, u"test: taken away"_s);
    LOCKSCOPE_VERIFY_OK(forced);
    QVERIFY(forced->released);
    const qint64 forcedAtMs = clock.elapsed();
    auto other = m_locks->acquire(u"taken"_s, u"the-next-holder"_s, 30000);
    LOCKSCOPE_VERIFY_OK(other);
    QVERIFY(other->acquired);
    QTRY_VERIFY_WITH_TIMEOUT(lostAtMs >= 0, 5000);
    const qint64 delayMs = lostAtMs - forcedAtMs;
    qInfo("lost lease reported %lld ms after the force release (renewal interval %lld ms)",
          delayMs, LeaseSchedule::intervalFor(3000));
    QVERIFY2(delayMs <= LeaseSchedule::intervalFor(3000) + 250,
             qPrintable(QString::number(delayMs)));
    QVERIFY(onGuardThread);
    QVERIFY(releaseRefused);
    QVERIFY(!guard.isHeld());
    QCOMPARE(guard.state(), LockGuard::State::Lost);
    const auto lost = guard.lost();
    QVERIFY(lost);
    QCOMPARE(lost->reason, LostLease::Reason::TakenAway);
    QCOMPARE(lost->fence, fence);
    QCOMPARE(lost->current.holder, u"the-next-holder"_s);
    QCOMPARE(lost->current.fence, other->fence);
    LOCKSCOPE_VERIFY_OK(guard.release());
    const LockInfo after = row(u"taken"_s); // not released by the old holder
    QCOMPARE(after.holder, u"the-next-holder"_s);
    QCOMPARE(after.fence, other->fence);
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"taken"_s, u"the-next-holder"_s, other->fence));
}

// Out of scope, the lock is free as the database reports it, with the fence unchanged (a
// release, not a force release); while it was held, a second guard was refused and told who.
void ApplicationTest::guardReleasesAtTheEndOfItsScope()
{
    qint64 fence = 0;
    QString holder;
    {
        LockGuard guard(TestBackend::instance().spec(), definition(u"scoped"_s), options());
        QVERIFY(guard.isHeld());
        fence = guard.fence();
        holder = guard.holder();
        LockGuard second(TestBackend::instance().spec(), definition(u"scoped"_s), options());
        QCOMPARE(second.state(), LockGuard::State::Refused);
        QVERIFY(!second.isHeld());
        QVERIFY(second.refusal());
        QCOMPARE(second.refusal()->current.holder, holder);
        QCOMPARE(second.refusal()->current.fence, fence);
        QCOMPARE(row(u"scoped"_s).holder, holder);
    }
    const LockInfo after = row(u"scoped"_s);
    QCOMPARE(after.state, LockState::Free);
    QVERIFY(after.holder.isEmpty());
    QCOMPARE(after.fence, fence);
}

// No connection, no table, bad input: Failed with the library's error, never a crash.
void ApplicationTest::guardReportsWhyItHasNoLock()
{
    GuardOptions noTable = options();
    noTable.table = u"no_such_lock_table"_s;
    LockGuard missing(TestBackend::instance().spec(), definition(u"x"_s), noTable);
    QCOMPARE(missing.state(), LockGuard::State::Failed);
    QCOMPARE(missing.error().kind, Error::Kind::MissingSchema);
    LOCKSCOPE_VERIFY_OK(missing.release());

    LockGuard none(TestBackend::instance().spec(), QList<LockDefinition>{}, options());
    QCOMPARE(none.error().kind, Error::Kind::InvalidInput);
    LockGuard twice(TestBackend::instance().spec(),
                    QList<LockDefinition>{definition(u"d"_s), definition(u"d"_s)}, options());
    QCOMPARE(twice.error().kind, Error::Kind::InvalidInput);
    QVERIFY(twice.error().message.contains(u"\"d\""_s));
    QVERIFY(row(u"d"_s).name.isEmpty()); // nothing was sent

    auto unreachable = ConnectionSpec::parse(u"sqlite:/no/such/directory/locks.db"_s);
    LOCKSCOPE_VERIFY_OK(unreachable);
    LockGuard cannotOpen(*unreachable, definition(u"x"_s), options());
    QCOMPARE(cannotOpen.state(), LockGuard::State::Failed);
    QCOMPARE(cannotOpen.error().kind, Error::Kind::Connection);
}

// The database goes away while held (a relay between the guard and the server is cut): the
// renewals fail, the lease is reported run out at its end with the renewals' error, and the
// release returns an error at once instead of hanging or crashing. The lock, never released,
// ends with its lease in the table.
void ApplicationTest::guardOutlivesItsDatabase()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no connection to cut");
    testsupport::CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    QElapsedTimer clock;
    clock.start();
    std::atomic<qint64> lostAtMs{-1};
    GuardOptions guardOptions = options();
    guardOptions.onLost = [&](const LostLease &) { lostAtMs = clock.elapsed(); };
    LockGuard guard(proxy.spec(), definition(u"gone"_s, 2000), guardOptions);
    QVERIFY(guard.isHeld());
    proxy.cut();
    const qint64 cutAtMs = clock.elapsed();
    QTRY_VERIFY_WITH_TIMEOUT(lostAtMs >= 0, 10000);
    qInfo("lease reported run out %lld ms after the cut (lease 2000 ms)", lostAtMs - cutAtMs);
    QVERIFY(lostAtMs - cutAtMs <= 2000 + 500);
    QVERIFY(!guard.isHeld());
    const auto lost = guard.lost();
    QVERIFY(lost);
    QCOMPARE(lost->reason, LostLease::Reason::RanOut);
    QVERIFY2(lost->lastError.kind == Error::Kind::Connection
                 || lost->lastError.kind == Error::Kind::ConnectionLost,
             qPrintable(lost->lastError.fullText()));
    QElapsedTimer releasing;
    releasing.start();
    const Status released = guard.release();
    QVERIFY(!released);
    qInfo("release without a database: %lld ms, %s", releasing.elapsed(),
          qPrintable(released.error().message));
    QVERIFY2(releasing.elapsed() < 10000, qPrintable(QString::number(releasing.elapsed())));
    QCOMPARE(guard.releaseError().error().kind, released.error().kind);
    // Never released: it ends with its lease, the database's. A renewal sent just before the
    // cut may have reached the server after the last one the guard saw confirmed: that lease
    // ends up to one lease after the cut, later than the guard's own end.
    QCOMPARE(row(u"gone"_s).holder, guard.holder());
    QTRY_COMPARE_WITH_TIMEOUT(row(u"gone"_s).state, LockState::Expired, 2000 + 1000);
    QCOMPARE(row(u"gone"_s).holder, guard.holder());
}

// The guard's connection breaks while it holds (closed between it and the server): the
// release fails on it with an unknown outcome, is sent again on a new connection and frees
// the lock; the fence is unchanged (released, not force-released).
// The server stops answering (a relay that freezes) while the guard holds a 2 s lease: the
// renewal that hangs is abandoned at the lease's end, the lease is reported run out once
// (onLost) within the lease of the last confirmed renewal, and when the server answers again
// nothing comes back: isHeld() stays false and the state Lost. (A renewal used to wait on the
// socket for ever: onLost never came.)
void ApplicationTest::guardStopsAtTheLeaseEndWhenTheServerHangs()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    testsupport::CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    QElapsedTimer clock;
    clock.start();
    std::atomic<qint64> lostAtMs{-1};
    std::atomic_int lostCalls{0};
    GuardOptions guardOptions = options();
    guardOptions.onLost = [&](const LostLease &) {
        lostAtMs = clock.elapsed();
        ++lostCalls;
    };
    LockGuard guard(proxy.spec(), definition(u"hung"_s, 2000), guardOptions);
    QVERIFY(guard.isHeld());
    proxy.freeze(true);
    const qint64 frozenAtMs = clock.elapsed();
    QTRY_VERIFY_WITH_TIMEOUT(lostAtMs >= 0, 8000);
    qInfo("lease reported run out %lld ms after the freeze (lease 2000 ms)",
          lostAtMs - frozenAtMs);
    QVERIFY(lostAtMs - frozenAtMs <= 2000 + 500);
    QVERIFY(!guard.isHeld());
    QCOMPARE(guard.state(), LockGuard::State::Lost);
    QCOMPARE(guard.lost()->reason, LostLease::Reason::RanOut);
    QCOMPARE(guard.lost()->lastError.kind, Error::Kind::ConnectionLost);

    proxy.freeze(false); // the server answers again: the lapsed lease stays lost
    QTest::qWait(1500);  // (several renewal periods of the 2 s lease)
    QVERIFY(!guard.isHeld());
    QCOMPARE(guard.state(), LockGuard::State::Lost);
    QCOMPARE(lostCalls.load(), 1);
    QElapsedTimer releasing;
    releasing.start();
    guard.release();
    QVERIFY2(releasing.elapsed() < 15000, qPrintable(QString::number(releasing.elapsed())));
}

// PostgreSQL notifies a force release: a guard holding two locks with 2-minute leases learns
// within a second that the second one was taken away (not at the next third of its lease,
// 40 s), and keeps the first.
void ApplicationTest::forceReleaseReachesAGuardAtOnce()
{
    if (!TestBackend::instance().isPostgres())
        QSKIP("only PostgreSQL notifies a force release; elsewhere a third of the lease");
    std::atomic<qint64> lostAtMs{-1};
    QElapsedTimer clock;
    clock.start();
    GuardOptions guardOptions = options();
    guardOptions.onLost = [&](const LostLease &) { lostAtMs = clock.elapsed(); };
    LockGuard guard(TestBackend::instance().spec(),
                    QList<LockDefinition>{definition(u"notified.a"_s, 120000),
                                          definition(u"notified.b"_s, 120000)},
                    guardOptions);
    QVERIFY(guard.isHeld());
    QTest::qWait(300); // listening once it holds
    auto forced = m_locks->forceRelease(u"notified.b"_s, guard.fence(u"notified.b"_s),
                                        u"test: at once"_s);
    LOCKSCOPE_VERIFY_OK(forced);
    const qint64 forcedAtMs = clock.elapsed();
    QTRY_VERIFY_WITH_TIMEOUT(lostAtMs >= 0, 5000);
    qInfo("force release reported %lld ms after it (lease 120 s)", lostAtMs - forcedAtMs);
    QVERIFY(lostAtMs - forcedAtMs < 1000);
    QCOMPARE(guard.lost()->name, u"notified.b"_s);
    QCOMPARE(guard.lost()->reason, LostLease::Reason::TakenAway);
    LOCKSCOPE_VERIFY_OK(guard.release());
    QVERIFY(row(u"notified.a"_s).holder.isEmpty()); // the other was still ours: released
}

// Two locks in name order: the first (a 300 ms lease) is granted, then the guard waits for the
// second, held by another; meanwhile the server stops answering (a relay that freezes) for
// 800 ms, longer than the first lease, so that no renewal of it gets through and it lapses;
// then the other holder releases the second. The guard acquired both, but runUnder must not run
// the function on a lease already lost, and says so (LostBeforeRun). (It used to ask
// acquired(), not isHeld(): the function ran.)
void ApplicationTest::runUnderDoesNotRunALapsedLease()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    testsupport::CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    auto other = m_locks->acquire(u"lapse.b"_s, u"other-holder"_s, 30000);
    LOCKSCOPE_VERIFY_OK(other);
    QVERIFY(other->acquired);
    std::atomic_bool froze{false};
    std::thread server([&] {
        auto session = TestBackend::instance().open();
        auto service = LockService::create(*session, m_table);
        if (!service)
            return;
        for (int i = 0; i < 200; ++i) { // until the guard holds the first lock
            const auto first = service->lock(u"lapse.a"_s);
            if (first && *first && (*first)->state == LockState::Held)
                break;
            QThread::msleep(25);
        }
        proxy.freeze(true);
        froze = true;
        QThread::msleep(800);
        proxy.freeze(false);
        (void)service->release(u"lapse.b"_s, u"other-holder"_s, other->fence);
    });
    LockDefinition first = definition(u"lapse.a"_s, 300);
    LockDefinition second = definition(u"lapse.b"_s, 30000);
    second.waitMs = 20000;
    second.retries = LockDefinition::untilWaitEnds;
    bool ran = false;
    const auto outcome = runUnder(proxy.spec(), QList<LockDefinition>{first, second},
                                  [&](const LockGuard &) { ran = true; }, options());
    server.join();
    QVERIFY(froze);
    QVERIFY(!ran);
    QCOMPARE(outcome.status, RunStatus::LostBeforeRun);
    QVERIFY(!outcome.ran());
    QVERIFY2(outcome.summary().startsWith(u"Not run"_s), qPrintable(outcome.summary()));
    QVERIFY(row(u"lapse.a"_s).holder.isEmpty() || row(u"lapse.a"_s).state != LockState::Held);
    QVERIFY(row(u"lapse.b"_s).holder.isEmpty());
}

void ApplicationTest::releaseAfterABrokenConnection()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no connection to cut");
    testsupport::CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    LockGuard guard(proxy.spec(), definition(u"broken"_s, 30000), options());
    QVERIFY(guard.isHeld());
    const qint64 fence = guard.fence();
    proxy.dropConnections();
    LOCKSCOPE_VERIFY_OK(guard.release());
    QVERIFY(!guard.lost());
    const LockInfo after = row(u"broken"_s);
    QCOMPARE(after.state, LockState::Free);
    QCOMPARE(after.fence, fence);
}

void ApplicationTest::definitionsFileIsRead()
{
    const QString path = writeFile(R"({"locks": [
        {"name": "TIMER_TASK_GET_LOCK", "lease": "30s", "retries": 0, "interval": "5s",
         "wait": 0, "description": "creates the next minute's tasks"},
        {"name": "nightly.report", "lease": "90s", "wait": "2m"},
        {"name": "settle", "lease": "1m30s", "wait": "10s", "retries": 4}
    ]})");
    auto read = LockDefinitions::loadFile(path);
    LOCKSCOPE_VERIFY_OK(read);
    QCOMPARE(read->all().size(), 3);
    auto timer = read->get(u"TIMER_TASK_GET_LOCK"_s);
    LOCKSCOPE_VERIFY_OK(timer);
    QCOMPARE(timer->leaseMs, 30000);
    QCOMPARE(timer->retries, 0);
    QCOMPARE(timer->intervalMs, 5000);
    QCOMPARE(timer->waitMs, 0);
    QCOMPARE(timer->description, u"creates the next minute's tasks"_s);
    auto nightly = read->get(u"nightly.report"_s);
    LOCKSCOPE_VERIFY_OK(nightly);
    QCOMPARE(nightly->leaseMs, 90000);
    QCOMPARE(nightly->waitMs, 120000);
    QCOMPARE(nightly->retries, LockDefinition::untilWaitEnds); // a wait, no count: the wait
    auto settle = read->get(u"settle"_s);
    LOCKSCOPE_VERIFY_OK(settle);
    QCOMPARE(settle->leaseMs, 90000);
    QCOMPARE(settle->retries, 4);
    auto absent = read->get(u"absent"_s);
    QVERIFY(!absent);
    QVERIFY(absent.error().message.contains(path));
}

void ApplicationTest::definitionsFileErrorsNameTheEntry_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected"); // a part of the error after the file's name
    QTest::newRow("not json") << QByteArray("{\"locks\": [\n  {\"name\": \"a\",}\n]}")
                              << u"line 2"_s;
    QTest::newRow("not an object") << QByteArray("[]") << u"\"locks\" array"_s;
    QTest::newRow("no locks") << QByteArray("{}") << u"\"locks\" array"_s;
    QTest::newRow("unknown top key")
        << QByteArray(R"({"locks": [], "lokcs": []})") << u"\"lokcs\""_s;
    QTest::newRow("entry not an object") << QByteArray(R"({"locks": [3]})") << u"lock 1"_s;
    QTest::newRow("no name") << QByteArray(R"({"locks": [{"lease": "1s"}]})") << u"lock 1"_s;
    QTest::newRow("no lease") << QByteArray(R"({"locks": [{"name": "a"}]})")
                              << u"\"lease\" is missing"_s;
    QTest::newRow("bad duration")
        << QByteArray(R"({"locks": [{"name": "a", "lease": "1s"}, {"name": "b", "lease": "3x"}]})")
        << u"lock 2: \"lease\""_s;
    // Issue 48: a number without a unit is refused, as lockctl refuses it (0 alone is read).
    QTest::newRow("JSON number without a unit")
        << QByteArray(R"({"locks": [{"name": "a", "lease": 90000}]})")
        << u"lock 1: \"lease\" needs a unit: 5s, 500ms, 2m, 1h"_s;
    QTest::newRow("text number without a unit")
        << QByteArray(R"({"locks": [{"name": "a", "lease": "1s", "wait": "5"}]})")
        << u"lock 1: \"wait\" needs a unit: 5s, 500ms, 2m, 1h"_s;
    QTest::newRow("a unit twice")
        << QByteArray(R"({"locks": [{"name": "a", "lease": "1h1h"}]})")
        << u"lock 1: \"lease\": \"1h1h\" is not a duration"_s;
    QTest::newRow("negative wait")
        << QByteArray(R"({"locks": [{"name": "a", "lease": "1s", "wait": -5}]})") << u"\"wait\""_s;
    QTest::newRow("fractional retries")
        << QByteArray(R"({"locks": [{"name": "a", "lease": "1s", "retries": 1.5}]})")
        << u"\"retries\""_s;
    QTest::newRow("unknown key")
        << QByteArray(R"({"locks": [{"name": "a", "lease": "1s", "ttl": "1s"}]})")
        << u"unknown key \"ttl\""_s;
    QTest::newRow("zero lease")
        << QByteArray(R"({"locks": [{"name": "a", "lease": 0}]})") << u"lock 1"_s;
    QTest::newRow("empty name") << QByteArray(R"({"locks": [{"name": "", "lease": "1s"}]})")
                                << u"lock 1"_s;
    QTest::newRow("defined twice")
        << QByteArray(R"({"locks": [{"name": "a", "lease": "1s"}, {"name": "a", "lease": "2s"}]})")
        << u"lock 2: The lock \"a\" is defined twice"_s;
}

// Each bad file: an error that names the file and, for an entry, which one and what is wrong.
void ApplicationTest::definitionsFileErrorsNameTheEntry()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const QString path = writeFile(json);
    auto read = LockDefinitions::loadFile(path);
    QVERIFY(!read);
    QCOMPARE(read.error().kind, Error::Kind::InvalidInput);
    QVERIFY2(read.error().message.contains(path) && read.error().message.contains(expected),
             qPrintable(read.error().message));

    auto missing = LockDefinitions::loadFile(m_dir.filePath(u"missing.json"_s));
    QVERIFY(!missing);
    QVERIFY(missing.error().message.contains(u"missing.json"_s));
}

// Seed 000's numbers: one attempt plus the retries, the interval apart; a wait alone bounds
// the attempts by time, and no wait is one attempt.
void ApplicationTest::definitionBecomesARetryPolicy()
{
    LockDefinition seed = definition(u"TIMER_TASK_GET_LOCK"_s);
    seed.retries = 2;
    seed.intervalMs = 5000;
    RetryPolicy policy = seed.retryPolicy();
    QCOMPARE(policy.maxAttempts, 3);
    QCOMPARE(policy.deadlineMs, 0);
    QCOMPARE(policy.delayMs(1, 0.5), 5000);
    QCOMPARE(policy.delayMs(2, 0.5), 5000); // no growth
    LockDefinition waiting = definition(u"w"_s);
    waiting.waitMs = 60000;
    waiting.retries = LockDefinition::untilWaitEnds;
    QCOMPARE(waiting.retryPolicy().maxAttempts, 0);
    QCOMPARE(waiting.retryPolicy().deadlineMs, 60000);
    LOCKSCOPE_VERIFY_OK(waiting.validate());
    waiting.waitMs = 0; // until a wait of none: one attempt
    LOCKSCOPE_VERIFY_OK(waiting.validate());
    QCOMPARE(waiting.retryPolicy().maxAttempts, 1);
}

// The function's value comes back, it saw the fence the database gave, and the lock is free.
void ApplicationTest::runUnderReturnsTheResult()
{
    auto outcome = runUnder(TestBackend::instance().spec(), definition(u"job"_s),
                            [this](const LockGuard &guard) {
                                return guard.isHeld() && row(u"job"_s).fence == guard.fence()
                                           ? guard.fence() * 10
                                           : -1;
                            },
                            options());
    QVERIFY2(outcome.ok(), qPrintable(outcome.summary()));
    QCOMPARE(outcome.status, RunStatus::Done);
    QVERIFY(outcome.value);
    QCOMPARE(*outcome.value, outcome.fence * 10);
    QCOMPARE(row(u"job"_s).state, LockState::Free);

    LockDefinitions definitions;
    LOCKSCOPE_VERIFY_OK(definitions.add(definition(u"job"_s)));
    int calls = 0;
    auto byName = runUnder(TestBackend::instance().spec(), definitions, u"job"_s,
                           [&calls](const LockGuard &) { ++calls; }, options());
    QVERIFY(byName.ok());
    QCOMPARE(calls, 1);
    QVERIFY(byName.fence > outcome.fence);
    auto unknown = runUnder(TestBackend::instance().spec(), definitions, u"nope"_s,
                            [&calls](const LockGuard &) { ++calls; }, options());
    QCOMPARE(unknown.status, RunStatus::Failed);
    QCOMPARE(calls, 1);
}

// Held by another: not run; the report says who holds it, after the first attempt and the
// two retries.
void ApplicationTest::runUnderSaysWhoHoldsTheLock()
{
    auto other = m_locks->acquire(u"busy.job"_s, u"someone-else"_s, 30000);
    LOCKSCOPE_VERIFY_OK(other);
    LockDefinition lock = definition(u"busy.job"_s);
    lock.retries = 2;
    lock.intervalMs = 200;
    bool ran = false;
    QElapsedTimer took;
    took.start();
    auto outcome = runUnder(TestBackend::instance().spec(), lock,
                            [&ran](const LockGuard &) { ran = true; }, options());
    QVERIFY(!ran);
    QCOMPARE(outcome.status, RunStatus::Refused);
    QVERIFY(outcome.refusal);
    QCOMPARE(outcome.refusal->current.holder, u"someone-else"_s);
    QCOMPARE(outcome.refusal->current.fence, other->fence);
    QCOMPARE(outcome.refusal->attempts, 3);
    // Two pauses of 200 ms +- 25 %; PostgreSQL makes one attempt at once after it starts to
    // listen for releases (LockService::acquireWithWait), so there only the count holds.
    if (!TestBackend::instance().isPostgres())
        QVERIFY2(took.elapsed() >= 2 * 150, qPrintable(QString::number(took.elapsed())));
    QVERIFY(outcome.summary().contains(u"someone-else"_s));
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"busy.job"_s, u"someone-else"_s, other->fence));
}

void ApplicationTest::runUnderReportsAnError()
{
    GuardOptions noTable = options();
    noTable.table = u"no_such_lock_table"_s;
    bool ran = false;
    auto outcome = runUnder(TestBackend::instance().spec(), definition(u"job"_s),
                            [&ran](const LockGuard &) { ran = true; }, noTable);
    QVERIFY(!ran);
    QCOMPARE(outcome.status, RunStatus::Failed);
    QCOMPARE(outcome.error.kind, Error::Kind::MissingSchema);
    QVERIFY(!outcome.value);
}

// Force-released while the function runs: the function sees it (isHeld() turns false), its
// value still comes back, and the run is reported Lost with the fence it had.
void ApplicationTest::runUnderReportsALeaseLostDuringTheRun()
{
    auto outcome = runUnder(
        TestBackend::instance().spec(), definition(u"lost.job"_s, 1500),
        [this](const LockGuard &guard) {
            m_locks->forceRelease(u"lost.job"_s, guard.fence(), u"test"_s);
            QElapsedTimer waited;
            waited.start();
            while (guard.isHeld() && waited.elapsed() < 5000)
                QThread::msleep(10);
            return guard.isHeld() ? u"still held"_s : u"stopped"_s;
        },
        options());
    QCOMPARE(outcome.status, RunStatus::Lost);
    QVERIFY(outcome.value);
    QCOMPARE(*outcome.value, u"stopped"_s);
    QVERIFY(outcome.lost);
    QCOMPARE(outcome.lost->fence, outcome.fence);
    QVERIFY(outcome.lost->current.fence > outcome.fence);
    QVERIFY(outcome.summary().contains(u"lost.job"_s));
}

// {c, a, b}: acquired a, b, c and released c, b, a, as the event table records (event ids
// grow in the order the database wrote them).
void ApplicationTest::severalLocksInNameOrderReleasedInReverse()
{
    GuardOptions audited = options();
    audited.events = LockService::EventLevel::All;
    {
        LockGuard guard(TestBackend::instance().spec(),
                        {definition(u"m.c"_s), definition(u"m.a"_s), definition(u"m.b"_s)},
                        audited);
        QVERIFY(guard.isHeld());
        const QList<Grant> grants = guard.grants();
        QCOMPARE(grants.size(), 3);
        QCOMPARE(grants.at(0).name, u"m.a"_s);
        QCOMPARE(grants.at(2).name, u"m.c"_s);
        QCOMPARE(guard.fence(u"m.b"_s), grants.at(1).fence);
        for (const Grant &grant : grants)
            QCOMPARE(row(grant.name).holder, guard.holder());
    }
    const qint64 a = lastEventId(u"m.a"_s, u"acquire"_s);
    const qint64 b = lastEventId(u"m.b"_s, u"acquire"_s);
    const qint64 c = lastEventId(u"m.c"_s, u"acquire"_s);
    QVERIFY(a > 0 && a < b && b < c);
    const qint64 ra = lastEventId(u"m.a"_s, u"release"_s);
    const qint64 rb = lastEventId(u"m.b"_s, u"release"_s);
    const qint64 rc = lastEventId(u"m.c"_s, u"release"_s);
    QVERIFY(rc > c && rc < rb && rb < ra);
    for (const QString &name : {u"m.a"_s, u"m.b"_s, u"m.c"_s})
        QCOMPARE(row(name).state, LockState::Free);
}

// The second of three is held by another: the first, taken, is released again, the third is
// never asked for, and the guard holds nothing.
void ApplicationTest::severalLocksAllOrNone()
{
    auto other = m_locks->acquire(u"n.b"_s, u"someone-else"_s, 30000);
    LOCKSCOPE_VERIFY_OK(other);
    GuardOptions audited = options();
    audited.events = LockService::EventLevel::All;
    LockGuard guard(TestBackend::instance().spec(),
                    {definition(u"n.c"_s), definition(u"n.b"_s), definition(u"n.a"_s)},
                    audited);
    QCOMPARE(guard.state(), LockGuard::State::Refused);
    QVERIFY(!guard.acquired());
    QVERIFY(guard.grants().isEmpty());
    QCOMPARE(guard.refusal()->name, u"n.b"_s);
    QCOMPARE(guard.refusal()->current.holder, u"someone-else"_s);
    QCOMPARE(row(u"n.a"_s).state, LockState::Free); // taken and given back
    QVERIFY(lastEventId(u"n.a"_s, u"release"_s) > lastEventId(u"n.a"_s, u"acquire"_s));
    QVERIFY(lastEventId(u"n.a"_s, u"acquire"_s) > 0);
    QVERIFY(row(u"n.c"_s).name.isEmpty());  // never asked for
    QCOMPARE(row(u"n.b"_s).holder, u"someone-else"_s);
    LOCKSCOPE_VERIFY_OK(m_locks->release(u"n.b"_s, u"someone-else"_s, other->fence));
}

// Issue 34: a guard of several locks that waits for a later one renews those it has taken: a
// wait longer than their lease (here 2.5 s for w.b, held by another until its lease ends,
// against w.a's 1 s lease) does not let them lapse.
void ApplicationTest::aLongWaitKeepsTheLocksAlreadyTaken()
{
    auto other = m_locks->acquire(u"w.b"_s, u"someone-else"_s, 2500);
    LOCKSCOPE_VERIFY_OK(other);
    QVERIFY(other->acquired);
    LockDefinition first = definition(u"w.a"_s, 1000);
    LockDefinition second = definition(u"w.b"_s, 5000);
    second.waitMs = 15000;
    second.retries = LockDefinition::untilWaitEnds;
    LockGuard guard(TestBackend::instance().spec(), {first, second}, options());
    QCOMPARE(guard.state(), LockGuard::State::Held);
    QVERIFY(guard.isHeld());
    QVERIFY(!guard.lost());
    const QList<Grant> grants = guard.grants();
    QCOMPARE(grants.size(), 2);
    QCOMPARE(grants.first().name, u"w.a"_s);
    const LockInfo kept = row(u"w.a"_s);
    QCOMPARE(kept.state, LockState::Held);
    QCOMPARE(kept.holder, grants.first().holder);
    QCOMPARE(kept.fence, grants.first().fence); // never lost and taken again
    QVERIFY(guard.renewals() >= 2);
    LOCKSCOPE_VERIFY_OK(guard.release());
    QCOMPARE(row(u"w.a"_s).state, LockState::Free);
    QCOMPARE(row(u"w.b"_s).state, LockState::Free);
}

// Two threads asking again and again for {x, y} and {y, x}, each waiting: both always get
// both (taken as x then y by each), none ends its wait refused.
void ApplicationTest::oppositeOrdersDoNotDeadlock()
{
    LockDefinition x = definition(u"o.x"_s, 5000);
    LockDefinition y = definition(u"o.y"_s, 5000);
    x.waitMs = y.waitMs = 20000;
    x.retries = y.retries = LockDefinition::untilWaitEnds;
    std::atomic<int> held{0};
    std::atomic<int> notHeld{0};
    const auto worker = [&](QList<LockDefinition> locks) {
        for (int i = 0; i < 4; ++i) {
            LockGuard guard(TestBackend::instance().spec(), locks, options());
            (guard.isHeld() ? held : notHeld)++;
            QThread::msleep(30);
        }
    };
    std::thread first(worker, QList<LockDefinition>{x, y});
    std::thread second(worker, QList<LockDefinition>{y, x});
    first.join();
    second.join();
    QCOMPARE(notHeld.load(), 0);
    QCOMPARE(held.load(), 8);
}

// docs/library.md's fence condition: a holder paused past its lease (no renewal: like a
// process stopped) is taken over by another with a higher fence; the new holder's write goes
// in, the stale holder's comes too late and is refused by the condition, on the row itself
// and through a fence table.
void ApplicationTest::fenceConditionRefusesAStaleWriter()
{
    const QString accounts = TestBackend::uniqueTable(u"acct"_s);
    QVERIFY(testsupport::execRaw(*m_session, u"CREATE TABLE "_s + accounts
                                                 + u" (id INTEGER PRIMARY KEY, balance INTEGER "
                                                   "NOT NULL, last_fence BIGINT NOT NULL)"_s));
    QVERIFY(testsupport::execRaw(*m_session,
                                 u"INSERT INTO "_s + accounts + u" VALUES (1, 100, 0)"_s));
    const auto write = [&](qint64 fence, int balance) {
        QSqlQuery update(m_session->database());
        update.prepare(u"UPDATE "_s + accounts
                       + u" SET balance = :balance, last_fence = :fence"
                         " WHERE id = :id AND last_fence <= :fence"_s);
        update.bindValue(u":balance"_s, balance);
        update.bindValue(u":fence"_s, fence);
        update.bindValue(u":id"_s, 1);
        return update.exec() ? update.numRowsAffected() : -1;
    };

    auto stale = m_locks->acquire(u"acct.1"_s, u"paused-holder"_s, 1000);
    LOCKSCOPE_VERIFY_OK(stale);
    QCOMPARE(write(stale->fence, 110), 1); // while its lease runs: written
    QThread::msleep(1300);                 // paused past its lease
    LockGuard successor(TestBackend::instance().spec(), definition(u"acct.1"_s), options());
    QVERIFY(successor.isHeld());
    QVERIFY(successor.fence() > stale->fence);
    QCOMPARE(write(successor.fence(), 200), 1);
    QCOMPARE(write(stale->fence, 999), 0); // the paused holder wakes up: refused
    QSqlQuery read(m_session->database());
    QVERIFY(read.exec(u"SELECT balance, last_fence FROM "_s + accounts + u" WHERE id = 1"_s));
    QVERIFY(read.next());
    QCOMPARE(read.value(0).toInt(), 200);
    QCOMPARE(read.value(1).toLongLong(), successor.fence());
    read.finish();
    QCOMPARE(write(successor.fence(), 210), 1); // the holder writes again with its own fence

    // A fence table for writes that touch other tables: one row per protected resource,
    // moved forward in the writer's transaction before its writes; 0 rows: stale, roll back.
    const QString fences = TestBackend::uniqueTable(u"fence"_s);
    QVERIFY(testsupport::execRaw(*m_session, u"CREATE TABLE "_s + fences
                                                 + u" (resource VARCHAR(200) PRIMARY KEY, "
                                                   "fence BIGINT NOT NULL)"_s));
    // The resource's row, once, as docs/library.md writes it (twice: the second changes nothing).
    const QString once = TestBackend::instance().isMariadb()
                             ? u"INSERT IGNORE INTO "_s + fences + u" VALUES ('acct.1', 0)"_s
                             : u"INSERT INTO "_s + fences
                                   + u" VALUES ('acct.1', 0) ON CONFLICT DO NOTHING"_s;
    QVERIFY(testsupport::execRaw(*m_session, once));
    QVERIFY(testsupport::execRaw(*m_session, once));
    QCOMPARE(testsupport::countRows(*m_session, fences), 1);
    const auto admit = [&](qint64 fence) {
        QSqlQuery gate(m_session->database());
        gate.prepare(u"UPDATE "_s + fences
                     + u" SET fence = :fence WHERE resource = :resource AND fence <= :fence"_s);
        gate.bindValue(u":fence"_s, fence);
        gate.bindValue(u":resource"_s, u"acct.1"_s);
        return gate.exec() ? gate.numRowsAffected() : -1;
    };
    QCOMPARE(admit(successor.fence()), 1);
    QCOMPARE(admit(stale->fence), 0);
    QCOMPARE(admit(successor.fence()), 1); // the same holder again: admitted
    LOCKSCOPE_VERIFY_OK(successor.release());
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + accounts);
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + fences);
}

// Issue 35, defect 4: the fence table refuses a stale writer only once a higher fence is on the
// resource's row. Without a claim, that is when the new holder first writes: until then the
// stale holder's write goes in, after the new grant. With GuardOptions::fenceTable the grant
// claims its fence on the row in its own transaction: the stale write is refused from the
// grant on. A claim that finds a higher fence on the row gives the grant back.
void ApplicationTest::aClaimedFenceRefusesTheStaleWriterFromTheGrantOn()
{
    const QString name = u"acct.2"_s;
    const QString fences = TestBackend::uniqueTable(u"claim"_s);
    QVERIFY(testsupport::execRaw(*m_session, u"CREATE TABLE "_s + fences
                                                 + u" (resource VARCHAR(200) PRIMARY KEY, "
                                                   "fence BIGINT NOT NULL)"_s));
    const auto cleanup = qScopeGuard(
        [&] { testsupport::execRaw(*m_session, u"DROP TABLE "_s + fences); });
    // A writer's gate, as docs/library.md writes it: 1 admitted, 0 stale.
    const auto admit = [&](qint64 fence) {
        QSqlQuery gate(m_session->database());
        gate.prepare(u"UPDATE "_s + fences
                     + u" SET fence = :fence WHERE resource = :resource AND fence <= :fence"_s);
        gate.bindValue(u":fence"_s, fence);
        gate.bindValue(u":resource"_s, name);
        return gate.exec() ? gate.numRowsAffected() : -1;
    };
    const auto rowFence = [&] {
        QSqlQuery read(m_session->database());
        if (!read.exec(u"SELECT fence FROM "_s + fences + u" WHERE resource = '"_s + name + u"'"_s)
            || !read.next())
            return qint64(-1);
        return read.value(0).toLongLong();
    };
    GuardOptions claiming = options();
    claiming.fenceTable = fences;

    // The first grant claims the row: there was none, the claim adds it.
    auto claimer = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(claimer);
    LOCKSCOPE_VERIFY_OK(claimer->setFenceTable(fences));
    auto first = claimer->acquire(name, u"paused-holder"_s, 1000);
    LOCKSCOPE_VERIFY_OK(first);
    QVERIFY(first->acquired);
    QCOMPARE(rowFence(), first->fence);
    QCOMPARE(admit(first->fence), 1);
    const qint64 staleFence = first->fence;
    // Its holder is paused past its lease (no renewal); a successor without a claim takes over.
    QTRY_VERIFY_WITH_TIMEOUT(row(name).state != LockState::Held, 5000);
    {
        LockGuard unclaimed(TestBackend::instance().spec(), definition(name), options());
        QVERIFY(unclaimed.isHeld());
        QVERIFY(unclaimed.fence() > staleFence);
        QCOMPARE(admit(staleFence), 1); // accepted after the higher grant: the window
        LOCKSCOPE_VERIFY_OK(unclaimed.release());
    }
    // A successor that claims: refused from its grant on, before it has written anything.
    LockGuard successor(TestBackend::instance().spec(), definition(name), claiming);
    QVERIFY(successor.isHeld());
    QCOMPARE(rowFence(), successor.fence());
    QCOMPARE(admit(staleFence), 0);
    QCOMPARE(admit(successor.fence()), 1);
    LOCKSCOPE_VERIFY_OK(successor.release());

    // A row with a higher fence than the next grant's: the grant is given back, with the reason.
    QVERIFY(testsupport::execRaw(*m_session, u"UPDATE "_s + fences + u" SET fence = "_s
                                                 + QString::number(successor.fence() + 100)));
    LockGuard refused(TestBackend::instance().spec(), definition(name), claiming);
    QCOMPARE(refused.state(), LockGuard::State::Failed);
    QVERIFY2(refused.error().message.contains(u"already has a fence above"_s),
             qPrintable(refused.error().message));
    const LockInfo after = row(name);
    QVERIFY2(after.state != LockState::Held,
             qPrintable(u"the refused claim left the lock held by %1"_s.arg(after.holder)));
    QCOMPARE(after.fence, successor.fence()); // rolled back: no grant happened
}

LOCKSCOPE_BACKEND_TEST_MAIN(ApplicationTest)
#include "tst_application.moc"
