// SPDX-License-Identifier: GPL-3.0-or-later
// The SQL of the database's own locks (nativelocks.h), checked as text without a server. For
// Oracle this is the only check there is: it has never run against a live Oracle server.

#include "connectionspec.h"
#include "nativelocks.h"
#include "nativesql.h"

#include <QRegularExpression>
#include <QtTest>

using namespace Qt::StringLiterals;
using lockcore::NativeLock;
using lockcore::Statement;
namespace sql = lockcore::nativesql;

Q_DECLARE_METATYPE(lockcore::Statement)

namespace {

// Placeholders outside quoted text (as Qt counts them for positional binding).
int placeholders(const QString &text)
{
    int count = 0;
    QChar quote;
    for (QChar c : text) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == u'\'' || c == u'"') {
            quote = c;
        } else if (c == u'?') {
            ++count;
        }
    }
    return count;
}

// The number of top-level columns of a SELECT (commas outside parentheses and quotes).
int selectColumns(const QString &text)
{
    const qsizetype from = text.indexOf(u"SELECT "_s) + 7;
    int depth = 0;
    int columns = 1;
    QChar quote;
    for (qsizetype i = from; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            continue;
        }
        if (c == u'\'')
            quote = c;
        else if (c == u'(')
            ++depth;
        else if (c == u')')
            --depth;
        else if (c == u',' && depth == 0)
            ++columns;
        else if (depth == 0 && text.mid(i, 6) == u" FROM "_s)
            break;
    }
    return columns;
}

// The columns of the outer SELECT of a statement that may begin WITH ... AS (...).
int outerColumns(const QString &text)
{
    int depth = 0;
    qsizetype outer = -1;
    QChar quote;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == u'\'') {
            quote = c;
        } else if (c == u'(') {
            ++depth;
        } else if (c == u')') {
            --depth;
        } else if (depth == 0 && text.mid(i, 7) == u"SELECT "_s) {
            outer = i;
        }
    }
    return outer < 0 ? -1 : selectColumns(text.mid(outer));
}

NativeLock hostile()
{
    NativeLock lock;
    lock.key = u"x'); DROP TABLE t; --"_s;
    lock.user = u"u' OR '1'='1"_s;
    lock.pid = 1234567;
    lock.serial = 89;
    lock.classId = 4294967295u;
    lock.objId = 7;
    lock.objSubId = 1;
    lock.sessionStartUs = 1700000000123456;
    return lock;
}

void checkStatement(const Statement &st, int columns)
{
    QCOMPARE(placeholders(st.text()), st.binds().size());
    QVERIFY2(!st.text().contains(u';'), qPrintable(st.text()));
    QVERIFY2(!st.text().contains(u"DROP"_s), qPrintable(st.text())); // values never inlined
    QVERIFY2(!st.text().contains(u"--"_s), qPrintable(st.text()));
    static const QRegularExpression named(u"(?<![:\\w]):[A-Za-z_]"_s);
    QVERIFY2(!named.match(st.text()).hasMatch(), qPrintable(st.text()));
    if (columns > 0)
        QCOMPARE(selectColumns(st.text()), columns);
}

} // namespace

class NativeSqlTest : public QObject
{
    Q_OBJECT

private slots:
    // Every list statement returns the shared columns, binds every value, and is one statement.
    void listStatements_data()
    {
        QTest::addColumn<Statement>("statement");
        QTest::newRow("postgresql 15") << sql::postgresLocks(150000);
        QTest::newRow("postgresql 13") << sql::postgresLocks(130000);
        QTest::newRow("performance_schema") << sql::mysqlPerformanceSchemaLocks();
        QTest::newRow("metadata_lock_info") << sql::mysqlPluginLocks();
        QTest::newRow("is_used_lock") << sql::mysqlNamedLock(hostile().key);
        QTest::newRow("mysql waiters") << sql::mysqlWaiters();
        QTest::newRow("mysql sessions named")
            << sql::mysqlSessionsNamed({hostile().key, hostile().key});
        QTest::newRow("oracle") << sql::oracleLocks();
    }
    void listStatements()
    {
        QFETCH(Statement, statement);
        checkStatement(statement, lockcore::nativecol::ColumnCount);
    }

    // The checks before a kill bind the key, the id and the identity, never inline them.
    void checkStatements()
    {
        const NativeLock lock = hostile();
        for (const Statement &st : {sql::postgresStillHeld(lock), sql::mysqlStillHeld(lock),
                                    sql::oracleStillHeld(lock)})
            checkStatement(st, 3);
        const Statement pg = sql::postgresTerminate(lock, 150000);
        checkStatement(pg, 1);
        QVERIFY(pg.binds().contains(QVariant(lock.sessionStartUs)));
        QVERIFY(pg.text().contains(u"pg_terminate_backend(l.pid, 5000)"_s));
        QVERIFY(pg.text().contains(u"l.pid <> pg_backend_pid()"_s));
        QVERIFY(sql::postgresTerminate(lock, 130000).text().contains(
            u"pg_terminate_backend(l.pid)"_s));
        QVERIFY(!sql::postgresLocks(130000).text().contains(u"waitstart"_s));
        QVERIFY(sql::mysqlStillHeld(lock).binds().contains(QVariant(lock.key)));
    }

    // Oracle: v$lock type UL joined with v$session, bound values, the kill's exact text.
    void oracleText()
    {
        const Statement list = sql::oracleLocks();
        QVERIFY(list.text().contains(u"FROM v$lock l JOIN v$session s ON s.sid = l.sid"_s));
        QVERIFY(list.text().contains(u"WHERE l.type = 'UL'"_s));
        QVERIFY(list.text().contains(u"sys.dbms_lock_allocated"_s));
        QVERIFY(list.text().contains(u"SYSTIMESTAMP"_s));
        QVERIFY(!list.text().contains(u"SYSDATE"_s));
        const NativeLock lock = hostile();
        const Statement check = sql::oracleStillHeld(lock);
        QCOMPARE(check.binds(), (QVariantList{qint64(7), qint64(1234567), qint64(89)}));
        QVERIFY(check.text().contains(u"s.serial# = ?"_s));
        QCOMPARE(sql::oracleKill(1234567, 89),
                 u"ALTER SYSTEM KILL SESSION '1234567,89' IMMEDIATE"_s);
        checkStatement(sql::oracleIdentity(), 3);
        QVERIFY(sql::oracleIdentity().text().endsWith(u" FROM dual"_s));
    }

    void mysqlKillText() { QCOMPARE(sql::mysqlKill(42), u"KILL CONNECTION 42"_s); }

    // Who blocks whom: every statement returns the blockingcol columns from its outer SELECT,
    // in one statement, with nothing inlined.
    void blockingStatements_data()
    {
        QTest::addColumn<Statement>("statement");
        QTest::newRow("postgresql 15") << sql::postgresBlocking(150000);
        QTest::newRow("postgresql 13") << sql::postgresBlocking(130000);
        QTest::newRow("mariadb plugin") << sql::mysqlBlocking(true);
        QTest::newRow("mariadb no plugin") << sql::mysqlBlocking(false);
        QTest::newRow("mysql without PROCESS") << sql::mysqlBlocking(false, false);
        QTest::newRow("mysql 8") << sql::mysqlBlocking(false, true, true);
        QTest::newRow("oracle") << sql::oracleBlocking();
    }
    void blockingStatements()
    {
        QFETCH(Statement, statement);
        checkStatement(statement, 0);
        QCOMPARE(outerColumns(statement.text()), int(lockcore::blockingcol::ColumnCount));
    }

    // The PostgreSQL statements: the waiters from pg_locks (which every role sees), their
    // blockers from pg_blocking_pids; the end of a session checked in the statement itself.
    void postgresBlockingShape()
    {
        const QString text = sql::postgresBlocking(150000).text();
        QVERIFY(text.startsWith(u"WITH w AS ("_s));
        QVERIFY(text.contains(u"pg_blocking_pids(p.pid)"_s));
        QVERIFY(text.contains(u"FROM pg_locks WHERE NOT granted"_s));
        QVERIFY(!text.contains(u"wait_event_type"_s));
        QVERIFY(text.contains(u"l.waitstart"_s));
        QVERIFY(!sql::postgresBlocking(130000).text().contains(u"p.waitstart"_s));
        NativeLock seen = hostile();
        seen.xactStartUs = 1700000000654321;
        for (const auto action : {lockcore::SessionAction::Cancel,
                                  lockcore::SessionAction::Terminate}) {
            const Statement end = sql::postgresEndSession(seen, action, 150000);
            checkStatement(end, 1);
            QCOMPARE(end.binds(), (QVariantList{seen.pid, seen.sessionStartUs, seen.xactStartUs}));
            QVERIFY(end.text().contains(u"a.pid <> pg_backend_pid()"_s));
            QVERIFY(end.text().contains(action == lockcore::SessionAction::Cancel
                                            ? u"pg_cancel_backend(a.pid)"_s
                                            : u"pg_terminate_backend(a.pid, 5000)"_s));
        }
        QVERIFY(sql::postgresEndSession(seen, lockcore::SessionAction::Terminate, 130000)
                    .text()
                    .contains(u"pg_terminate_backend(a.pid)"_s));
        const Statement now = sql::postgresSessionNow(seen.pid);
        checkStatement(now, 8);
        QCOMPARE(now.binds(), QVariantList{seen.pid});
    }

    // The MySQL/MariaDB statements: InnoDB's lock waits, the metadata waits from the
    // processlist (named with the plugin), the check before KILL with the statement id.
    void mysqlBlockingShape()
    {
        const QString plugin = sql::mysqlBlocking(true).text();
        QVERIFY(plugin.contains(u"information_schema.INNODB_LOCK_WAITS"_s));
        QVERIFY(plugin.contains(u"information_schema.METADATA_LOCK_INFO"_s));
        QVERIFY(plugin.contains(u"'idle in transaction'"_s));
        QVERIFY(plugin.contains(u"/*M! , p.QUERY_ID */"_s)); // MariaDB only
        const QString bare = sql::mysqlBlocking(false).text();
        QVERIFY(!bare.contains(u"METADATA_LOCK_INFO"_s));
        QVERIFY(bare.contains(u"'Waiting for table metadata lock'"_s));
        const QString noProcess = sql::mysqlBlocking(false, false).text();
        QVERIFY(!noProcess.contains(u"INNODB_"_s));
        // Without InnoDB's part first, the metadata part names the CTE's columns.
        QVERIFY(noProcess.contains(u"SELECT p.ID AS waiter, NULL AS blocker"_s));
        // MySQL 8 (text only): InnoDB's waits from performance_schema, joined on its columns.
        const QString mysql8 = sql::mysqlBlocking(false, true, true).text();
        QVERIFY(!mysql8.contains(u"INNODB_LOCK_WAITS"_s) && !mysql8.contains(u"INNODB_LOCKS"_s));
        QVERIFY(mysql8.contains(u"FROM performance_schema.data_lock_waits w"_s));
        QVERIFY(mysql8.contains(u"rt.trx_id = w.REQUESTING_ENGINE_TRANSACTION_ID"_s));
        QVERIFY(mysql8.contains(u"bt.trx_id = w.BLOCKING_ENGINE_TRANSACTION_ID"_s));
        QVERIFY(mysql8.contains(u"l.ENGINE_LOCK_ID = w.REQUESTING_ENGINE_LOCK_ID"_s));
        const Statement now = sql::mysqlSessionNow(42);
        checkStatement(now, 8);
        QCOMPARE(now.binds(), QVariantList{qint64(42)});
        QVERIFY(now.text().contains(u"/*M! , p.QUERY_ID */"_s));
        QCOMPARE(sql::mysqlKillQuery(42), u"KILL QUERY 42"_s);
    }

    // Oracle (text only): v$session.blocking_session, the lock requested from v$lock, the
    // session now by sid and serial#, and the cancel's exact text.
    void oracleBlockingText()
    {
        const QString text = sql::oracleBlocking().text();
        QVERIFY(text.contains(u"TO_CHAR(s.blocking_session)"_s));
        QVERIFY(text.contains(u"FROM v$lock l WHERE l.sid = s.sid AND l.request > 0"_s));
        QVERIFY(text.contains(u"v$transaction x WHERE x.addr = s.taddr"_s));
        QVERIFY(text.contains(u"s.sid IN (SELECT w.blocking_session FROM v$session w"_s));
        QVERIFY(text.contains(u"SYSTIMESTAMP"_s));
        QVERIFY(!text.contains(u"SYSDATE"_s));
        const Statement now = sql::oracleSessionNow(1234567, 89);
        checkStatement(now, 8);
        QCOMPARE(now.binds(), (QVariantList{qint64(1234567), qint64(89)}));
        QVERIFY(now.text().contains(u"s.serial# = ?"_s));
        QCOMPARE(sql::oracleCancel(1234567, 89), u"ALTER SYSTEM CANCEL SQL '1234567,89'"_s);
    }

    // Keys as users give them: the bigint, "k1,k2", or classid/objid/objsubid.
    void matchesKey()
    {
        NativeLock lock;
        lock.key = u"-1"_s;
        lock.classId = 4294967295u;
        lock.objId = 4294967295u;
        lock.objSubId = 1;
        QVERIFY(lock.matchesKey(u"-1"_s));
        QVERIFY(lock.matchesKey(u" 4294967295/4294967295/1 "_s));
        QVERIFY(!lock.matchesKey(u"4294967295/4294967295/2"_s));
        QVERIFY(!lock.matchesKey(u"1"_s));
        QVERIFY(!lock.matchesKey(QString()));
    }

    // A MySQL waiter's lock name, read from its GET_LOCK statement.
    void getLockName_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("name");
        QTest::newRow("plain") << u"SELECT GET_LOCK('jobs.nightly', 30)"_s << u"jobs.nightly"_s;
        QTest::newRow("lower, spaces") << u"select get_lock ( 'a b' ,1)"_s << u"a b"_s;
        QTest::newRow("doubled quote") << u"SELECT GET_LOCK('it''s', 1)"_s << u"it's"_s;
        QTest::newRow("backslash") << u"SELECT GET_LOCK('a\\'b', 1)"_s << u"a'b"_s;
        QTest::newRow("double quotes") << u"SELECT GET_LOCK(\"n\", 1)"_s << u"n"_s;
        QTest::newRow("bound") << u"SELECT GET_LOCK(?, ?)"_s << QString();
        QTest::newRow("none") << u"SELECT 1"_s << QString();
    }
    void getLockName()
    {
        QFETCH(QString, sql);
        QFETCH(QString, name);
        QCOMPARE(lockcore::getLockNameFromStatement(sql), name);
    }

    // Waiters are listed under the holder of the same lock; granted rows come first.
    void linkWaiters()
    {
        NativeLock waiter;
        waiter.key = u"a"_s;
        waiter.granted = false;
        waiter.pid = 3;
        NativeLock holder;
        holder.key = u"a"_s;
        holder.pid = 2;
        NativeLock other;
        other.key = u"b"_s;
        other.pid = 4;
        QList<NativeLock> locks{waiter, other, holder};
        lockcore::linkWaiters(locks);
        QCOMPARE(locks.at(0).pid, 2);
        QCOMPARE(locks.at(0).waiters, QList<qint64>{3});
        QCOMPARE(locks.at(1).pid, 4);
        QVERIFY(locks.at(1).waiters.isEmpty());
        QVERIFY(!locks.at(2).granted);
    }

    // What the window asks instead of which database it is: from the URL, before connecting.
    void capabilities_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("supported");
        QTest::addColumn<bool>("namedLocks");
        QTest::addColumn<bool>("canTerminate");
        QTest::newRow("sqlite") << u"sqlite:/tmp/locks.db"_s << false << false << false;
        QTest::newRow("postgresql") << u"postgresql://u@h/d"_s << true << false << true;
        QTest::newRow("mysql") << u"mysql://u@h/d"_s << true << true << true;
        QTest::newRow("oracle") << u"oracle://u@h/s"_s << true << false << true;
        QTest::newRow("odbc: assumed") << u"odbc://dsn"_s << true << false << true;
    }
    void capabilities()
    {
        QFETCH(QString, url);
        QFETCH(bool, supported);
        QFETCH(bool, namedLocks);
        QFETCH(bool, canTerminate);
        const auto spec = lockcore::ConnectionSpec::parse(url);
        QVERIFY2(spec.ok(), qPrintable(url));
        const lockcore::NativeLockCapabilities caps = lockcore::nativeLockCapabilities(*spec);
        QCOMPARE(caps.supported, supported);
        QCOMPARE(caps.namedLocks, namedLocks);
        QCOMPARE(caps.canTerminate, canTerminate);
    }
};

QTEST_GUILESS_MAIN(NativeSqlTest)
#include "tst_nativesql.moc"
