// SPDX-License-Identifier: GPL-3.0-or-later
// The example application (examples/lockedjob), built against the installed Lockscope package
// by the package_example_build test, run as a real process on one backend: it holds the lock
// while its job runs (as the database reports it through "lockctl show --json"), with the fence
// it printed, renews the lease, releases it, and exits 1 when the lock is someone else's.

#include "lockctljson.h"
#include "lockctlrun.h"
#include "testbackend.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonObject>
#include <QRegularExpression>

#include <csignal>

using namespace Qt::StringLiterals;
using testsupport::jsonInteger;
using testsupport::LockctlOptions;
using testsupport::LockctlProcess;
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

// What the example printed when it got the lock.
struct Acquired
{
    qint64 fence = -1;
    QString holder;
};

LockctlOptions exampleOptions()
{
    LockctlOptions options;
    options.program = QStringLiteral(LOCKSCOPE_EXAMPLE_PATH);
    return options;
}

// Reads the running example's stdout until its "acquired NAME fence N holder H" line (kept in
// *out with everything else it printed).
Acquired waitForAcquired(LockctlProcess &example, const QString &name, QByteArray *out)
{
    const QRegularExpression line(u"^acquired "_s + QRegularExpression::escape(name)
                                  + u" fence (\\d+) holder (\\S+)$"_s,
                                  QRegularExpression::MultilineOption);
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 30000) {
        *out += example.process().readAllStandardOutput();
        const QRegularExpressionMatch match = line.match(QString::fromUtf8(*out));
        if (match.hasMatch())
            return {match.captured(1).toLongLong(), match.captured(2)};
        if (example.process().state() == QProcess::NotRunning)
            break;
        example.process().waitForReadyRead(200);
    }
    return {};
}

} // namespace

class ExampleTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void holdsTheLockWhileTheJobRuns();
    void refusedWhileAnotherHolds();
    void lostLeaseStopsTheJob();
    void pausedPastItsLeaseStaysLost();
    void noDatabaseIsAUsageError();

private:
    Run lockctl(const QStringList &args) const;
    QJsonObject shownLock(const QString &name) const; // "lockctl show NAME --json"'s lock
    QStringList exampleArgs(const QStringList &args) const;

    std::unique_ptr<lockcore::Session> m_session;
    QString m_table;
};

Run ExampleTest::lockctl(const QStringList &args) const
{
    return testsupport::runLockctl(QStringList{u"--table"_s, m_table} + args);
}

QJsonObject ExampleTest::shownLock(const QString &name) const
{
    const Run shown = lockctl({u"show"_s, name, u"--json"_s});
    if (shown.exitCode != 0)
        qWarning("lockctl show failed: %s", qPrintable(shown.describe()));
    return shown.json.value(u"lock"_s).toObject();
}

QStringList ExampleTest::exampleArgs(const QStringList &args) const
{
    return QStringList{u"--table"_s, m_table} + args;
}

void ExampleTest::initTestCase()
{
    const QString program = QStringLiteral(LOCKSCOPE_EXAMPLE_PATH);
    QVERIFY2(QFileInfo(program).isExecutable(),
             qPrintable(program + u" was not built (the package_example_build test builds it)"_s));
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"exjob"_s);
    const Run created = lockctl({u"schema"_s, u"--create"_s});
    QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));
}

void ExampleTest::cleanupTestCase()
{
    if (!m_session || m_table.isEmpty())
        return;
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table + u"_event"_s);
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table);
}

// While its 3 s job runs the database says the example holds the lock, with the holder and
// fence it printed; its lease of 2 s is renewed (still held, later expiry, same fence, after
// the first lease ended); then it releases the lock (free, the fence unchanged) and exits 0.
// The next holder gets a higher fence.
void ExampleTest::holdsTheLockWhileTheJobRuns()
{
    const QString name = u"job.held"_s;
    LockctlProcess example(
        exampleArgs({u"--ttl"_s, u"2s"_s, u"--seconds"_s, u"3"_s, name}), exampleOptions());
    QByteArray out;
    const Acquired acquired = waitForAcquired(example, name, &out);
    QVERIFY2(acquired.fence > 0, out.constData());

    const QJsonObject held = shownLock(name);
    QCOMPARE(held.value(u"state"_s).toString(), u"held"_s);
    QCOMPARE(held.value(u"holder"_s).toString(), acquired.holder);
    QCOMPARE(jsonInteger(held.value(u"fence"_s)), acquired.fence);

    QTest::qWait(2300); // past the first lease: held only if the example renewed it
    const QJsonObject renewed = shownLock(name);
    QCOMPARE(renewed.value(u"state"_s).toString(), u"held"_s);
    QCOMPARE(renewed.value(u"holder"_s).toString(), acquired.holder);
    QCOMPARE(jsonInteger(renewed.value(u"fence"_s)), acquired.fence);
    QVERIFY2(renewed.value(u"expires_at"_s).toString() > held.value(u"expires_at"_s).toString(),
             "the lease was not renewed");

    Run run = example.finish(30000);
    run.out.prepend(out);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.describe()));
    QVERIFY2(run.outText().contains(u"released "_s + name + u" fence "_s
                                    + QString::number(acquired.fence)),
             qPrintable(run.describe()));
    const QJsonObject freed = shownLock(name);
    QCOMPARE(freed.value(u"state"_s).toString(), u"free"_s);
    QCOMPARE(jsonInteger(freed.value(u"fence"_s)), acquired.fence);

    const Run next = lockctl({u"acquire"_s, name, u"--json"_s});
    QVERIFY2(next.exitCode == 0, qPrintable(next.describe()));
    QVERIFY(jsonInteger(next.json.value(u"fence"_s)) > acquired.fence);
}

// A lock held by another holder: the example does not run its job, says who holds the lock and
// exits 1; the lock is as it was.
void ExampleTest::refusedWhileAnotherHolds()
{
    const QString name = u"job.taken"_s;
    const Run taken = lockctl({u"acquire"_s, name, u"--ttl"_s, u"60s"_s, u"--json"_s});
    QVERIFY2(taken.exitCode == 0, qPrintable(taken.describe()));
    const QString holder = taken.json.value(u"holder"_s).toString();

    const Run run = testsupport::runLockctl(exampleArgs({u"--wait"_s, u"300ms"_s, name}),
                                            exampleOptions());
    QVERIFY2(run.finished && run.exitCode == 1, qPrintable(run.describe()));
    QVERIFY2(!run.outText().contains(u"acquired"_s), qPrintable(run.describe()));
    QVERIFY2(run.errText().contains(holder), qPrintable(run.describe()));
    const QJsonObject lock = shownLock(name);
    QCOMPARE(lock.value(u"holder"_s).toString(), holder);
    QCOMPARE(lock.value(u"fence"_s), taken.json.value(u"fence"_s));
}

// An admin force-releases the lock while the job runs: the example's next renewal finds its
// fence dead, it stops the job and exits 1 well before the job's 20 s.
void ExampleTest::lostLeaseStopsTheJob()
{
    const QString name = u"job.lost"_s;
    LockctlProcess example(
        exampleArgs({u"--ttl"_s, u"3s"_s, u"--seconds"_s, u"20"_s, name}), exampleOptions());
    QByteArray out;
    const Acquired acquired = waitForAcquired(example, name, &out);
    QVERIFY2(acquired.fence > 0, out.constData());

    const Run forced = lockctl({u"force-release"_s, name, u"--fence"_s,
                                QString::number(acquired.fence), u"--reason"_s, u"test"_s});
    QVERIFY2(forced.exitCode == 0, qPrintable(forced.describe()));
    QElapsedTimer timer;
    timer.start();
    const Run run = example.finish(15000);
    QVERIFY2(run.finished && run.exitCode == 1, qPrintable(run.describe()));
    QVERIFY2(timer.elapsed() < 10000, "the job ran on after its lease was lost");
    QVERIFY2(run.errText().contains(u"lease lost"_s), qPrintable(run.describe()));
}

// The example is stopped (SIGSTOP) until the database says its 2 s lease expired, with nobody
// else waiting, then continued: its lease lapsed on its own clock, so the guard reports it lost
// (RanOut) for good and the job stops with "lease lost", although a renewal would still have
// got through; the guard gives the lock back (it was still its own) and nobody holds it. (Its
// renewal used to revive the lease: isHeld() false for some milliseconds, then true again, and
// the run reported done.)
void ExampleTest::pausedPastItsLeaseStaysLost()
{
    const QString name = u"job.paused"_s;
    LockctlProcess example(
        exampleArgs({u"--ttl"_s, u"2s"_s, u"--seconds"_s, u"20"_s, name}), exampleOptions());
    QByteArray out;
    const Acquired acquired = waitForAcquired(example, name, &out);
    QVERIFY2(acquired.fence > 0, out.constData());
    const auto pid = pid_t(example.processId());
    QCOMPARE(::kill(pid, SIGSTOP), 0);
    QTRY_COMPARE_WITH_TIMEOUT(shownLock(name).value(u"state"_s).toString(), u"expired"_s, 10000);
    QTest::qWait(300); // well past the end on the example's clock too
    QCOMPARE(::kill(pid, SIGCONT), 0);

    QElapsedTimer timer;
    timer.start();
    Run run = example.finish(15000);
    run.out.prepend(out);
    QVERIFY2(run.finished && run.exitCode == 1, qPrintable(run.describe()));
    QVERIFY2(timer.elapsed() < 10000, "the job ran on after its lease lapsed");
    QVERIFY2(run.errText().contains(u"lease lost"_s), qPrintable(run.describe()));
    const QJsonObject after = shownLock(name);
    QCOMPARE(after.value(u"state"_s).toString(), u"free"_s);
    QCOMPARE(jsonInteger(after.value(u"fence"_s)), acquired.fence);
}

// Without --db and LOCKSCOPE_DB the example says what it needs and exits 2.
void ExampleTest::noDatabaseIsAUsageError()
{
    LockctlOptions options = exampleOptions();
    options.urlInEnvironment = false;
    const Run run = testsupport::runLockctl({u"job.none"_s}, options);
    QVERIFY2(run.finished && run.exitCode == 2, qPrintable(run.describe()));
    QVERIFY2(run.errText().contains(u"LOCKSCOPE_DB"_s), qPrintable(run.describe()));
}

LOCKSCOPE_BACKEND_TEST_MAIN(ExampleTest)
#include "tst_example.moc"
