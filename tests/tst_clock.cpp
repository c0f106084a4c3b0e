// SPDX-License-Identifier: GPL-3.0-or-later
// Time: only the database clock decides. Session time zones, a transaction left open, a client
// whose clock is an hour off (a child process under libfaketime) and millisecond leases change
// nothing about who holds a lock and until when.

#include "testbackend.h"

#include <QProcess>
#include <QStandardPaths>
#include <QThread>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

namespace {

// Child mode: `tst_clock --clock-child TABLE NAME HOLDER TTL_MS` acquires once, with the URL
// from LOCKSCOPE_CLOCK_CHILD_URL (never on the command line), and prints
// "FENCE ACQUIRED_MS EXPIRES_MS". Exit: 0 acquired, 1 refused, 2 error.
int runChild(const QStringList &args)
{
    if (args.size() != 4) {
        std::fprintf(stderr, "usage: --clock-child TABLE NAME HOLDER TTL_MS\n");
        return 2;
    }
    auto spec = ConnectionSpec::parse(qEnvironmentVariable("LOCKSCOPE_CLOCK_CHILD_URL"));
    if (!spec) {
        std::fprintf(stderr, "%s\n", qPrintable(spec.error().fullText()));
        return 2;
    }
    auto session = Session::open(*spec);
    if (!session) {
        std::fprintf(stderr, "%s\n", qPrintable(session.error().fullText()));
        return 2;
    }
    auto locks = LockService::create(**session, args.at(0));
    if (!locks)
        return 2;
    auto grant = locks->acquire(args.at(1), args.at(2), args.at(3).toLongLong());
    if (!grant) {
        std::fprintf(stderr, "%s\n", qPrintable(grant.error().fullText()));
        return 2;
    }
    std::printf("%lld %lld %lld\n", grant->fence,
                grant->acquired ? grant->acquiredAt.toMSecsSinceEpoch() : 0LL,
                grant->acquired ? grant->expiresAt.toMSecsSinceEpoch() : 0LL);
    return grant->acquired ? 0 : 1;
}

struct ChildResult
{
    int exitCode = -1;
    qint64 fence = 0;
    qint64 acquiredMs = 0;
    qint64 expiresMs = 0;
    QString output;
};

} // namespace

class ClockTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void sessionTimeZoneChangesNothing_data();
    void sessionTimeZoneChangesNothing();
    void acquireInsideALongOpenTransaction();
    void millisecondLeases();
    void leaseIsExactlyItsTtl();
    void clientClockIsIrrelevant_data();
    void clientClockIsIrrelevant();

private:
    ChildResult runChildProcess(const QStringList &wrapper, const QString &name,
                                const QString &holder, qint64 ttlMs,
                                const QString &timeZone = {});
    bool waitForDbTime(qint64 untilMs, int timeoutMs = 10000);
    // One change of leaseIsExactlyItsTtl (by the number of the lock `i`): its lease in ms.
    qint64 changeExactLease(int i, const QString &name, qint64 ttlMs, QString *error);

    std::unique_ptr<Session> m_session;
    std::unique_ptr<Session> m_other;
    std::optional<LockService> m_locks;
    std::optional<LockService> m_otherLocks;
    QString m_table;
};

bool ClockTest::waitForDbTime(qint64 untilMs, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        if (testsupport::dbNowUs(*m_session) / 1000 > untilMs)
            return true;
        QThread::msleep(20);
    }
    return false;
}

void ClockTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_other = TestBackend::instance().open(&error);
    QVERIFY2(m_other, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"clock"_s);
    auto service = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(service);
    m_locks.emplace(std::move(service).value());
    const Status created = m_locks->createSchema();
    LOCKSCOPE_VERIFY_OK(created);
    auto other = LockService::create(*m_other, m_table);
    QVERIFY(other);
    m_otherLocks.emplace(std::move(other).value());
}

void ClockTest::cleanupTestCase()
{
    if (m_session && m_locks) {
        testsupport::setSessionTimeZone(*m_session, u"UTC"_s, nullptr);
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
    }
}

void ClockTest::sessionTimeZoneChangesNothing_data()
{
    QTest::addColumn<QString>("zone");
    QTest::addColumn<QString>("otherZone");
    QTest::newRow("+14:00 then -12:00") << u"Pacific/Kiritimati"_s << u"Etc/GMT+12"_s;
    QTest::newRow("-12:00 then +14:00") << u"Etc/GMT+12"_s << u"Pacific/Kiritimati"_s;
}

void ClockTest::sessionTimeZoneChangesNothing()
{
    QFETCH(QString, zone);
    QFETCH(QString, otherZone);
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no session time zone");
    const QString name = u"tz."_s + QString::fromLatin1(QTest::currentDataTag());
    QString error;
    QVERIFY2(testsupport::setSessionTimeZone(*m_session, zone, &error), qPrintable(error));
    QVERIFY2(testsupport::setSessionTimeZone(*m_other, otherZone, &error), qPrintable(error));
    auto restore = qScopeGuard([this] {
        testsupport::setSessionTimeZone(*m_session, u"UTC"_s, nullptr);
        testsupport::setSessionTimeZone(*m_other, u"UTC"_s, nullptr);
    });

    const qint64 beforeMs = testsupport::dbNowUs(*m_session) / 1000;
    auto grant = m_locks->acquire(name, u"alice"_s, 1500);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    const qint64 afterMs = testsupport::dbNowUs(*m_session) / 1000;
    // The grant is in true UTC, whatever the session's zone (14 h off would be obvious).
    QVERIFY2(grant->acquiredAt.toMSecsSinceEpoch() >= beforeMs
                 && grant->acquiredAt.toMSecsSinceEpoch() <= afterMs,
             qPrintable(grant->acquiredAt.toString(Qt::ISODateWithMs)));
    QCOMPARE(grant->acquiredAt.msecsTo(grant->expiresAt), 1500);

    // The other session, 26 hours "away", sees the same instant and the same state.
    auto seen = m_otherLocks->lock(name);
    QVERIFY(seen && seen->has_value());
    QCOMPARE((*seen)->state, LockState::Held);
    QCOMPARE((*seen)->expiresAt, grant->expiresAt);
    QCOMPARE((*seen)->acquiredAt, grant->acquiredAt);
    auto refused = m_otherLocks->acquire(name, u"bob"_s, 1500);
    QVERIFY(refused && !refused->acquired);
    const QStringList raw = testsupport::rawLockRow(*m_other, m_table, name);

    // Expiry comes exactly when the lease ends, as seen from either zone.
    QVERIFY(waitForDbTime(grant->expiresAt.toMSecsSinceEpoch()));
    seen = m_otherLocks->lock(name);
    QCOMPARE((*seen)->state, LockState::Expired);
    auto taken = m_otherLocks->acquire(name, u"bob"_s, 1500);
    QVERIFY(taken && taken->acquired);
    QVERIFY(taken->acquiredAt >= grant->expiresAt);
    QVERIFY(taken->acquiredAt.msecsTo(grant->expiresAt) > -5000);
    QVERIFY(raw != testsupport::rawLockRow(*m_other, m_table, name));
}

void ClockTest::acquireInsideALongOpenTransaction()
{
    // PostgreSQL's now() and CURRENT_TIMESTAMP are frozen at the start of the transaction; a
    // lease computed from them inside a long transaction would already be partly spent.
    const QString name = u"tx.long"_s;
    Status begun = m_session->begin();
    LOCKSCOPE_VERIFY_OK(begun);
    auto rollback = qScopeGuard([this] { m_session->rollback(); });
    QVERIFY(testsupport::dbNowUs(*m_session) > 0); // the transaction has really started
    QThread::msleep(1500);
    const qint64 beforeMs = testsupport::dbNowUs(*m_session) / 1000;
    auto grant = m_locks->acquire(name, u"alice"_s, 10000);
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    QVERIFY2(grant->acquiredAt.toMSecsSinceEpoch() >= beforeMs,
             qPrintable(u"acquired_at is %1 ms before the current database time"_s.arg(
                 beforeMs - grant->acquiredAt.toMSecsSinceEpoch())));
    const Status committed = m_session->commit();
    LOCKSCOPE_VERIFY_OK(committed);
    rollback.dismiss();

    auto seen = m_otherLocks->lock(name);
    QVERIFY(seen && seen->has_value());
    QCOMPARE((*seen)->expiresAt, grant->expiresAt);
    QVERIFY((*seen)->remainingMs() > 8000);
}

void ClockTest::millisecondLeases()
{
    // Ten leases of 40 ms back to back: each is refused to a rival while it runs and granted
    // once it ran out, to the millisecond of the database clock.
    const QString name = u"ms.leases"_s;
    qint64 lastFence = 0;
    for (int i = 0; i < 10; ++i) {
        const QString holder = i % 2 ? u"odd"_s : u"even"_s;
        const QString rival = i % 2 ? u"even"_s : u"odd"_s;
        auto grant = m_locks->acquire(name, holder, 40);
        LOCKSCOPE_VERIFY_OK(grant);
        QVERIFY(grant->acquired);
        QVERIFY(grant->fence > lastFence);
        lastFence = grant->fence;
        QCOMPARE(grant->acquiredAt.msecsTo(grant->expiresAt), 40);
        auto rivalNow = m_otherLocks->acquire(name, rival, 40);
        QVERIFY(rivalNow);
        const qint64 nowMs = testsupport::dbNowUs(*m_session) / 1000;
        if (nowMs < grant->expiresAt.toMSecsSinceEpoch())
            QVERIFY2(!rivalNow->acquired, "a rival got the lock while the lease ran");
        else if (rivalNow->acquired)
            QVERIFY(rivalNow->acquiredAt >= grant->expiresAt);
        if (rivalNow->acquired)
            lastFence = rivalNow->fence;
        QVERIFY(waitForDbTime(qMax(grant->expiresAt, rivalNow->expiresAt).toMSecsSinceEpoch()));
    }
}

qint64 ClockTest::changeExactLease(int i, const QString &name, qint64 ttlMs, QString *error)
{
    const QString holder = u"exact"_s;
    auto grant = m_locks->acquire(name, holder, ttlMs); // a new row
    if (!grant || !grant->acquired) {
        *error = name + u": not granted"_s;
        return 0;
    }
    if (grant->acquiredAt.msecsTo(grant->expiresAt) != ttlMs) {
        *error = name + u": granted %1 ms for a lease of %2 ms"_s
                            .arg(grant->acquiredAt.msecsTo(grant->expiresAt))
                            .arg(ttlMs);
        return 0;
    }
    const qint64 next = ttlMs + 2;
    switch (i % 4) {
    case 1: { // renewed
        auto renewed = m_locks->renew(name, holder, grant->fence, next);
        if (!renewed || !renewed->renewed)
            *error = name + u": not renewed"_s;
        return next;
    }
    case 2: { // released, then granted again from its free row
        auto released = m_locks->release(name, holder, grant->fence);
        if (!released || !released->released) {
            *error = name + u": not released"_s;
            return next;
        }
        auto again = m_locks->acquire(name, holder, next);
        if (!again || !again->acquired)
            *error = name + u": not granted again"_s;
        else if (again->acquiredAt.msecsTo(again->expiresAt) != next)
            *error = name + u": granted again for %1 ms, lease %2 ms"_s
                                .arg(again->acquiredAt.msecsTo(again->expiresAt))
                                .arg(next);
        return next;
    }
    case 3: { // re-entered
        auto reentered = m_locks->acquire(name, holder, next);
        if (!reentered || !reentered->acquired || reentered->depth != 2)
            *error = name + u": not re-entered"_s;
        return next;
    }
    default:
        return ttlMs;
    }
}

void ClockTest::leaseIsExactlyItsTtl()
{
    // A lease is exactly its ttl, in the grant and in the row: a change stores acquired_at,
    // renewed_at and expires_at from one clock reading. Two readings in one statement (MySQL's
    // SYSDATE(3) and PostgreSQL's clock_timestamp() move while it runs) fall on either side
    // of a millisecond now and then (a 700 ms lease recorded as 701 ms; on MariaDB about one
    // new row in 1,500 did), so: thousands of changes with odd leases, each checked: new rows,
    // renewals, grants of a free row, re-entries.
    const int locks = TestBackend::instance().isSqlite() ? 300 : 4000;
    QHash<QString, qint64> leases;
    for (int i = 0; i < locks; ++i) {
        const QString name = u"exact.%1"_s.arg(i);
        QString error;
        leases.insert(name, changeExactLease(i, name, 701 + 2 * (i % 1000), &error));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    // The rows as stored: the lease runs a full ttl from the last change (renewed_at); a
    // new row, a fresh grant, was acquired then.
    auto rows = m_locks->list();
    LOCKSCOPE_VERIFY_OK(rows);
    int seen = 0;
    for (const LockInfo &row : std::as_const(*rows)) {
        if (!leases.contains(row.name))
            continue;
        ++seen;
        const qint64 ttl = leases.value(row.name);
        QVERIFY2(row.renewedAt.msecsTo(row.expiresAt) == ttl,
                 qPrintable(u"%1: stored %2 ms from renewed_at to expires_at, lease %3 ms"_s
                                .arg(row.name)
                                .arg(row.renewedAt.msecsTo(row.expiresAt))
                                .arg(ttl)));
        const int kind = row.name.section(u'.', 1).toInt() % 4;
        if (kind == 0 || kind == 2)
            QVERIFY2(row.acquiredAt == row.renewedAt,
                     qPrintable(row.name + u": acquired_at "_s
                                + row.acquiredAt.toString(Qt::ISODateWithMs) + u", renewed_at "_s
                                + row.renewedAt.toString(Qt::ISODateWithMs)));
    }
    QCOMPARE(seen, locks);
}

ChildResult ClockTest::runChildProcess(const QStringList &wrapper, const QString &name,
                                       const QString &holder, qint64 ttlMs,
                                       const QString &timeZone)
{
    ChildResult result;
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"LOCKSCOPE_CLOCK_CHILD_URL"_s, TestBackend::instance().url());
    if (!timeZone.isEmpty())
        env.insert(u"TZ"_s, timeZone);
    process.setProcessEnvironment(env);
    QStringList args = wrapper;
    args << QCoreApplication::applicationFilePath() << u"--clock-child"_s << m_table << name
         << holder << QString::number(ttlMs);
    process.start(args.takeFirst(), args);
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished();
        result.output = u"the child did not finish"_s;
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.output = QString::fromLocal8Bit(process.readAllStandardOutput()).trimmed();
    const QStringList fields = result.output.split(u' ');
    if (fields.size() == 3) {
        result.fence = fields.at(0).toLongLong();
        result.acquiredMs = fields.at(1).toLongLong();
        result.expiresMs = fields.at(2).toLongLong();
    }
    result.output += QString::fromLocal8Bit(process.readAllStandardError());
    return result;
}

void ClockTest::clientClockIsIrrelevant_data()
{
    QTest::addColumn<QString>("skew");
    QTest::addColumn<QString>("timeZone");
    QTest::newRow("client clock +1 h") << u"+1h"_s << QString();
    QTest::newRow("client clock -1 h") << u"-1h"_s << QString();
    QTest::newRow("client in a DST zone, clock +30 d") << u"+30d"_s << u"America/New_York"_s;
}

void ClockTest::clientClockIsIrrelevant()
{
    QFETCH(QString, skew);
    QFETCH(QString, timeZone);
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite is embedded: its clock is the clock of each process that opens the file "
              "(one machine's clock; see docs/protocol.md)");
    const QString faketime = QStandardPaths::findExecutable(u"faketime"_s);
    if (faketime.isEmpty()) {
        if (!qEnvironmentVariableIsEmpty("LOCKSCOPE_TEST_REQUIRE"))
            QFAIL("faketime is not installed (Debian package faketime; scripts/test installs it)");
        QSKIP("faketime is not installed (Debian package faketime)");
    }
    const QStringList wrapper = {faketime, u"-f"_s, skew};
    const QString tag = QString::fromLatin1(QTest::currentDataTag());

    // 1. A lease held by a client with a correct clock is not "expired" to a skewed client.
    const QString held = u"skew.held."_s + tag;
    auto grant = m_locks->acquire(held, u"alice"_s, 60000);
    QVERIFY(grant && grant->acquired);
    ChildResult child = runChildProcess(wrapper, held, u"skewed"_s, 60000, timeZone);
    QVERIFY2(child.exitCode == 1, qPrintable(child.output));
    QCOMPARE((*m_locks->lock(held))->holder, u"alice"_s);

    // 2. A skewed client's own lease is measured by the database: it starts now (database
    //    time), lasts exactly its TTL and ends on time for everyone else.
    const QString own = u"skew.own."_s + tag;
    const qint64 beforeMs = testsupport::dbNowUs(*m_session) / 1000;
    child = runChildProcess(wrapper, own, u"skewed"_s, 700, timeZone);
    QVERIFY2(child.exitCode == 0, qPrintable(child.output));
    const qint64 afterMs = testsupport::dbNowUs(*m_session) / 1000;
    QVERIFY2(child.acquiredMs >= beforeMs && child.acquiredMs <= afterMs,
             qPrintable(u"child acquired at %1, database time was %2..%3"_s.arg(child.acquiredMs)
                            .arg(beforeMs)
                            .arg(afterMs)));
    QCOMPARE(child.expiresMs - child.acquiredMs, 700);
    auto early = m_locks->acquire(own, u"alice"_s, 1000);
    QVERIFY(early);
    if (testsupport::dbNowUs(*m_session) / 1000 < child.expiresMs)
        QVERIFY(!early->acquired || early->acquiredAt.toMSecsSinceEpoch() >= child.expiresMs);
    QVERIFY(waitForDbTime(child.expiresMs));
    auto later = m_locks->acquire(own, u"alice"_s, 1000);
    QVERIFY(later && (later->acquired || early->acquired));
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() > 1 && args.at(1) == u"--clock-child")
        return runChild(args.mid(2));
    ClockTest suite;
    return testsupport::runBackendSuite(&suite, argc, argv);
}

#include "tst_clock.moc"
