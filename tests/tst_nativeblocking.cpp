// SPDX-License-Identifier: GPL-3.0-or-later
// Who blocks whom on real servers (NativeLockSnapshot::blocking): an idle transaction holding
// a row with a chain of waiters behind it, an ALTER TABLE queued on a table (metadata) lock,
// 200 sessions behind one, and the guarded cancel and terminate of a blocked or blocking
// session (NativeLockReader::endSession): done only while it is the session that was read,
// never on this reader's session or, unless allowed, on Lockscope's own; audited with the
// reason. Also under a role with the documented grants, and the note when one is missing.
// The applications' sessions are plain connections (not Lockscope's), each on a thread of its
// own so that its statement can wait. SQLite has no such locks.

#include "lockservice.h"
#include "nativelocks.h"
#include "nativesql.h"
#include "testbackend.h"

#include <QElapsedTimer>
#include <QMutex>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QtTest>
#include <atomic>
#include <functional>

using namespace Qt::StringLiterals;
using lockcore::BlockingSession;
using lockcore::NativeLock;
using lockcore::NativeLockReader;
using lockcore::NativeLockSnapshot;
using lockcore::SessionAction;
using lockcore::TerminateOutcome;
using testsupport::TestBackend;

namespace {

constexpr int waitMs = 5000; // the longest a condition of the servers is waited for

bool isPg()
{
    return TestBackend::instance().isPostgres();
}

// An application's connection, not Lockscope's (no session name, no lockscope-session: user
// lock): a plain QSqlDatabase on a thread of its own, so that its statement can wait for a
// lock while the test reads the server. A statement that waits is bounded by the server
// (lock_timeout, innodb_lock_wait_timeout, lock_wait_timeout: 20 s) should the test fail.
// Cancels the statement of session `pid` from a connection of the calling thread.
void cancelFromOutside(qint64 pid)
{
    const QString name = u"tst_nativeblocking.cancel"_s;
    {
        const lockcore::ConnectionSpec spec = TestBackend::instance().spec();
        QSqlDatabase db = QSqlDatabase::addDatabase(isPg() ? u"QPSQL"_s : u"QMYSQL"_s, name);
        db.setHostName(spec.host);
        db.setPort(spec.port);
        db.setDatabaseName(spec.database);
        db.setUserName(spec.user);
        db.setPassword(spec.password);
        if (db.open())
            QSqlQuery(db).exec(isPg() ? u"SELECT pg_cancel_backend(%1)"_s.arg(pid)
                                      : u"KILL QUERY %1"_s.arg(pid));
    }
    QSqlDatabase::removeDatabase(name);
}

// Who a RawSession logs in as.
struct Login
{
    QString user; // empty: the test user
    QString password;
    QString socket; // MariaDB: the server's socket, for root
    bool noDatabase = false;
};

class RawSession
{
public:
    RawSession()
    {
        m_thread.start();
        m_context.moveToThread(&m_thread);
    }
    ~RawSession()
    {
        if (!m_finished && m_pid)
            cancelFromOutside(m_pid); // a test that failed: not 20 s of waiting here
        call([this] {
            {
                QSqlDatabase db = QSqlDatabase::database(m_name, false);
                db.close();
            }
            if (!m_name.isEmpty())
                QSqlDatabase::removeDatabase(m_name);
        });
        m_thread.quit();
        m_thread.wait();
    }
    RawSession(const RawSession &) = delete;
    RawSession &operator=(const RawSession &) = delete;

    // Opens the connection (on its thread) and returns at once; opened() tells the outcome.
    void openLater(const Login &login = {})
    {
        post([this, login] { openHere(login); });
    }
    bool open(QString *error, const Login &login = {})
    {
        call([this, login] { openHere(login); });
        if (!m_pid && error)
            *error = failure();
        return m_pid != 0;
    }
    bool opened() const { return m_pid != 0; }
    qint64 pid() const { return m_pid; }

    // Runs `sql` and waits for it.
    bool exec(const QString &sql, QString *error = nullptr)
    {
        bool ok = false;
        call([&] { ok = execHere(sql); });
        if (!ok && error)
            *error = failure();
        return ok;
    }
    // Starts `sql` and returns at once; finished() tells when it has returned.
    void start(const QString &sql)
    {
        m_finished = false;
        post([this, sql] {
            execHere(sql);
            m_finished = true;
        });
    }
    bool finished() const { return m_finished; }
    // The error of the last statement ("<native code>: <text>"); empty: it succeeded.
    QString failure() const
    {
        const QMutexLocker lock(&m_mutex);
        return m_failure;
    }
    bool alive() { return exec(u"SELECT 1"_s); }

private:
    void call(const std::function<void()> &fn)
    {
        QMetaObject::invokeMethod(&m_context, fn, Qt::BlockingQueuedConnection);
    }
    void post(const std::function<void()> &fn) { QMetaObject::invokeMethod(&m_context, fn); }

    void setFailure(const QSqlError &error)
    {
        const QMutexLocker lock(&m_mutex);
        m_failure = error.isValid() ? error.nativeErrorCode() + u": "_s + error.text()
                                    : QString();
    }

    void openHere(const Login &login)
    {
        static std::atomic_int counter{0};
        m_name = u"tst_nativeblocking.raw.%1"_s.arg(counter++);
        const lockcore::ConnectionSpec spec = TestBackend::instance().spec();
        QSqlDatabase db = QSqlDatabase::addDatabase(isPg() ? u"QPSQL"_s : u"QMYSQL"_s, m_name);
        if (login.socket.isEmpty()) {
            db.setHostName(spec.host);
            db.setPort(spec.port);
        }
        if (!login.noDatabase)
            db.setDatabaseName(spec.database);
        db.setUserName(login.user.isEmpty() ? spec.user : login.user);
        db.setPassword(login.user.isEmpty() ? spec.password : login.password);
        db.setConnectOptions(isPg() ? u"connect_timeout=5"_s
                                    : (login.socket.isEmpty()
                                           ? u"MYSQL_OPT_CONNECT_TIMEOUT=5"_s
                                           : u"UNIX_SOCKET="_s + login.socket));
        if (!db.open()) {
            setFailure(db.lastError());
            return;
        }
        const QString bound = isPg() ? u"SET lock_timeout = '20s'"_s
                                     : u"SET SESSION innodb_lock_wait_timeout = 20, "
                                       "lock_wait_timeout = 20"_s;
        QSqlQuery q(db);
        if (!q.exec(bound) || !q.exec(isPg() ? u"SET application_name = 'tst-app'"_s
                                             : u"SELECT 1"_s)
            || !q.exec(isPg() ? u"SELECT pg_backend_pid()"_s : u"SELECT CONNECTION_ID()"_s)
            || !q.next()) {
            setFailure(q.lastError());
            return;
        }
        m_pid = q.value(0).toLongLong();
    }

    bool execHere(const QString &sql)
    {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        const bool ok = q.exec(sql);
        setFailure(ok ? QSqlError() : q.lastError());
        while (ok && q.next()) {
        }
        return ok;
    }

    QThread m_thread;
    QObject m_context;
    QString m_name;
    std::atomic<qint64> m_pid{0};
    std::atomic_bool m_finished{true};
    mutable QMutex m_mutex;
    QString m_failure;
};

using RawPtr = std::unique_ptr<RawSession>;

RawPtr openRaw(QString *error, const Login &login = {})
{
    auto raw = std::make_unique<RawSession>();
    if (!raw->open(error, login))
        return nullptr;
    return raw;
}

// Between two looks at the server. MariaDB's InnoDB tables of information_schema (INNODB_TRX,
// INNODB_LOCK_WAITS) are a cache the server refreshes only when nobody read it in the last
// 0.1 s: looked at more often, they never change.
int pollGapMs()
{
    return isPg() ? 20 : 150;
}

// Polls `condition` until it holds or `ms` have passed.
bool waitUntil(const std::function<bool()> &condition, int ms = waitMs)
{
    QElapsedTimer timer;
    timer.start();
    while (!condition()) {
        if (timer.elapsed() > ms)
            return false;
        QThread::msleep(pollGapMs());
    }
    return true;
}

qint64 scalar(lockcore::Session &session, const QString &sql)
{
    QSqlQuery q(session.database());
    if (!q.exec(sql) || !q.next()) {
        qWarning("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
        return -1;
    }
    return q.value(0).toLongLong();
}

// Whether the server shows session `pid` waiting for a lock (a row, a table, metadata).
bool waitsForLock(lockcore::Session &session, qint64 pid)
{
    const QString sql
        = isPg() ? u"SELECT COUNT(*) FROM pg_stat_activity WHERE pid = %1"
                   " AND wait_event_type = 'Lock'"_s.arg(pid)
                 : u"SELECT COUNT(*) FROM information_schema.PROCESSLIST p"
                   " LEFT JOIN information_schema.INNODB_TRX t ON t.trx_mysql_thread_id = p.ID"
                   " WHERE p.ID = %1 AND (t.trx_state = 'LOCK WAIT'"
                   " OR p.STATE = 'Waiting for table metadata lock')"_s.arg(pid);
    return scalar(session, sql) == 1;
}

bool sessionExists(lockcore::Session &session, qint64 pid)
{
    return scalar(session, isPg() ? u"SELECT COUNT(*) FROM pg_stat_activity WHERE pid = %1"_s.arg(pid)
                                  : u"SELECT COUNT(*) FROM information_schema.PROCESSLIST"
                                    " WHERE ID = %1"_s.arg(pid))
           == 1;
}

// Reads until `ready` holds for the snapshot (bounded): the last snapshot read.
lockcore::Result<NativeLockSnapshot> readUntil(
    NativeLockReader &reader, const std::function<bool(const NativeLockSnapshot &)> &ready)
{
    QElapsedTimer timer;
    timer.start();
    for (;;) {
        auto snapshot = reader.read();
        if (!snapshot || ready(*snapshot) || timer.elapsed() > waitMs)
            return snapshot;
        QThread::msleep(pollGapMs());
    }
}

bool waiting(const NativeLockSnapshot &snapshot, std::initializer_list<qint64> pids)
{
    for (qint64 pid : pids) {
        const BlockingSession *s = snapshot.blocking.find(pid);
        if (!s || !s->isWaiting() || s->blockedBy.isEmpty())
            return false;
    }
    return true;
}

// The tree as text, for a failure's message.
QString treeText(const NativeLockSnapshot &snapshot)
{
    QStringList lines;
    for (const lockcore::BlockingNode &node : snapshot.blocking.nodes) {
        const BlockingSession &s = snapshot.blocking.sessionOf(node);
        QStringList by;
        for (qint64 b : s.blockedBy)
            by.append(QString::number(b));
        lines.append(u"%1%2 [%3] %4 %5 by(%6) all=%7%8"_s.arg(QString(node.depth * 2, u' '))
                         .arg(s.session.pid)
                         .arg(s.session.state, s.lockType, s.session.key, by.join(u','))
                         .arg(s.allWaiters)
                         .arg(node.repeated ? u" (repeated)"_s : QString()));
    }
    return u"note: %1\n"_s.arg(snapshot.note) + lines.join(u'\n');
}

// Empty when `pid` is a root of the tree and every root before it is one to look at first:
// more sessions behind it, or as many and an older transaction (other suites' sessions on the
// same server may block too: on a quiet server `pid` is nodes.first()).
QString rootPlace(const lockcore::BlockingTree &tree, qint64 pid)
{
    const BlockingSession *mine = tree.find(pid);
    if (!mine)
        return u"%1 is not in the tree"_s.arg(pid);
    for (qsizetype root : tree.roots()) {
        const BlockingSession &before = tree.sessionOf(tree.nodes.at(root));
        if (before.session.pid == pid)
            return {};
        const bool first = before.allWaiters > mine->allWaiters
                           || (before.allWaiters == mine->allWaiters
                               && before.session.xactStart.isValid()
                               && (!mine->session.xactStart.isValid()
                                   || before.session.xactStart <= mine->session.xactStart));
        if (!first)
            return u"root %1 comes before %2"_s.arg(before.session.pid).arg(pid);
    }
    return u"%1 is not a root"_s.arg(pid);
}

#define VERIFY_FIRST_ROOT(snapshot, pid)                                                           \
    do {                                                                                           \
        const QString why = rootPlace((snapshot).blocking, pid);                                   \
        QVERIFY2(why.isEmpty(), qPrintable(why + u'\n' + treeText(snapshot)));                     \
    } while (false)

bool isCancelError(const QString &failure)
{
    // PostgreSQL 57014 query_canceled; MariaDB 1317 ER_QUERY_INTERRUPTED.
    return failure.startsWith(isPg() ? u"57014"_s : u"1317"_s);
}

} // namespace

class NativeBlockingTest : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<lockcore::Session> m_session; // the reader's own connection
    QString m_table;                              // Lockscope's schema, for the audit
    QString m_data;                               // rows the applications lock
    const QString m_actor = u"tester@test (tst_nativeblocking)"_s;

    NativeLockReader reader(const QString &reason = QString())
    {
        NativeLockReader r(*m_session);
        r.setAuditTable(m_table);
        r.setActor(m_actor);
        r.setReason(reason);
        return r;
    }

    QString lockRow(int id) const
    {
        return u"SELECT v FROM %1 WHERE id = %2 FOR UPDATE"_s.arg(m_data).arg(id);
    }
    QString updateRow(int id) const
    {
        return u"UPDATE %1 SET v = v + 1 WHERE id = %2"_s.arg(m_data).arg(id);
    }

    // A session that began a transaction and locked row `id`, then went idle.
    RawPtr idleHolder(int id, QString *error, const Login &login = {})
    {
        RawPtr holder = openRaw(error, login);
        if (!holder || !holder->exec(u"BEGIN"_s, error) || !holder->exec(lockRow(id), error))
            return nullptr;
        return holder;
    }

    // A session whose UPDATE of row `id` waits, seen waiting by the server.
    RawPtr blockedUpdate(int id, QString *error, const Login &login = {})
    {
        RawPtr waiter = openRaw(error, login);
        if (!waiter)
            return nullptr;
        waiter->start(updateRow(id));
        if (!waitUntil([&] { return waitsForLock(*m_session, waiter->pid()); })) {
            *error = u"session %1 does not wait (finished %2: %3)"_s.arg(waiter->pid())
                         .arg(waiter->finished())
                         .arg(waiter->failure());
            return nullptr;
        }
        return waiter;
    }

    QList<lockcore::LockEvent> events(qint64 pid)
    {
        auto service = lockcore::LockService::create(*m_session, m_table);
        if (!service)
            return {};
        auto history = service->history(u"native:session:%1"_s.arg(pid), 10);
        return history ? *history : QList<lockcore::LockEvent>();
    }

private slots:
    void initTestCase()
    {
        QString error;
        m_session = TestBackend::instance().open(&error);
        QVERIFY2(m_session, qPrintable(error));
        if (TestBackend::instance().isSqlite()) {
            // SQLite has no locks of its own to wait for: a clear refusal, not an empty tree.
            NativeLockReader r(*m_session);
            auto snapshot = r.read();
            QVERIFY(!snapshot.ok());
            QCOMPARE(snapshot.error().kind, lockcore::Error::Kind::InvalidInput);
            NativeLock someone;
            someone.pid = 1;
            auto ended = r.endSession(someone, SessionAction::Cancel);
            QVERIFY(!ended.ok());
            QSKIP("SQLite has no row, table or user locks a session waits for (checked: a "
                  "clear error).");
        }
        m_table = TestBackend::uniqueTable(u"tst_blocking"_s);
        auto service = lockcore::LockService::create(*m_session, m_table);
        LOCKSCOPE_VERIFY_OK(service);
        LOCKSCOPE_VERIFY_OK(service->createSchema());
        m_data = TestBackend::uniqueTable(u"tst_blkrows"_s);
        QVERIFY2(testsupport::execRaw(
                     *m_session,
                     u"CREATE TABLE %1 (id integer PRIMARY KEY, v integer NOT NULL)"_s.arg(m_data),
                     &error),
                 qPrintable(error));
        QVERIFY2(testsupport::execRaw(*m_session,
                                      u"INSERT INTO %1 (id, v) VALUES (1, 0), (2, 0), (3, 0), "
                                      "(4, 0), (5, 0), (6, 0)"_s.arg(m_data),
                                      &error),
                 qPrintable(error));
    }

    void cleanupTestCase()
    {
        if (m_session && !m_data.isEmpty())
            testsupport::execRaw(*m_session, u"DROP TABLE %1"_s.arg(m_data));
    }

    // (1) An idle transaction holds a row FOR UPDATE; one session waits for it and another
    // behind that one: the holder is the first root, with both behind it.
    void rowLockChain()
    {
        QString error;
        RawPtr holder = idleHolder(1, &error);
        QVERIFY2(holder, qPrintable(error));
        RawPtr first = blockedUpdate(1, &error);
        QVERIFY2(first, qPrintable(error));
        RawPtr second = blockedUpdate(1, &error);
        QVERIFY2(second, qPrintable(error));

        NativeLockReader r = reader();
        auto snapshot = readUntil(r, [&](const NativeLockSnapshot &s) {
            return waiting(s, {first->pid(), second->pid()});
        });
        LOCKSCOPE_VERIFY_OK(snapshot);
        const QString tree = treeText(*snapshot);
        QVERIFY2(waiting(*snapshot, {first->pid(), second->pid()}), qPrintable(tree));
        const lockcore::BlockingTree &t = snapshot->blocking;
        VERIFY_FIRST_ROOT(*snapshot, holder->pid());
        const BlockingSession &root = *t.find(holder->pid());
        QVERIFY(!root.isWaiting());
        QCOMPARE(root.allWaiters, 2);
        QVERIFY(root.directWaiters >= 1);
        QCOMPARE(root.session.state, u"idle in transaction"_s);
        QVERIFY(root.session.xactStart.isValid());
        QVERIFY(root.session.xactStartUs > 0);
        QVERIFY2(root.session.statement.contains(u"FOR UPDATE"_s) || !isPg(),
                 qPrintable(root.session.statement)); // MariaDB: no statement while idle
        QCOMPARE(root.session.user, TestBackend::instance().spec().user);
        QVERIFY(!root.session.lockscopeSession);
        if (isPg()) {
            QVERIFY(root.session.sessionStartUs > 0);
            QCOMPARE(root.session.application, u"tst-app"_s);
        } else {
            QVERIFY(!root.session.transactionId.isEmpty());
        }
        // The first waits for the holder; the second for the first (PostgreSQL: the row's
        // tuple lock the first holds) or for both (InnoDB lists every lock ahead in the queue).
        const BlockingSession *w1 = t.find(first->pid());
        const BlockingSession *w2 = t.find(second->pid());
        QCOMPARE(w1->blockedBy, QList<qint64>{holder->pid()});
        QVERIFY2(w2->blockedBy.contains(first->pid()) || w2->blockedBy.contains(holder->pid()),
                 qPrintable(tree));
        QCOMPARE(w1->lockType, isPg() ? u"transactionid"_s : u"record"_s);
        QCOMPARE(w2->lockType, isPg() ? u"tuple"_s : u"record"_s);
        for (const BlockingSession *w : {w1, w2}) {
            QVERIFY2(w->session.statement.startsWith(u"UPDATE "_s),
                     qPrintable(w->session.statement));
            QVERIFY(w->session.waitStart.isValid());
            QVERIFY(qAbs(w->session.waitStart.msecsTo(snapshot->dbNow)) < 60000);
            QVERIFY2(w->session.key.contains(m_data, Qt::CaseInsensitive), qPrintable(tree));
            QVERIFY(!w->session.mode.isEmpty());
        }
        // The holder commits: both waiters go through in turn.
        QVERIFY(holder->exec(u"COMMIT"_s));
        QVERIFY(waitUntil([&] { return first->finished() && second->finished(); }));
        QCOMPARE(first->failure(), QString());
        QCOMPARE(second->failure(), QString());
        // (MariaDB: once its InnoDB cache is refreshed, at most 0.1 s after the last look.)
        auto after = readUntil(r, [&](const NativeLockSnapshot &s) {
            return !s.blocking.find(holder->pid());
        });
        LOCKSCOPE_VERIFY_OK(after);
        QVERIFY2(!after->blocking.find(holder->pid()), qPrintable(treeText(*after)));
    }

    // (2) An ALTER TABLE queued behind an idle transaction that read the table, and a SELECT
    // queued behind the ALTER: PostgreSQL relation locks; MariaDB metadata locks, named with
    // the metadata_lock_info plugin, otherwise waiting for a blocker the read cannot name.
    void tableLockQueue()
    {
        const QString table = TestBackend::uniqueTable(u"tst_blkmdl"_s);
        QString error;
        QVERIFY2(testsupport::execRaw(*m_session,
                                      u"CREATE TABLE %1 (id integer PRIMARY KEY)"_s.arg(table),
                                      &error),
                 qPrintable(error));
        const auto dropTable = qScopeGuard(
            [&] { testsupport::execRaw(*m_session, u"DROP TABLE %1"_s.arg(table)); });
        const bool plugin = isPg()
                            || scalar(*m_session,
                                      u"SELECT COUNT(*) FROM information_schema.PLUGINS WHERE "
                                      "PLUGIN_NAME = 'METADATA_LOCK_INFO' AND PLUGIN_STATUS = "
                                      "'ACTIVE'"_s)
                                   == 1;
        if (!isPg())
            qInfo("metadata_lock_info plugin: %s", plugin ? "loaded" : "not loaded");
        RawPtr holder = openRaw(&error);
        QVERIFY2(holder, qPrintable(error));
        QVERIFY(holder->exec(u"BEGIN"_s));
        QVERIFY(holder->exec(u"SELECT COUNT(*) FROM %1"_s.arg(table)));
        RawPtr alter = openRaw(&error);
        QVERIFY2(alter, qPrintable(error));
        alter->start(u"ALTER TABLE %1 ADD COLUMN extra integer"_s.arg(table));
        QVERIFY(waitUntil([&] { return waitsForLock(*m_session, alter->pid()); }));
        RawPtr later = openRaw(&error);
        QVERIFY2(later, qPrintable(error));
        later->start(u"SELECT COUNT(*) FROM %1"_s.arg(table));
        QVERIFY(waitUntil([&] { return waitsForLock(*m_session, later->pid()); }));

        NativeLockReader r = reader();
        auto snapshot = readUntil(r, [&](const NativeLockSnapshot &s) {
            const BlockingSession *a = s.blocking.find(alter->pid());
            const BlockingSession *l = s.blocking.find(later->pid());
            return a && l && a->isWaiting() && l->isWaiting()
                   && (!plugin || (!a->blockedBy.isEmpty() && !l->blockedBy.isEmpty()));
        });
        LOCKSCOPE_VERIFY_OK(snapshot);
        const QString tree = treeText(*snapshot);
        const lockcore::BlockingTree &t = snapshot->blocking;
        const BlockingSession *a = t.find(alter->pid());
        const BlockingSession *l = t.find(later->pid());
        QVERIFY2(a && l, qPrintable(tree));
        QCOMPARE(a->lockType, isPg() ? u"relation"_s : u"metadata"_s);
        QCOMPARE(l->lockType, isPg() ? u"relation"_s : u"metadata"_s);
        QVERIFY2(a->session.statement.startsWith(u"ALTER TABLE"_s),
                 qPrintable(a->session.statement));
        if (plugin) {
            VERIFY_FIRST_ROOT(*snapshot, holder->pid());
            QCOMPARE(t.find(holder->pid())->allWaiters, 2);
            QCOMPARE(a->blockedBy, QList<qint64>{holder->pid()});
            QVERIFY2(l->blockedBy.contains(alter->pid()), qPrintable(tree));
            QVERIFY2(a->session.key.contains(table, Qt::CaseInsensitive), qPrintable(tree));
            if (isPg())
                QCOMPARE(a->session.mode, u"AccessExclusiveLock"_s);
        } else {
            // Without the plugin: both wait for a blocker not known, and the note says why.
            QVERIFY2(a->blockedBy.isEmpty() && l->blockedBy.isEmpty(), qPrintable(tree));
            QVERIFY(t.roots().size() >= 2);
            QVERIFY2(snapshot->note.contains(u"metadata_lock_info"_s), qPrintable(tree));
        }
        if (!isPg()) {
            // What a server without the plugin answers (this one has it): both metadata waits,
            // neither blocker named.
            auto rows = m_session->run(lockcore::nativesql::mysqlBlocking(false), u"test"_s);
            LOCKSCOPE_VERIFY_OK(rows);
            QSet<qint64> unnamed;
            while ((*rows)->next()) {
                using namespace lockcore::blockingcol;
                if ((*rows)->value(LockType).toString() == u"metadata"_s
                    && (*rows)->value(BlockedBy).isNull())
                    unnamed.insert((*rows)->value(Pid).toLongLong());
            }
            (*rows)->finish();
            QVERIFY(unnamed.contains(alter->pid()));
            QVERIFY(unnamed.contains(later->pid()));
        }
        // The holder ends its transaction: the ALTER, then the SELECT go through.
        QVERIFY(holder->exec(u"COMMIT"_s));
        QVERIFY(waitUntil([&] { return alter->finished() && later->finished(); }));
        QCOMPARE(alter->failure(), QString());
        QCOMPARE(later->failure(), QString());
    }

    // (3) Cancel ends the statement of a blocked session (the holder lives); terminate of the
    // root ends its transaction and the one still waiting goes through. (7) Each is audited
    // with the admin's reason.
    void cancelThenTerminate()
    {
        QString error;
        RawPtr holder = idleHolder(2, &error);
        QVERIFY2(holder, qPrintable(error));
        RawPtr first = blockedUpdate(2, &error);
        QVERIFY2(first, qPrintable(error));
        RawPtr second = blockedUpdate(2, &error);
        QVERIFY2(second, qPrintable(error));
        const QString cancelReason = u"tst: the first waiter gives up (%1)"_s.arg(
            QRandomGenerator::global()->generate());
        NativeLockReader r = reader(cancelReason);
        auto snapshot = readUntil(r, [&](const NativeLockSnapshot &s) {
            return waiting(s, {first->pid(), second->pid()});
        });
        LOCKSCOPE_VERIFY_OK(snapshot);
        QVERIFY2(waiting(*snapshot, {first->pid(), second->pid()}), qPrintable(treeText(*snapshot)));

        // Cancelling an idle session would do nothing: refused.
        const NativeLock holderSeen = snapshot->blocking.find(holder->pid())->session;
        auto idle = r.endSession(holderSeen, SessionAction::Cancel);
        LOCKSCOPE_VERIFY_OK(idle);
        QCOMPARE(idle->status, TerminateOutcome::Status::Refused);
        QVERIFY2(idle->reason.contains(u"runs no statement"_s), qPrintable(idle->reason));

        auto cancelled = r.endSession(snapshot->blocking.find(first->pid())->session,
                                      SessionAction::Cancel);
        LOCKSCOPE_VERIFY_OK(cancelled);
        QVERIFY2(cancelled->status == TerminateOutcome::Status::Terminated,
                 qPrintable(cancelled->reason));
        QCOMPARE(cancelled->outcomeName(), u"cancelled"_s);
        QCOMPARE(cancelled->adminReason, cancelReason);
        QVERIFY(cancelled->recordedInTable);
        QVERIFY(waitUntil([&] { return first->finished(); }));
        QVERIFY2(isCancelError(first->failure()), qPrintable(first->failure()));
        QVERIFY(first->alive()); // cancelled, not terminated
        QVERIFY(waitsForLock(*m_session, second->pid()));
        QVERIFY(sessionExists(*m_session, holder->pid()));

        const QList<lockcore::LockEvent> cancelEvents = events(first->pid());
        QCOMPARE(cancelEvents.size(), 1);
        QCOMPARE(cancelEvents.first().kind, u"cancel"_s);
        QCOMPARE(cancelEvents.first().actor, m_actor);
        QVERIFY2(cancelEvents.first().detail.startsWith(u"cancelled"_s),
                 qPrintable(cancelEvents.first().detail));
        QVERIFY2(cancelEvents.first().detail.contains(cancelReason),
                 qPrintable(cancelEvents.first().detail));

        // Terminate the root blocker: the second waiter goes through.
        const QString terminateReason = u"tst: the idle transaction blocks everyone"_s;
        r.setReason(terminateReason);
        auto terminated = r.endSession(holderSeen, SessionAction::Terminate);
        LOCKSCOPE_VERIFY_OK(terminated);
        QVERIFY2(terminated->status == TerminateOutcome::Status::Terminated,
                 qPrintable(terminated->reason));
        QCOMPARE(terminated->outcomeName(), u"terminated"_s);
        QVERIFY(waitUntil([&] { return second->finished(); }));
        QCOMPARE(second->failure(), QString());
        QVERIFY(!holder->alive());
        const QList<lockcore::LockEvent> endEvents = events(holder->pid());
        QCOMPARE(endEvents.size(), 2); // the refused cancel, the terminate
        QCOMPARE(endEvents.first().kind, u"terminate"_s); // newest first
        QVERIFY(endEvents.first().detail.startsWith(u"terminated"_s));
        QVERIFY(endEvents.first().detail.contains(terminateReason));
        QVERIFY(endEvents.first().holder.contains(QString::number(holder->pid())));
        QCOMPARE(endEvents.last().kind, u"cancel"_s);
        QVERIFY(endEvents.last().detail.startsWith(u"refused"_s));
    }

    // (4) A blocker that changed since the read is not ended: its transaction ended, it began
    // another one (same connection), it disconnected. Each refusal says what changed.
    void refusedWhenChanged()
    {
        QString error;
        RawPtr holder = idleHolder(3, &error);
        QVERIFY2(holder, qPrintable(error));
        RawPtr waiter = blockedUpdate(3, &error);
        QVERIFY2(waiter, qPrintable(error));
        NativeLockReader r = reader(u"tst: refused"_s);
        auto snapshot = readUntil(r, [&](const NativeLockSnapshot &s) {
            return waiting(s, {waiter->pid()});
        });
        LOCKSCOPE_VERIFY_OK(snapshot);
        const BlockingSession *seen = snapshot->blocking.find(holder->pid());
        QVERIFY2(seen, qPrintable(treeText(*snapshot)));
        const NativeLock asSeen = seen->session;

        // Committed between the read and the terminate.
        QVERIFY(holder->exec(u"COMMIT"_s));
        QVERIFY(waitUntil([&] { return waiter->finished(); }));
        auto ended = r.endSession(asSeen, SessionAction::Terminate);
        LOCKSCOPE_VERIFY_OK(ended);
        QCOMPARE(ended->status, TerminateOutcome::Status::Refused);
        // (MariaDB: its INNODB_TRX may not be refreshed yet, the statement id shows it.)
        const QString ranAnother = u"has run another statement"_s;
        QVERIFY2(ended->reason.contains(u"has ended"_s)
                     || (!isPg() && ended->reason.contains(ranAnother)),
                 qPrintable(ended->reason));
        QVERIFY(holder->alive());

        // The same connection in a new transaction that locked the same row.
        QVERIFY(holder->exec(u"BEGIN"_s));
        QVERIFY(holder->exec(lockRow(3)));
        auto another = r.endSession(asSeen, SessionAction::Terminate);
        LOCKSCOPE_VERIFY_OK(another);
        QCOMPARE(another->status, TerminateOutcome::Status::Refused);
        QVERIFY2(another->reason.contains(u"another transaction"_s)
                     || (!isPg()
                         && (another->reason.contains(ranAnother)
                             || another->reason.contains(u"has ended"_s))),
                 qPrintable(another->reason));
        QVERIFY(holder->alive());
        QVERIFY(holder->exec(u"ROLLBACK"_s));
        const QList<lockcore::LockEvent> audited = events(holder->pid());
        QCOMPARE(audited.size(), 2);
        QVERIFY(audited.first().detail.startsWith(u"refused"_s));

        // Disconnected between the read and the terminate.
        RawPtr gone = idleHolder(3, &error);
        QVERIFY2(gone, qPrintable(error));
        RawPtr waiter2 = blockedUpdate(3, &error);
        QVERIFY2(waiter2, qPrintable(error));
        auto again = readUntil(r, [&](const NativeLockSnapshot &s) {
            return waiting(s, {waiter2->pid()});
        });
        LOCKSCOPE_VERIFY_OK(again);
        QVERIFY(again->blocking.find(gone->pid()));
        const NativeLock goneSeen = again->blocking.find(gone->pid())->session;
        const qint64 gonePid = gone->pid();
        gone.reset();
        QVERIFY(waitUntil([&] { return !sessionExists(*m_session, gonePid); }));
        auto vanished = r.endSession(goneSeen, SessionAction::Terminate);
        LOCKSCOPE_VERIFY_OK(vanished);
        QCOMPARE(vanished->status, TerminateOutcome::Status::Refused);
        QVERIFY2(vanished->reason.contains(isPg() ? u"no longer exists"_s
                                                  : u"not in the processlist"_s),
                 qPrintable(vanished->reason));
        QVERIFY(waitUntil([&] { return waiter2->finished(); }));
        QCOMPARE(waiter2->failure(), QString());
    }

    // (5) The reader's own session is refused; a connection of Lockscope's own is marked and
    // refused unless allowed.
    void ownSessionsRefused()
    {
        NativeLockReader r = reader(u"tst: own"_s);
        const qint64 ownPid = scalar(*m_session, isPg() ? u"SELECT pg_backend_pid()"_s
                                                        : u"SELECT CONNECTION_ID()"_s);
        auto own = r.findSession(ownPid);
        LOCKSCOPE_VERIFY_OK(own);
        QVERIFY(own->has_value());
        QCOMPARE((*own)->pid, ownPid);
        QVERIFY((*own)->lockscopeSession);
        auto refused = r.endSession(**own, SessionAction::Terminate);
        LOCKSCOPE_VERIFY_OK(refused);
        QCOMPARE(refused->status, TerminateOutcome::Status::Refused);
        QVERIFY2(refused->reason.contains(u"this connection"_s), qPrintable(refused->reason));
        QVERIFY(scalar(*m_session, u"SELECT 1"_s) == 1);

        // Lockscope's own connection (as lockctl or the window opens it) holds a row.
        QString error;
        auto lockscope = TestBackend::instance().open(&error);
        QVERIFY2(lockscope, qPrintable(error));
        QVERIFY(testsupport::execRaw(*lockscope, u"BEGIN"_s));
        QVERIFY(testsupport::execRaw(*lockscope, lockRow(4)));
        const qint64 lockscopePid = scalar(*lockscope, isPg() ? u"SELECT pg_backend_pid()"_s
                                                              : u"SELECT CONNECTION_ID()"_s);
        RawPtr waiter = blockedUpdate(4, &error);
        QVERIFY2(waiter, qPrintable(error));
        auto snapshot = readUntil(r, [&](const NativeLockSnapshot &s) {
            return waiting(s, {waiter->pid()});
        });
        LOCKSCOPE_VERIFY_OK(snapshot);
        const BlockingSession *seen = snapshot->blocking.find(lockscopePid);
        QVERIFY2(seen, qPrintable(treeText(*snapshot)));
        QVERIFY(seen->session.lockscopeSession);
        QVERIFY(snapshot->lockscopeSessions.contains(lockscopePid));
        QVERIFY(!snapshot->blocking.find(waiter->pid())->session.lockscopeSession);
        for (const NativeLock &lock : std::as_const(snapshot->locks))
            QVERIFY2(!lock.key.startsWith(u"lockscope-session:"_s), qPrintable(lock.key));
        auto notAllowed = r.endSession(seen->session, SessionAction::Terminate);
        LOCKSCOPE_VERIFY_OK(notAllowed);
        QCOMPARE(notAllowed->status, TerminateOutcome::Status::Refused);
        QVERIFY2(notAllowed->reason.contains(u"Lockscope's own"_s),
                 qPrintable(notAllowed->reason));
        QVERIFY(scalar(*lockscope, u"SELECT 1"_s) == 1);
        // (That statement changed what the session does: looked at again before ending it;
        // MariaDB would refuse the session as seen before it.)
        r.setAllowLockscopeSessions(true);
        auto current = r.findSession(lockscopePid);
        LOCKSCOPE_VERIFY_OK(current);
        QVERIFY(current->has_value());
        QVERIFY((*current)->lockscopeSession);
        auto allowed = r.endSession(**current, SessionAction::Terminate);
        LOCKSCOPE_VERIFY_OK(allowed);
        QVERIFY2(allowed->status == TerminateOutcome::Status::Terminated,
                 qPrintable(allowed->reason));
        QVERIFY(waitUntil([&] { return waiter->finished(); }));
        QCOMPARE(waiter->failure(), QString());
    }

    // (6) 200 sessions wait behind one idle transaction (both test servers allow 300
    // connections): one read names them all, quickly.
    void manyWaiters()
    {
        const qint64 maxConnections = scalar(*m_session, isPg() ? u"SHOW max_connections"_s
                                                               : u"SELECT @@max_connections"_s);
        const qint64 used = scalar(*m_session,
                                   isPg() ? u"SELECT COUNT(*) FROM pg_stat_activity"_s
                                          : u"SELECT COUNT(*) FROM information_schema.PROCESSLIST"_s);
        const int count = int(qMin<qint64>(200, maxConnections - used - 20));
        QVERIFY2(count >= 50, qPrintable(u"only %1 connections free"_s.arg(count)));
        QString error;
        RawPtr holder = idleHolder(5, &error);
        QVERIFY2(holder, qPrintable(error));
        std::vector<RawPtr> waiters;
        for (int i = 0; i < count; ++i) {
            waiters.push_back(std::make_unique<RawSession>());
            waiters.back()->openLater();
        }
        QVERIFY(waitUntil([&] {
            return std::all_of(waiters.cbegin(), waiters.cend(),
                               [](const RawPtr &w) { return w->opened(); });
        }, 15000));
        for (const RawPtr &w : waiters)
            w->start(updateRow(5));
        const QString countWaiting
            = isPg() ? u"SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                       " AND application_name = 'tst-app'"_s
                     : u"SELECT COUNT(*) FROM information_schema.INNODB_TRX"
                       " WHERE trx_state = 'LOCK WAIT'"_s;
        QVERIFY(waitUntil([&] { return scalar(*m_session, countWaiting) >= count; }, 10000));

        NativeLockReader r = reader();
        QElapsedTimer timer;
        timer.start();
        auto snapshot = r.read();
        const qint64 ms = timer.elapsed();
        LOCKSCOPE_VERIFY_OK(snapshot);
        qInfo("%d waiters behind one holder: read in %lld ms (%lld nodes)", count, ms,
              qint64(snapshot->blocking.nodes.size()));
        const lockcore::BlockingTree &t = snapshot->blocking;
        VERIFY_FIRST_ROOT(*snapshot, holder->pid());
        QCOMPARE(t.find(holder->pid())->allWaiters, count);
        for (const RawPtr &w : waiters) {
            const BlockingSession *s = t.find(w->pid());
            QVERIFY(s && s->isWaiting() && !s->blockedBy.isEmpty());
        }
        // A queue is listed as one, under its holder (or its first waiter, which holds
        // PostgreSQL's tuple lock), each session once: not InnoDB's 20,100 pairs. (The read's
        // time is printed above, not asserted: no timed tests.)
        QVERIFY2(t.nodes.size() == count + 1, qPrintable(u"%1 nodes"_s.arg(t.nodes.size())));

        QVERIFY(holder->exec(u"ROLLBACK"_s));
        QVERIFY(waitUntil([&] {
            return std::all_of(waiters.cbegin(), waiters.cend(),
                               [](const RawPtr &w) { return w->finished(); });
        }, 15000));
        for (const RawPtr &w : waiters)
            QCOMPARE(w->failure(), QString());
    }

    // Under a role with the documented grants (PostgreSQL pg_monitor + pg_signal_backend;
    // MariaDB PROCESS + CONNECTION ADMIN) other users' sessions are seen in full and can be
    // cancelled and terminated; without them the note says which privilege is missing.
    void documentedGrants()
    {
        const QString password = u"Blk-%1"_s.arg(QRandomGenerator::global()->generate());
        const QString app = u"tst_blk_app"_s;
        const QString monitor = u"tst_blk_mon"_s;
        const QString none = u"tst_blk_none"_s;
        std::unique_ptr<RawSession> admin; // MariaDB: root, who may GRANT
        QStringList setup;
        QStringList teardown;
        if (isPg()) {
            for (const QString &role : {app, monitor, none})
                teardown << u"DROP OWNED BY %1"_s.arg(role) << u"DROP ROLE %1"_s.arg(role);
            setup << u"DROP ROLE IF EXISTS %1, %2, %3"_s.arg(app, monitor, none)
                  << u"CREATE ROLE %1 LOGIN PASSWORD '%2'"_s.arg(app, password)
                  << u"GRANT SELECT, UPDATE ON %1 TO %2"_s.arg(m_data, app)
                  << u"CREATE ROLE %1 LOGIN PASSWORD '%2' IN ROLE pg_monitor, pg_signal_backend"_s
                         .arg(monitor, password)
                  << u"CREATE ROLE %1 LOGIN PASSWORD '%2'"_s.arg(none, password);
        } else {
            // GRANT needs the server's root (the test user has no GRANT OPTION), on its socket.
            const QString dir = qEnvironmentVariable("LOCKSCOPE_TEST_MARIADB_DIR");
            if (dir.isEmpty())
                QSKIP("LOCKSCOPE_TEST_MARIADB_DIR is not set: no root account to GRANT with.");
            QString error;
            admin = openRaw(&error, {u"root"_s, QString(), dir + u"/mysql.sock"_s, true});
            QVERIFY2(admin, qPrintable(error));
            const QString database = TestBackend::instance().spec().database;
            for (const QString &user : {app, monitor, none}) {
                setup << u"DROP USER IF EXISTS '%1'@'127.0.0.1'"_s.arg(user)
                      << u"CREATE USER '%1'@'127.0.0.1' IDENTIFIED BY '%2'"_s.arg(user, password);
                teardown << u"DROP USER IF EXISTS '%1'@'127.0.0.1'"_s.arg(user);
            }
            setup << u"GRANT SELECT, UPDATE ON `%1`.`%2` TO '%3'@'127.0.0.1'"_s.arg(database,
                                                                                   m_data, app)
                  << u"GRANT PROCESS, CONNECTION ADMIN ON *.* TO '%1'@'127.0.0.1'"_s.arg(monitor)
                  << u"GRANT CONNECTION ADMIN ON *.* TO '%1'@'127.0.0.1'"_s.arg(none);
        }
        const auto run = [&](const QString &sql, QString *error) {
            return admin ? admin->exec(sql, error)
                         : testsupport::execRaw(*m_session, sql, error);
        };
        for (const QString &sql : std::as_const(setup)) {
            QString error;
            QVERIFY2(run(sql, &error), qPrintable(sql + u": "_s + error));
        }
        const auto dropRoles = qScopeGuard([&] {
            for (const QString &sql : std::as_const(teardown))
                run(sql, nullptr);
        });
        const auto openAs = [&](const QString &user) {
            lockcore::ConnectionSpec spec = TestBackend::instance().spec();
            spec.user = user;
            spec.password = password;
            if (!isPg())
                spec.database.clear(); // no grant on the test database: connect to none
            return lockcore::Session::open(spec);
        };

        QString error;
        const Login asApp{app, password, QString(), false};
        RawPtr holder = idleHolder(6, &error, asApp);
        QVERIFY2(holder, qPrintable(error));
        RawPtr first = blockedUpdate(6, &error, asApp);
        QVERIFY2(first, qPrintable(error));
        RawPtr second = blockedUpdate(6, &error, asApp);
        QVERIFY2(second, qPrintable(error));

        // Without the monitoring grant: the note names it.
        {
            auto weak = openAs(none);
            LOCKSCOPE_VERIFY_OK(weak);
            NativeLockReader r(**weak);
            r.setAuditTable(QString());
            auto snapshot = r.read();
            LOCKSCOPE_VERIFY_OK(snapshot);
            QVERIFY2(snapshot->note.contains(isPg() ? u"pg_read_all_stats"_s : u"PROCESS"_s),
                     qPrintable(treeText(*snapshot)));
        }

        auto monitorSession = openAs(monitor);
        LOCKSCOPE_VERIFY_OK(monitorSession);
        NativeLockReader r(**monitorSession);
        r.setAuditTable(QString());
        r.setReason(u"tst: documented grants"_s);
        auto snapshot = readUntil(r, [&](const NativeLockSnapshot &s) {
            return waiting(s, {first->pid(), second->pid()});
        });
        LOCKSCOPE_VERIFY_OK(snapshot);
        const QString tree = treeText(*snapshot);
        QVERIFY2(waiting(*snapshot, {first->pid(), second->pid()}), qPrintable(tree));
        QVERIFY2(!snapshot->note.contains(u"privilege"_s), qPrintable(tree));
        VERIFY_FIRST_ROOT(*snapshot, holder->pid());
        const BlockingSession &root = *snapshot->blocking.find(holder->pid());
        QCOMPARE(root.session.user, app);
        QCOMPARE(root.session.state, u"idle in transaction"_s);
        QCOMPARE(root.allWaiters, 2);
        if (isPg())
            QVERIFY(root.session.sessionStartUs > 0);

        auto cancelled = r.endSession(snapshot->blocking.find(first->pid())->session,
                                      SessionAction::Cancel);
        LOCKSCOPE_VERIFY_OK(cancelled);
        QVERIFY2(cancelled->status == TerminateOutcome::Status::Terminated,
                 qPrintable(cancelled->reason));
        QVERIFY(waitUntil([&] { return first->finished(); }));
        QVERIFY2(isCancelError(first->failure()), qPrintable(first->failure()));
        auto terminated = r.endSession(root.session, SessionAction::Terminate);
        LOCKSCOPE_VERIFY_OK(terminated);
        QVERIFY2(terminated->status == TerminateOutcome::Status::Terminated,
                 qPrintable(terminated->reason));
        QVERIFY(waitUntil([&] { return second->finished(); }));
        QCOMPARE(second->failure(), QString());
        QVERIFY(!holder->alive());
        holder.reset();
        first.reset();
        second.reset();
        monitorSession->reset();
    }
};

LOCKSCOPE_BACKEND_TEST_MAIN(NativeBlockingTest)
#include "tst_nativeblocking.moc"
