// SPDX-License-Identifier: GPL-3.0-or-later
// Faults (issue 34, defect 4): an acquire the server committed whose answer the network lost
// (a relay between client and server lets the request through, drops the answer and closes
// the connection: CuttableProxy::loseNextAnswer). A single acquire says the outcome is
// unknown; a waiting acquire (acquireWithWait, what lockctl acquire --wait and run --wait
// call) reads the lock before it tries again, finds the lost attempt's grant and counts it
// once, so one release per acquire frees the lock. PostgreSQL and MariaDB (SQLite runs in the
// process: there is no answer to lose).
//
// Issue 35, defect 1: with its history recorded, a change and its event are one transaction.
// The connection is cut right after each answer of an acquire, a renewal and a release in turn:
// whatever the client was told, and whatever the server kept, has its event.

#include "cuttableproxy.h"
#include "lockservice.h"
#include "sessionthread.h"
#include "testbackend.h"

#include <QtTest>
#include <algorithm>
#include <functional>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

namespace {

// A waiter's policy: a deadline far beyond what the tests take, short pauses.
RetryPolicy waiting()
{
    RetryPolicy policy;
    policy.deadlineMs = 30000;
    policy.initialDelayMs = 20;
    policy.maxDelayMs = 200;
    return policy;
}

// A client on a session through a relay that can lose an answer, on a thread of its own (the
// test looks at the server while the client's acquire waits for its reconnect).
class ProxiedClient
{
public:
    ProxiedClient() : m_proxy(TestBackend::instance().spec()) {}
    ~ProxiedClient()
    {
        m_thread.run([this] { m_locks.reset(); });
    }
    // Opens the session and the lock service on `table`; an error's text, or empty.
    QString open(const QString &table)
    {
        if (m_proxy.port() == 0)
            return u"the relay could not listen"_s;
        QString error;
        m_thread.run([&] {
            auto session = Session::open(m_proxy.spec());
            if (!session) {
                error = session.error().fullText();
                return;
            }
            m_thread.session() = std::move(session).value();
            auto locks = LockService::create(*m_thread.session(), table);
            if (!locks)
                error = locks.error().fullText();
            else
                m_locks.emplace(std::move(locks).value());
        });
        return error;
    }
    testsupport::CuttableProxy &proxy() { return m_proxy; }
    testsupport::SessionThread &thread() { return m_thread; }
    LockService &locks() { return *m_locks; }
    // Runs `fn` on the client's thread with its lock service and waits for it.
    template<typename T>
    T run(const std::function<T(LockService &)> &fn)
    {
        std::optional<T> result;
        m_thread.run([&] { result.emplace(fn(*m_locks)); });
        return std::move(*result);
    }

private:
    testsupport::CuttableProxy m_proxy;
    testsupport::SessionThread m_thread;
    std::optional<LockService> m_locks;
};

} // namespace

class LostAnswerTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void lostGrantIsUnknownAloneAndCountedOnceByAWaiter();
    void lostReentryIsCountedOnceByAWaiter();
    void cancelledWaiterGivesBackALostGrant();
    void everyAcknowledgedChangeHasItsEvent_data();
    void everyAcknowledgedChangeHasItsEvent();

private:
    // Whether the admin's history of `name` has an event of `kind` with `fence`.
    bool hasEvent(const QString &name, const QString &kind, qint64 fence);
    // One run of `op` (acquire, renew, release) on a lock of its own, cut after `cutAt` of its
    // requests: checks what was told and kept against the history; *cut: whether the cut came
    // before the operation finished.
    void checkCutChange(ProxiedClient &client, const QString &op, int cutAt, bool *cut);
    LockInfo row(const QString &name); // read on the admin's own connection (no relay)
    // Releases as `holder` through `client`: true when the lock is free afterwards.
    bool releasedToFree(ProxiedClient &client, const QString &name, const QString &holder,
                        qint64 fence, int times);
    // The waiting acquire of `holder`, its first answer lost: checks that the server granted
    // it (at `depth`) before the client could reconnect, and returns what the waiter returned
    // (nothing, with the reason in *why, when the scene did not happen as planned).
    std::optional<Result<Grant>> waitedWithAnswerLost(ProxiedClient &client, const QString &name,
                                                      const QString &holder, int depth,
                                                      QString *why);

    std::unique_ptr<Session> m_admin;
    std::optional<LockService> m_adminLocks;
};

void LostAnswerTest::initTestCase()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite runs in the process: there is no connection whose answer can be lost.");
    QString error;
    m_admin = TestBackend::instance().open(&error);
    QVERIFY2(m_admin, qPrintable(error));
    auto locks = LockService::create(*m_admin, TestBackend::uniqueTable(u"lost"_s));
    LOCKSCOPE_VERIFY_OK(locks);
    LOCKSCOPE_VERIFY_OK(locks->createSchema());
    m_adminLocks.emplace(std::move(locks).value());
}

void LostAnswerTest::cleanupTestCase()
{
    if (!m_admin || !m_adminLocks)
        return;
    testsupport::execRaw(*m_admin, u"DROP TABLE "_s + m_adminLocks->tables().events);
    testsupport::execRaw(*m_admin, u"DROP TABLE "_s + m_adminLocks->tables().locks);
}

LockInfo LostAnswerTest::row(const QString &name)
{
    auto read = m_adminLocks->lock(name);
    return read && *read ? **read : LockInfo{};
}

bool LostAnswerTest::releasedToFree(ProxiedClient &client, const QString &name,
                                    const QString &holder, qint64 fence, int times)
{
    for (int i = 0; i < times; ++i) {
        const auto released = client.run<Result<ReleaseOutcome>>(
            [&](LockService &locks) { return locks.release(name, holder, fence); });
        if (!released || !released->released)
            return false;
    }
    const LockInfo after = row(name);
    return after.holder.isEmpty() && after.state == LockState::Free;
}

std::optional<Result<Grant>> LostAnswerTest::waitedWithAnswerLost(ProxiedClient &client,
                                                                  const QString &name,
                                                                  const QString &holder,
                                                                  int depth, QString *why)
{
    const int lostBefore = client.proxy().answersLost();
    client.proxy().loseNextAnswer(true); // and hold the reconnect until the row is read
    // Shared: the client's thread may outlive this function when the test fails.
    auto waited = std::make_shared<std::optional<Result<Grant>>>();
    LockService &locks = client.locks();
    client.thread().start([waited, &locks, name, holder] {
        waited->emplace(locks.acquireWithWait(name, holder, 60000, waiting()));
    });
    if (!QTest::qWaitFor([&] { return client.proxy().answersLost() > lostBefore; }, 10000)) {
        *why = u"the relay never lost an answer"_s;
        client.proxy().freeze(false);
        return std::nullopt;
    }
    const LockInfo granted = row(name);
    client.proxy().freeze(false);
    if (!QTest::qWaitFor([&] { return client.thread().done(); }, 20000)) {
        *why = u"the waiting acquire did not return within 20 s"_s;
        return std::nullopt;
    }
    if (granted.holder != holder || granted.depth != depth) {
        *why = u"the lost request was not the grant: the row showed holder \"%1\", depth %2"_s
                   .arg(granted.holder)
                   .arg(granted.depth);
        return std::nullopt;
    }
    return std::move(**waited);
}

// A grant committed whose answer is lost. Alone (acquire), the outcome is unknown and the error
// says so; the lock is held all the same. Waiting (acquireWithWait), the retry finds that
// grant: acquired with depth 1, and one release leaves the lock free. (The old waiter acquired
// again on top of it: depth 2, and the lock stayed held after the release.)
void LostAnswerTest::lostGrantIsUnknownAloneAndCountedOnceByAWaiter()
{
    const QString name = u"lost.grant"_s;
    const QString holder = u"alice"_s;
    ProxiedClient alice;
    const QString error = alice.open(m_adminLocks->tables().locks);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // Each acquire is rehearsed without a loss on the connection that will lose its answer:
    // its statements are prepared and the connection's questions asked, so that the request
    // after loseNextAnswer() is the acquire itself.
    const auto single = [&](LockService &locks) { return locks.acquire(name, holder, 60000); };
    const auto waited = [&](LockService &locks) {
        return locks.acquireWithWait(name, holder, 60000, waiting());
    };
    const auto rehearse = [&](const std::function<Result<Grant>(LockService &)> &acquire) {
        const auto rehearsal = alice.run<Result<Grant>>(acquire);
        return rehearsal && rehearsal->acquired
               && releasedToFree(alice, name, holder, rehearsal->fence, 1);
    };
    QVERIFY(rehearse(single));
    alice.proxy().loseNextAnswer();
    const auto alone = alice.run<Result<Grant>>(single);
    QCOMPARE(alice.proxy().answersLost(), 1);
    QVERIFY2(!alone, "an acquire whose answer was lost must not report an outcome");
    QCOMPARE(alone.error().kind, Error::Kind::ConnectionLost);
    QVERIFY2(alone.error().message.contains(u"outcome is unknown"_s),
             qPrintable(alone.error().message));
    const LockInfo held = row(name);
    QCOMPARE(held.holder, holder); // granted all the same
    QCOMPARE(held.depth, 1);
    QVERIFY(releasedToFree(alice, name, holder, held.fence, 1));

    QVERIFY(rehearse(waited)); // (on the connection the release opened)
    QString why;
    const std::optional<Result<Grant>> lost = waitedWithAnswerLost(alice, name, holder, 1, &why);
    QVERIFY2(lost, qPrintable(why));
    const Result<Grant> &grant = *lost;
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    QCOMPARE(grant->depth, 1);
    const LockInfo now = row(name); // the table agrees: one grant, not a re-entry on top of it
    QCOMPARE(now.holder, holder);
    QCOMPARE(now.depth, 1);
    QCOMPARE(now.fence, grant->fence);
    QVERIFY2(releasedToFree(alice, name, holder, grant->fence, 1),
             "one release did not free a lock acquired once");
}

// The re-entrant case: alice holds the lock (depth 1, told to this service); her waiting
// re-entry is committed (depth 2) and its answer lost. The retry sees the same fence with a
// greater depth than the one it knew: the re-entry took effect, counted once (depth 2), and two
// releases free the lock. (The old waiter re-entered again: depth 3.)
void LostAnswerTest::lostReentryIsCountedOnceByAWaiter()
{
    const QString name = u"lost.reentry"_s;
    const QString holder = u"alice"_s;
    ProxiedClient alice;
    const QString error = alice.open(m_adminLocks->tables().locks);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const auto hold = [&](LockService &locks) { return locks.acquire(name, holder, 60000); };
    const auto reenter = [&](LockService &locks) {
        return locks.acquireWithWait(name, holder, 60000, waiting());
    };
    for (int rehearsal = 0; rehearsal < 2; ++rehearsal) { // the second one loses the answer
        const auto first = alice.run<Result<Grant>>(hold);
        LOCKSCOPE_VERIFY_OK(first);
        QCOMPARE(first->depth, 1);
        QString why;
        const std::optional<Result<Grant>> answered =
            rehearsal == 0 ? std::optional(alice.run<Result<Grant>>(reenter))
                           : waitedWithAnswerLost(alice, name, holder, 2, &why);
        QVERIFY2(answered, qPrintable(why));
        const Result<Grant> &second = *answered;
        LOCKSCOPE_VERIFY_OK(second);
        QVERIFY(second->acquired);
        QCOMPARE(second->depth, 2);
        QCOMPARE(second->fence, first->fence);
        QVERIFY2(releasedToFree(alice, name, holder, first->fence, 2),
                 "two releases did not free a lock acquired twice");
    }
    QCOMPARE(alice.proxy().answersLost(), 1);
}

// A wait cancelled (SIGINT to lockctl acquire --wait) while its attempt's answer is lost: the
// cancel is set before the attempt, so the waiter stops right after the loss, with the outcome
// unknown. It reads the lock, finds the grant the server committed and gives it back: the
// caller is told Cancelled, and the lock is free. (The old waiter returned Cancelled at once and
// left the lock held by alice until its lease ended.)
void LostAnswerTest::cancelledWaiterGivesBackALostGrant()
{
    const QString name = u"lost.cancelled"_s;
    const QString holder = u"alice"_s;
    ProxiedClient alice;
    const QString error = alice.open(m_adminLocks->tables().locks);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    auto cancel = std::make_shared<std::atomic_bool>(false);
    LockService &locks = alice.locks();
    const auto waited = [&locks, name, holder, cancel] {
        return locks.acquireWithWait(name, holder, 60000, waiting(), cancel.get());
    };
    const auto rehearsal = alice.run<Result<Grant>>([&](LockService &) { return waited(); });
    LOCKSCOPE_VERIFY_OK(rehearsal);
    QVERIFY(releasedToFree(alice, name, holder, rehearsal->fence, 1));

    *cancel = true; // as if the signal came while the attempt was under way
    alice.proxy().loseNextAnswer(true);
    auto answer = std::make_shared<std::optional<Result<Grant>>>();
    alice.thread().start([answer, waited] { answer->emplace(waited()); });
    QTRY_COMPARE_WITH_TIMEOUT(alice.proxy().answersLost(), 1, 10000);
    const LockInfo granted = row(name);
    alice.proxy().freeze(false);
    QTRY_VERIFY_WITH_TIMEOUT(alice.thread().done(), 20000);
    QCOMPARE(granted.holder, holder); // the lost request was the grant
    QVERIFY(answer->has_value());
    QVERIFY2(!**answer, "a cancelled wait must not report a grant");
    QCOMPARE((*answer)->error().kind, Error::Kind::Cancelled);
    const LockInfo after = row(name);
    QVERIFY2(after.holder.isEmpty() && after.state == LockState::Free,
             qPrintable(u"still held by \"%1\" at depth %2"_s.arg(after.holder)
                            .arg(after.depth)));
}

bool LostAnswerTest::hasEvent(const QString &name, const QString &kind, qint64 fence)
{
    auto events = m_adminLocks->history(name, 100);
    if (!events)
        return false;
    return std::any_of(events->cbegin(), events->cend(), [&](const LockEvent &event) {
        return event.kind == kind && event.fence == fence;
    });
}

void LostAnswerTest::checkCutChange(ProxiedClient &client, const QString &op, int cutAt,
                                    bool *cut)
{
    const QString name = u"cut.%1.%2"_s.arg(op).arg(cutAt);
    const QString holder = u"alice"_s;
    qint64 fence = 0;
    QDateTime granted;
    if (op != u"acquire"_s) {
        const auto grant = client.run<Result<Grant>>(
            [&](LockService &locks) { return locks.acquire(name, holder, 60000); });
        LOCKSCOPE_VERIFY_OK(grant);
        QVERIFY(grant->acquired);
        fence = grant->fence;
        granted = grant->acquiredAt;
    }
    const int cutsBefore = client.proxy().cuts();
    client.proxy().cutAfterRequests(cutAt);
    bool told = false;
    if (op == u"acquire"_s) {
        const auto grant = client.run<Result<Grant>>(
            [&](LockService &locks) { return locks.acquire(name, holder, 60000); });
        told = grant && grant->acquired;
        fence = told ? grant->fence : 0;
    } else if (op == u"renew"_s) {
        const auto renewal = client.run<Result<RenewOutcome>>(
            [&](LockService &locks) { return locks.renew(name, holder, fence, 120000); });
        told = renewal && renewal->renewed;
    } else {
        const auto release = client.run<Result<ReleaseOutcome>>(
            [&](LockService &locks) { return locks.release(name, holder, fence); });
        told = release && release->released;
    }
    *cut = client.proxy().cuts() > cutsBefore;
    const LockInfo now = row(name);
    const bool held = now.holder == holder && now.state == LockState::Held;
    // What the server kept: the grant, the longer lease, the free lock.
    const bool kept = op == u"acquire"_s  ? held
                      : op == u"renew"_s ? held && now.expiresAt > granted.addSecs(90)
                                         : !held;
    const QString kind = op == u"acquire"_s ? u"acquire"_s : op;
    const qint64 eventFence = op == u"acquire"_s && !told ? now.fence : fence;
    const QString scene = u"%1 cut after %2 request(s): told %3, kept %4"_s.arg(op)
                              .arg(cutAt)
                              .arg(told)
                              .arg(kept);
    QVERIFY2(!told || kept, qPrintable(scene + u": told of a change the server does not have"_s));
    QVERIFY2(!kept || hasEvent(name, kind, eventFence),
             qPrintable(scene + u": the change has no %1 event with fence %2"_s.arg(kind)
                                    .arg(eventFence)));
    if (!kept && op == u"acquire"_s)
        QVERIFY2(!hasEvent(name, kind, now.fence + 1) && !hasEvent(name, kind, now.fence),
                 qPrintable(scene + u": an event of a grant the server does not have"_s));
}

void LostAnswerTest::everyAcknowledgedChangeHasItsEvent_data()
{
    QTest::addColumn<QString>("op");
    QTest::newRow("acquire") << u"acquire"_s;
    QTest::newRow("renew") << u"renew"_s;
    QTest::newRow("release") << u"release"_s;
}

// Cut after 0, 1, 2, ... requests, until the operation finishes before its cut. (The old service
// wrote the event after the change, in a statement of its own: cut after the change's answer,
// the client was told of a grant, renewal or release that the history lacks.)
void LostAnswerTest::everyAcknowledgedChangeHasItsEvent()
{
    QFETCH(QString, op);
    ProxiedClient alice;
    const QString error = alice.open(m_adminLocks->tables().locks);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    alice.locks().setEventLevel(LockService::EventLevel::All);
    int cutAt = 0;
    for (bool cut = true; cut; ++cutAt) {
        QVERIFY2(cutAt < 30, "the operation never finished before its cut");
        checkCutChange(alice, op, cutAt, &cut);
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY2(cutAt >= 3, qPrintable(u"only %1 cut point(s)"_s.arg(cutAt - 1)));
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv); // the client's thread runs an event loop
    LostAnswerTest suite;
    return testsupport::runBackendSuite(&suite, argc, argv);
}

#include "tst_lostanswer.moc"
