// lockctl never waits for ever on a server: every statement has a deadline (a renewal's is the
// lease's end), so against a server that stops answering (a relay that freezes) lockctl exits
// within the bound docs/user-guide.md states, in the middle of an acquire, a renewal or a
// release. And a force release reaches a holder at once where the database notifies
// (PostgreSQL), else at its next renewal.

#include "cuttableproxy.h"
#include "lockctljson.h"
#include "lockctlrun.h"
#include "testbackend.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QThread>
#include <QUrl>

using namespace Qt::StringLiterals;
using testsupport::CuttableProxy;
using testsupport::jsonInteger;
using testsupport::LockctlOptions;
using testsupport::LockctlProcess;
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

// lockctl's bound after the lease's end, or for any one statement: a connect (5 s) and a
// statement (10 s), with room for a loaded machine.
constexpr qint64 marginMs = 5000 + 10000 + 5000;

} // namespace

class LockctlDeadlinesTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void renewalHangingEndsAtTheLeaseEnd();
    void releaseHangingIsAbandoned();
    void acquireHangingIsAbandoned();
    void forceReleaseReachesTheHolderAtOnce();
    void runOnAHungServerEndsWithinTheBound();
    void forceReleaseStopsARunAtOnce();

private:
    // lockctl on the test's table, through `url` (the backend's when empty).
    LockctlOptions options(const QString &url = {}) const;
    Run lockctl(const QStringList &args) const;
    LockctlProcess start(const QStringList &args, const QString &url = {}) const;
    // The backend's URL with the relay's address.
    static QString relayed(const CuttableProxy &proxy);
    QJsonObject shown(const QString &name) const;
    // Polls "lockctl show" until `holder` holds `name`.
    bool waitUntilHeldBy(const QString &name, const QString &holder) const;

    std::unique_ptr<lockcore::Session> m_session;
    QString m_table;
};

LockctlOptions LockctlDeadlinesTest::options(const QString &url) const
{
    LockctlOptions options;
    if (!url.isEmpty())
        options.url = url;
    return options;
}

Run LockctlDeadlinesTest::lockctl(const QStringList &args) const
{
    return testsupport::runLockctl(QStringList{u"--table"_s, m_table} + args, options());
}

LockctlProcess LockctlDeadlinesTest::start(const QStringList &args, const QString &url) const
{
    return LockctlProcess(QStringList{u"--table"_s, m_table} + args, options(url));
}

QString LockctlDeadlinesTest::relayed(const CuttableProxy &proxy)
{
    QUrl url(TestBackend::instance().url(), QUrl::StrictMode);
    url.setHost(u"127.0.0.1"_s);
    url.setPort(proxy.port());
    return url.toString(QUrl::FullyEncoded);
}

QJsonObject LockctlDeadlinesTest::shown(const QString &name) const
{
    return lockctl({u"show"_s, name, u"--json"_s}).json.value(u"lock"_s).toObject();
}

bool LockctlDeadlinesTest::waitUntilHeldBy(const QString &name, const QString &holder) const
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 15000) {
        const QJsonObject lock = shown(name);
        if (lock.value(u"state"_s) == u"held"_s && lock.value(u"holder"_s) == holder)
            return true;
        QThread::msleep(50);
    }
    return false;
}

void LockctlDeadlinesTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"ldl"_s);
    const Run created = lockctl({u"schema"_s, u"--create"_s});
    QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));
}

void LockctlDeadlinesTest::cleanupTestCase()
{
    if (!m_session || m_table.isEmpty())
        return;
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table + u"_event"_s);
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table);
}

// acquire --hold --renew with a 2 s lease; the server stops answering: the renewal that hangs
// is abandoned at the lease's end, lockctl says the lease lapsed and exits 1 within the lease
// and the stated margin. (It used to wait in poll() for ever.)
void LockctlDeadlinesTest::renewalHangingEndsAtTheLeaseEnd()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    const QString name = u"renewal.hangs"_s;
    LockctlProcess holder = start({u"acquire"_s, name, u"--ttl"_s, u"2s"_s, u"--hold"_s, u"5m"_s,
                                   u"--renew"_s, u"--holder"_s, u"hung-renewer"_s, u"--json"_s},
                                  relayed(proxy));
    QVERIFY(waitUntilHeldBy(name, u"hung-renewer"_s));
    proxy.freeze(true);
    QElapsedTimer frozen;
    frozen.start();
    Run run = holder.finish(2000 + marginMs + 10000);
    qInfo("lockctl exited %lld ms after the freeze (lease 2000 ms)", frozen.elapsed());
    QVERIFY2(run.finished && run.exitCode == 1, qPrintable(run.describe()));
    QVERIFY2(frozen.elapsed() < 2000 + marginMs, qPrintable(QString::number(frozen.elapsed())));
    QVERIFY2(run.isJson, qPrintable(run.describe()));
    QCOMPARE(run.json.value(u"lost"_s).toBool(), true);
    QCOMPARE(run.json.value(u"lapsed"_s).toBool(), true);
    proxy.freeze(false);
    // Never renewed past the freeze: the database's lease ends by itself.
    QTRY_COMPARE_WITH_TIMEOUT(shown(name).value(u"state"_s).toString(), u"expired"_s, 5000);
}

// The server stops answering just before lockctl releases: the release is abandoned after its
// deadline and lockctl exits 3, saying the outcome is unknown.
void LockctlDeadlinesTest::releaseHangingIsAbandoned()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    const QString name = u"release.hangs"_s;
    LockctlProcess holder = start({u"acquire"_s, name, u"--ttl"_s, u"60s"_s, u"--hold"_s, u"4s"_s,
                                   u"--holder"_s, u"hung-releaser"_s, u"--json"_s},
                                  relayed(proxy));
    QVERIFY(waitUntilHeldBy(name, u"hung-releaser"_s));
    proxy.freeze(true); // before the hold's 4 s are over
    QElapsedTimer frozen;
    frozen.start();
    Run run = holder.finish(4000 + marginMs + 10000);
    qInfo("lockctl exited %lld ms after the freeze (hold 4000 ms)", frozen.elapsed());
    QVERIFY2(run.finished && run.exitCode == 3, qPrintable(run.describe()));
    QVERIFY2(frozen.elapsed() < 4000 + marginMs, qPrintable(QString::number(frozen.elapsed())));
    QVERIFY2(run.errText().contains(u"outcome is unknown"_s), qPrintable(run.describe()));
    proxy.freeze(false);
}

// lockctl acquire --wait 3s polls a lock someone else holds; the server stops answering: the
// attempt that hangs is abandoned, the reconnect is bounded, and lockctl exits 3 within the
// wait and the stated margin.
void LockctlDeadlinesTest::acquireHangingIsAbandoned()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    const QString name = u"acquire.hangs"_s;
    const Run taken = lockctl({u"acquire"_s, name, u"--ttl"_s, u"60s"_s, u"--holder"_s,
                               u"someone-else"_s, u"--json"_s});
    QVERIFY2(taken.exitCode == 0, qPrintable(taken.describe()));
    CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    LockctlProcess waiter = start({u"acquire"_s, name, u"--wait"_s, u"3s"_s, u"--json"_s},
                                  relayed(proxy));
    QTest::qWait(500); // connected, waiting: most of its wait is still ahead
    proxy.freeze(true);
    QElapsedTimer frozen;
    frozen.start();
    Run run = waiter.finish(3000 + marginMs + 10000);
    qInfo("lockctl exited %lld ms after the freeze (wait 3000 ms)", frozen.elapsed());
    QVERIFY2(run.finished, qPrintable(run.describe()));
    QVERIFY2(run.exitCode == 3 || run.exitCode == 1, qPrintable(run.describe()));
    QVERIFY2(frozen.elapsed() < 3000 + marginMs, qPrintable(QString::number(frozen.elapsed())));
    proxy.freeze(false);
    QCOMPARE(shown(name).value(u"holder"_s).toString(), u"someone-else"_s);
}

// A holder with a 2-minute lease (acquire --hold --renew) is force-released: on PostgreSQL the
// release's notification wakes it and it reports the lease lost within 2 s; elsewhere it finds
// out at its next renewal, within a third of the lease (checked with a 3 s lease).
void LockctlDeadlinesTest::forceReleaseReachesTheHolderAtOnce()
{
    const bool notifies = TestBackend::instance().isPostgres();
    const QString lease = notifies ? u"120s"_s : u"3s"_s;
    const qint64 boundMs = notifies ? 2000 : 1000 + 1500;
    const QString name = u"forced.now"_s;
    LockctlProcess holder = start({u"acquire"_s, name, u"--ttl"_s, lease, u"--hold"_s, u"5m"_s,
                                   u"--renew"_s, u"--holder"_s, u"to-be-forced"_s, u"--json"_s});
    QVERIFY(waitUntilHeldBy(name, u"to-be-forced"_s));
    QTest::qWait(300); // listening (PostgreSQL) once it holds
    const qint64 fence = jsonInteger(shown(name).value(u"fence"_s));
    QElapsedTimer forced;
    forced.start();
    const Run force = lockctl({u"force-release"_s, name, u"--fence"_s, QString::number(fence),
                               u"--reason"_s, u"test: at once"_s});
    QVERIFY2(force.exitCode == 0, qPrintable(force.describe()));
    Run run = holder.finish(30000);
    qInfo("the holder ended %lld ms after the force release (lease %s)", forced.elapsed(),
          qPrintable(lease));
    QVERIFY2(run.finished && run.exitCode == 1, qPrintable(run.describe()));
    QCOMPARE(run.json.value(u"lost"_s).toBool(), true);
    QVERIFY2(forced.elapsed() < boundMs, qPrintable(QString::number(forced.elapsed())));
}

// lockctl run with a 2 s lease and --kill-after 1s; the server stops answering: the command is
// stopped at the lease's end, the renewal that hangs is abandoned there, and lockctl exits 75
// within lease + kill-after + the stated margin, with its result. (It used to stay blocked in
// the renewal for as long as the server did not answer, with no exit code and no result.)
void LockctlDeadlinesTest::runOnAHungServerEndsWithinTheBound()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    const QString name = u"run.hangs"_s;
    LockctlProcess run = start({u"--json"_s, u"run"_s, name, u"--ttl"_s, u"2s"_s,
                                u"--kill-after"_s, u"1s"_s, u"--holder"_s, u"hung-run"_s, u"--"_s,
                                u"sh"_s, u"-c"_s, u"sleep 100"_s},
                               relayed(proxy));
    QVERIFY(waitUntilHeldBy(name, u"hung-run"_s));
    proxy.freeze(true);
    QElapsedTimer frozen;
    frozen.start();
    Run done = run.finish(2000 + 1000 + marginMs + 10000);
    qInfo("lockctl run exited %lld ms after the freeze (lease 2000 ms, kill-after 1000 ms)",
          frozen.elapsed());
    proxy.freeze(false);
    QVERIFY2(done.finished && done.exitCode == 75, qPrintable(done.describe()));
    QVERIFY2(frozen.elapsed() < 2000 + 1000 + marginMs,
             qPrintable(QString::number(frozen.elapsed())));
    QVERIFY2(done.errText().contains(u"\"outcome\":\"expired\""_s), qPrintable(done.describe()));
}

// lockctl run with a 2-minute lease is force-released: on PostgreSQL the release's notification
// reaches it and the command is stopped (lockctl exits 75) within 2 s, not at the next third of
// the lease (40 s). Elsewhere the next renewal finds it: forceReleaseStopsTheCommandQuickly in
// tst_lockctl_run checks that bound with a short lease.
void LockctlDeadlinesTest::forceReleaseStopsARunAtOnce()
{
    if (!TestBackend::instance().isPostgres())
        QSKIP("only PostgreSQL notifies a force release; elsewhere a third of the lease");
    const QString name = u"run.forced"_s;
    LockctlProcess run = start({u"run"_s, name, u"--ttl"_s, u"2m"_s, u"--holder"_s,
                                u"forced-run"_s, u"--"_s, u"sh"_s, u"-c"_s, u"sleep 100"_s});
    QVERIFY(waitUntilHeldBy(name, u"forced-run"_s));
    QTest::qWait(300); // listening once it holds
    const qint64 fence = jsonInteger(shown(name).value(u"fence"_s));
    QElapsedTimer forced;
    forced.start();
    const Run force = lockctl({u"force-release"_s, name, u"--fence"_s, QString::number(fence),
                               u"--reason"_s, u"test: stop the run"_s});
    QVERIFY2(force.exitCode == 0, qPrintable(force.describe()));
    Run done = run.finish(60000);
    qInfo("lockctl run ended %lld ms after the force release (lease 2 min)", forced.elapsed());
    QVERIFY2(done.finished && done.exitCode == 75, qPrintable(done.describe()));
    QVERIFY2(forced.elapsed() < 2000, qPrintable(QString::number(forced.elapsed())));
}

LOCKSCOPE_BACKEND_TEST_MAIN(LockctlDeadlinesTest)
#include "tst_lockctl_deadlines.moc"
