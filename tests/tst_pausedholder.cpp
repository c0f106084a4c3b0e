// SPDX-License-Identifier: GPL-3.0-or-later
// Faults (issue 7, scenario 2): a real lockctl process holding a lock with renewal is stopped
// (SIGSTOP) for three times its lease. A successor, another lockctl process, acquires the lock
// with a higher fence. When the paused holder is continued, its renewal reports the lock lost,
// it exits with "lost" and changes nothing: the successor still holds the lock with its fence.
// Every backend (SQLite's file is shared between the processes).

#include "lockctlrun.h"
#include "lockservice.h"
#include "testbackend.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
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
    // Stops the holder (SIGSTOP) after a renewal, at a moment it holds nothing another
    // writer needs; false when that did not happen in ten tries.
    bool stopBetweenWrites(LockctlProcess &holder, const QString &name);
    // Whether another session can start a write now (SQLite: nobody holds the file's write
    // lock; a server never leaves a statement half done because its client stopped).
    bool writeLockIsFree();
    // The id of the last event of lock `name` (0: none, or it could not be read).
    qint64 lastEventId(const QString &name);

    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
    QString m_table;
};

LockctlProcess PausedHolderTest::lockctl(const QStringList &args) const
{
    return LockctlProcess(QStringList{u"--table"_s, m_table, u"--json"_s} + args);
}

namespace {

// Whether every thread of process `pid` is stopped (state T in /proc/PID/task/TID/stat): a
// SIGSTOP is delivered some time after kill() returns.
bool isStopped(qint64 pid)
{
    const QString tasks = u"/proc/%1/task"_s.arg(pid);
    const QStringList ids = QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    if (ids.isEmpty())
        return false;
    for (const QString &id : ids) {
        QFile stat(tasks + u'/' + id + u"/stat"_s);
        if (!stat.open(QIODevice::ReadOnly))
            return false;
        const QByteArray line = stat.readAll();
        const qsizetype close = line.lastIndexOf(')'); // "pid (comm) S ..."
        if (close < 0 || close + 2 >= line.size() || line.at(close + 2) != 'T')
            return false;
    }
    return true;
}

} // namespace

bool PausedHolderTest::writeLockIsFree()
{
    if (!TestBackend::instance().isSqlite())
        return true;
    // BEGIN IMMEDIATE takes the write lock or fails at once: with the holder stopped, a lock
    // held now stays held, so there is nothing to wait for.
    testsupport::execRaw(*m_session, u"PRAGMA busy_timeout = 0"_s);
    const Status begun = m_session->begin();
    if (begun)
        m_session->rollback();
    testsupport::execRaw(*m_session, u"PRAGMA busy_timeout = 5000"_s);
    return bool(begun);
}

qint64 PausedHolderTest::lastEventId(const QString &name)
{
    const auto events = m_locks->history(name, 1);
    return events && !events->isEmpty() ? events->constFirst().id : 0;
}

bool PausedHolderTest::stopBetweenWrites(LockctlProcess &holder, const QString &name)
{
    // On SQLite a process stopped inside a write keeps the whole file locked, and the
    // successor would wait for it (for ever, here). The holder writes twice a renewal: the
    // renewal, then its event (lockctl records every event). So it is stopped once the event
    // of a renewal is there, a third of its lease before its next write; and the stop is
    // checked all the same (a loaded machine may run the test late, or stop the holder
    // between its commit and its unlock): when it caught the holder inside a write, the
    // holder goes on and is stopped again after its next renewal.
    const auto pid = pid_t(holder.processId());
    for (int attempt = 0; attempt < 10; ++attempt) {
        const qint64 lastEvent = lastEventId(name);
        if (!QTest::qWaitFor([&] { return lastEventId(name) > lastEvent; }, 10000))
            return false;
        if (::kill(pid, SIGSTOP) != 0 || !QTest::qWaitFor([&] { return isStopped(pid); }, 10000))
            return false;
        if (writeLockIsFree())
            return true;
        qInfo("the holder was stopped inside a write; continued, to be stopped again");
        ::kill(pid, SIGCONT);
    }
    return false;
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

    // Paused, like a process in a long GC pause or swapped out: for three leases. Stopped
    // after a renewal and outside any write (stopBetweenWrites).
    QVERIFY(stopBetweenWrites(holder, name));
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
