// Faults (issue 7, scenario 4): a client's connection cut by the server (pg_terminate_backend,
// KILL CONNECTION) while its acquire or its release is under way. The statement is held up by a
// row lock another session takes, so the cut lands while it runs. The client reports an unknown
// outcome (ConnectionLost), reconnects by itself, and never frees a lock another holder has
// taken since: release is checked against holder and fence. PostgreSQL and MariaDB (SQLite has
// no connection to cut).

#include "lockservice.h"
#include "sessioncut.h"
#include "sessionthread.h"
#include "testbackend.h"

#include <QSqlQuery>
#include <QThread>
#include <atomic>
#include <functional>
#include <optional>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

// The client whose connection is cut (its session on a thread of its own).
using Victim = testsupport::SessionThread;

class ConnectionCutTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void cutDuringAcquireIsReportedAndRetriedSafely();
    void cutDuringReleaseNeverFreesTheNextHoldersLock();

private:
    // The server-side id of `session`'s connection (pg_backend_pid(), CONNECTION_ID()).
    qint64 backendId(Session &session);
    // Ends that connection from the admin session.
    bool cut(qint64 id);
    // Another session takes the row lock of `name` in an open transaction (the statements of
    // the victim wait behind it) until release is called.
    bool blockRow(const QString &name);
    void unblockRow();
    // Waits until the server shows the victim waiting for a lock (it is inside its statement).
    bool waitUntilWaiting(qint64 id);

    std::unique_ptr<Session> m_admin;   // cuts connections, reads the table
    std::unique_ptr<Session> m_blocker; // holds a row lock in an open transaction
    std::optional<LockService> m_adminLocks;
    QString m_table;
};

qint64 ConnectionCutTest::backendId(Session &session)
{
    return testsupport::backendId(session);
}

bool ConnectionCutTest::cut(qint64 id)
{
    return testsupport::cutSession(*m_admin, id);
}

bool ConnectionCutTest::blockRow(const QString &name)
{
    QSqlDatabase db = m_blocker->database();
    if (!db.transaction())
        return false;
    QSqlQuery lock(db);
    lock.prepare(u"SELECT name FROM "_s + m_table + u" WHERE name = ? FOR UPDATE"_s);
    lock.addBindValue(name);
    return lock.exec() && lock.next();
}

void ConnectionCutTest::unblockRow()
{
    m_blocker->database().rollback();
}

bool ConnectionCutTest::waitUntilWaiting(qint64 id)
{
    const QString sql = m_admin->dialect().kind() == Dialect::Kind::PostgreSQL
                            ? u"SELECT count(*) FROM pg_stat_activity WHERE pid = %1"
                              u" AND wait_event_type = 'Lock'"_s.arg(id)
                            // An UPDATE waits as 'Updating'. MariaDB 10.5's one-statement
                            // acquire, INSERT .. ON DUPLICATE KEY UPDATE sent as text, shows
                            // 'Executing' (or 'Update') while it waits for the blocked row.
                            // (lockcore's changes start with their SET STATEMENT comment.)
                            : u"SELECT count(*) FROM information_schema.PROCESSLIST WHERE ID = %1"
                              u" AND ((STATE = 'Updating' AND INFO LIKE '%%UPDATE %%') OR (STATE"
                              u" IN ('Update', 'Executing') AND INFO LIKE '%%INSERT %%'))"_s
                                  .arg(id);
    for (int i = 0; i < 200; ++i) {
        QSqlQuery query(m_admin->database());
        if (query.exec(sql) && query.next() && query.value(0).toInt() > 0)
            return true;
        QThread::msleep(25);
    }
    return false;
}

void ConnectionCutTest::initTestCase()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite runs in the process: there is no connection for a server to cut.");
    QString error;
    m_admin = TestBackend::instance().open(&error);
    QVERIFY2(m_admin, qPrintable(error));
    m_blocker = TestBackend::instance().open(&error);
    QVERIFY2(m_blocker, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"cut"_s);
    auto locks = LockService::create(*m_admin, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    LOCKSCOPE_VERIFY_OK(locks->createSchema());
    m_adminLocks.emplace(std::move(locks).value());
}

void ConnectionCutTest::cleanupTestCase()
{
    if (!m_admin || !m_adminLocks)
        return;
    testsupport::execRaw(*m_admin, u"DROP TABLE "_s + m_adminLocks->tables().events);
    testsupport::execRaw(*m_admin, u"DROP TABLE "_s + m_adminLocks->tables().locks);
}

void ConnectionCutTest::cutDuringAcquireIsReportedAndRetriedSafely()
{
    const QString name = u"cut.acquire"_s;
    QVERIFY(m_adminLocks->initialize(name, 60000, {})->created);
    Victim victim;
    QString error;
    qint64 id = -1;
    std::optional<LockService> locks;
    victim.run([&] {
        victim.session() = TestBackend::instance().open(&error);
        if (!victim.session())
            return;
        id = backendId(*victim.session());
        if (auto service = LockService::create(*victim.session(), m_table))
            locks.emplace(std::move(service).value());
    });
    QVERIFY2(victim.session() && locks, qPrintable(error));
    QVERIFY(id > 0);

    QVERIFY(blockRow(name));
    std::optional<Result<Grant>> first;
    victim.start([&] { first.emplace(locks->acquire(name, u"alice"_s, 60000)); });
    QVERIFY2(waitUntilWaiting(id), "the acquire never waited behind the row lock");
    QVERIFY(cut(id));
    QTRY_VERIFY_WITH_TIMEOUT(victim.done(), 10000);
    unblockRow();
    // The outcome is unknown to the client: it says so, it does not claim a refusal.
    QVERIFY(first.has_value());
    QVERIFY2(!*first, "an acquire whose connection was cut must not report an outcome");
    QCOMPARE(first->error().kind, Error::Kind::ConnectionLost);
    QVERIFY(!first->error().message.isEmpty());
    // The statement died with its connection: the lock is still free.
    QCOMPARE((*m_adminLocks->lock(name))->state, LockState::Free);

    // The client reconnects by itself and the retry (acquire is idempotent for its holder)
    // gets the lock once.
    std::optional<Result<Grant>> retried;
    qint64 newId = -1;
    victim.run([&] {
        retried.emplace(locks->acquire(name, u"alice"_s, 60000));
        newId = backendId(*victim.session());
    });
    LOCKSCOPE_VERIFY_OK(*retried);
    QVERIFY((*retried)->acquired);
    QCOMPARE((*retried)->depth, 1);
    QVERIFY(newId > 0 && newId != id); // a new connection
    bool released = false;
    victim.run([&] {
        auto outcome = locks->release(name, u"alice"_s, (*retried)->fence);
        released = outcome && outcome->released;
        locks.reset();
    });
    QVERIFY(released);
}

void ConnectionCutTest::cutDuringReleaseNeverFreesTheNextHoldersLock()
{
    const QString name = u"cut.release"_s;
    Victim victim;
    QString error;
    qint64 id = -1;
    std::optional<LockService> locks;
    std::optional<Result<Grant>> held;
    victim.run([&] {
        victim.session() = TestBackend::instance().open(&error);
        if (!victim.session())
            return;
        id = backendId(*victim.session());
        if (auto service = LockService::create(*victim.session(), m_table)) {
            locks.emplace(std::move(service).value());
            held.emplace(locks->acquire(name, u"alice"_s, 1500));
        }
    });
    QVERIFY2(victim.session() && locks && held, qPrintable(error));
    LOCKSCOPE_VERIFY_OK(*held);
    QVERIFY((*held)->acquired);
    const qint64 fence = (*held)->fence;
    QVERIFY(id > 0);

    QVERIFY(blockRow(name));
    std::optional<Result<ReleaseOutcome>> first;
    victim.start([&] { first.emplace(locks->release(name, u"alice"_s, fence)); });
    QVERIFY2(waitUntilWaiting(id), "the release never waited behind the row lock");
    QVERIFY(cut(id));
    QTRY_VERIFY_WITH_TIMEOUT(victim.done(), 10000);
    unblockRow();
    QVERIFY(first.has_value());
    QVERIFY2(!*first, "a release whose connection was cut must not report an outcome");
    QCOMPARE(first->error().kind, Error::Kind::ConnectionLost);
    // Not released: the statement died with its connection. Alice's lease runs out...
    QCOMPARE((*m_adminLocks->lock(name))->holder, u"alice"_s);
    QTRY_VERIFY_WITH_TIMEOUT((*m_adminLocks->lock(name))->state == LockState::Expired, 10000);
    // ...and bob takes the lock over with a higher fence.
    auto bob = m_adminLocks->acquire(name, u"bob"_s, 60000);
    LOCKSCOPE_VERIFY_OK(bob);
    QVERIFY(bob->acquired);
    QVERIFY(bob->fence > fence);

    // Alice retries her release after reconnecting: refused (lost), and bob still holds it.
    std::optional<Result<ReleaseOutcome>> retried;
    victim.run([&] {
        retried.emplace(locks->release(name, u"alice"_s, fence));
        locks.reset();
    });
    LOCKSCOPE_VERIFY_OK(*retried);
    QVERIFY(!(*retried)->released);
    const auto now = *m_adminLocks->lock(name);
    QCOMPARE(now->holder, u"bob"_s);
    QCOMPARE(now->fence, bob->fence);
    QCOMPARE(now->state, LockState::Held);
    QVERIFY(m_adminLocks->release(name, u"bob"_s, bob->fence)->released);
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv); // the victim's thread runs an event loop
    ConnectionCutTest suite;
    return testsupport::runBackendSuite(&suite, argc, argv);
}

#include "tst_connectioncut.moc"
