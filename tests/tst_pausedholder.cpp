// Faults (issue 7, scenario 2): a real lockctl process holding a lock with renewal is stopped
// (SIGSTOP) for three times its lease. A successor, another lockctl process, acquires the lock
// with a higher fence. When the paused holder is continued, its renewal reports the lock lost,
// it exits with "lost" and changes nothing: the successor still holds the lock with its fence.
// Every backend (SQLite's file is shared between the processes).

#include "lockctlrun.h"
#include "lockservice.h"
#include "testbackend.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <csignal>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::LockctlProcess;
using testsupport::TestBackend;

class PausedHolderTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void pausedHolderLosesAndChangesNothing();

private:
    // Starts lockctl --json on the test's table.
    LockctlProcess lockctl(const QStringList &args) const;

    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
    QString m_table;
};

LockctlProcess PausedHolderTest::lockctl(const QStringList &args) const
{
    return LockctlProcess(QStringList{u"--table"_s, m_table, u"--json"_s} + args);
}

void PausedHolderTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"pause"_s);
    auto locks = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    LOCKSCOPE_VERIFY_OK(locks->createSchema());
    m_locks.emplace(std::move(locks).value());
}

void PausedHolderTest::cleanupTestCase()
{
    if (!m_session || !m_locks)
        return;
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
}

void PausedHolderTest::pausedHolderLosesAndChangesNothing()
{
    const QString name = u"paused.job"_s;
    const qint64 ttlMs = 1000;
    // The holder renews every third of its 1 s lease, for up to a minute.
    auto holder = lockctl({u"acquire"_s, name, u"--holder"_s, u"paused-holder"_s, u"--ttl"_s,
                           u"1s"_s, u"--hold"_s, u"60s"_s, u"--renew"_s});
    QVERIFY(holder.waitForStarted(10000));
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            auto row = m_locks->lock(name);
            return row && *row && (*row)->holder == u"paused-holder" && (*row)->renewedAt.isValid()
                   && (*row)->renewedAt > (*row)->acquiredAt; // it renewed at least once
        }(),
        10000);
    const qint64 oldFence = (*m_locks->lock(name))->fence;

    // Paused, like a process in a long GC pause or swapped out: for three leases. Stopped just
    // after a renewal was committed, so that it is not stopped inside a statement (on SQLite a
    // process stopped inside a write keeps the whole file locked: every other writer fails).
    const QDateTime lastRenewal = (*m_locks->lock(name))->renewedAt;
    QTRY_VERIFY_WITH_TIMEOUT((*m_locks->lock(name))->renewedAt != lastRenewal, 10000);
    QVERIFY(::kill(pid_t(holder.processId()), SIGSTOP) == 0);
    const auto resume = qScopeGuard([&] { ::kill(pid_t(holder.processId()), SIGCONT); });
    const QDateTime pausedAt = QDateTime::fromMSecsSinceEpoch(testsupport::dbNowUs(*m_session) / 1000);
    QTRY_VERIFY_WITH_TIMEOUT(testsupport::dbNowUs(*m_session) / 1000
                                 > pausedAt.toMSecsSinceEpoch() + 3 * ttlMs,
                             10000);
    QCOMPARE((*m_locks->lock(name))->state, LockState::Expired);

    // The successor, a process of its own, takes it over with a higher fence.
    auto successor = lockctl({u"acquire"_s, name, u"--holder"_s, u"successor"_s, u"--ttl"_s,
                              u"60s"_s});
    const testsupport::LockctlRun granted = successor.finish(20000);
    QVERIFY(granted.finished);
    QCOMPARE(granted.exitCode, 0);
    const QJsonObject grant = QJsonDocument::fromJson(granted.out).object();
    const qint64 newFence = grant.value(u"fence"_s).toInteger();
    QVERIFY2(newFence > oldFence, qPrintable(QString::number(newFence)));

    // Continued: its next renewal finds the lock lost. It says so and exits 1 (refused/lost)
    // without releasing anything.
    QVERIFY(::kill(pid_t(holder.processId()), SIGCONT) == 0);
    const testsupport::LockctlRun lost = holder.finish(20000);
    QVERIFY(lost.finished);
    QVERIFY(!lost.crashed);
    QCOMPARE(lost.exitCode, 1);
    const QJsonObject outcome = QJsonDocument::fromJson(lost.out).object();
    QVERIFY2(outcome.value(u"lost"_s).toBool(), QJsonDocument(outcome).toJson().constData());
    QCOMPARE(outcome.value(u"held_by"_s).toString(), u"successor"_s);

    const auto now = *m_locks->lock(name);
    QCOMPARE(now->holder, u"successor"_s);
    QCOMPARE(now->fence, newFence);
    QCOMPARE(now->state, LockState::Held);
    QVERIFY(m_locks->release(name, u"successor"_s, newFence)->released);
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    PausedHolderTest suite;
    return testsupport::runBackendSuite(&suite, argc, argv);
}

#include "tst_pausedholder.moc"
