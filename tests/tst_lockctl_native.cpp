// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl native-locks, cancel and terminate as a script sees them: real lockctl processes (the
// URL in LOCKSCOPE_DB), their exit codes and their one JSON object, against connections of the
// test's own: one that holds a pg_advisory_lock / GET_LOCK, and an application's transaction
// idle after SELECT ... FOR UPDATE with sessions waiting behind it (who blocks whom).

#include "lockctlrun.h"
#include "sessionthread.h"
#include "testbackend.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

using namespace Qt::StringLiterals;
using testsupport::runLockctl; // on the backend's database (LOCKSCOPE_DB), no terminal
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

QString uniqueKey()
{
    const quint64 r = QRandomGenerator::global()->generate64() >> 2;
    if (TestBackend::instance().isPostgres())
        return QString::number(qint64(r));
    return u"tst_lockctl_native.%1"_s.arg(r);
}

qint64 holdLock(lockcore::Session &session, const QString &key)
{
    QSqlQuery q(session.database());
    const bool pg = TestBackend::instance().isPostgres();
    if (!q.exec(pg ? u"SELECT pg_advisory_lock(%1)"_s.arg(key)
                   : u"SELECT GET_LOCK('%1', 0)"_s.arg(key)))
        return -1;
    if (!q.exec(pg ? u"SELECT pg_backend_pid()"_s : u"SELECT CONNECTION_ID()"_s) || !q.next())
        return -1;
    return q.value(0).toLongLong();
}

bool alive(lockcore::Session &session)
{
    QSqlQuery q(session.database());
    return q.exec(u"SELECT 1"_s) && q.next();
}

constexpr int waitMs = 5000; // the longest a condition of the servers is waited for
// InnoDB refreshes its information_schema.INNODB_TRX cache only when it was not read for
// 100 ms: polling more often would read the same old rows for ever.
constexpr int pollMs = 150;

template<typename Condition>
bool waitFor(Condition condition)
{
    const QDeadlineTimer deadline(waitMs);
    while (!condition()) {
        if (deadline.hasExpired())
            return false;
        QThread::msleep(pollMs);
    }
    return true;
}

// A connection on a thread of its own, so that its statement can wait for a lock while the
// test runs lockctl. As an application's (the default) it drops what names it as Lockscope's
// (PostgreSQL application_name, MariaDB's lockscope-session: user lock); its waits are bounded
// by the server (20 s) should the test fail.
class ClientSession
{
public:
    bool open(bool asApplication, QString *error)
    {
        const bool pg = TestBackend::instance().isPostgres();
        QString sql = pg ? u"SET lock_timeout = '20s'"_s
                         : u"SET SESSION innodb_lock_wait_timeout = 20, lock_wait_timeout = 20"_s;
        m_thread.run([&] {
            m_thread.session() = TestBackend::instance().open(error);
            if (!m_thread.session())
                return;
            QSqlQuery q(m_thread.session()->database());
            const bool ok = q.exec(sql) && q.exec(pg ? u"SET statement_timeout = '20s'"_s
                                                     : u"SET SESSION max_statement_time = 20"_s)
                            && (!asApplication
                                || q.exec(pg ? u"SET application_name = 'tst-lockctl-app'"_s
                                             : u"SELECT RELEASE_ALL_LOCKS()"_s))
                            && q.exec(pg ? u"SELECT pg_backend_pid()"_s
                                         : u"SELECT CONNECTION_ID()"_s)
                            && q.next();
            if (ok)
                m_pid = q.value(0).toLongLong();
            else
                *error = q.lastError().text();
        });
        return m_pid > 0;
    }
    qint64 pid() const { return m_pid; }
    QString pidText() const { return QString::number(m_pid); }

    // Runs `sql` and waits for it; empty: done, else the error.
    QString exec(const QString &sql)
    {
        QString failure;
        m_thread.run([&] { failure = execHere(sql); });
        return failure;
    }
    // Starts `sql` and returns at once (finished(), failure()).
    void start(const QString &sql)
    {
        m_thread.start([this, sql] { m_failure = execHere(sql); });
    }
    bool finished() const { return m_thread.done(); }
    QString failure() const { return m_failure; } // once finished()
    bool alive() { return exec(u"SELECT 1"_s).isEmpty(); }

private:
    QString execHere(const QString &sql)
    {
        QSqlQuery q(m_thread.session()->database());
        if (!q.exec(sql))
            return q.lastError().text().isEmpty() ? u"failed"_s : q.lastError().text();
        while (q.next()) {
        }
        return {};
    }

    testsupport::SessionThread m_thread;
    qint64 m_pid = 0;
    QString m_failure;
};

QString beginSql()
{
    return TestBackend::instance().isPostgres() ? u"BEGIN"_s : u"START TRANSACTION"_s;
}

// Whether session `pid` waits for a lock now (the test's own SQL).
bool waitsForLock(lockcore::Session &admin, qint64 pid)
{
    QSqlQuery q(admin.database());
    const QString sql = TestBackend::instance().isPostgres()
                            ? u"SELECT COUNT(*) FROM pg_locks WHERE pid = %1 AND NOT granted"_s
                            : u"SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE "
                              "trx_mysql_thread_id = %1 AND trx_state = 'LOCK WAIT'"_s;
    return q.exec(sql.arg(pid)) && q.next() && q.value(0).toInt() > 0;
}

// The nodes of native-locks' "blocking" for `pid` (with their index), first appearance first.
QList<QPair<qsizetype, QJsonObject>> nodesOf(const QJsonObject &nativeLocks, qint64 pid)
{
    QList<QPair<qsizetype, QJsonObject>> found;
    const QJsonArray nodes = nativeLocks.value(u"blocking"_s).toArray();
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        if (qint64(nodes.at(i).toObject().value(u"pid"_s).toDouble()) == pid)
            found.append({i, nodes.at(i).toObject()});
    }
    return found;
}

// Whether node `index` lies under node `ancestor` (following parent).
bool isUnder(const QJsonObject &nativeLocks, qsizetype index, qsizetype ancestor)
{
    const QJsonArray nodes = nativeLocks.value(u"blocking"_s).toArray();
    for (QJsonValue parent = nodes.at(index).toObject().value(u"parent"_s); !parent.isNull();
         parent = nodes.at(parent.toInteger()).toObject().value(u"parent"_s)) {
        if (parent.toInteger() == ancestor)
            return true;
    }
    return false;
}

// A table of one row (id 1) for the row locks.
QString rowTable(lockcore::Session &admin)
{
    const QString table = TestBackend::uniqueTable(u"tst_lcn"_s);
    if (!testsupport::execRaw(admin, u"CREATE TABLE %1 (id INT PRIMARY KEY, v INT)"_s.arg(table))
        || !testsupport::execRaw(admin, u"INSERT INTO %1 VALUES (1, 0)"_s.arg(table)))
        return {};
    return table;
}

} // namespace

#define VERIFY_EXIT(run, code) QVERIFY2((run).exitCode == (code), qPrintable((run).describe()))

class LockctlNativeTest : public QObject
{
    Q_OBJECT

private slots:
    // SQLite has no locks of its own: a clear error, no crash.
    void initTestCase()
    {
        if (TestBackend::instance().isSqlite()) {
            const Run run = runLockctl({u"native-locks"_s, u"--json"_s});
            QVERIFY2(run.exitCode == 2 && run.json.contains(u"error"_s), qPrintable(run.describe()));
            QSKIP("SQLite has no advisory or user locks (checked: a clear error, exit code 2).");
        }
    }

    // native-locks lists the holder with its pid and user; terminate ends it (exit 0), then
    // refuses (exit 1) since it no longer holds the lock; without --yes off a terminal, exit 2.
    void listAndTerminate()
    {
        QString error;
        auto holder = TestBackend::instance().open(&error);
        QVERIFY2(holder, qPrintable(error));
        const QString key = uniqueKey();
        const qint64 pid = holdLock(*holder, key);
        QVERIFY(pid > 0);

        const Run list = runLockctl({u"native-locks"_s, u"--json"_s, u"--name"_s, key});
        VERIFY_EXIT(list, 0);
        bool found = false;
        for (const QJsonValue &v : list.json.value(u"locks"_s).toArray()) {
            const QJsonObject lock = v.toObject();
            if (lock.value(u"key"_s).toString() == key) {
                found = true;
                QCOMPARE(qint64(lock.value(u"pid"_s).toDouble()), pid);
                QCOMPARE(lock.value(u"user"_s).toString(), TestBackend::instance().spec().user);
                QVERIFY(lock.value(u"granted"_s).toBool());
            }
        }
        QVERIFY2(found, qPrintable(list.describe()));
        const Run text = runLockctl({u"native-locks"_s, u"--name"_s, key});
        VERIFY_EXIT(text, 0);
        QVERIFY(text.out.contains(key.toUtf8()));
        QVERIFY(text.out.contains(QByteArray::number(pid)));

        const QString pidText = QString::number(pid);
        const Run unconfirmed = runLockctl({u"terminate"_s, pidText, u"--expect-lock"_s, key});
        VERIFY_EXIT(unconfirmed, 2);
        const Run wrongLock = runLockctl(
            {u"terminate"_s, pidText, u"--expect-lock"_s, key + u"9"_s, u"--yes"_s, u"--json"_s});
        VERIFY_EXIT(wrongLock, 1);
        QVERIFY(alive(*holder));
        const Run noKey = runLockctl({u"terminate"_s, pidText, u"--yes"_s});
        VERIFY_EXIT(noKey, 2);

        const Run done = runLockctl(
            {u"terminate"_s, pidText, u"--expect-lock"_s, key, u"--yes"_s, u"--json"_s});
        VERIFY_EXIT(done, 0);
        QCOMPARE(done.json.value(u"outcome"_s).toString(), u"terminated"_s);
        QVERIFY(done.json.value(u"lock_freed"_s).toBool());
        QVERIFY(done.err.contains("terminate at")); // the audit line in the log
        QVERIFY(!alive(*holder));
        const Run again = runLockctl(
            {u"terminate"_s, pidText, u"--expect-lock"_s, key, u"--yes"_s, u"--json"_s});
        VERIFY_EXIT(again, 1);
    }

    // An idle transaction holds a row FOR UPDATE; two sessions wait, one behind the other.
    // native-locks shows the holder as the root blocker with both behind it (text and JSON);
    // cancel ends the second waiter's statement; terminate of the holder frees the first; a
    // terminate naming the holder's session id again is refused (it has gone); without
    // --reason, a usage error.
    void blockingTreeCancelTerminate()
    {
        QString error;
        auto admin = TestBackend::instance().open(&error);
        QVERIFY2(admin, qPrintable(error));
        const QString table = rowTable(*admin);
        QVERIFY(!table.isEmpty());
        m_tables.append(table);
        const QString forUpdate = u"SELECT v FROM %1 WHERE id = 1 FOR UPDATE"_s.arg(table);
        // Declared first, destroyed last: the holder's end frees them should the test fail.
        ClientSession waiter1;
        ClientSession waiter2;
        ClientSession holder;
        for (ClientSession *c : {&waiter1, &waiter2, &holder})
            QVERIFY2(c->open(true, &error), qPrintable(error));
        QCOMPARE(holder.exec(beginSql()), QString());
        QCOMPARE(holder.exec(forUpdate), QString());
        waiter1.start(forUpdate);
        QVERIFY(waitFor([&] { return waitsForLock(*admin, waiter1.pid()); }));
        waiter2.start(forUpdate);
        QVERIFY(waitFor([&] { return waitsForLock(*admin, waiter2.pid()); }));

        const Run json = runLockctl({u"native-locks"_s, u"--json"_s});
        VERIFY_EXIT(json, 0);
        const auto holderNodes = nodesOf(json.json, holder.pid());
        QVERIFY2(holderNodes.size() == 1, qPrintable(json.describe()));
        const QJsonObject root = holderNodes.constFirst().second;
        QCOMPARE(root.value(u"depth"_s).toInt(), 0);
        QVERIFY(root.value(u"parent"_s).isNull());
        QCOMPARE(root.value(u"all_waiters"_s).toInt(), 2);
        QVERIFY(root.value(u"direct_waiters"_s).toInt() >= 1);
        const QString state = root.value(u"state"_s).toString();
        QVERIFY2(state == u"idle in transaction"_s || state == u"Sleep"_s, qPrintable(state));
        QVERIFY(!root.value(u"xact_start"_s).isNull());
        QVERIFY(!root.value(u"lockscope_session"_s).toBool());
        const QString holderSession = root.value(u"session_id"_s).toString();
        QVERIFY(!holderSession.isEmpty());
        for (const ClientSession *w : {&waiter1, &waiter2}) {
            const auto nodes = nodesOf(json.json, w->pid());
            QVERIFY2(!nodes.isEmpty(), qPrintable(json.describe()));
            const QJsonObject first = nodes.constFirst().second;
            QVERIFY(!first.value(u"repeated"_s).toBool());
            QVERIFY(first.value(u"waiting"_s).toBool());
            QVERIFY(!first.value(u"lock_type"_s).toString().isEmpty());
            QVERIFY(first.value(u"statement"_s).toString().contains(table));
            // The holder comes first; each waiter is in the holder's branch.
            QVERIFY(nodes.constFirst().first > holderNodes.constFirst().first);
            QVERIFY(isUnder(json.json, nodes.constFirst().first, holderNodes.constFirst().first));
        }
        QVERIFY(nodesOf(json.json, waiter1.pid()).constFirst().second.value(u"blocked_by"_s)
                    .toArray().contains(holder.pid()));

        const Run text = runLockctl({u"native-locks"_s});
        VERIFY_EXIT(text, 0);
        const QString out = text.outText();
        const qsizetype rootLine = out.indexOf(u"\npid %1: "_s.arg(holder.pid()));
        QVERIFY2(rootLine >= 0, qPrintable(text.describe()));
        QVERIFY(out.indexOf(u"Who blocks whom"_s) < rootLine);
        QVERIFY(out.indexOf(u"2 in all"_s, rootLine) > rootLine);
        QVERIFY(out.indexOf(u"session id: "_s + holderSession, rootLine) > rootLine);
        QVERIFY(out.indexOf(u"-> pid %1: "_s.arg(waiter1.pid()), rootLine) > rootLine);
        QVERIFY(out.indexOf(u"-> pid %1: "_s.arg(waiter2.pid()), rootLine) > rootLine);
        QVERIFY(!out.contains(u"No session holds or waits"_s));

        // Without --reason: nothing is done.
        const Run noReason = runLockctl({u"cancel"_s, waiter2.pidText(), u"--yes"_s});
        VERIFY_EXIT(noReason, 2);
        QVERIFY(noReason.err.contains("--reason"));
        VERIFY_EXIT(runLockctl({u"terminate"_s, holder.pidText(), u"--yes"_s}), 2);
        QVERIFY(!waiter2.finished());

        const Run cancelled = runLockctl({u"cancel"_s, waiter2.pidText(), u"--reason"_s,
                                          u"tst: unblock"_s, u"--yes"_s, u"--json"_s});
        VERIFY_EXIT(cancelled, 0);
        QCOMPARE(cancelled.json.value(u"outcome"_s).toString(), u"cancelled"_s);
        QCOMPARE(cancelled.json.value(u"admin_reason"_s).toString(), u"tst: unblock"_s);
        QVERIFY(waitFor([&] { return waiter2.finished(); }));
        QVERIFY2(!waiter2.failure().isEmpty(), "the cancelled statement ended without error");
        QVERIFY(waiter2.alive()); // the session lives on
        QVERIFY(!waiter1.finished());

        const Run terminated = runLockctl({u"terminate"_s, holder.pidText(), u"--expect-session"_s,
                                           holderSession, u"--reason"_s, u"tst: stuck holder"_s,
                                           u"--yes"_s, u"--json"_s});
        VERIFY_EXIT(terminated, 0);
        QCOMPARE(terminated.json.value(u"outcome"_s).toString(), u"terminated"_s);
        QCOMPARE(terminated.json.value(u"session"_s).toObject().value(u"session_id"_s).toString(),
                 holderSession);
        QVERIFY(waitFor([&] { return waiter1.finished(); }));
        QCOMPARE(waiter1.failure(), QString()); // it got the row
        QVERIFY(!holder.alive());

        // The session the admin saw has gone: refused, nothing done.
        const Run gone = runLockctl({u"terminate"_s, holder.pidText(), u"--expect-session"_s,
                                     holderSession, u"--reason"_s, u"tst"_s, u"--yes"_s,
                                     u"--json"_s});
        VERIFY_EXIT(gone, 1);
        QCOMPARE(gone.json.value(u"outcome"_s).toString(), u"refused"_s);
    }

    // The holder committed and began another transaction since native-locks was read: a
    // terminate with the session id then seen is refused with what changed; the session lives.
    void staleSessionIsRefused()
    {
        QString error;
        auto admin = TestBackend::instance().open(&error);
        QVERIFY2(admin, qPrintable(error));
        const QString table = rowTable(*admin);
        QVERIFY(!table.isEmpty());
        m_tables.append(table);
        const QString forUpdate = u"SELECT v FROM %1 WHERE id = 1 FOR UPDATE"_s.arg(table);
        ClientSession waiter;
        ClientSession holder;
        for (ClientSession *c : {&waiter, &holder})
            QVERIFY2(c->open(true, &error), qPrintable(error));
        QCOMPARE(holder.exec(beginSql()), QString());
        QCOMPARE(holder.exec(forUpdate), QString());
        waiter.start(forUpdate);
        QVERIFY(waitFor([&] { return waitsForLock(*admin, waiter.pid()); }));
        const Run seen = runLockctl({u"native-locks"_s, u"--json"_s});
        VERIFY_EXIT(seen, 0);
        const auto nodes = nodesOf(seen.json, holder.pid());
        QVERIFY2(nodes.size() == 1, qPrintable(seen.describe()));
        const QString seenSession = nodes.constFirst().second.value(u"session_id"_s).toString();

        QCOMPARE(holder.exec(u"COMMIT"_s), QString());
        QVERIFY(waitFor([&] { return waiter.finished(); }));
        QCOMPARE(holder.exec(beginSql()), QString());
        QCOMPARE(holder.exec(forUpdate), QString());

        const Run stale = runLockctl({u"terminate"_s, holder.pidText(), u"--expect-session"_s,
                                      seenSession, u"--reason"_s, u"tst: stale"_s, u"--yes"_s,
                                      u"--json"_s});
        VERIFY_EXIT(stale, 1);
        QCOMPARE(stale.json.value(u"outcome"_s).toString(), u"refused"_s);
        QVERIFY2(stale.json.value(u"reason"_s).toString().contains(u"transaction"_s),
                 qPrintable(stale.describe()));
        QVERIFY(holder.alive());
        const Run staleCancel = runLockctl({u"cancel"_s, holder.pidText(), u"--expect-session"_s,
                                            seenSession, u"--reason"_s, u"tst"_s, u"--yes"_s});
        VERIFY_EXIT(staleCancel, 1);
        const Run notAnId = runLockctl({u"terminate"_s, holder.pidText(), u"--expect-session"_s,
                                        u"yesterday"_s, u"--reason"_s, u"tst"_s, u"--yes"_s});
        VERIFY_EXIT(notAnId, 2);
        QVERIFY(holder.alive());
        QCOMPARE(holder.exec(u"ROLLBACK"_s), QString());
    }

    // A connection of Lockscope's own that blocks another is marked as such and is ended only
    // with --allow-lockscope-session.
    void lockscopeSessionNeedsAllowing()
    {
        QString error;
        auto admin = TestBackend::instance().open(&error);
        QVERIFY2(admin, qPrintable(error));
        const QString table = rowTable(*admin);
        QVERIFY(!table.isEmpty());
        m_tables.append(table);
        const QString forUpdate = u"SELECT v FROM %1 WHERE id = 1 FOR UPDATE"_s.arg(table);
        ClientSession waiter;
        ClientSession own;
        QVERIFY2(waiter.open(true, &error), qPrintable(error));
        QVERIFY2(own.open(false, &error), qPrintable(error));
        QCOMPARE(own.exec(beginSql()), QString());
        QCOMPARE(own.exec(forUpdate), QString());
        waiter.start(forUpdate);
        QVERIFY(waitFor([&] { return waitsForLock(*admin, waiter.pid()); }));

        const Run json = runLockctl({u"native-locks"_s, u"--json"_s});
        VERIFY_EXIT(json, 0);
        const auto nodes = nodesOf(json.json, own.pid());
        QVERIFY2(nodes.size() == 1, qPrintable(json.describe()));
        QVERIFY(nodes.constFirst().second.value(u"lockscope_session"_s).toBool());
        QVERIFY(json.json.value(u"lockscope_sessions"_s).toArray().contains(own.pid()));
        const Run text = runLockctl({u"native-locks"_s});
        QVERIFY2(text.outText().contains(u"pid %1 (Lockscope's own connection)"_s.arg(own.pid())),
                 qPrintable(text.describe()));

        const Run refused = runLockctl({u"terminate"_s, own.pidText(), u"--reason"_s, u"tst"_s,
                                        u"--yes"_s, u"--json"_s});
        VERIFY_EXIT(refused, 1);
        QVERIFY(refused.json.value(u"reason"_s).toString().contains(u"Lockscope"_s));
        QVERIFY(own.alive());
        const Run allowed = runLockctl({u"terminate"_s, own.pidText(), u"--reason"_s, u"tst"_s,
                                        u"--allow-lockscope-session"_s, u"--yes"_s});
        VERIFY_EXIT(allowed, 0);
        QVERIFY(waitFor([&] { return waiter.finished(); }));
        QCOMPARE(waiter.failure(), QString());
    }

    void cleanupTestCase()
    {
        if (m_tables.isEmpty())
            return;
        auto admin = TestBackend::instance().open();
        for (const QString &table : std::as_const(m_tables)) {
            if (admin)
                testsupport::execRaw(*admin, u"DROP TABLE "_s + table);
        }
    }

private:
    QStringList m_tables;
};

LOCKSCOPE_BACKEND_TEST_MAIN(LockctlNativeTest)
#include "tst_lockctl_native.moc"
