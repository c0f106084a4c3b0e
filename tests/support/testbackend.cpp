// SPDX-License-Identifier: GPL-3.0-or-later
#include "testbackend.h"

#include "sessioninternals.h"

#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace testsupport {

TestBackend &TestBackend::instance()
{
    static TestBackend backend;
    return backend;
}

TestBackend::TestBackend()
{
    m_name = qEnvironmentVariable("LOCKSCOPE_TEST_BACKEND", u"sqlite"_s).trimmed().toLower();
    // Admin actions on applications' tables in a database without Lockscope's event table go
    // to the local audit log ($XDG_STATE_HOME/lockscope/audit.jsonl): this suite's, and its
    // lockctl processes', into its own folder, never into the user's home.
    if (!qEnvironmentVariableIsSet("XDG_STATE_HOME"))
        qputenv("XDG_STATE_HOME", m_dir.filePath(u"state"_s).toLocal8Bit());
    if (m_name == u"sqlite") {
        m_url = u"sqlite:"_s + m_dir.filePath(u"locks.sqlite"_s);
        m_status = Status::Ready;
        return;
    }
    // LOCKSCOPE_TEST_ODBC=1: the same server through its ODBC data source (scripts/lib/odbc.sh
    // sets them up), so the suite runs on Qt's QODBC driver and the database's ODBC driver.
    m_odbc = qEnvironmentVariableIntValue("LOCKSCOPE_TEST_ODBC") == 1;
    const bool pg = m_name == u"postgresql";
    const QByteArray variable = m_odbc ? (pg ? "LOCKSCOPE_TEST_ODBC_POSTGRESQL_URL"
                                             : "LOCKSCOPE_TEST_ODBC_MARIADB_URL")
                                       : (pg ? "LOCKSCOPE_TEST_POSTGRESQL_URL"
                                             : "LOCKSCOPE_TEST_MARIADB_URL");
    if (m_name != u"postgresql" && m_name != u"mariadb") {
        m_status = Status::Required;
        m_explanation = u"unknown backend \"%1\" in LOCKSCOPE_TEST_BACKEND"_s.arg(m_name);
        return;
    }
    m_url = qEnvironmentVariable(variable.constData());
    if (!m_url.isEmpty()) {
        m_status = Status::Ready;
        return;
    }
    // Through ODBC a backend is required only when "odbc" is listed too (scripts/test does).
    const bool require = isRequired(m_name) && (!m_odbc || isRequired(u"odbc"_s));
    m_status = require ? Status::Required : Status::NotConfigured;
    m_explanation = u"%1%2 is not configured (%3 is not set); scripts/test starts it"_s.arg(
        m_name, m_odbc ? u" through ODBC"_s : QString(), QString::fromLatin1(variable));
}

QString TestBackend::displayUrl() const
{
    const auto parsed = ConnectionSpec::parse(m_url);
    return parsed ? parsed->redacted() : u"(unparsable URL)"_s;
}

ConnectionSpec TestBackend::spec() const
{
    return ConnectionSpec::parse(m_url).value();
}

std::unique_ptr<Session> TestBackend::open(QString *error) const
{
    auto parsed = ConnectionSpec::parse(m_url);
    if (!parsed) {
        if (error)
            *error = parsed.error().fullText();
        return nullptr;
    }
    auto session = Session::open(*parsed);
    if (!session) {
        if (error)
            *error = session.error().fullText();
        return nullptr;
    }
    // Tested on this MariaDB (see tests/CMakeLists.txt): 1, what MySQL gets (the upsert +
    // SELECT batch for the acquire, every statement through the Qt driver); 2, what MariaDB
    // before 10.5 gets (the batch, the release through Connector/C).
    const int mysqlBatch = qEnvironmentVariableIntValue("LOCKSCOPE_TEST_MYSQL_BATCH");
    if (mysqlBatch == 1)
        SessionInternals::forceMySqlPath(**session, true);
    else if (mysqlBatch == 2)
        SessionInternals::forceBatchAcquire(**session, true);
    // PostgreSQL through Qt's driver alone (what a build without libpq runs).
    if (qEnvironmentVariableIntValue("LOCKSCOPE_TEST_PG_QT_DRIVER") == 1)
        SessionInternals::forceQtDriver(**session, true);
    return std::move(session).value();
}

QString TestBackend::uniqueTable(const QString &prefix)
{
    return prefix + u'_'
           + QString::number(QRandomGenerator::global()->generate64() & 0xffffffffffULL, 36);
}

bool execRaw(Session &session, const QString &sql, QString *error)
{
    QSqlQuery query(session.database());
    if (query.exec(sql))
        return true;
    if (error)
        *error = query.lastError().text();
    return false;
}

qint64 dbNowUs(Session &session)
{
    QString sql;
    switch (session.dialect().kind()) {
    case Dialect::Kind::SQLite:
        sql = u"SELECT CAST(ROUND((julianday('now') - 2440587.5) * 86400000.0) AS INTEGER) * 1000"_s;
        break;
    case Dialect::Kind::PostgreSQL:
        sql = u"SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000000) AS bigint)"_s;
        break;
    case Dialect::Kind::MySQL:
        sql = u"SELECT CAST(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6)) "
              u"AS SIGNED)"_s;
        break;
    case Dialect::Kind::Oracle:
        return -1;
    }
    QSqlQuery query(session.database());
    if (!query.exec(sql) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

qint64 countRows(Session &session, const QString &table)
{
    QSqlQuery query(session.database());
    if (!query.exec(u"SELECT COUNT(*) FROM "_s + table) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

QStringList rawLockRow(Session &session, const QString &table, const QString &name)
{
    // Through ODBC on MariaDB the name is written in as a literal: Qt 6.4's QODBC would bind it
    // with its terminating NUL, which MariaDB Connector/ODBC keeps ('name\0' matches no row).
    const bool literal = TestBackend::instance().isOdbc()
                         && session.dialect().kind() == Dialect::Kind::MySQL;
    const QString value = literal ? u"_utf8mb4 X'"_s + QString::fromLatin1(name.toUtf8().toHex())
                                        + u'\''
                                  : u"?"_s;
    QSqlQuery query(session.database());
    query.prepare(u"SELECT holder, prev_holder, depth, fence, acquired_at, expires_at, "
                  u"renewed_at, ttl_ms, description FROM "_s
                  + table + u" WHERE name = "_s + value);
    if (!literal)
        query.addBindValue(name);
    QStringList row;
    if (!query.exec()) {
        row << u"error: "_s + query.lastError().text();
        return row;
    }
    if (!query.next())
        return row;
    for (int i = 0; i < 9; ++i)
        row << (query.isNull(i) ? u"NULL"_s : query.value(i).toString());
    return row;
}

bool setSessionTimeZone(Session &session, const QString &zone, QString *error)
{
    switch (session.dialect().kind()) {
    case Dialect::Kind::PostgreSQL:
        return execRaw(session, u"SET TIME ZONE '"_s + zone + u'\'', error);
    case Dialect::Kind::MySQL:
        return execRaw(session, u"SET time_zone = '"_s + zone + u'\'', error);
    default:
        return true; // SQLite has no session time zone; its 'now' is UTC
    }
}

int runBackendSuite(QObject *suite, int argc, char **argv)
{
    const TestBackend &backend = TestBackend::instance();
    switch (backend.status()) {
    case TestBackend::Status::Ready:
        std::printf("Backend: %s (%s)\n", qPrintable(backend.name()),
                    qPrintable(backend.displayUrl()));
        std::fflush(stdout);
        return QTest::qExec(suite, argc, argv);
    case TestBackend::Status::NotConfigured:
        std::printf("SKIPPED: %s\n", qPrintable(backend.explanation()));
        return 77;
    case TestBackend::Status::Required:
        std::fprintf(stderr, "FAIL: %s, but LOCKSCOPE_TEST_REQUIRE lists it\n",
                     qPrintable(backend.explanation()));
        return 1;
    }
    return 1;
}

Result<ConnectionSpec> makeSqliteLocks(const QString &path, const QStringList &names)
{
    auto spec = ConnectionSpec::parse(u"sqlite:"_s + path);
    if (!spec)
        return spec.error();
    auto session = Session::open(*spec);
    if (!session)
        return session.error();
    auto service = LockService::create(**session, u"dist_lock"_s);
    if (!service)
        return service.error();
    if (Status created = service->createSchema(); !created)
        return created.error();
    for (const QString &name : names) {
        auto init = service->initialize(name, 1000, {});
        if (!init)
            return init.error();
    }
    return *spec;
}

bool isRequired(const QString &what)
{
    return qEnvironmentVariable("LOCKSCOPE_TEST_REQUIRE").split(u',').contains(what);
}

} // namespace testsupport
