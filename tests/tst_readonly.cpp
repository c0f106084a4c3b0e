// SPDX-License-Identifier: GPL-3.0-or-later
// Read-only at the lockcore level (issue 7, security): on a read-only session every write path of
// lockcore is refused with Error::Kind::ReadOnly before any SQL is sent, and the tables are
// unchanged; reads work; the database session itself is read-only, so a raw write that slipped
// past lockcore is refused by the server (also after a reconnect). A database user that may
// only read is told so when it writes (issue 35), not that it reached a standby.

#include "testbackend.h"

#include "nativelocks.h"
#include "profile.h"
#include "profiletable.h"
#include "simulator.h"

#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

class ReadOnlyTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void readonlyInTheUrl();
    void lockServiceWritesAreRefusedBeforeAnySql();
    void profileTableWritesAreRefusedBeforeAnySql();
    void terminateAndSimulatorAreRefused();
    void readsWork();
    void serverRefusesARawWrite();
    void serverRefusesARawWriteAfterAReconnect();
    void readOnlyDatabaseUserIsToldItLacksThePrivilege_data();
    void readOnlyDatabaseUserIsToldItLacksThePrivilege();

private:
    QByteArray snapshot(); // a digest of the test's tables, read with the test's own SQL
    void verifyRefused(const Error &error, const QString &what);

    std::unique_ptr<Session> m_writer;
    std::unique_ptr<Session> m_reader; // read-only
    std::optional<LockService> m_locks;  // on m_reader
    QString m_table;
    QString m_appTable;
};

QByteArray ReadOnlyTest::snapshot()
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &table : {m_table, QString(m_table + u"_event"_s), m_appTable}) {
        QSqlQuery query(m_writer->database());
        if (!query.exec(u"SELECT * FROM "_s + table + u" ORDER BY 1"_s))
            return QByteArray("error: " + query.lastError().text().toUtf8());
        while (query.next()) {
            for (int i = 0; i < query.record().count(); ++i)
                hash.addData(QByteArray(query.value(i).toString().toUtf8() + '\x1f'));
            hash.addData("\x1e");
        }
        hash.addData("\x1d");
    }
    return hash.result().toHex();
}

void ReadOnlyTest::verifyRefused(const Error &error, const QString &what)
{
    QVERIFY2(error.kind == Error::Kind::ReadOnly,
             qPrintable(what + u": "_s + Error::kindName(error.kind) + u' ' + error.message));
    QVERIFY2(error.message.contains(u"read-only"_s), qPrintable(error.message));
}

void ReadOnlyTest::initTestCase()
{
    QString error;
    m_writer = TestBackend::instance().open(&error);
    QVERIFY2(m_writer, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"rdonly"_s);
    auto writable = LockService::create(*m_writer, m_table);
    LOCKSCOPE_VERIFY_OK(writable);
    writable->setEventLevel(LockService::EventLevel::All);
    const Status created = writable->createSchema();
    LOCKSCOPE_VERIFY_OK(created);
    QVERIFY(writable->initialize(u"free"_s, 60000, u"stays free"_s)->created);
    QVERIFY(writable->acquire(u"held"_s, u"alice"_s, 600000)->acquired);

    // A ShedLock table (an application's own table, read through its profile).
    m_appTable = TestBackend::uniqueTable(u"rdshed"_s);
    const Dialect::Kind kind = m_writer->dialect().kind();
    const QString time = kind == Dialect::Kind::PostgreSQL ? u"TIMESTAMP"_s
                         : kind == Dialect::Kind::MySQL    ? u"TIMESTAMP(3)"_s
                                                           : u"TEXT"_s;
    QVERIFY(testsupport::execRaw(*m_writer, u"CREATE TABLE "_s + m_appTable
                                                + u" (name VARCHAR(64) NOT NULL, lock_until "_s
                                                + time + u" NOT NULL, locked_at "_s + time
                                                + u" NOT NULL, locked_by VARCHAR(255) NOT NULL,"
                                                  u" PRIMARY KEY (name))"_s));
    QVERIFY(testsupport::execRaw(*m_writer,
                                 u"INSERT INTO "_s + m_appTable
                                     + u" VALUES ('job', '2037-01-01 00:00:00.000',"
                                       u" '2020-01-01 00:00:00.000', 'bob')"_s));

    SessionOptions options;
    options.readOnly = true;
    auto reader = Session::open(TestBackend::instance().spec(), options);
    LOCKSCOPE_VERIFY_OK(reader);
    m_reader = std::move(reader).value();
    QVERIFY(m_reader->isReadOnly());
    QVERIFY(m_reader->spec().readOnly);
    auto locks = LockService::create(*m_reader, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    m_locks.emplace(std::move(locks).value());
    m_locks->setEventLevel(LockService::EventLevel::All);
}

void ReadOnlyTest::cleanupTestCase()
{
    m_locks.reset();
    m_reader.reset();
    if (m_writer) {
        testsupport::execRaw(*m_writer, u"DROP TABLE "_s + m_table + u"_event"_s);
        testsupport::execRaw(*m_writer, u"DROP TABLE "_s + m_table);
        testsupport::execRaw(*m_writer, u"DROP TABLE "_s + m_appTable);
    }
}

// "readonly=1" in a server URL makes the spec (and every session opened from it) read-only;
// the redacted URL keeps it; a bad value is a clear error.
void ReadOnlyTest::readonlyInTheUrl()
{
    auto plain = ConnectionSpec::parse(u"postgresql://u:secret@h/db"_s);
    LOCKSCOPE_VERIFY_OK(plain);
    QVERIFY(!plain->readOnly);
    for (const QString &flag : {u"1"_s, u"true"_s}) {
        auto ro = ConnectionSpec::parse(u"postgresql://u:secret@h/db?sslmode=disable&readonly="_s
                                        + flag);
        LOCKSCOPE_VERIFY_OK(ro);
        QVERIFY(ro->readOnly);
        QVERIFY(!ro->options.contains(u"readonly"_s)); // not passed to the driver
        QCOMPARE(ro->redacted(), u"postgresql://u@h/db?readonly=1"_s);
        auto again = ConnectionSpec::parse(ro->redacted());
        LOCKSCOPE_VERIFY_OK(again);
        QVERIFY(again->readOnly);
    }
    auto off = ConnectionSpec::parse(u"mysql://u@h/db?readonly=0"_s);
    LOCKSCOPE_VERIFY_OK(off);
    QVERIFY(!off->readOnly);
    auto bad = ConnectionSpec::parse(u"mysql://u:secret@h/db?readonly=yes"_s);
    QVERIFY(!bad);
    QCOMPARE(bad.error().kind, Error::Kind::InvalidInput);
    QVERIFY2(bad.error().message.contains(u"readonly"_s), qPrintable(bad.error().message));
    QVERIFY(!bad.error().message.contains(u"secret"_s));

    if (TestBackend::instance().isSqlite())
        return;
    // A session opened from such a URL is read-only without any SessionOptions.
    auto url = ConnectionSpec::parse(TestBackend::instance().url() + u"?readonly=1"_s);
    LOCKSCOPE_VERIFY_OK(url);
    auto session = Session::open(*url);
    LOCKSCOPE_VERIFY_OK(session);
    QVERIFY((*session)->isReadOnly());
    auto service = LockService::create(**session, m_table);
    LOCKSCOPE_VERIFY_OK(service);
    auto grant = service->acquire(u"free"_s, u"mallory"_s, 1000);
    QVERIFY(!grant);
    verifyRefused(grant.error(), u"acquire via readonly=1"_s);
}

// Every write of LockService on a read-only session: Error::Kind::ReadOnly, no round trip,
// nothing changed.
void ReadOnlyTest::lockServiceWritesAreRefusedBeforeAnySql()
{
    const QByteArray before = snapshot();
    const quint64 trips = m_reader->roundTrips();
    auto errorOf = [](const auto &result) {
        return result.ok() ? Error{Error::Kind::Database, u"accepted"_s, {}, {}} : result.error();
    };
    auto held = m_locks->lock(u"held"_s);
    LOCKSCOPE_VERIFY_OK(held);
    QVERIFY(held->has_value());
    const qint64 fence = (*held)->fence;
    const quint64 tripsAfterRead = m_reader->roundTrips();
    QVERIFY(tripsAfterRead > trips); // the read did reach the server
    const QList<QPair<QString, Error>> errors = {
        {u"acquire"_s, errorOf(m_locks->acquire(u"free"_s, u"mallory"_s, 1000))},
        {u"acquire new"_s, errorOf(m_locks->acquire(u"new"_s, u"mallory"_s, 1000))},
        {u"acquireWithWait"_s,
         errorOf(m_locks->acquireWithWait(u"free"_s, u"mallory"_s, 1000, RetryPolicy{}))},
        {u"renew"_s, errorOf(m_locks->renew(u"held"_s, u"alice"_s, fence, 1000))},
        {u"release"_s, errorOf(m_locks->release(u"held"_s, u"alice"_s, fence))},
        {u"forceRelease"_s, errorOf(m_locks->forceRelease(u"held"_s, fence, u"why"_s))},
        {u"initialize"_s, errorOf(m_locks->initialize(u"other"_s, 1000, {}))},
        {u"remove"_s, errorOf(m_locks->remove(u"free"_s))},
    };
    for (const auto &[what, error] : errors)
        verifyRefused(error, what);
    const Status schema = m_locks->createSchema();
    QVERIFY(!schema);
    verifyRefused(schema.error(), u"createSchema"_s);
    const Status ddl = m_reader->runDdl(u"DROP TABLE "_s + m_table);
    QVERIFY(!ddl);
    verifyRefused(ddl.error(), u"runDdl"_s);
    QCOMPARE(m_reader->roundTrips(), tripsAfterRead); // nothing reached the server
    QCOMPARE(snapshot(), before);
    auto still = m_locks->lock(u"held"_s);
    LOCKSCOPE_VERIFY_OK(still);
    QCOMPARE((*still)->holder, u"alice"_s);
    QCOMPARE((*still)->fence, fence);
}

// The same for an application's table through its profile.
void ReadOnlyTest::profileTableWritesAreRefusedBeforeAnySql()
{
    auto table = ProfileTable::open(*m_reader, *Profile::builtIn(u"shedlock"_s), m_appTable);
    LOCKSCOPE_VERIFY_OK(table);
    auto job = table->lock(u"job"_s);
    LOCKSCOPE_VERIFY_OK(job);
    QVERIFY(job->has_value());
    QCOMPARE((*job)->holder, u"bob"_s);
    const QByteArray before = snapshot();
    const quint64 trips = m_reader->roundTrips();
    auto acquired = table->acquire(u"other"_s, u"mallory"_s, 1000);
    QVERIFY(!acquired);
    verifyRefused(acquired.error(), u"profile acquire"_s);
    auto released = table->release(u"job"_s, u"bob"_s);
    QVERIFY(!released);
    verifyRefused(released.error(), u"profile release"_s);
    auto forced = table->forceRelease(u"job"_s, u"bob"_s, (*job)->seenTimeMs);
    QVERIFY(!forced);
    verifyRefused(forced.error(), u"profile forceRelease"_s);
    auto init = table->initialize(u"x"_s, u"bob"_s);
    QVERIFY(!init);
    verifyRefused(init.error(), u"profile initialize"_s);
    QCOMPARE(m_reader->roundTrips(), trips);
    QCOMPARE(snapshot(), before);
}

// Terminating a session that holds a native lock, and the simulator (which writes its
// tables), are refused on a read-only session before anything is sent.
void ReadOnlyTest::terminateAndSimulatorAreRefused()
{
    const QByteArray before = snapshot();
    const quint64 trips = m_reader->roundTrips();
    NativeLockReader reader(*m_reader);
    NativeLock someone;
    someone.key = u"42"_s;
    someone.pid = 1;
    auto terminated = reader.terminate(someone);
    QVERIFY(!terminated);
    verifyRefused(terminated.error(), u"terminate"_s);
    QCOMPARE(m_reader->roundTrips(), trips);

    locksim::SimSettings settings;
    settings.table = TestBackend::uniqueTable(u"rdsim"_s);
    settings.clients = 1;
    settings.locks = 1;
    ConnectionSpec spec = TestBackend::instance().spec();
    spec.readOnly = true;
    locksim::Simulator simulator(spec, settings);
    const Status prepared = simulator.prepare();
    QVERIFY(!prepared);
    verifyRefused(prepared.error(), u"simulator prepare"_s);
    std::atomic_bool stop{false};
    auto report = simulator.run(stop, {});
    QVERIFY(!report);
    verifyRefused(report.error(), u"simulator run"_s);
    QCOMPARE(snapshot(), before);
    QCOMPARE(testsupport::countRows(*m_writer, settings.table), qint64(-1)); // never created
}

// Reads work on a read-only session.
void ReadOnlyTest::readsWork()
{
    auto all = m_locks->list();
    LOCKSCOPE_VERIFY_OK(all);
    QCOMPARE(all->size(), 2);
    auto held = m_locks->lock(u"held"_s);
    LOCKSCOPE_VERIFY_OK(held);
    QCOMPARE((*held)->holder, u"alice"_s);
    auto history = m_locks->history(u"held"_s);
    LOCKSCOPE_VERIFY_OK(history);
    QVERIFY(!history->isEmpty());
    auto clock = m_locks->clock();
    LOCKSCOPE_VERIFY_OK(clock);
    QVERIFY(clock->dbNow.isValid());
}

// A write sent around lockcore on the read-only session's own connection is refused by the
// database itself (PostgreSQL, MariaDB: the session's transactions are read-only; SQLite: the
// file is opened read-only).
void ReadOnlyTest::serverRefusesARawWrite()
{
    const QByteArray before = snapshot();
    QSqlQuery query(m_reader->database());
    QVERIFY2(!query.exec(u"DELETE FROM "_s + m_table), "the server accepted a write");
    QVERIFY(!query.exec(u"UPDATE "_s + m_appTable + u" SET locked_by = 'mallory'"_s));
    QCOMPARE(snapshot(), before);
    QVERIFY(m_locks->list()); // the session still works
}

// The setting is re-applied when a lost connection is reopened.
void ReadOnlyTest::serverRefusesARawWriteAfterAReconnect()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server connection to lose");
    const bool pg = TestBackend::instance().isPostgres();
    QSqlQuery id(m_reader->database());
    QVERIFY(id.exec(pg ? u"SELECT pg_backend_pid()"_s : u"SELECT CONNECTION_ID()"_s));
    QVERIFY(id.next());
    const qint64 pid = id.value(0).toLongLong();
    id.finish();
    QVERIFY(testsupport::execRaw(*m_writer, pg ? u"SELECT pg_terminate_backend(%1)"_s.arg(pid)
                                               : u"KILL %1"_s.arg(pid)));
    // The first statement finds the connection lost; the next one reopens it.
    auto lost = m_locks->list();
    if (!lost)
        QCOMPARE(lost.error().kind, Error::Kind::ConnectionLost);
    auto reopened = m_locks->list();
    LOCKSCOPE_VERIFY_OK(reopened);
    QSqlQuery again(m_reader->database());
    QVERIFY(again.exec(pg ? u"SELECT pg_backend_pid()"_s : u"SELECT CONNECTION_ID()"_s));
    QVERIFY(again.next());
    QVERIFY(again.value(0).toLongLong() != pid); // a new connection
    const QByteArray before = snapshot();
    QVERIFY2(!again.exec(u"DELETE FROM "_s + m_table), "the reopened session accepted a write");
    QCOMPARE(snapshot(), before);
}

// A PostgreSQL user that may only read, on a writable lockcore session: docs/monitoring.md's
// (SELECT on both tables, and sessions read-only by default_transaction_read_only, which the
// server answers as it answers a write on a standby, 25006), and one with SELECT only (42501).
// Acquire, initialize and force-release are refused as lacking the privilege
// (Error::Kind::PermissionDenied, naming the user; it was "takes no writes now (a standby, ...)
// Connect to the primary" for the first), reads work, nothing changed. (MariaDB's refusal names
// the command, the user and the table itself.)
void ReadOnlyTest::readOnlyDatabaseUserIsToldItLacksThePrivilege_data()
{
    QTest::addColumn<bool>("readOnlySessions");
    QTest::addColumn<QString>("code");
    QTest::newRow("docs/monitoring.md's user") << true << u"25006"_s;
    QTest::newRow("SELECT only") << false << u"42501"_s;
}

void ReadOnlyTest::readOnlyDatabaseUserIsToldItLacksThePrivilege()
{
    QFETCH(bool, readOnlySessions);
    QFETCH(QString, code);
    if (!TestBackend::instance().isPostgres())
        QSKIP("PostgreSQL's read-only user (MariaDB's refusal already names the privilege)");
    const QString role = u"lsro_%1_%2"_s.arg(QCoreApplication::applicationPid()).arg(
        QRandomGenerator::global()->bounded(1000000));
    const QString password = u"ro-%1"_s.arg(QRandomGenerator::global()->generate64(), 0, 16);
    QStringList setup{u"CREATE ROLE %1 LOGIN PASSWORD '%2'"_s.arg(role, password),
                      u"GRANT USAGE ON SCHEMA public TO %1"_s.arg(role),
                      u"GRANT SELECT ON %1, %1_event TO %2"_s.arg(m_table, role)};
    if (readOnlySessions)
        setup << u"ALTER ROLE %1 SET default_transaction_read_only = on"_s.arg(role);
    const auto dropRole = qScopeGuard([&] {
        testsupport::execRaw(*m_writer, u"DROP OWNED BY "_s + role);
        testsupport::execRaw(*m_writer, u"DROP ROLE "_s + role);
    });
    for (const QString &sql : std::as_const(setup)) {
        QString error;
        QVERIFY2(testsupport::execRaw(*m_writer, sql, &error), qPrintable(error));
    }
    ConnectionSpec spec = TestBackend::instance().spec();
    spec.user = role;
    spec.password = password;
    auto session = Session::open(spec);
    LOCKSCOPE_VERIFY_OK(session);
    QVERIFY(!(*session)->isReadOnly()); // lockcore sends the writes: the server refuses them
    auto locks = LockService::create(**session, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    const auto read = locks->list(); // it may read
    LOCKSCOPE_VERIFY_OK(read);

    auto held = locks->lock(u"held"_s);
    LOCKSCOPE_VERIFY_OK(held);
    QVERIFY(held->has_value());
    const QByteArray before = snapshot();
    auto errorOf = [](const auto &result) {
        return result.ok() ? Error{Error::Kind::Database, u"accepted"_s, {}, {}} : result.error();
    };
    const QList<QPair<QString, Error>> refusals = {
        {u"acquire"_s, errorOf(locks->acquire(u"free"_s, u"reader"_s, 1000))},
        {u"initialize"_s, errorOf(locks->initialize(u"made.by.reader"_s, 1000, {}))},
        {u"force release"_s, errorOf(locks->forceRelease(u"held"_s, (*held)->fence,
                                                          u"reader"_s))},
    };
    for (const auto &[what, error] : refusals) {
        const QString context = what + u": "_s + Error::kindName(error.kind) + u' '
                                + error.message;
        QVERIFY2(Error::kindName(error.kind) == u"permission_denied"_s, qPrintable(context));
        QCOMPARE(error.nativeCode, code);
        QVERIFY2(error.message.contains(u"privilege"_s), qPrintable(context));
        QVERIFY2(error.message.contains(u"User \"%1\""_s.arg(role)), qPrintable(context));
        QVERIFY2(!error.message.contains(u"standby"_s), qPrintable(context));
        QVERIFY2(!error.message.contains(u"primary"_s), qPrintable(context));
        if (readOnlySessions)
            QVERIFY2(error.message.contains(u"default_transaction_read_only"_s),
                     qPrintable(context));
        else // the server's own words name the table
            QVERIFY2(error.message.contains(m_table), qPrintable(context));
        QVERIFY2(!error.message.contains(password), qPrintable(context));
    }
    QCOMPARE(snapshot(), before);
    const auto readAgain = locks->list(); // and it still reads
    LOCKSCOPE_VERIFY_OK(readAgain);
}

int main(int argc, char **argv)
{
    ReadOnlyTest suite;
    return testsupport::runBackendSuite(&suite, argc, argv);
}

#include "tst_readonly.moc"
