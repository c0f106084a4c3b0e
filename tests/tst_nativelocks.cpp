// SPDX-License-Identifier: GPL-3.0-or-later
// The database's own locks on real servers: other connections holding pg_advisory_lock /
// GET_LOCK are listed with their pid (connection id) and user, a waiting session as waiting,
// and terminate kills the holder only while it still holds that lock (compare-and-set),
// never this session, and is audited in the event table. SQLite has no such locks.

#include "holderid.h"
#include "lockctlrun.h"
#include "lockguard.h"
#include "lockservice.h"
#include "nativelocks.h"
#include "processsockets.h"
#include "sessionname.h"
#include "testbackend.h"

#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QThread>
#include <QtTest>
#include <atomic>

using namespace Qt::StringLiterals;
using lockcore::NativeLock;
using lockcore::NativeLockReader;
using lockcore::TerminateOutcome;
using testsupport::TestBackend;

namespace {

// A lock key unique to this run: a bigint for PostgreSQL, a name for MySQL.
QString uniqueKey()
{
    const quint64 r = QRandomGenerator::global()->generate64() >> 2;
    if (TestBackend::instance().isPostgres())
        return QString::number(qint64(r));
    return u"tst_native.%1"_s.arg(r);
}

QString lockSql(const QString &key, int waitS = 0)
{
    if (TestBackend::instance().isPostgres())
        return u"SELECT pg_advisory_lock(%1)"_s.arg(key);
    return u"SELECT GET_LOCK('%1', %2)"_s.arg(key).arg(waitS);
}

QString unlockSql(const QString &key)
{
    if (TestBackend::instance().isPostgres())
        return u"SELECT pg_advisory_unlock(%1)"_s.arg(key);
    return u"SELECT RELEASE_LOCK('%1')"_s.arg(key);
}

qint64 pidOf(lockcore::Session &session)
{
    QSqlQuery q(session.database());
    const QString sql = TestBackend::instance().isPostgres() ? u"SELECT pg_backend_pid()"_s
                                                             : u"SELECT CONNECTION_ID()"_s;
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toLongLong();
}

// A connection that took `key`; it holds it as long as it lives.
std::unique_ptr<lockcore::Session> holding(const QString &key, QString *error)
{
    auto session = TestBackend::instance().open(error);
    if (!session)
        return nullptr;
    QSqlQuery q(session->database());
    if (!q.exec(lockSql(key)) || !q.next()) {
        *error = q.lastError().text();
        return nullptr;
    }
    if (!TestBackend::instance().isPostgres() && q.value(0).toInt() != 1) {
        *error = u"GET_LOCK did not grant "_s + key;
        return nullptr;
    }
    return session;
}

bool alive(lockcore::Session &session)
{
    QSqlQuery q(session.database());
    return q.exec(u"SELECT 1"_s) && q.next() && q.value(0).toInt() == 1;
}

const NativeLock *find(const QList<NativeLock> &locks, qint64 pid, const QString &key,
                       bool granted)
{
    for (const NativeLock &lock : locks) {
        if (lock.pid == pid && lock.key == key && lock.granted == granted)
            return &lock;
    }
    return nullptr;
}

// The connection ids (PostgreSQL: pids) of the sessions found as the holder's.
QSet<qint64> pidsOf(const lockcore::HolderSessions &found)
{
    QSet<qint64> pids;
    for (const NativeLock &session : found.sessions)
        pids.insert(session.pid);
    return pids;
}

// The server's sessions of the child process `pid` on this host, by their client ports; not
// this process's own, whose sockets the child may have inherited (Connector/C's are not
// close-on-exec).
QSet<qint64> sessionsOfProcess(lockcore::Session &session, qint64 pid)
{
    QList<quint16> ports = testsupport::localTcpPorts(pid);
    for (const quint16 own : testsupport::localTcpPorts(QCoreApplication::applicationPid()))
        ports.removeAll(own);
    QSet<qint64> ids;
    QSqlQuery q(session.database());
    if (!q.exec(TestBackend::instance().isPostgres()
                    ? u"SELECT pid, client_port FROM pg_stat_activity"_s
                    : u"SELECT ID, SUBSTRING_INDEX(HOST, ':', -1) FROM "
                      "information_schema.PROCESSLIST"_s))
        return ids;
    while (q.next())
        if (ports.contains(quint16(q.value(1).toUInt())))
            ids.insert(q.value(0).toLongLong());
    return ids;
}

} // namespace

class NativeLocksTest : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<lockcore::Session> m_session; // the reader's own connection
    QString m_table;                              // Lockscope's schema, for the audit
    QString m_user;

    NativeLockReader reader(const QStringList &names)
    {
        NativeLockReader r(*m_session);
        r.setNames(names); // MySQL without performance_schema: the names to look up
        r.setNamesOnly(!TestBackend::instance().isPostgres());
        r.setAuditTable(m_table);
        r.setActor(u"tester@test (tst_nativelocks)"_s);
        return r;
    }

private slots:
    void initTestCase()
    {
        QString error;
        m_session = TestBackend::instance().open(&error);
        QVERIFY2(m_session, qPrintable(error));
        if (TestBackend::instance().isSqlite()) {
            // SQLite has nothing to show: a clear error, not an empty list.
            NativeLockReader r(*m_session);
            auto snapshot = r.read();
            QVERIFY(!snapshot.ok());
            QCOMPARE(snapshot.error().kind, lockcore::Error::Kind::InvalidInput);
            QSKIP("SQLite has no advisory or user locks of its own (checked: a clear error).");
        }
        m_user = TestBackend::instance().spec().user;
        m_table = TestBackend::uniqueTable(u"tst_native"_s);
        auto service = lockcore::LockService::create(*m_session, m_table);
        LOCKSCOPE_VERIFY_OK(service);
        LOCKSCOPE_VERIFY_OK(service->createSchema());
    }

    // Two other connections holding locks are listed with their pid and user, as holders.
    void holdersAppear()
    {
        const QString key1 = uniqueKey();
        const QString key2 = uniqueKey();
        QString error;
        auto a = holding(key1, &error);
        QVERIFY2(a, qPrintable(error));
        auto b = holding(key2, &error);
        QVERIFY2(b, qPrintable(error));
        NativeLockReader r = reader({key1, key2});
        auto snapshot = r.read();
        LOCKSCOPE_VERIFY_OK(snapshot);
        const NativeLock *la = find(snapshot->locks, pidOf(*a), key1, true);
        const NativeLock *lb = find(snapshot->locks, pidOf(*b), key2, true);
        QVERIFY2(la && lb, qPrintable(u"source %1, %2 rows"_s.arg(snapshot->source)
                                           .arg(snapshot->locks.size())));
        QCOMPARE(la->user, m_user);
        QCOMPARE(lb->user, m_user);
        QVERIFY(!la->client.isEmpty());
        QVERIFY(la->stateSince.isValid());
        QVERIFY(snapshot->dbNow.isValid());
        QCOMPARE(snapshot->ownPid, pidOf(*m_session));
        if (TestBackend::instance().isPostgres()) {
            QCOMPARE(la->objSubId, 1);
            QVERIFY(la->sessionStart.isValid());
            QVERIFY(la->matchesKey(u"%1/%2/1"_s.arg(la->classId).arg(la->objId)));
        }
        // Released: gone from the list.
        QVERIFY(testsupport::execRaw(*a, unlockSql(key1)));
        auto after = r.read();
        LOCKSCOPE_VERIFY_OK(after);
        QVERIFY(!find(after->locks, pidOf(*a), key1, true));
        QVERIFY(find(after->locks, pidOf(*b), key2, true));
    }

    // Lockscope's own wake-up lock, held by a LockService holding a lock of the reader's lock
    // table, is named after that lock; another session's lock with no such name is not.
    void wakeUpLocksAreNamed()
    {
        QString error;
        auto holder = TestBackend::instance().open(&error);
        QVERIFY2(holder, qPrintable(error));
        auto service = lockcore::LockService::create(*holder, m_table);
        LOCKSCOPE_VERIFY_OK(service);
        const QString name = u"native.wake-%1"_s.arg(QRandomGenerator::global()->generate() % 100000);
        // A waiter that finds the lock held takes its wake-up lock and keeps it with the lock
        // (a fresh grant takes none: Feature::WakeLockOnContention on MariaDB, and a plain
        // acquire on PostgreSQL): another session holds it first, for a lease of 300 ms.
        auto first = TestBackend::instance().open(&error);
        QVERIFY2(first, qPrintable(error));
        auto firstService = lockcore::LockService::create(*first, m_table);
        LOCKSCOPE_VERIFY_OK(firstService);
        auto firstGrant = firstService->acquire(name, u"first"_s, 300);
        LOCKSCOPE_VERIFY_OK(firstGrant);
        QVERIFY(firstGrant->acquired);
        lockcore::RetryPolicy policy;
        policy.deadlineMs = 10000;
        auto grant = service->acquireWithWait(name, u"tester"_s, 30000, policy);
        LOCKSCOPE_VERIFY_OK(grant);
        QVERIFY(grant->acquired);
        const QString wakeLock =
            holder->dialect().wakeLockName(lockcore::TableNames::fromTable(m_table), name);
        QVERIFY(!wakeLock.isEmpty());
        QVERIFY(holder->holdsWakeLock(wakeLock));
        const QString otherKey = uniqueKey();
        auto other = holding(otherKey, &error);
        QVERIFY2(other, qPrintable(error));

        NativeLockReader r = reader({wakeLock, otherKey});
        auto snapshot = r.read();
        LOCKSCOPE_VERIFY_OK(snapshot);
        const NativeLock *wake = find(snapshot->locks, pidOf(*holder), wakeLock, true);
        QVERIFY2(wake, qPrintable(wakeLock));
        QCOMPARE(wake->wakeLockOf, name);
        const NativeLock *plain = find(snapshot->locks, pidOf(*other), otherKey, true);
        QVERIFY(plain);
        QVERIFY(plain->wakeLockOf.isEmpty());

        // Released: the wake-up lock goes with the lock.
        QVERIFY(service->release(name, u"tester"_s, grant->fence)->released);
        auto after = r.read();
        LOCKSCOPE_VERIFY_OK(after);
        QVERIFY(!find(after->locks, pidOf(*holder), wakeLock, true));
    }

    // A session blocked on a held lock is listed as waiting, under the holder's waiters.
    void waiterAppears()
    {
        const QString key = uniqueKey();
        QString error;
        auto holder = holding(key, &error);
        QVERIFY2(holder, qPrintable(error));
        std::atomic<qint64> waiterPid{0};
        std::atomic_bool granted{false};
        QThread *thread = QThread::create([&] {
            QString e;
            auto waiter = TestBackend::instance().open(&e);
            if (!waiter)
                return;
            if (TestBackend::instance().isPostgres())
                testsupport::execRaw(*waiter, u"SET lock_timeout = '30s'"_s);
            waiterPid = pidOf(*waiter);
            QSqlQuery q(waiter->database());
            granted = q.exec(lockSql(key, 30)) && q.next()
                      && (TestBackend::instance().isPostgres() || q.value(0).toInt() == 1);
            testsupport::execRaw(*waiter, unlockSql(key));
        });
        thread->start();
        NativeLockReader r = reader({key});
        const NativeLock *waiting = nullptr;
        QList<NativeLock> locks;
        for (int i = 0; i < 100 && !waiting; ++i) {
            QTest::qWait(50);
            auto snapshot = r.read();
            LOCKSCOPE_VERIFY_OK(snapshot);
            locks = snapshot->locks;
            waiting = waiterPid ? find(locks, waiterPid, key, false) : nullptr;
        }
        QVERIFY2(waiting, "the waiting session was not listed as waiting");
        QCOMPARE(waiting->user, m_user);
        const NativeLock *held = find(locks, pidOf(*holder), key, true);
        QVERIFY(held);
        QVERIFY(held->waiters.contains(qint64(waiterPid)));
        if (TestBackend::instance().isPostgres())
            QVERIFY(waiting->waitStart.isValid());
        // The holder lets go: the waiter gets it.
        QVERIFY(testsupport::execRaw(*holder, unlockSql(key)));
        QVERIFY(thread->wait(30000));
        delete thread;
        QVERIFY(granted);
    }

    // Terminate kills the holding connection and frees the lock; it is audited.
    void terminateFreesLock()
    {
        const QString key = uniqueKey();
        QString error;
        auto victim = holding(key, &error);
        QVERIFY2(victim, qPrintable(error));
        const qint64 pid = pidOf(*victim);
        NativeLockReader r = reader({key});
        auto target = r.findHolder(pid, key);
        LOCKSCOPE_VERIFY_OK(target);
        QVERIFY(target->has_value());
        auto outcome = r.terminate(**target);
        LOCKSCOPE_VERIFY_OK(outcome);
        QVERIFY2(outcome->status == TerminateOutcome::Status::Terminated,
                 qPrintable(outcome->reason));
        QVERIFY(outcome->lockFreed);
        QVERIFY(outcome->at.isValid());
        QVERIFY(outcome->recordedInTable);
        QVERIFY(outcome->auditText.contains(QString::number(pid)));
        // The lock is gone and the connection is dead.
        auto after = r.read();
        LOCKSCOPE_VERIFY_OK(after);
        QVERIFY(!find(after->locks, pid, key, true));
        QVERIFY(!alive(*victim));
        // The audit record, by the database clock, with the actor.
        auto service = lockcore::LockService::create(*m_session, m_table);
        LOCKSCOPE_VERIFY_OK(service);
        auto events = service->history(u"native:"_s + key, 10);
        LOCKSCOPE_VERIFY_OK(events);
        QCOMPARE(events->size(), 1);
        QCOMPARE(events->first().kind, u"terminate"_s);
        QCOMPARE(events->first().actor, u"tester@test (tst_nativelocks)"_s);
        QVERIFY(events->first().holder.contains(QString::number(pid)));
        QVERIFY(events->first().detail.startsWith(u"terminated"_s));
        QVERIFY(qAbs(events->first().at.msecsTo(outcome->at)) < 60000);
    }

    // A holder that released the lock since it was seen is not killed; refusal is audited.
    void terminateRefusedWhenReleased()
    {
        const QString key = uniqueKey();
        QString error;
        auto holder = holding(key, &error);
        QVERIFY2(holder, qPrintable(error));
        NativeLockReader r = reader({key});
        auto target = r.findHolder(pidOf(*holder), key);
        LOCKSCOPE_VERIFY_OK(target);
        QVERIFY(target->has_value());
        QVERIFY(testsupport::execRaw(*holder, unlockSql(key)));
        auto outcome = r.terminate(**target);
        LOCKSCOPE_VERIFY_OK(outcome);
        QCOMPARE(outcome->status, TerminateOutcome::Status::Refused);
        QVERIFY2(outcome->reason.contains(u"no longer holds"_s), qPrintable(outcome->reason));
        QVERIFY(alive(*holder));
        auto service = lockcore::LockService::create(*m_session, m_table);
        auto events = service->history(u"native:"_s + key, 10);
        LOCKSCOPE_VERIFY_OK(events);
        QCOMPARE(events->size(), 1);
        QVERIFY(events->first().detail.startsWith(u"refused"_s));
    }

    // The same id but another session (PostgreSQL: backend start; MySQL: user) is refused.
    void terminateRefusedForAnotherSession()
    {
        const QString key = uniqueKey();
        QString error;
        auto holder = holding(key, &error);
        QVERIFY2(holder, qPrintable(error));
        NativeLockReader r = reader({key});
        auto target = r.findHolder(pidOf(*holder), key);
        LOCKSCOPE_VERIFY_OK(target);
        QVERIFY(target->has_value());
        NativeLock other = **target;
        if (TestBackend::instance().isPostgres())
            other.sessionStartUs += 1;
        else
            other.user += u"_other"_s;
        auto outcome = r.terminate(other);
        LOCKSCOPE_VERIFY_OK(outcome);
        QCOMPARE(outcome->status, TerminateOutcome::Status::Refused);
        QVERIFY2(outcome->reason.contains(u"another session"_s), qPrintable(outcome->reason));
        QVERIFY(alive(*holder));
    }

    // The reader's own connection is never terminated, even when it holds the lock.
    void terminateRefusedForOwnSession()
    {
        const QString key = uniqueKey();
        QVERIFY(testsupport::execRaw(*m_session, lockSql(key)));
        NativeLockReader r = reader({key});
        auto target = r.findHolder(pidOf(*m_session), key);
        LOCKSCOPE_VERIFY_OK(target);
        QVERIFY(target->has_value());
        auto outcome = r.terminate(**target);
        LOCKSCOPE_VERIFY_OK(outcome);
        QCOMPARE(outcome->status, TerminateOutcome::Status::Refused);
        QVERIFY(alive(*m_session));
        QVERIFY(testsupport::execRaw(*m_session, unlockSql(key)));
    }

    // A user without the privilege to end another user's session gets a clear failure.
    void terminateWithoutPrivilege()
    {
        const bool pg = TestBackend::instance().isPostgres();
        const QString role = u"tst_native_nopriv"_s;
        const QString password = u"NoPriv-%1"_s.arg(QRandomGenerator::global()->generate());
        const QStringList setup
            = pg ? QStringList{u"DROP ROLE IF EXISTS %1"_s.arg(role),
                               u"CREATE ROLE %1 LOGIN PASSWORD '%2'"_s.arg(role, password)}
                 : QStringList{u"DROP USER IF EXISTS '%1'@'127.0.0.1'"_s.arg(role),
                               u"CREATE USER '%1'@'127.0.0.1' IDENTIFIED BY '%2'"_s.arg(role,
                                                                                     password)};
        for (const QString &sql : setup) {
            QString error;
            QVERIFY2(testsupport::execRaw(*m_session, sql, &error), qPrintable(error));
        }
        lockcore::ConnectionSpec spec = TestBackend::instance().spec();
        spec.user = role;
        spec.password = password;
        if (!pg)
            spec.database.clear(); // no grant on the test database: connect to none
        auto weak = lockcore::Session::open(spec);
        LOCKSCOPE_VERIFY_OK(weak);

        const QString key = uniqueKey();
        QString error;
        auto holder = holding(key, &error); // the test user (a superuser / ALL PRIVILEGES)
        QVERIFY2(holder, qPrintable(error));
        NativeLockReader r(**weak);
        r.setNames({key});
        r.setNamesOnly(!pg);
        r.setAuditTable(QString());
        // PostgreSQL lists every session (hiding backend_start); MySQL shows a user without
        // PROCESS only its own connections (and the test user may not GRANT it): the holder
        // as another admin saw it.
        NativeLockReader admin = reader({key});
        auto target = admin.findHolder(pidOf(*holder), key);
        LOCKSCOPE_VERIFY_OK(target);
        QVERIFY(target->has_value());
        if (pg) {
            auto seen = r.findHolder(pidOf(*holder), key);
            LOCKSCOPE_VERIFY_OK(seen);
            QVERIFY(seen->has_value());
            QCOMPARE((*seen)->sessionStartUs, qint64(0)); // hidden from this user
            target = seen;
        }
        auto outcome = r.terminate(**target);
        LOCKSCOPE_VERIFY_OK(outcome);
        QCOMPARE(outcome->status, pg ? TerminateOutcome::Status::Failed
                                     : TerminateOutcome::Status::Refused);
        QVERIFY2(outcome->reason.contains(pg ? u"pg_signal_backend"_s : u"PROCESS privilege"_s),
                 qPrintable(outcome->reason));
        QVERIFY(alive(*holder));
        weak->reset();
        testsupport::execRaw(*m_session, pg ? u"DROP ROLE IF EXISTS %1"_s.arg(role)
                                            : u"DROP USER IF EXISTS '%1'@'127.0.0.1'"_s.arg(role));
    }

    // From a lock's holder to its database sessions: a LockGuard of this process is traced to
    // its connection (PostgreSQL by application_name, MySQL/MariaDB by the user lock each
    // lockcore connection takes when it connects), and once released and disconnected its
    // session is no longer named.
    void holderSessionOfAGuard()
    {
        const QString name = u"tst_holdersession.%1"_s.arg(QRandomGenerator::global()->generate());
        NativeLockReader r = reader({});
        auto before = r.holderSessions(lockcore::defaultHolderId(), name);
        LOCKSCOPE_VERIFY_OK(before);
        QVERIFY2(before->whyNot.isEmpty(), qPrintable(before->whyNot));
        QVERIFY(pidsOf(*before).contains(pidOf(*m_session))); // the reader's own, of this process
        QSet<qint64> guardPids;
        {
            lockcore::GuardOptions options;
            options.table = m_table;
            lockcore::LockDefinition lock;
            lock.name = name;
            lock.leaseMs = 60000;
            lockcore::LockGuard guard(TestBackend::instance().spec(), lock, options);
            QVERIFY(guard.isHeld());
            auto found = r.holderSessions(guard.holder(), name);
            LOCKSCOPE_VERIFY_OK(found);
            QVERIFY2(found->whyNot.isEmpty(), qPrintable(found->whyNot));
            guardPids = pidsOf(*found) - pidsOf(*before);
            QVERIFY2(!guardPids.isEmpty(), "the guard's connection is not found");
            for (const NativeLock &session : found->sessions) {
                QCOMPARE(session.holderOf, name);
                QVERIFY(session.key.isEmpty());
                QVERIFY(!session.granted);
            }
        }
        // Released and disconnected: its session is named no more (the server notices the
        // disconnect a moment later).
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                auto after = r.holderSessions(lockcore::defaultHolderId(), name);
                return after.ok() && !pidsOf(*after).intersects(guardPids);
            }(),
            10000);
    }

    // Several connections of one process are each found; the holder id of a process that has
    // no connection finds none, and says why.
    void holderSessionsAreEveryConnection()
    {
        QString error;
        std::vector<std::unique_ptr<lockcore::Session>> sessions;
        QSet<qint64> pids;
        for (int i = 0; i < 3; ++i) {
            sessions.push_back(TestBackend::instance().open(&error));
            QVERIFY2(sessions.back(), qPrintable(error));
            pids.insert(pidOf(*sessions.back()));
        }
        NativeLockReader r = reader({});
        auto found = r.holderSessions(lockcore::defaultHolderId(), u"any"_s);
        LOCKSCOPE_VERIFY_OK(found);
        QVERIFY2(pidsOf(*found).contains(pids),
                 qPrintable(u"%1 sessions found"_s.arg(found->sessions.size())));
        QCOMPARE(found->sessions.size(), pidsOf(*found).size()); // each once

        // Another process on this host (no such pid: above the kernel's pid_max).
        auto none = r.holderSessions(u"ops@%1:%2:a1b2c3"_s.arg(QSysInfo::machineHostName().trimmed())
                                         .arg(4194305 + 17),
                                     u"any"_s);
        LOCKSCOPE_VERIFY_OK(none);
        QVERIFY(none->sessions.isEmpty());
        QVERIFY2(none->whyNot.contains(u"No session of process"_s), qPrintable(none->whyNot));
    }

    // MySQL/MariaDB: a connection's user lock goes with it: none of the process's slot names
    // is held by a closed connection.
    void sessionLockGoesWithItsConnection()
    {
        if (TestBackend::instance().isPostgres())
            QSKIP("MySQL/MariaDB only (PostgreSQL names its sessions by application_name).");
        const auto process = lockcore::holderProcess(lockcore::defaultHolderId());
        QVERIFY(process);
        const auto holdersOfSlots = [&] {
            QSet<qint64> ids;
            for (int slot = 0; slot < lockcore::mysqlSessionSlots; ++slot) {
                QSqlQuery q(m_session->database());
                const QString sql = u"SELECT IS_USED_LOCK('%1')"_s.arg(
                    lockcore::mysqlSessionLockName(*process, slot));
                if (q.exec(sql) && q.next() && !q.value(0).isNull())
                    ids.insert(q.value(0).toLongLong());
            }
            return ids;
        };
        QString error;
        auto session = TestBackend::instance().open(&error);
        QVERIFY2(session, qPrintable(error));
        const qint64 pid = pidOf(*session);
        QVERIFY(holdersOfSlots().contains(pid));
        QVERIFY(holdersOfSlots().contains(pidOf(*m_session)));
        session.reset();
        QTRY_VERIFY_WITH_TIMEOUT(!holdersOfSlots().contains(pid), 10000);
        QVERIFY(holdersOfSlots().contains(pidOf(*m_session)));
    }

    // The session that waits for a lock (on MySQL/MariaDB it holds the lock's wake-up lock
    // while it waits) is never named as the holder's: only the holder's process's sessions.
    void waiterIsNotNamedAsTheHolder()
    {
        const QString name = u"tst_holdersession.%1"_s.arg(QRandomGenerator::global()->generate());
        QString error;
        auto holding = TestBackend::instance().open(&error);
        QVERIFY2(holding, qPrintable(error));
        auto service = lockcore::LockService::create(*holding, m_table);
        LOCKSCOPE_VERIFY_OK(service);
        const QString holder = lockcore::defaultHolderId();
        LOCKSCOPE_VERIFY_OK(service->acquire(name, holder, 60000));

        testsupport::LockctlProcess waiter({u"--table"_s, m_table, u"acquire"_s, name, u"--ttl"_s,
                                            u"60s"_s, u"--wait"_s, u"50s"_s});
        QVERIFY(waiter.waitForStarted());
        // Its sessions, read again each time: it may still be connecting.
        QSet<qint64> waiting;
        QTRY_VERIFY_WITH_TIMEOUT((waiting = sessionsOfProcess(*m_session, waiter.processId()),
                                  !waiting.isEmpty()),
                                 20000);
        if (!TestBackend::instance().isPostgres()) {
            // It holds the lock's wake-up lock while it waits (Feature::WakeLockOnContention).
            const QString wake = m_session->dialect().wakeLockName(
                lockcore::TableNames::fromTable(m_table), name);
            QTRY_VERIFY_WITH_TIMEOUT(
                [&] {
                    waiting = sessionsOfProcess(*m_session, waiter.processId());
                    QSqlQuery q(m_session->database());
                    return q.exec(u"SELECT IS_USED_LOCK('%1')"_s.arg(wake)) && q.next()
                           && waiting.contains(q.value(0).toLongLong());
                }(),
                20000);
        }
        NativeLockReader r = reader({});
        auto found = r.holderSessions(holder, name);
        LOCKSCOPE_VERIFY_OK(found);
        QVERIFY2(found->whyNot.isEmpty(), qPrintable(found->whyNot));
        QVERIFY(pidsOf(*found).contains(pidOf(*holding)));
        QVERIFY(!pidsOf(*found).intersects(waiting));
        waiter.terminate();
    }

    // MySQL/MariaDB: every source the server offers lists the holder (performance_schema when
    // on; MariaDB's metadata_lock_info plugin, installed here when the server has it).
    void mysqlServerSources()
    {
        if (!TestBackend::instance().isMariadb())
            QSKIP("MySQL/MariaDB only.");
        QSqlQuery q(m_session->database());
        QVERIFY(q.exec(u"SELECT COUNT(*) FROM information_schema.PLUGINS WHERE PLUGIN_NAME = "
                       u"'METADATA_LOCK_INFO' AND PLUGIN_STATUS = 'ACTIVE'"_s)
                && q.next());
        if (q.value(0).toInt() == 0) {
            QString error;
            // A read-only information_schema table; harmless on the throwaway test server.
            if (!testsupport::execRaw(*m_session, u"INSTALL SONAME 'metadata_lock_info'"_s,
                                      &error))
                QSKIP(qPrintable(u"metadata_lock_info cannot be installed: "_s + error));
        }
        const QString key = uniqueKey();
        QString error;
        auto holder = holding(key, &error);
        QVERIFY2(holder, qPrintable(error));
        NativeLockReader r(*m_session); // no names given
        auto snapshot = r.read();
        LOCKSCOPE_VERIFY_OK(snapshot);
        QVERIFY2(snapshot->source == u"metadata_lock_info"_s
                     || snapshot->source == u"performance_schema"_s,
                 qPrintable(snapshot->source));
        const NativeLock *held = find(snapshot->locks, pidOf(*holder), key, true);
        QVERIFY2(held, qPrintable(snapshot->source));
        QCOMPARE(held->user, m_user);
    }
};

LOCKSCOPE_BACKEND_TEST_MAIN(NativeLocksTest)
#include "tst_nativelocks.moc"
