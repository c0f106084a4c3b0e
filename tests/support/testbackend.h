// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockservice.h"
#include "session.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

namespace testsupport {

// The backend a database suite runs on, from LOCKSCOPE_TEST_BACKEND (sqlite | postgresql |
// mariadb) and, for servers, LOCKSCOPE_TEST_POSTGRESQL_URL / LOCKSCOPE_TEST_MARIADB_URL, or with
// LOCKSCOPE_TEST_ODBC=1 the same server through ODBC, LOCKSCOPE_TEST_ODBC_POSTGRESQL_URL /
// LOCKSCOPE_TEST_ODBC_MARIADB_URL (odbc://user:password@DSN).
class TestBackend
{
public:
    enum class Status { Ready, NotConfigured, Required };

    static TestBackend &instance();
    Status status() const { return m_status; }
    QString name() const { return m_name; }
    QString url() const { return m_url; }             // contains the password: never print
    QString displayUrl() const;                       // redacted
    lockcore::ConnectionSpec spec() const;
    QString explanation() const { return m_explanation; }

    // A new session (QVERIFY-style failure message in *error).
    std::unique_ptr<lockcore::Session> open(QString *error = nullptr) const;
    // A table name no other test uses.
    static QString uniqueTable(const QString &prefix);

    bool isSqlite() const { return m_name == QLatin1String("sqlite"); }
    bool isPostgres() const { return m_name == QLatin1String("postgresql"); }
    bool isMariadb() const { return m_name == QLatin1String("mariadb"); }
    // Reached through ODBC (QODBC): a case the ODBC driver cannot run skips only here.
    bool isOdbc() const { return m_odbc; }

private:
    TestBackend();
    Status m_status = Status::NotConfigured;
    QString m_name;
    QString m_url;
    QString m_explanation;
    bool m_odbc = false;
    QTemporaryDir m_dir;
};

// The database clock in microseconds (SQLite: milliseconds * 1000), read with the test's own
// SQL, independently of lockcore.
qint64 dbNowUs(lockcore::Session &session);
// Runs SQL written by the test itself; fails the test on error.
bool execRaw(lockcore::Session &session, const QString &sql, QString *error = nullptr);
// Number of rows in a table, read with the test's own SQL (-1 on error).
qint64 countRows(lockcore::Session &session, const QString &table);
// The stored columns of one lock row as text (empty list: no such row), read with the test's
// own SQL, to prove that an operation changed nothing.
QStringList rawLockRow(lockcore::Session &session, const QString &table, const QString &name);
// Sets the session's time zone (PostgreSQL, MariaDB) to a named zone like "Pacific/Kiritimati"
// (MariaDB takes numeric offsets only up to +13:00; scripts/test loads its zone tables).
bool setSessionTimeZone(lockcore::Session &session, const QString &zone, QString *error);

// The error text of a failed Result, empty for a success (QVERIFY2 evaluates its message even
// when the check passes, so it must not call error() on a success).
template<typename R>
QString errorText(const R &result)
{
    return result.ok() ? QString() : result.error().fullText();
}

// main(): selects the backend; exits 77 (ctest: skipped) when it is not configured, fails when
// LOCKSCOPE_TEST_REQUIRE names it.
int runBackendSuite(QObject *suite, int argc, char **argv);

// A SQLite file at `path` with the native lock table dist_lock holding the free locks `names`
// (another database for a window or monitor to open). Returns its spec, or an error.
lockcore::Result<lockcore::ConnectionSpec> makeSqliteLocks(const QString &path,
                                                           const QStringList &names);

// LOCKSCOPE_TEST_REQUIRE lists `what` (scripts/test: "interop"): a missing runtime fails.
bool isRequired(const QString &what);

} // namespace testsupport

// A real library's runtime is missing (`missing` says what): the test fails when
// LOCKSCOPE_TEST_REQUIRE lists interop (scripts/test installs them all), else it is skipped.
#define LOCKSCOPE_SKIP_OR_FAIL_INTEROP(missing)                                                   \
    do {                                                                                           \
        if (testsupport::isRequired(QStringLiteral("interop")))                                    \
            QFAIL(qPrintable((missing) + QStringLiteral(", but LOCKSCOPE_TEST_REQUIRE lists "     \
                                                        "interop")));                              \
        QSKIP(qPrintable(missing));                                                                \
    } while (false)

// Fails the test with the library's own error message unless `result` holds a value.
#define LOCKSCOPE_VERIFY_OK(result)                                                               \
    QVERIFY2((result).ok(), qPrintable(testsupport::errorText(result)))

#define LOCKSCOPE_BACKEND_TEST_MAIN(TestClass)                                                    \
    int main(int argc, char **argv)                                                                \
    {                                                                                              \
        QCoreApplication app(argc, argv);                                                          \
        TestClass suite;                                                                           \
        return testsupport::runBackendSuite(&suite, argc, argv);                                   \
    }
