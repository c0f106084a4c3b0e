// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in profile "knex" against the real knex (npm, pinned in
// tests/interop/node/package-lock.json) on each backend (pg, mysql2, better-sqlite3): a
// migration killed with SIGKILL leaves knex's lock set and knex refuses "Migration table is
// already locked"; Lockscope shows it held, refuses a test-acquire, force-releases it with a
// reason, and knex then migrates. While a live migration holds the lock Lockscope shows it held
// and refuses; a lock Lockscope takes holds knex off until Lockscope releases it.

#include "lockctlrun.h"
#include "nodescript.h"
#include "testbackend.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <memory>

using namespace Qt::StringLiterals;
using testsupport::NodeScript;
using testsupport::runLockctl; // on the backend's database (LOCKSCOPE_DB), no terminal
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

constexpr int nodeMs = 15000; // the longest a knex run may take
const QString alreadyLocked = u"Migration table is already locked"_s;

// knex's client for the backend, and what it connects to.
QList<QPair<QString, QString>> knexEnvironment(const QString &table)
{
    const TestBackend &backend = TestBackend::instance();
    const QString client = backend.isPostgres()  ? u"pg"_s
                           : backend.isMariadb() ? u"mysql2"_s
                                                 : u"better-sqlite3"_s;
    QString url = backend.url(); // in the environment, never on a command line
    if (backend.isSqlite())
        url = url.mid(url.indexOf(u':') + 1); // sqlite:FILE
    return {{u"KNEX_CLIENT"_s, client}, {u"KNEX_URL"_s, url}, {u"KNEX_TABLE"_s, table}};
}

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

class InteropKnexTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void killedMigrationIsForceReleased();
    void lockscopeHoldsKnexOff();
    void migrationInItsTransactionIsShownHeld();

private:
    // A migrations table of this run's own (knex's lock table is its name + "_lock").
    QString newMigrationsTable();
    // knex's migrate.latest() to its end (no wait): its exit code; its output in *script.
    int migrate(const QString &table, std::unique_ptr<NodeScript> *script = nullptr);
    Run lockctl(const QString &table, const QStringList &args) const;
    // The one lock of the table as "list --json" has it (knex keeps one row).
    QJsonObject onlyLock(const QString &table) const;

    std::unique_ptr<lockcore::Session> m_session;
    QStringList m_tables; // dropped at the end
};

// `run`: a variable (the macro reads it more than once).
#define VERIFY_EXIT(run, code)                                                                     \
    QVERIFY2((run).finished && (run).exitCode == (code), qPrintable((run).describe()))

void InteropKnexTest::initTestCase()
{
    const QString driver = TestBackend::instance().isPostgres()  ? u"pg"_s
                           : TestBackend::instance().isMariadb() ? u"mysql2"_s
                                                                 : u"better-sqlite3"_s;
    if (const QString missing = NodeScript::missingRuntime({u"knex"_s, driver});
        !missing.isEmpty()) {
        LOCKSCOPE_SKIP_OR_FAIL_INTEROP(missing);
    }
    QString error;
    m_session = TestBackend::instance().open(&error); // also creates the SQLite file
    QVERIFY2(m_session, qPrintable(error));
}

void InteropKnexTest::cleanupTestCase()
{
    if (!m_session)
        return;
    for (const QString &table : std::as_const(m_tables)) {
        for (const QString &suffix : {u""_s, u"_lock"_s, u"_made"_s})
            testsupport::execRaw(*m_session, u"DROP TABLE IF EXISTS "_s + table + suffix);
    }
}

QString InteropKnexTest::newMigrationsTable()
{
    m_tables << u"lsknex%1"_s.arg(QRandomGenerator::global()->generate() & 0xffffff, 0, 36);
    return m_tables.constLast();
}

int InteropKnexTest::migrate(const QString &table, std::unique_ptr<NodeScript> *script)
{
    auto run = std::make_unique<NodeScript>(u"knex-migrate.js"_s, QStringList{},
                                            knexEnvironment(table));
    const int code = run->finish(nodeMs);
    if (script)
        *script = std::move(run);
    else if (code != 0)
        qWarning("knex: %s", qPrintable(run->describe()));
    return code;
}

Run InteropKnexTest::lockctl(const QString &table, const QStringList &args) const
{
    return runLockctl(QStringList{u"--profile"_s, u"knex"_s, u"--table"_s, table + u"_lock"_s}
                      + args);
}

QJsonObject InteropKnexTest::onlyLock(const QString &table) const
{
    const Run run = lockctl(table, {u"list"_s, u"--json"_s});
    const QJsonArray locks = run.json[u"locks"_s].toArray();
    if (run.exitCode != 0 || locks.size() != 1) {
        qWarning("not one lock: %s", qPrintable(run.describe()));
        return {};
    }
    return locks.first().toObject();
}

// A deploy killed mid-migration (a migration outside a transaction, as CREATE INDEX
// CONCURRENTLY or any DDL on MySQL runs): knex's lock stays set and every later migrate.latest()
// refuses. Lockscope shows it held while the migration runs and after the kill, refuses a
// test-acquire both times, force-releases it with a reason, and knex then migrates and frees
// its lock itself.
void InteropKnexTest::killedMigrationIsForceReleased()
{
    const QString table = newMigrationsTable();
    auto environment = knexEnvironment(table);
    environment.append({u"KNEX_WAIT"_s, u"1"_s});
    NodeScript migrating(u"knex-migrate.js"_s, {}, environment);
    QCOMPARE(migrating.nextLine(nodeMs), u"migrating"_s);

    // Held legitimately: a live migration.
    QJsonObject lock = onlyLock(table);
    const QString name = lock[u"name"_s].toString(); // the row knex inserted: its index
    QCOMPARE(lock[u"state"_s].toString(), u"held"_s);
    const Run shown = lockctl(table, {u"show"_s, name, u"--json"_s});
    VERIFY_EXIT(shown, 0);
    QCOMPARE(shown.json[u"lock"_s][u"state"_s].toString(), u"held"_s);
    const Run refusedLive = lockctl(table, {u"acquire"_s, name, u"--json"_s});
    VERIFY_EXIT(refusedLive, 1);
    QCOMPARE(refusedLive.json[u"acquired"_s].toBool(true), false);

    // Stuck: the process is gone, the lock stays, and knex refuses.
    QVERIFY(migrating.killHard());
    lock = onlyLock(table);
    QCOMPARE(lock[u"state"_s].toString(), u"held"_s);
    std::unique_ptr<NodeScript> refusedRun;
    const int refusedCode = migrate(table, &refusedRun);
    QVERIFY2(refusedCode == 2 && refusedRun->errors().contains(alreadyLocked),
             qPrintable(refusedRun->describe()));
    const Run refused = lockctl(table, {u"acquire"_s, name, u"--json"_s});
    VERIFY_EXIT(refused, 1);

    // Force release on what list showed (knex keeps no holder and no time: nothing to expect).
    QStringList release{u"force-release"_s, name, u"--reason"_s,
                        u"deploy 4711 killed mid-migration"_s, u"--json"_s};
    if (!lock[u"holder"_s].isNull())
        release << u"--expect-holder"_s << lock[u"holder"_s].toString();
    if (!lock[u"expect_time"_s].isNull())
        release << u"--expect-time"_s << lock[u"expect_time"_s].toVariant().toString();
    const Run freed = lockctl(table, release);
    VERIFY_EXIT(freed, 0);
    QCOMPARE(freed.json[u"released"_s].toBool(), true);
    QCOMPARE(onlyLock(table)[u"state"_s].toString(), u"free"_s);

    std::unique_ptr<NodeScript> again;
    const int code = migrate(table, &again);
    QVERIFY2(code == 0 && again->output().contains(u"migrated 1"_s),
             qPrintable(again->describe()));
    lock = onlyLock(table); // knex freed its lock itself, on the same row
    QVERIFY2(lock[u"state"_s].toString() == u"free"_s && lock[u"name"_s].toString() == name,
             qPrintable(compact(lock)));
}

// Lockscope's test-acquire is knex's own conditional UPDATE: while Lockscope holds the lock knex
// refuses to migrate, and after Lockscope's release knex migrates.
void InteropKnexTest::lockscopeHoldsKnexOff()
{
    const QString table = newMigrationsTable();
    QCOMPARE(migrate(table), 0); // knex creates its tables and its lock row
    const QString name = onlyLock(table)[u"name"_s].toString();
    QCOMPARE(onlyLock(table)[u"state"_s].toString(), u"free"_s);

    const Run taken = lockctl(table, {u"acquire"_s, name, u"--holder"_s, u"ops"_s, u"--json"_s});
    VERIFY_EXIT(taken, 0);
    std::unique_ptr<NodeScript> refused;
    const int refusedCode = migrate(table, &refused);
    QVERIFY2(refusedCode == 2 && refused->errors().contains(alreadyLocked),
             qPrintable(refused->describe()));

    const Run released = lockctl(table, {u"release"_s, name, u"--holder"_s, u"ops"_s});
    VERIFY_EXIT(released, 0);
    QCOMPARE(migrate(table), 0);
    QCOMPARE(onlyLock(table)[u"state"_s].toString(), u"free"_s);
}

// knex's default: the migrations and its lock in one transaction, so the lock is set but not
// committed while they run. Lockscope shows it held by the migrating session (the row is locked)
// and refuses a test-acquire at once (rather than waiting for the lock timeout and then taking
// the lock knex just freed); killed, the migration rolls back and leaves nothing stuck.
void InteropKnexTest::migrationInItsTransactionIsShownHeld()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no row locks: a transaction that writes locks the whole file");
    const QString table = newMigrationsTable();
    QCOMPARE(migrate(table), 0); // knex's tables and its lock row, committed
    const QString name = onlyLock(table)[u"name"_s].toString();
    auto environment = knexEnvironment(table);
    environment.append({u"KNEX_WAIT"_s, u"1"_s});
    environment.append({u"KNEX_TRANSACTION"_s, u"1"_s});
    NodeScript migrating(u"knex-migrate.js"_s, {}, environment);
    QCOMPARE(migrating.nextLine(nodeMs), u"migrating"_s);

    const QJsonObject lock = onlyLock(table);
    QVERIFY2(lock[u"state"_s].toString() == u"held"_s, qPrintable(compact(lock)));
    if (TestBackend::instance().isPostgres()) // PostgreSQL names the session (the row's xmax)
        QVERIFY2(lock[u"holder"_s].toString().startsWith(u"session "_s),
                 qPrintable(compact(lock)));
    const Run refused = lockctl(table, {u"acquire"_s, name, u"--holder"_s, u"ops"_s, u"--json"_s});
    VERIFY_EXIT(refused, 1);
    QCOMPARE(refused.json[u"acquired"_s].toBool(true), false);
    if (TestBackend::instance().isPostgres()) {
        // Nothing committed to free: the release is ending the session, which it names.
        const Run forced = lockctl(table, {u"force-release"_s, name, u"--reason"_s, u"hung"_s});
        VERIFY_EXIT(forced, 2);
        QVERIFY2(forced.err.contains("lockctl terminate "), qPrintable(forced.describe()));
    }

    QVERIFY(migrating.killHard()); // its transaction rolls back: knex's lock with it
    QTRY_COMPARE_WITH_TIMEOUT(onlyLock(table)[u"state"_s].toString(), u"free"_s, 10000);
    QCOMPARE(migrate(table), 0);
}

LOCKSCOPE_BACKEND_TEST_MAIN(InteropKnexTest)
#include "tst_interop_knex.moc"
