// SPDX-License-Identifier: GPL-3.0-or-later
// Unit tests for lockcore::ConnectionSpec: URL parsing, redaction and driver connect options.
// No database is opened.

#include "connectionspec.h"
#include "hidepassword.h"
#include "mysqltlsmode.h"

#include <QRandomGenerator>
#include <QtTest>

using namespace Qt::StringLiterals;
using lockcore::ConnectionSpec;
using lockcore::Error;
using Backend = ConnectionSpec::Backend;

namespace {

// "key=value" pairs as a sorted list, so that QCOMPARE prints a readable difference.
QStringList optionList(const QMap<QString, QString> &options)
{
    QStringList out;
    for (auto it = options.cbegin(); it != options.cend(); ++it)
        out << it.key() + u'=' + it.value();
    return out;
}

struct ParsedOptions
{
    bool ok = true;
    QString problem;
    QStringList keys; // in order, duplicates kept
    QMap<QString, QString> values;
};

// How libpq reads the connect string QPSQL builds: QPSQLDriver::open() replaces every ';' of the
// connect options by a space and appends the result to "host='..' dbname='..' ..." as is, so the
// options must be valid libpq conninfo: key = value, where a value is a single word or a
// '-quoted string with \' and \\ escapes.
ParsedOptions parseAsLibpq(QString text)
{
    text.replace(u';', u' ');
    ParsedOptions out;
    qsizetype i = 0;
    const qsizetype n = text.size();
    const auto skipSpace = [&] {
        while (i < n && text.at(i).isSpace())
            ++i;
    };
    while (true) {
        skipSpace();
        if (i >= n)
            break;
        QString key;
        while (i < n && text.at(i) != u'=' && !text.at(i).isSpace())
            key += text.at(i++);
        skipSpace();
        if (i >= n || text.at(i) != u'=') {
            out.ok = false;
            out.problem = u"missing \"=\" after \""_s + key + u'"';
            return out;
        }
        ++i;
        skipSpace();
        QString value;
        if (i < n && text.at(i) == u'\'') {
            ++i;
            bool closed = false;
            while (i < n) {
                const QChar c = text.at(i++);
                if (c == u'\\' && i < n) {
                    value += text.at(i++);
                } else if (c == u'\'') {
                    closed = true;
                    break;
                } else {
                    value += c;
                }
            }
            if (!closed) {
                out.ok = false;
                out.problem = u"unterminated quoted string"_s;
                return out;
            }
        } else {
            while (i < n && !text.at(i).isSpace()) {
                const QChar c = text.at(i++);
                if (c == u'\\' && i < n)
                    value += text.at(i++);
                else
                    value += c;
            }
        }
        out.keys << key;
        out.values.insert(key, value);
    }
    return out;
}

// How QMYSQLDriver::open() reads its connect options: split at ';', each "KEY=value" (both
// trimmed) or a bare flag such as CLIENT_FOUND_ROWS.
ParsedOptions parseAsQtMysql(const QString &text)
{
    ParsedOptions out;
    for (const QString &option : text.split(u';', Qt::SkipEmptyParts)) {
        const QString trimmed = option.trimmed();
        const qsizetype eq = trimmed.indexOf(u'=');
        const QString key = eq < 0 ? trimmed : trimmed.left(eq).trimmed();
        const QString value = eq < 0 ? u"<flag>"_s : trimmed.mid(eq + 1).trimmed();
        out.keys << key;
        out.values.insert(key, value);
    }
    return out;
}

// Key=value pairs of QSQLITE's connect options (separated by ';').
ParsedOptions parseAsQtSqlite(const QString &text)
{
    return parseAsQtMysql(text);
}

// For failure messages (QVERIFY2 evaluates its message even when the check passes).
QString describe(const lockcore::Result<ConnectionSpec> &parsed)
{
    return parsed.ok() ? u"accepted as "_s + parsed->redacted()
                       : u"rejected: "_s + parsed.error().message;
}

} // namespace

class TestConnectionSpec : public QObject
{
    Q_OBJECT

private slots:
    void hidesPasswordsInArguments_data();
    void hidesPasswordsInArguments();
    void parsesValidUrls_data();
    void parsesValidUrls();
    void parsesSeveralPostgresHosts_data();
    void parsesSeveralPostgresHosts();
    void targetSessionAttrsTakesLibpqsValues_data();
    void targetSessionAttrsTakesLibpqsValues();
    void rejectsGarbledUrls_data();
    void rejectsGarbledUrls();
    void errorsNeverContainThePassword_data();
    void errorsNeverContainThePassword();
    void survivesRandomInput();
    void redactedHidesOnlyThePassword_data();
    void redactedHidesOnlyThePassword();
    void redactedParsesBackToTheSameTarget_data();
    void redactedParsesBackToTheSameTarget();
    void connectOptions_data();
    void connectOptions();
    void mysqlTlsModeFollowsTheUrl_data();
    void mysqlTlsModeFollowsTheUrl();
    void refusesRepeatedOrContradictoryTls_data();
    void refusesRepeatedOrContradictoryTls();
    void aCaAsksForVerification_data();
    void aCaAsksForVerification();
    void onlySchemeErrorsListTheSchemes_data();
    void onlySchemeErrorsListTheSchemes();
};

void TestConnectionSpec::parsesValidUrls_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<int>("backend");
    QTest::addColumn<QString>("driver");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("database");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("password");
    QTest::addColumn<bool>("passwordFromUrl");
    QTest::addColumn<QStringList>("options");

    const auto sqlite = [](const char *tag, const QString &url, const QString &path) {
        QTest::newRow(tag) << url << int(Backend::SQLite) << u"QSQLITE"_s << path << QString()
                           << 0 << QString() << QString() << QString() << false << QStringList();
    };
    sqlite("sqlite relative", u"sqlite:locks.db"_s, u"locks.db"_s);
    sqlite("sqlite relative subdir", u"sqlite:data/locks.db"_s, u"data/locks.db"_s);
    sqlite("sqlite absolute", u"sqlite:/var/lib/lockscope/locks.db"_s,
           u"/var/lib/lockscope/locks.db"_s);
    sqlite("sqlite triple slash", u"sqlite:///var/lib/locks.db"_s, u"/var/lib/locks.db"_s);
    sqlite("sqlite3 scheme", u"sqlite3:/tmp/x.db"_s, u"/tmp/x.db"_s);
    sqlite("sqlite scheme case", u"SQLite:/tmp/x.db"_s, u"/tmp/x.db"_s);
    sqlite("sqlite memory", u"sqlite::memory:"_s, u":memory:"_s);
    sqlite("sqlite literal space", u"sqlite:/tmp/my locks.db"_s, u"/tmp/my locks.db"_s);
    sqlite("sqlite encoded space and percent", u"sqlite:/tmp/my%20locks%25.db"_s,
           u"/tmp/my locks%.db"_s);
    sqlite("sqlite encoded utf8", u"sqlite:/tmp/l%C3%A5s.db"_s, u"/tmp/l\u00e5s.db"_s);
    sqlite("sqlite raw utf8", u"sqlite:/tmp/\u00e5\u6f22\u5b57.db"_s, u"/tmp/\u00e5\u6f22\u5b57.db"_s);
    sqlite("sqlite quote in file name", u"sqlite:/tmp/it's.db"_s, u"/tmp/it's.db"_s);
    sqlite("sqlite surrounding blanks", u"  sqlite:/tmp/x.db  "_s, u"/tmp/x.db"_s);

    const auto server = [](const char *tag, const QString &url, Backend backend,
                           const QString &driver, const QString &host, int port,
                           const QString &database, const QString &user, const QString &password,
                           bool fromUrl, const QStringList &options = {}) {
        QTest::newRow(tag) << url << int(backend) << driver << QString() << host << port
                           << database << user << password << fromUrl << options;
    };
    server("postgresql full", u"postgresql://alice:s3cret@db.example.com:5432/locks"_s,
           Backend::PostgreSQL, u"QPSQL"_s, u"db.example.com"_s, 5432, u"locks"_s, u"alice"_s,
           u"s3cret"_s, true);
    server("postgres alias", u"postgres://bob@db:6543/app"_s, Backend::PostgreSQL, u"QPSQL"_s,
           u"db"_s, 6543, u"app"_s, u"bob"_s, QString(), false);
    server("pgsql alias", u"pgsql://bob@db/app"_s, Backend::PostgreSQL, u"QPSQL"_s, u"db"_s, 0,
           u"app"_s, u"bob"_s, QString(), false);
    server("postgresql default port", u"postgresql://bob@db.internal/app"_s,
           Backend::PostgreSQL, u"QPSQL"_s, u"db.internal"_s, 0, u"app"_s, u"bob"_s, QString(),
           false);
    server("postgresql empty port", u"postgresql://bob@db:/app"_s, Backend::PostgreSQL,
           u"QPSQL"_s, u"db"_s, 0, u"app"_s, u"bob"_s, QString(), false);
    server("postgresql no user", u"postgresql://db.example.com/app"_s, Backend::PostgreSQL,
           u"QPSQL"_s, u"db.example.com"_s, 0, u"app"_s, QString(), QString(), false);
    server("postgresql no database", u"postgresql://u@h"_s, Backend::PostgreSQL, u"QPSQL"_s,
           u"h"_s, 0, QString(), u"u"_s, QString(), false);
    server("postgresql scheme case", u"PostgreSQL://u@h/db"_s, Backend::PostgreSQL, u"QPSQL"_s,
           u"h"_s, 0, u"db"_s, u"u"_s, QString(), false);
    server("postgresql max port", u"postgresql://u@h:65535/db"_s, Backend::PostgreSQL,
           u"QPSQL"_s, u"h"_s, 65535, u"db"_s, u"u"_s, QString(), false);
    server("postgresql port 1", u"postgresql://u@h:1/db"_s, Backend::PostgreSQL, u"QPSQL"_s,
           u"h"_s, 1, u"db"_s, u"u"_s, QString(), false);
    server("mysql", u"mysql://root:pw@127.0.0.1:3306/locks"_s, Backend::MySQL, u"QMYSQL"_s,
           u"127.0.0.1"_s, 3306, u"locks"_s, u"root"_s, u"pw"_s, true);
    server("mariadb alias", u"mariadb://u@mariadb.local/locks"_s, Backend::MySQL, u"QMYSQL"_s,
           u"mariadb.local"_s, 0, u"locks"_s, u"u"_s, QString(), false);
    server("oracle", u"oracle://scott@orahost:1521/ORCLPDB1.localdomain"_s, Backend::Oracle,
           u"QOCI"_s, u"orahost"_s, 1521, u"ORCLPDB1.localdomain"_s, u"scott"_s, QString(),
           false);
    server("oci alias", u"oci://scott:tiger@orahost/XE"_s, Backend::Oracle, u"QOCI"_s,
           u"orahost"_s, 0, u"XE"_s, u"scott"_s, u"tiger"_s, true);
    // The DSN is the URL's host part; QUrl folds host names to lower case (ODBC data source
    // names are looked up case-insensitively by unixODBC and Windows).
    server("odbc", u"odbc://locks_dsn"_s, Backend::ODBC, u"QODBC"_s, QString(), 0,
           u"locks_dsn"_s, QString(), QString(), false);
    server("odbc with credentials", u"odbc://u:pw@locks_dsn"_s, Backend::ODBC, u"QODBC"_s,
           QString(), 0, u"locks_dsn"_s, u"u"_s, u"pw"_s, true);
    server("ipv6 loopback", u"postgresql://u@[::1]:5432/db"_s, Backend::PostgreSQL, u"QPSQL"_s,
           u"::1"_s, 5432, u"db"_s, u"u"_s, QString(), false);
    server("ipv6 full, no port", u"mysql://u:pw@[2001:db8::7]/db"_s, Backend::MySQL,
           u"QMYSQL"_s, u"2001:db8::7"_s, 0, u"db"_s, u"u"_s, u"pw"_s, true);
    server("host name case folded", u"postgresql://u@DB.Example.COM/db"_s, Backend::PostgreSQL,
           u"QPSQL"_s, u"db.example.com"_s, 0, u"db"_s, u"u"_s, QString(), false);
    server("percent-encoded password", u"postgresql://u:p%40ss%3Aw%2Frd@h/db"_s,
           Backend::PostgreSQL, u"QPSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, u"p@ss:w/rd"_s, true);
    server("password with quote", u"postgresql://u:it's@h/db"_s, Backend::PostgreSQL,
           u"QPSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, u"it's"_s, true);
    server("password with encoded percent and space", u"mysql://u:100%25%20sure@h/db"_s,
           Backend::MySQL, u"QMYSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, u"100% sure"_s, true);
    server("password utf8", u"postgresql://u:p%C3%A4ss@h/db"_s, Backend::PostgreSQL,
           u"QPSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, u"p\u00e4ss"_s, true);
    server("empty password", u"postgresql://u:@h/db"_s, Backend::PostgreSQL, u"QPSQL"_s,
           u"h"_s, 0, u"db"_s, u"u"_s, QString(), true);
    server("user with encoded at", u"postgresql://jane%40corp:pw@h/db"_s, Backend::PostgreSQL,
           u"QPSQL"_s, u"h"_s, 0, u"db"_s, u"jane@corp"_s, u"pw"_s, true);
    server("database with quote", u"postgresql://u@h/o'brien"_s, Backend::PostgreSQL,
           u"QPSQL"_s, u"h"_s, 0, u"o'brien"_s, u"u"_s, QString(), false);
    server("fragment ignored", u"postgresql://u@h/db#notes"_s, Backend::PostgreSQL, u"QPSQL"_s,
           u"h"_s, 0, u"db"_s, u"u"_s, QString(), false);
    // ":@" in the query is not an (empty) password.
    server("colon-at in query", u"postgresql://u@h/db?application_name=a:@b"_s,
           Backend::PostgreSQL, u"QPSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, QString(), false,
           {u"application_name=a:@b"_s});
    server("postgresql options",
           u"postgresql://u@h/db?sslmode=require&application_name=lockctl&connect_timeout=3s"_s,
           Backend::PostgreSQL, u"QPSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, QString(), false,
           {u"application_name=lockctl"_s, u"connect_timeout=3"_s, u"sslmode=require"_s});
    server("postgresql all whitelisted options",
           u"postgresql://u@h/db?sslmode=verify-full&sslrootcert=/etc/ca.pem&sslcert=/c.pem"
           u"&sslkey=/k.pem&keepalives_idle=30s"_s,
           Backend::PostgreSQL, u"QPSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, QString(), false,
           {u"keepalives_idle=30"_s, u"sslcert=/c.pem"_s, u"sslkey=/k.pem"_s,
            u"sslmode=verify-full"_s, u"sslrootcert=/etc/ca.pem"_s});
    server("postgresql option with encoded space",
           u"postgresql://u@h/db?sslrootcert=/etc/My%20CA/root.pem"_s, Backend::PostgreSQL,
           u"QPSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, QString(), false,
           {u"sslrootcert=/etc/My CA/root.pem"_s});
    server("mysql options mapped to Qt names",
           u"mysql://u@h/db?ssl_ca=/etc/ssl/ca.pem&ssl_cert=/c.pem&ssl_key=/k.pem"
           u"&ssl_capath=/etc/ssl&ssl_cipher=AES256-SHA&connect_timeout=4s"_s,
           Backend::MySQL, u"QMYSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, QString(), false,
           {u"MYSQL_OPT_CONNECT_TIMEOUT=4"_s, u"SSL_CA=/etc/ssl/ca.pem"_s,
            u"SSL_CAPATH=/etc/ssl"_s, u"SSL_CERT=/c.pem"_s, u"SSL_CIPHER=AES256-SHA"_s,
            u"SSL_KEY=/k.pem"_s});
    // MySQL's ssl-mode (also ssl_mode), its value in any case and with '_' or '-'.
    server("mysql ssl-mode", u"mysql://u@h/db?ssl-mode=required"_s, Backend::MySQL, u"QMYSQL"_s,
           u"h"_s, 0, u"db"_s, u"u"_s, QString(), false, {u"SSL_MODE=required"_s});
    server("mysql ssl_mode upper case", u"mysql://u@h/db?ssl_mode=VERIFY_IDENTITY"_s,
           Backend::MySQL, u"QMYSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, QString(), false,
           {u"SSL_MODE=verify-identity"_s});
    server("mysql ssl-mode mixed case", u"mariadb://u@h/db?ssl-mode=Verify-CA&ssl_ca=/ca.pem"_s,
           Backend::MySQL, u"QMYSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, QString(), false,
           {u"SSL_CA=/ca.pem"_s, u"SSL_MODE=verify-ca"_s});
    server("connect_timeout 3600", u"mysql://u@h/db?connect_timeout=3600s"_s, Backend::MySQL,
           u"QMYSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, QString(), false,
           {u"MYSQL_OPT_CONNECT_TIMEOUT=3600"_s});
    server("connect_timeout 1", u"postgresql://u@h/db?connect_timeout=1s"_s, Backend::PostgreSQL,
           u"QPSQL"_s, u"h"_s, 0, u"db"_s, u"u"_s, QString(), false, {u"connect_timeout=1"_s});
    // An '@' in an option's value after a port is no password.
    server("port and at in an option", u"postgresql://h:5432/db?application_name=ops@host1"_s,
           Backend::PostgreSQL, u"QPSQL"_s, u"h"_s, 5432, u"db"_s, QString(), QString(), false,
           {u"application_name=ops@host1"_s});
}

void TestConnectionSpec::parsesValidUrls()
{
    QFETCH(QString, url);
    QFETCH(int, backend);
    QFETCH(QString, driver);
    QFETCH(QString, path);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, database);
    QFETCH(QString, user);
    QFETCH(QString, password);
    QFETCH(bool, passwordFromUrl);
    QFETCH(QStringList, options);

    const auto parsed = ConnectionSpec::parse(url);
    QVERIFY2(parsed.ok(), qPrintable(describe(parsed)));
    const ConnectionSpec &spec = *parsed;
    QCOMPARE(int(spec.backend), backend);
    QCOMPARE(spec.qtDriverName(), driver);
    QCOMPARE(spec.isServer(), spec.backend != Backend::SQLite);
    QCOMPARE(spec.path, path);
    QCOMPARE(spec.host, host);
    QCOMPARE(spec.port, port);
    QCOMPARE(spec.database, database);
    QCOMPARE(spec.user, user);
    QCOMPARE(spec.password, password);
    QCOMPARE(spec.passwordFromUrl, passwordFromUrl);
    QCOMPARE(optionList(spec.options), options);
    QVERIFY(spec.otherHosts.isEmpty()); // one host
    QCOMPARE(spec.driverHostName(), host);
    QCOMPARE(spec.driverPort(), port);

    // The backend name is the canonical scheme.
    const QString expectedName = backend == int(Backend::SQLite)       ? u"sqlite"_s
                                 : backend == int(Backend::PostgreSQL) ? u"postgresql"_s
                                 : backend == int(Backend::MySQL)      ? u"mysql"_s
                                 : backend == int(Backend::Oracle)     ? u"oracle"_s
                                                                       : u"odbc"_s;
    QCOMPARE(spec.backendName(), expectedName);
}

void TestConnectionSpec::parsesSeveralPostgresHosts_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("hosts");      // hostListText() of every host, in order
    QTest::addColumn<QString>("driverHost"); // QSqlDatabase::setHostName()
    QTest::addColumn<QString>("redacted");

    QTest::newRow("two hosts, two ports")
        << u"postgresql://ops:pw@db1:5432,db2:5433/orders?target_session_attrs=read-write"_s
        << u"db1:5432,db2:5433"_s << u"db1,db2"_s << u"postgresql://ops@db1:5432,db2:5433/orders"_s;
    QTest::newRow("default ports") << u"postgres://ops@db1,db2,db3/orders"_s << u"db1,db2,db3"_s
                                   << u"db1,db2,db3"_s << u"postgresql://ops@db1,db2,db3/orders"_s;
    QTest::newRow("one port of two") << u"postgresql://ops@db1,db2:6432/orders"_s
                                     << u"db1,db2:6432"_s << u"db1,db2"_s
                                     << u"postgresql://ops@db1,db2:6432/orders"_s;
    QTest::newRow("dead port first") << u"postgresql://u@127.0.0.1:1,127.0.0.1:5432/db"_s
                                     << u"127.0.0.1:1,127.0.0.1:5432"_s << u"127.0.0.1,127.0.0.1"_s
                                     << u"postgresql://u@127.0.0.1:1,127.0.0.1:5432/db"_s;
    QTest::newRow("ipv6 in brackets") << u"postgresql://u@[::1]:5432,[2001:DB8::7],db/x"_s
                                      << u"[::1]:5432,[2001:db8::7],db"_s
                                      << u"::1,2001:db8::7,db"_s
                                      << u"postgresql://u@[::1]:5432,[2001:db8::7],db/x"_s;
    QTest::newRow("names folded to lower case") << u"postgresql://u@DB1,Db2/x"_s << u"db1,db2"_s
                                                << u"db1,db2"_s << u"postgresql://u@db1,db2/x"_s;
    QTest::newRow("password with a comma") << u"postgresql://u:a,b@db1,db2/x"_s << u"db1,db2"_s
                                           << u"db1,db2"_s << u"postgresql://u@db1,db2/x"_s;
    QTest::newRow("read-only") << u"postgresql://u@db1,db2/x?readonly=1"_s << u"db1,db2"_s
                               << u"db1,db2"_s << u"postgresql://u@db1,db2/x?readonly=1"_s;
}

// libpq's multi-host form: the first host stays in host/port for every caller that knows of
// one; the others follow in otherHosts; the session hands libpq all of them.
void TestConnectionSpec::parsesSeveralPostgresHosts()
{
    QFETCH(QString, url);
    QFETCH(QString, hosts);
    QFETCH(QString, driverHost);
    QFETCH(QString, redacted);

    const auto parsed = ConnectionSpec::parse(url);
    QVERIFY2(parsed.ok(), qPrintable(describe(parsed)));
    QCOMPARE(int(parsed->backend), int(Backend::PostgreSQL));
    QCOMPARE(lockcore::hostListText(parsed->hosts()), hosts);
    QCOMPARE(parsed->hosts().constFirst().host, parsed->host);
    QCOMPARE(parsed->hosts().constFirst().port, parsed->port);
    QCOMPARE(parsed->hosts().size(), parsed->otherHosts.size() + 1);
    QVERIFY(!parsed->otherHosts.isEmpty());
    QCOMPARE(parsed->driverHostName(), driverHost);
    QCOMPARE(parsed->driverPort(), 0); // the ports go in the connect options
    QCOMPARE(parsed->redacted(), redacted);
    const auto again = ConnectionSpec::parse(parsed->redacted());
    QVERIFY2(again.ok(), qPrintable(describe(again)));
    QCOMPARE(again->hosts(), parsed->hosts());
    QCOMPARE(again->database, parsed->database);
    QCOMPARE(again->user, parsed->user);
    QCOMPARE(again->readOnly, parsed->readOnly);
}

void TestConnectionSpec::targetSessionAttrsTakesLibpqsValues_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("accepted");
    for (const char *value : {"any", "read-write", "read-only", "primary", "standby",
                              "prefer-standby"})
        QTest::newRow(value) << QString::fromLatin1(value) << true;
    QTest::newRow("read_write") << u"read_write"_s << false;
    QTest::newRow("upper case") << u"READ-WRITE"_s << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("master") << u"master"_s << false;
}

void TestConnectionSpec::targetSessionAttrsTakesLibpqsValues()
{
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    const auto parsed =
        ConnectionSpec::parse(u"postgresql://u@db1,db2/x?target_session_attrs="_s + value);
    QCOMPARE(parsed.ok(), accepted);
    if (accepted) {
        QCOMPARE(parsed->options.value(u"target_session_attrs"_s), value);
        QVERIFY2(parsed->connectOptions(5).contains(u"target_session_attrs='"_s + value + u'\''),
                 qPrintable(parsed->connectOptions(5)));
    } else {
        QVERIFY2(parsed.error().message.contains(u"read-write"_s), qPrintable(describe(parsed)));
    }
    // The option is PostgreSQL's alone.
    QVERIFY(!ConnectionSpec::parse(u"mysql://u@h/x?target_session_attrs=any"_s).ok());
}

void TestConnectionSpec::rejectsGarbledUrls_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("because"); // a fragment the message must contain

    QTest::newRow("empty") << QString() << u"empty"_s;
    QTest::newRow("blank") << u"   \t "_s << u"empty"_s;
    QTest::newRow("no scheme") << u"db.example.com/locks"_s << u"scheme"_s;
    QTest::newRow("only colon") << u":"_s << u"scheme"_s;
    QTest::newRow("empty scheme") << u"://h/db"_s << u"scheme"_s;
    QTest::newRow("host:port is not a scheme") << u"localhost:5432"_s << u"\"localhost\""_s;
    QTest::newRow("ftp") << u"ftp://x"_s << u"\"ftp\" is not known"_s;
    QTest::newRow("http") << u"http://u@h/db"_s << u"\"http\" is not known"_s;
    QTest::newRow("long unknown scheme") << QString(300, u'z') + u"://h/db"_s << u"not known"_s;
    QTest::newRow("sqlite empty path") << u"sqlite:"_s << u"no file path"_s;
    QTest::newRow("sqlite empty path slashes") << u"sqlite://"_s << u"no file path"_s;
    QTest::newRow("sqlite bad percent escape") << u"sqlite:/tmp/100%.db"_s << u"%"_s;
    QTest::newRow("sqlite bad percent escape at end") << u"sqlite:/tmp/x.db%2"_s << u"%"_s;
    QTest::newRow("sqlite encoded NUL") << u"sqlite:/tmp/a%00b.db"_s << u"control character"_s;
    QTest::newRow("sqlite encoded newline") << u"sqlite:/tmp/a%0Ab.db"_s
                                            << u"control character"_s;
    QTest::newRow("sqlite encoded invalid utf8") << u"sqlite:/tmp/a%FFb.db"_s << u"UTF-8"_s;
    QTest::newRow("no double slash") << u"postgresql:u@h/db"_s << u"\"//\""_s;
    QTest::newRow("postgresql nothing") << u"postgresql://"_s << u"no host"_s;
    QTest::newRow("no host") << u"mysql://u:pw@/db"_s << u"no host"_s;
    QTest::newRow("odbc no dsn") << u"odbc://"_s << u"no host"_s;
    QTest::newRow("empty host, huge port") << u"postgresql://x@:99999/db"_s << u"port"_s;
    QTest::newRow("port too large") << u"postgresql://u@h:65536/db"_s << u"port"_s;
    QTest::newRow("port zero") << u"postgresql://u@h:0/db"_s << u"port"_s;
    QTest::newRow("port negative") << u"postgresql://u@h:-5/db"_s << u"port"_s;
    QTest::newRow("port not numeric") << u"postgresql://u@h:abc/db"_s << u"port"_s;
    QTest::newRow("port with space") << u"postgresql://u@h: 5432/db"_s << u"port"_s;
    QTest::newRow("unclosed ipv6") << u"postgresql://u@[::1/db"_s << u"']'"_s;
    QTest::newRow("space in host") << u"postgresql://u@db host/db"_s << u"hostname"_s;
    QTest::newRow("slash in database") << u"postgresql://u@h/db/extra"_s << u"slash"_s;
    QTest::newRow("encoded slash in database") << u"postgresql://u@h/d%2Fb"_s << u"slash"_s;
    QTest::newRow("unknown option") << u"postgresql://u@h/db?foo=1"_s
                                    << u"option \"foo\" is not supported"_s;
    QTest::newRow("postgres option on mysql") << u"mysql://u@h/db?sslmode=require"_s
                                              << u"option \"sslmode\" is not supported"_s;
    QTest::newRow("mysql option on postgres") << u"postgresql://u@h/db?ssl_ca=/ca.pem"_s
                                              << u"option \"ssl_ca\" is not supported"_s;
    QTest::newRow("any option on oracle") << u"oracle://u@h/XE?sslmode=require"_s
                                          << u"not supported"_s;
    QTest::newRow("option without value") << u"mysql://u@h/db?compress"_s
                                          << u"option \"compress\" is not supported"_s;
    QTest::newRow("option value with semicolon")
        << u"postgresql://u@h/db?application_name=a;host=evil"_s << u"';' or '='"_s;
    QTest::newRow("option value with encoded equals")
        << u"postgresql://u@h/db?application_name=a%3Db"_s << u"';' or '='"_s;
    QTest::newRow("10000 characters") << u"postgresql://u@h/"_s + QString(10000, u'a')
                                      << u"limit"_s;
    QTest::newRow("NUL") << u"postgresql://u@h/d"_s + QChar(0) + u"b"_s << u"control character"_s;
    QTest::newRow("newline inside") << u"postgresql://u@h/\ndb"_s << u"control character"_s;
    QTest::newRow("tab inside") << u"mysql://u@h/d\tb"_s << u"control character"_s;
    QTest::newRow("DEL inside") << u"sqlite:/tmp/a"_s + QChar(0x7f) + u"b.db"_s
                               << u"control character"_s;
    QTest::newRow("encoded NUL in password") << u"postgresql://u:pw%00x@h/db"_s
                                             << u"control character"_s;
    QTest::newRow("encoded newline in database") << u"postgresql://u@h/db%0A"_s
                                                 << u"control character"_s;
    QTest::newRow("encoded newline in user") << u"mysql://ro%0Aot@h/db"_s
                                             << u"control character"_s;
    QTest::newRow("encoded newline in option")
        << u"postgresql://u@h/db?application_name=a%0Ab"_s << u"control character"_s;
    QTest::newRow("unencoded at in password") << u"postgresql://u:p@ss@h/db"_s << u"hostname"_s;
    QTest::newRow("space in user") << u"postgresql://u s@h/db"_s << u"user name"_s;
    QTest::newRow("space in password") << u"postgresql://u:p w@h/db"_s << u"percent-encoded"_s;
    // Several hosts: PostgreSQL only, each entry a host with an optional port.
    QTest::newRow("several hosts on mysql") << u"mysql://u@h1,h2/db"_s << u"only PostgreSQL"_s;
    QTest::newRow("several hosts on mariadb") << u"mariadb://u@h1:3306,h2:3306/db"_s
                                              << u"give mysql one host"_s;
    QTest::newRow("several hosts on oracle") << u"oracle://u@h1,h2/XE"_s << u"only PostgreSQL"_s;
    QTest::newRow("empty host between commas") << u"postgresql://u@h1,,h2/db"_s
                                               << u"empty entry"_s;
    QTest::newRow("trailing comma") << u"postgresql://u@h1,/db"_s << u"empty entry"_s;
    QTest::newRow("leading comma") << u"postgresql://u@,h1/db"_s << u"empty entry"_s;
    QTest::newRow("colon without port") << u"postgresql://u@h1:,h2/db"_s
                                        << u"\"h1:\" ends in ':' without a port"_s;
    QTest::newRow("bad port in list") << u"postgresql://u@h1:5432,h2:54x/db"_s
                                      << u"the port of \"h2:54x\""_s;
    QTest::newRow("port out of range in list") << u"postgresql://u@h1,h2:70000/db"_s
                                               << u"1 to 65535"_s;
    QTest::newRow("port zero in list") << u"postgresql://u@h1:0,h2/db"_s << u"1 to 65535"_s;
    QTest::newRow("port only in list") << u"postgresql://u@h1,:5432/db"_s << u"names no host"_s;
    QTest::newRow("ipv6 without brackets in list") << u"postgresql://u@::1,h2/db"_s
                                                   << u"in brackets"_s;
    QTest::newRow("unclosed ipv6 in list") << u"postgresql://u@h1,[::1/db"_s
                                           << u"no closing ']'"_s;
    QTest::newRow("text after ipv6 in list") << u"postgresql://u@h1,[::1]x/db"_s
                                             << u"after its ']'"_s;
    QTest::newRow("space in a listed host") << u"postgresql://u@h1,db host/db"_s
                                            << u"not a valid host name"_s;
    // ssl-mode takes MySQL's modes; a CA, certificate or cipher asks for TLS, which disabled
    // turns off.
    QTest::newRow("bad ssl-mode") << u"mysql://u@h/db?ssl-mode=require"_s
                                  << u"takes disabled, preferred, required, verify-ca, "
                                     "verify-identity, not \"require\""_s;
    QTest::newRow("ssl-mode on postgresql") << u"postgresql://u@h/db?ssl-mode=required"_s
                                            << u"option \"ssl-mode\" is not supported"_s;
    QTest::newRow("disabled with a CA") << u"mysql://u@h/db?ssl-mode=disabled&ssl_ca=/ca.pem"_s
                                        << u"ssl-mode=disabled turns TLS off, and ssl_ca"_s;
    QTest::newRow("disabled with a cipher")
        << u"mysql://u@h/db?ssl_cipher=AES256-SHA&ssl_mode=DISABLED"_s
        << u"and ssl_cipher asks for it"_s;
    // connect_timeout: a duration with its unit, as every duration (duration.h), from 1s to 1h
    // (0 would be libpq's "wait for ever").
    for (const QString &scheme : {u"postgresql"_s, u"mysql"_s}) {
        for (const QString &value : {u"0"_s, u"3601s"_s, u"2h"_s}) {
            const QString tag = scheme + u" connect_timeout="_s + value;
            QTest::newRow(qPrintable(tag))
                << scheme + u"://u@h/db?connect_timeout="_s + value
                << u"takes from 1s to 1h, not \""_s + value + u'"';
        }
        for (const QString &value : {u"5"_s, u"3600"_s, u"2.5"_s}) {
            const QString tag = scheme + u" connect_timeout="_s + value;
            QTest::newRow(qPrintable(tag)) << scheme + u"://u@h/db?connect_timeout="_s + value
                                           << u"needs a unit"_s;
        }
        for (const QString &value : {u"-5s"_s, u"ten"_s, u""_s, u"1s1s"_s,
                                     u"99999999999999999999999s"_s}) {
            const QString tag = scheme + u" connect_timeout="_s + value;
            QTest::newRow(qPrintable(tag)) << scheme + u"://u@h/db?connect_timeout="_s + value
                                           << u"connect_timeout"_s;
        }
    }
    QTest::newRow("keepalives_idle without a unit")
        << u"postgresql://u@h/db?keepalives_idle=30"_s << u"needs a unit"_s;
    // A password with an unencoded '#', '?' or '/' cuts the URL short: the message names the
    // likely cause ("Invalid port" did not).
    QTest::newRow("hash in password") << u"mysql://u:pa#ss@h/db"_s << u"percent-encoded"_s;
    QTest::newRow("question mark in password") << u"postgresql://u:pa?ss@h/db"_s
                                               << u"percent-encoded"_s;
    QTest::newRow("slash in password") << u"mysql://u:pa/ss@h/db"_s << u"percent-encoded"_s;
    QTest::newRow("digits, then hash") << u"mysql://u:12#34@h/db"_s << u"percent-encoded"_s;
    QTest::newRow("digits, then slash") << u"mysql://u:12/34@h/db"_s << u"%2F"_s;
    QTest::newRow("digits, then question mark") << u"odbc://u:12?34@dsn"_s << u"%3F"_s;
    QTest::newRow("at in database after a port") << u"mysql://h:3306/a@b"_s << u"%40"_s;
    QTest::newRow("bad target_session_attrs")
        << u"postgresql://u@h1,h2/db?target_session_attrs=master"_s
        << u"takes any, read-write, read-only, primary, standby, prefer-standby"_s;
}

void TestConnectionSpec::rejectsGarbledUrls()
{
    QFETCH(QString, url);
    QFETCH(QString, because);

    const auto parsed = ConnectionSpec::parse(url);
    QVERIFY2(!parsed.ok(), qPrintable(describe(parsed)));
    const Error &error = parsed.error();
    QCOMPARE(error.kind, Error::Kind::InvalidInput);
    QVERIFY2(error.message.contains(because, Qt::CaseInsensitive), qPrintable(error.message));
    // A clear message: says what is wrong, and does not echo kilobytes of input back.
    QVERIFY2(error.message.startsWith(u"The database URL is not valid: "_s),
             qPrintable(error.message));
    QVERIFY2(error.message.size() < 600, qPrintable(error.message.left(700)));
    for (const QChar c : error.message)
        QVERIFY2(c.category() != QChar::Other_Control, qPrintable(error.message));
}

void TestConnectionSpec::errorsNeverContainThePassword_data()
{
    QTest::addColumn<QString>("url");

    // Each URL carries the password "Hunter2Secret" and is rejected for some other reason.
    QTest::newRow("port out of range") << u"postgresql://u:Hunter2Secret@h:99999/db"_s;
    QTest::newRow("port zero") << u"postgresql://u:Hunter2Secret@h:0/db"_s;
    QTest::newRow("port not numeric") << u"mysql://u:Hunter2Secret@h:x/db"_s;
    QTest::newRow("bad host") << u"postgresql://u:Hunter2Secret@bad host/db"_s;
    QTest::newRow("unclosed ipv6") << u"postgresql://u:Hunter2Secret@[::1/db"_s;
    QTest::newRow("space in password") << u"postgresql://u:Hunter2 Secret@h/db"_s;
    QTest::newRow("brace in password") << u"postgresql://u:Hunter2{Secret@h/db"_s;
    QTest::newRow("bad escape in password") << u"postgresql://u:Hunter2%zzSecret@h/db"_s;
    QTest::newRow("encoded NUL in password") << u"postgresql://u:Hunter2%00Secret@h/db"_s;
    QTest::newRow("no host") << u"mysql://u:Hunter2Secret@/db"_s;
    QTest::newRow("unknown option") << u"postgresql://u:Hunter2Secret@h/db?bogus=1"_s;
    QTest::newRow("slash in database") << u"postgresql://u:Hunter2Secret@h/a/b"_s;
    QTest::newRow("unknown scheme") << u"ftp://u:Hunter2Secret@h/db"_s;
    QTest::newRow("no double slash") << u"postgresql:u:Hunter2Secret@h/db"_s;
    QTest::newRow("control character") << u"postgresql://u:Hunter2Secret@h/d\nb"_s;
    QTest::newRow("several hosts on mysql") << u"mysql://u:Hunter2Secret@h1,h2/db"_s;
    QTest::newRow("empty host in list") << u"postgresql://u:Hunter2Secret@h1,,h2/db"_s;
    QTest::newRow("bad port in list") << u"postgresql://u:Hunter2Secret@h1,h2:x/db"_s;
    QTest::newRow("comma in password, bad list") << u"postgresql://u:Hunter2,Secret@h1:,h2/db"_s;
    // Unencoded '#', '?', '/' in the password: never shown as a port, host, database or option.
    QTest::newRow("hash in password") << u"mysql://u:Hunter2#Secret@h/db"_s;
    QTest::newRow("question mark in password") << u"postgresql://u:Hunter2?Secret@h/db"_s;
    QTest::newRow("slash in password") << u"mysql://u:Hunter2/Secret@h/db"_s;
    QTest::newRow("digits, then slash") << u"mysql://u:2024/Hunter2Secret@h/db"_s;
    QTest::newRow("digits, then question mark") << u"postgresql://u:2024?Hunter2Secret@h/db"_s;
    QTest::newRow("digits, then hash") << u"mysql://u:2024#Hunter2Secret@h/db"_s;
    QTest::newRow("digits, slash, no database") << u"mysql://u:2024/Hunter2Secret@h"_s;
    QTest::newRow("slash and question mark") << u"mysql://u:Hunter2/Sec?ret@h/db"_s;
}

void TestConnectionSpec::errorsNeverContainThePassword()
{
    QFETCH(QString, url);
    const auto parsed = ConnectionSpec::parse(url);
    QVERIFY(!parsed.ok());
    const Error &error = parsed.error();
    for (const QString &text : {error.message, error.fullText(), error.driverText}) {
        QVERIFY2(!text.contains(u"Hunter2"_s), qPrintable(text));
        QVERIFY2(!text.contains(u"Secret"_s), qPrintable(text));
    }
}

void TestConnectionSpec::survivesRandomInput()
{
    // Garbage built from URL punctuation and the scheme names: parse() either accepts it or
    // reports InvalidInput with a message; it never crashes or asserts.
    QRandomGenerator random(20240611);
    const QStringList pieces = {u"postgresql"_s, u"mysql"_s, u"sqlite"_s, u"oracle"_s, u"odbc"_s,
                                u":"_s, u"//"_s, u"/"_s, u"@"_s, u"["_s, u"]"_s, u"?"_s, u"&"_s,
                                u"="_s, u"#"_s, u"%"_s, u"%4"_s, u"%00"_s, u"'"_s, u"\""_s,
                                u"\\"_s, u" "_s, u"host"_s, u"5432"_s, u"99999"_s, u"::1"_s,
                                u"sslmode"_s, u"\u00e9"_s, u"\U0001F600"_s, u";"_s, u","_s,
                                u"target_session_attrs"_s};
    int accepted = 0;
    for (int round = 0; round < 5000; ++round) {
        QString url;
        const int count = int(random.bounded(1, 12));
        for (int i = 0; i < count; ++i)
            url += pieces.at(int(random.bounded(qsizetype(pieces.size()))));
        const auto parsed = ConnectionSpec::parse(url);
        if (parsed.ok()) {
            ++accepted;
            // Whatever was accepted can be shown.
            QVERIFY(!parsed->redacted().isEmpty());
            QVERIFY(!parsed->qtDriverName().isEmpty());
        } else {
            QCOMPARE(parsed.error().kind, Error::Kind::InvalidInput);
            QVERIFY2(!parsed.error().message.isEmpty(), qPrintable(url));
        }
    }
    QVERIFY(accepted > 0);
}

void TestConnectionSpec::redactedHidesOnlyThePassword_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("expected");

    QTest::newRow("postgresql") << u"postgresql://alice:s3cret@db.example.com:5432/locks"_s
                                << u"s3cret"_s << u"postgresql://alice@db.example.com:5432/locks"_s;
    QTest::newRow("postgres alias, no port") << u"postgres://bob:hunter2@db/app"_s
                                             << u"hunter2"_s << u"postgresql://bob@db/app"_s;
    // The password is made of the user name and the host: only the user and host themselves
    // may remain.
    QTest::newRow("password contains user and host") << u"mysql://bob:bob%40db@db/app"_s
                                                     << u"bob@db"_s << u"mysql://bob@db/app"_s;
    QTest::newRow("password equals user") << u"mysql://root:root@127.0.0.1:3306/locks"_s
                                          << u"root"_s << u"mysql://root@127.0.0.1:3306/locks"_s;
    QTest::newRow("password equals database") << u"postgresql://u:locks@h/locks"_s << u"locks"_s
                                              << u"postgresql://u@h/locks"_s;
    QTest::newRow("encoded special characters") << u"postgresql://u:p%40ss%3Aw%2Frd@h/db"_s
                                                << u"p@ss:w/rd"_s << u"postgresql://u@h/db"_s;
    QTest::newRow("long passphrase")
        << u"postgresql://u:correct%20horse%20battery%20staple@h:6432/db"_s
        << u"correct horse battery staple"_s << u"postgresql://u@h:6432/db"_s;
    QTest::newRow("quote in password") << u"postgresql://u:it's@h/db"_s << u"it's"_s
                                       << u"postgresql://u@h/db"_s;
    QTest::newRow("empty password") << u"postgresql://u:@h/db"_s << QString()
                                    << u"postgresql://u@h/db"_s;
    QTest::newRow("oracle") << u"oracle://scott:tiger@orahost:1521/ORCLPDB1"_s << u"tiger"_s
                            << u"oracle://scott@orahost:1521/ORCLPDB1"_s;
    QTest::newRow("odbc") << u"odbc://u:pw123@locks_dsn"_s << u"pw123"_s
                          << u"odbc://u@locks_dsn"_s;
    QTest::newRow("ipv6") << u"postgresql://u:pw@[::1]:5432/db"_s << u"pw"_s
                          << u"postgresql://u@[::1]:5432/db"_s;
    QTest::newRow("user with at sign") << u"postgresql://jane%40corp:topsecret@h/db"_s
                                       << u"topsecret"_s << u"postgresql://jane%40corp@h/db"_s;
    QTest::newRow("no user") << u"postgresql://h/db"_s << QString() << u"postgresql://h/db"_s;
    QTest::newRow("sqlite") << u"sqlite:/var/lib/locks.db"_s << QString()
                            << u"sqlite:/var/lib/locks.db"_s;
}

void TestConnectionSpec::redactedHidesOnlyThePassword()
{
    QFETCH(QString, url);
    QFETCH(QString, password);
    QFETCH(QString, expected);

    const auto parsed = ConnectionSpec::parse(url);
    QVERIFY2(parsed.ok(), qPrintable(describe(parsed)));
    QCOMPARE(parsed->password, password);
    const QString redacted = parsed->redacted();
    QCOMPARE(redacted, expected);

    // No user-info password separator survives, in any encoding.
    const qsizetype authorityStart = redacted.indexOf(u"//"_s);
    if (authorityStart >= 0) {
        const QString authority = redacted.mid(authorityStart + 2).section(u'/', 0, 0);
        const QString userInfo = authority.contains(u'@') ? authority.section(u'@', 0, -2)
                                                          : QString();
        QVERIFY2(!userInfo.contains(u':'), qPrintable(redacted));
    }
    if (!password.isEmpty()) {
        const QString encoded = QString::fromUtf8(QUrl::toPercentEncoding(password));
        QVERIFY(!redacted.contains(u':' + password + u'@'));
        QVERIFY(!redacted.contains(u':' + encoded + u'@'));
        // Where the password is not also made of the user, host or database, it is not there
        // at all.
        if (!expected.contains(password)) {
            QVERIFY2(!redacted.contains(password), qPrintable(redacted));
            QVERIFY2(!redacted.contains(encoded), qPrintable(redacted));
        }
    }
}

void TestConnectionSpec::redactedParsesBackToTheSameTarget_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("postgresql") << u"postgresql://alice:s3cret@db.example.com:5432/locks"_s;
    QTest::newRow("mysql default port") << u"mysql://root:pw@db/locks"_s;
    QTest::newRow("oracle") << u"oracle://scott:tiger@orahost:1521/ORCLPDB1.localdomain"_s;
    QTest::newRow("odbc") << u"odbc://u:pw@locks_dsn"_s;
    QTest::newRow("ipv6") << u"postgresql://u:pw@[2001:db8::7]:5433/db"_s;
    QTest::newRow("user with at sign") << u"postgresql://jane%40corp:x@h/db"_s;
    QTest::newRow("user with colon") << u"postgresql://a%3Ab:x@h/db"_s;
    QTest::newRow("sqlite") << u"sqlite:/var/lib/locks.db"_s;
    QTest::newRow("sqlite memory") << u"sqlite::memory:"_s;
    QTest::newRow("several hosts") << u"postgresql://u:pw@db1:5432,[::1]:5433,db3/x"_s;
}

void TestConnectionSpec::redactedParsesBackToTheSameTarget()
{
    QFETCH(QString, url);
    const auto original = ConnectionSpec::parse(url);
    QVERIFY(original.ok());
    const auto again = ConnectionSpec::parse(original->redacted());
    QVERIFY2(again.ok(), qPrintable(original->redacted()));
    QCOMPARE(again->backend, original->backend);
    QCOMPARE(again->path, original->path);
    QCOMPARE(again->host, original->host);
    QCOMPARE(again->port, original->port);
    QCOMPARE(again->otherHosts, original->otherHosts);
    QCOMPARE(again->database, original->database);
    QCOMPARE(again->user, original->user);
    QVERIFY(again->password.isEmpty());
    QVERIFY(!again->passwordFromUrl);
}

void TestConnectionSpec::connectOptions_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<int>("timeoutS");
    QTest::addColumn<QStringList>("expected"); // key=value as the driver reads them

    QTest::newRow("sqlite busy timeout") << u"sqlite:/tmp/x.db"_s << 5
                                         << QStringList{u"QSQLITE_BUSY_TIMEOUT=5000"_s};
    QTest::newRow("sqlite other timeout") << u"sqlite::memory:"_s << 12
                                          << QStringList{u"QSQLITE_BUSY_TIMEOUT=12000"_s};
    QTest::newRow("postgresql default") << u"postgresql://u@h/db"_s << 10
                                        << QStringList{u"connect_timeout=10"_s};
    QTest::newRow("postgresql timeout from url")
        << u"postgresql://u@h/db?connect_timeout=3s"_s << 10
        << QStringList{u"connect_timeout=3"_s};
    QTest::newRow("postgresql ssl options")
        << u"postgresql://u@h/db?sslmode=verify-full&sslrootcert=/etc/ssl/root.pem"_s << 7
        << QStringList{u"connect_timeout=7"_s, u"sslmode=verify-full"_s,
                       u"sslrootcert=/etc/ssl/root.pem"_s};
    // libpq reads unquoted values up to the next blank and unescapes backslashes: values with
    // blanks, quotes or backslashes must reach it quoted.
    QTest::newRow("postgresql value with space")
        << u"postgresql://u@h/db?sslrootcert=/etc/My%20CA/root.pem"_s << 7
        << QStringList{u"connect_timeout=7"_s, u"sslmode=verify-ca"_s,
                       u"sslrootcert=/etc/My CA/root.pem"_s};
    QTest::newRow("postgresql value with quote")
        << u"postgresql://u@h/db?application_name=it's"_s << 7
        << QStringList{u"application_name=it's"_s, u"connect_timeout=7"_s};
    QTest::newRow("postgresql value with backslash")
        << u"postgresql://u@h/db?sslkey=C:%5Ckeys%5Cme.key"_s << 7
        << QStringList{u"connect_timeout=7"_s, u"sslkey=C:\\keys\\me.key"_s};
    QTest::newRow("postgresql value that looks like a second option")
        << u"postgresql://u@h/db?application_name=x%20sslmode"_s << 7
        << QStringList{u"application_name=x sslmode"_s, u"connect_timeout=7"_s};
    // MySQL: TLS where the server offers it (ssl-mode=preferred): Qt 6.4's QMYSQL asks
    // Connector/C for it only when an SSL_ option is given, here an empty cipher list.
    QTest::newRow("mysql default")
        << u"mysql://u@h/db"_s << 5
        << QStringList{u"CLIENT_FOUND_ROWS=<flag>"_s, u"MYSQL_OPT_CONNECT_TIMEOUT=5"_s,
                       u"MYSQL_OPT_READ_TIMEOUT=3600"_s, u"MYSQL_OPT_WRITE_TIMEOUT=3600"_s,
                       u"SSL_CIPHER="_s};
    QTest::newRow("mysql ssl-mode=required")
        << u"mysql://u@h/db?ssl-mode=required"_s << 5
        << QStringList{u"CLIENT_FOUND_ROWS=<flag>"_s, u"MYSQL_OPT_CONNECT_TIMEOUT=5"_s,
                       u"MYSQL_OPT_READ_TIMEOUT=3600"_s, u"MYSQL_OPT_WRITE_TIMEOUT=3600"_s,
                       u"SSL_CIPHER="_s};
    QTest::newRow("mysql ssl-mode=disabled")
        << u"mysql://u@h/db?ssl-mode=disabled"_s << 5
        << QStringList{u"CLIENT_FOUND_ROWS=<flag>"_s, u"MYSQL_OPT_CONNECT_TIMEOUT=5"_s,
                       u"MYSQL_OPT_READ_TIMEOUT=3600"_s, u"MYSQL_OPT_WRITE_TIMEOUT=3600"_s};
    QTest::newRow("mysql verify-identity with a CA")
        << u"mysql://u@h/db?ssl-mode=verify-identity&ssl_ca=/ca.pem"_s << 5
        << QStringList{u"CLIENT_FOUND_ROWS=<flag>"_s, u"MYSQL_OPT_CONNECT_TIMEOUT=5"_s,
                       u"MYSQL_OPT_READ_TIMEOUT=3600"_s, u"MYSQL_OPT_WRITE_TIMEOUT=3600"_s,
                       u"SSL_CA=/ca.pem"_s};
    QTest::newRow("mysql timeout and tls from url")
        << u"mariadb://u@h/db?connect_timeout=2s&ssl_ca=/etc/ssl/ca.pem"_s << 5
        << QStringList{u"CLIENT_FOUND_ROWS=<flag>"_s, u"MYSQL_OPT_CONNECT_TIMEOUT=2"_s,
                       u"MYSQL_OPT_READ_TIMEOUT=3600"_s, u"MYSQL_OPT_WRITE_TIMEOUT=3600"_s,
                       u"SSL_CA=/etc/ssl/ca.pem"_s};
    QTest::newRow("oracle") << u"oracle://u@h:1521/XE"_s << 5 << QStringList();
    QTest::newRow("odbc") << u"odbc://dsn"_s << 5
                          << QStringList{u"SQL_ATTR_LOGIN_TIMEOUT=5"_s};
    // Several hosts: their ports once, in the hosts' order (empty: that host's default), and
    // none at all when every host has the default; QSqlDatabase gets no port of its own then
    // (ConnectionSpec::driverPort() is 0), so libpq never reads two.
    QTest::newRow("postgresql hosts with ports")
        << u"postgresql://u@h1:5432,h2:5433/db?target_session_attrs=read-write"_s << 5
        << QStringList{u"connect_timeout=5"_s, u"port=5432,5433"_s,
                       u"target_session_attrs=read-write"_s};
    QTest::newRow("postgresql hosts, one port")
        << u"postgresql://u@h1,h2:6432,h3/db"_s << 5
        << QStringList{u"connect_timeout=5"_s, u"port=,6432,"_s};
    QTest::newRow("postgresql hosts, default ports")
        << u"postgresql://u@h1,h2/db"_s << 5 << QStringList{u"connect_timeout=5"_s};
}

void TestConnectionSpec::connectOptions()
{
    QFETCH(QString, url);
    QFETCH(int, timeoutS);
    QFETCH(QStringList, expected);

    const auto parsed = ConnectionSpec::parse(url);
    QVERIFY2(parsed.ok(), qPrintable(describe(parsed)));
    const QString text = parsed->connectOptions(timeoutS);

    ParsedOptions options;
    switch (parsed->backend) {
    case Backend::PostgreSQL: options = parseAsLibpq(text); break;
    case Backend::MySQL: options = parseAsQtMysql(text); break;
    case Backend::SQLite: options = parseAsQtSqlite(text); break;
    case Backend::Oracle:
    case Backend::ODBC: options = parseAsQtMysql(text); break;
    }
    QVERIFY2(options.ok, qPrintable(options.problem + u": "_s + text));
    QCOMPARE(optionList(options.values), expected);
    // Each option once: a repeated key would leave the driver to pick one.
    QCOMPARE(options.keys.size(), options.values.size());
}

void TestConnectionSpec::hidesPasswordsInArguments_data()
{
    QTest::addColumn<QByteArray>("argument");
    QTest::addColumn<QByteArray>("shown");
    QTest::newRow("--db=URL") << QByteArray("--db=postgresql://u:s3cret@h:5432/db?sslmode=require")
                              << QByteArray("--db=postgresql://u:xxxxxx@h:5432/db?sslmode=require");
    QTest::newRow("URL argument") << QByteArray("mysql://u:p%40ss@h/db")
                                  << QByteArray("mysql://u:xxxxxx@h/db");
    QTest::newRow("'@' in the query") << QByteArray("postgresql://u:pw@h/db?application_name=a@b")
                                      << QByteArray("postgresql://u:xx@h/db?application_name=a@b");
    QTest::newRow("several hosts") << QByteArray("postgresql://u:s3cret@h1:5432,h2:5433/db")
                                   << QByteArray("postgresql://u:xxxxxx@h1:5432,h2:5433/db");
    QTest::newRow("no password") << QByteArray("postgresql://u@h/db")
                                 << QByteArray("postgresql://u@h/db");
    QTest::newRow("empty password") << QByteArray("mysql://u:@h/db") << QByteArray("mysql://u:@h/db");
    QTest::newRow("sqlite path") << QByteArray("sqlite:/data/a:b@c.db")
                                 << QByteArray("sqlite:/data/a:b@c.db");
    QTest::newRow("not a URL") << QByteArray("acquire") << QByteArray("acquire");
    // A password with an unencoded '#', '?' or '/' (refused by ConnectionSpec::parse) is blanked
    // all the same, up to the '@' after it.
    QTest::newRow("hash in password") << QByteArray("mysql://u:pa#ss@h/db")
                                      << QByteArray("mysql://u:xxxxx@h/db");
    QTest::newRow("question mark in password") << QByteArray("--db=postgresql://u:pa?ss@h/db")
                                               << QByteArray("--db=postgresql://u:xxxxx@h/db");
    QTest::newRow("slash in password") << QByteArray("mysql://u:pa/ss@h:3306/db")
                                       << QByteArray("mysql://u:xxxxx@h:3306/db");
    QTest::newRow("digits, then slash") << QByteArray("mysql://u:12/34@h/db")
                                        << QByteArray("mysql://u:xxxxx@h/db");
    QTest::newRow("digits, then hash") << QByteArray("mysql://u:12#34@h/db")
                                       << QByteArray("mysql://u:xxxxx@h/db");
    // ... and a valid URL with an '@' in an option is left as it is.
    QTest::newRow("port and at in an option")
        << QByteArray("postgresql://h:5432/db?application_name=ops@host1")
        << QByteArray("postgresql://h:5432/db?application_name=ops@host1");
}

// lockctl and lockscope blank out the password of a URL in their own command line (ps).
void TestConnectionSpec::hidesPasswordsInArguments()
{
    QFETCH(QByteArray, argument);
    QFETCH(QByteArray, shown);
    QByteArray program("lockctl");
    QByteArray first("postgresql://admin:other@h/db"); // argv[0] is left alone; the rest not
    QByteArray copy = argument;
    char *argv[] = {program.data(), first.data(), copy.data(), nullptr};
    lockcore::hidePasswordsInArguments(3, argv);
    QCOMPARE(QByteArray(argv[0]), QByteArray("lockctl"));
    QCOMPARE(QByteArray(argv[1]), QByteArray("postgresql://admin:xxxxx@h/db"));
    QCOMPARE(QByteArray(argv[2]), shown);
}

void TestConnectionSpec::mysqlTlsModeFollowsTheUrl_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("mode");

    QTest::newRow("nothing: preferred") << QString() << u"preferred"_s;
    QTest::newRow("disabled") << u"ssl-mode=disabled"_s << u"disabled"_s;
    QTest::newRow("required") << u"ssl-mode=required"_s << u"required"_s;
    QTest::newRow("a cipher: required") << u"ssl_cipher=AES256-SHA"_s << u"required"_s;
    // Naming a CA or a certificate asks for at least verify-ca.
    QTest::newRow("a CA: verify-ca") << u"ssl_ca=/ca.pem"_s << u"verify-ca"_s;
    QTest::newRow("a CA directory: verify-ca") << u"ssl_capath=/etc/ssl/certs"_s << u"verify-ca"_s;
    QTest::newRow("a client certificate: verify-ca") << u"ssl_cert=/c.pem&ssl_key=/k.pem"_s
                                                     << u"verify-ca"_s;
    QTest::newRow("verify-ca and a CA") << u"ssl_mode=verify-ca&ssl-ca=/ca.pem"_s
                                        << u"verify-ca"_s;
    QTest::newRow("verify-identity and a CA") << u"ssl-mode=verify-identity&ssl_ca=/ca.pem"_s
                                              << u"verify-identity"_s;
}

// A MySQL URL asks for the TLS its ssl-mode says, or what its TLS options imply, never less;
// the driver never gets lockcore's own option, and TLS is asked of it unless disabled.
void TestConnectionSpec::mysqlTlsModeFollowsTheUrl()
{
    QFETCH(QString, query);
    QFETCH(QString, mode);
    const auto parsed = ConnectionSpec::parse(u"mysql://u@h/db"_s
                                              + (query.isEmpty() ? QString() : u'?' + query));
    QVERIFY2(parsed.ok(), qPrintable(describe(parsed)));
    QCOMPARE(lockcore::mysqlTlsModeName(lockcore::mysqlTlsModeOf(parsed->options)), mode);
    const QString options = parsed->connectOptions(5);
    QVERIFY2(!options.contains(u"SSL_MODE"_s), qPrintable(options));
    QCOMPARE(options.contains(u"SSL_"_s), mode != u"disabled");
}

void TestConnectionSpec::refusesRepeatedOrContradictoryTls_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("because"); // names both options

    const auto row = [](const char *tag, const QString &url, const QString &because) {
        QTest::newRow(tag) << url << because;
    };
    // Issue 48: each of these connected in plain text to a server without TLS (the last won).
    row("verify-identity, then preferred", u"mysql://u@h/db?ssl-mode=verify-identity"
                                           "&ssl-mode=preferred"_s,
        u"the URL gives the TLS mode twice: ssl-mode=verify-identity and ssl-mode=preferred; "
        "give it once."_s);
    row("required, then disabled", u"mysql://u@h/db?ssl-mode=required&ssl-mode=disabled"_s,
        u"TLS mode twice: ssl-mode=required and ssl-mode=disabled"_s);
    row("ssl-mode, then ssl_mode", u"mariadb://u@h/db?ssl-mode=required&ssl_mode=preferred"_s,
        u"the URL gives the TLS mode twice: ssl-mode=required and ssl_mode=preferred; "
        "give it once."_s);
    row("verify-full, then allow", u"postgresql://u@h/db?sslmode=verify-full&sslmode=allow"_s,
        u"TLS mode twice: sslmode=verify-full and sslmode=allow"_s);
    row("require, then disable", u"postgresql://u@h/db?sslmode=require&sslmode=disable"_s,
        u"TLS mode twice: sslmode=require and sslmode=disable"_s);
    // Any repetition, the same value too, in any spelling, around other options.
    row("the same mode twice", u"postgresql://u@h/db?sslmode=verify-full&sslmode=verify-full"_s,
        u"TLS mode twice: sslmode=verify-full and sslmode=verify-full"_s);
    row("the same mode in two cases", u"mysql://u@h/db?ssl_mode=REQUIRED&ssl-mode=required"_s,
        u"TLS mode twice: ssl_mode=REQUIRED and ssl-mode=required"_s);
    row("two modes apart", u"mysql://u@h/db?ssl-mode=verify-ca&connect_timeout=5s&ssl_ca=/c.pem"
                           "&ssl_mode=verify-identity"_s,
        u"TLS mode twice: ssl-mode=verify-ca and ssl_mode=verify-identity"_s);
    row("two CAs", u"mysql://u@h/db?ssl_ca=/a.pem&ssl-ca=/b.pem"_s,
        u"the URL gives the TLS option ssl_ca twice: ssl_ca=/a.pem and ssl-ca=/b.pem; "
        "give it once."_s);
    row("two CA directories", u"mysql://u@h/db?ssl-capath=/a&ssl_capath=/b"_s,
        u"TLS option ssl-capath twice: ssl-capath=/a and ssl_capath=/b"_s);
    row("two client keys", u"mysql://u@h/db?ssl_key=/k.pem&ssl-key=/k.pem"_s,
        u"TLS option ssl_key twice"_s);
    row("two ciphers", u"mysql://u@h/db?ssl_cipher=A&ssl-cipher=B"_s,
        u"TLS option ssl_cipher twice"_s);
    row("two root CAs", u"postgresql://u@h/db?sslrootcert=/a.pem&sslrootcert=/b.pem"_s,
        u"TLS option sslrootcert twice: sslrootcert=/a.pem and sslrootcert=/b.pem"_s);
    row("two client certificates", u"postgresql://u@h/db?sslcert=/a.pem&sslcert=/b.pem"_s,
        u"TLS option sslcert twice"_s);
    row("two keys on several hosts", u"postgresql://u@h1,h2/db?sslkey=/a&sslkey=/b"_s,
        u"TLS option sslkey twice"_s);
    // A CA asks for verification: a mode that does not verify beside it, in either order.
    for (const QString &mode : {u"allow"_s, u"prefer"_s, u"require"_s}) {
        const QString tag = u"postgresql root CA and "_s + mode;
        QTest::newRow(qPrintable(tag))
            << u"postgresql://u@h/db?sslrootcert=/ca.pem&sslmode="_s + mode
            << u"sslrootcert=/ca.pem asks for the server's certificate to be verified, and "
               "sslmode=%1 does not verify it: give sslmode=verify-ca or verify-full, or "
               "leave sslmode out."_s.arg(mode);
    }
    row("postgresql disable, then a root CA",
        u"postgresql://u@h/db?sslmode=disable&sslrootcert=/ca.pem"_s,
        u"sslrootcert=/ca.pem asks for the server's certificate to be verified, and "
        "sslmode=disable does not"_s);
    for (const QString &mode : {u"preferred"_s, u"required"_s, u"REQUIRED"_s}) {
        const QString tag = u"mysql CA and "_s + mode;
        QTest::newRow(qPrintable(tag))
            << u"mysql://u@h/db?ssl-mode="_s + mode + u"&ssl_ca=/ca.pem"_s
            << u"ssl_ca=/ca.pem asks for the server's certificate to be verified, and "
               "ssl-mode=%1 does not verify it: give ssl-mode=verify-ca or verify-identity, or "
               "leave ssl-mode out."_s.arg(mode);
    }
    row("mariadb CA directory and required",
        u"mariadb://u@h/db?ssl-capath=/certs&ssl_mode=required"_s,
        u"ssl-capath=/certs asks for the server's certificate to be verified, and "
        "ssl_mode=required does not"_s);
    row("mysql disabled and a CA", u"mysql://u@h/db?ssl-ca=/ca.pem&ssl-mode=disabled"_s,
        u"ssl-mode=disabled turns TLS off, and ssl-ca asks for it"_s);
    row("postgresql mode not libpq's", u"postgresql://u@h/db?sslmode=required"_s,
        u"takes disable, allow, prefer, require, verify-ca, verify-full, not \"required\""_s);
}

// Issue 48: a TLS parameter given twice (whatever the spellings and values) or a CA beside a
// mode that does not verify is refused before any connection, naming both options; before,
// the last one won and "verify-full&sslmode=allow" connected in plain text.
void TestConnectionSpec::refusesRepeatedOrContradictoryTls()
{
    QFETCH(QString, url);
    QFETCH(QString, because);
    const auto parsed = ConnectionSpec::parse(url);
    QVERIFY2(!parsed.ok(), qPrintable(describe(parsed)));
    QCOMPARE(parsed.error().kind, Error::Kind::InvalidInput);
    QVERIFY2(parsed.error().message.contains(because), qPrintable(parsed.error().message));
    QVERIFY2(!parsed.error().message.contains(u"sqlite:PATH"_s),
             qPrintable(parsed.error().message));
}

void TestConnectionSpec::aCaAsksForVerification_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("mode"); // what the driver is asked for

    QTest::newRow("postgresql root CA alone") << u"postgresql://u@h/db?sslrootcert=/ca.pem"_s
                                              << u"verify-ca"_s;
    QTest::newRow("postgresql root CA, several hosts")
        << u"postgresql://u@h1,h2/db?sslrootcert=/ca.pem&target_session_attrs=read-write"_s
        << u"verify-ca"_s;
    QTest::newRow("postgresql root CA and verify-ca")
        << u"postgresql://u@h/db?sslmode=verify-ca&sslrootcert=/ca.pem"_s << u"verify-ca"_s;
    QTest::newRow("postgresql root CA and verify-full")
        << u"postgresql://u@h/db?sslrootcert=/ca.pem&sslmode=verify-full"_s << u"verify-full"_s;
    QTest::newRow("postgresql without a CA: libpq's default")
        << u"postgresql://u@h/db?sslcert=/c.pem&sslkey=/k.pem"_s << QString();
    QTest::newRow("mysql CA alone") << u"mysql://u@h/db?ssl_ca=/ca.pem"_s << u"verify-ca"_s;
    QTest::newRow("mariadb CA alone, '-'") << u"mariadb://u@h/db?ssl-ca=/ca.pem"_s
                                           << u"verify-ca"_s;
    QTest::newRow("mysql CA and verify-identity")
        << u"mysql://u@h/db?ssl-ca=/ca.pem&ssl-mode=verify-identity"_s << u"verify-identity"_s;
}

// Naming a CA asks for the server's certificate to be verified with it, on both databases:
// before, PostgreSQL's sslrootcert alone left libpq's prefer (plain text where the server
// offers no TLS) while MySQL's ssl_ca alone meant verify-ca.
void TestConnectionSpec::aCaAsksForVerification()
{
    QFETCH(QString, url);
    QFETCH(QString, mode);
    const auto parsed = ConnectionSpec::parse(url);
    QVERIFY2(parsed.ok(), qPrintable(describe(parsed)));
    if (parsed->backend == Backend::MySQL) {
        QCOMPARE(lockcore::mysqlTlsModeName(lockcore::mysqlTlsModeOf(parsed->options)), mode);
        QVERIFY(parsed->connectOptions(5).contains(u"SSL_CA=/ca.pem"_s));
        return;
    }
    const ParsedOptions options = parseAsLibpq(parsed->connectOptions(5));
    QVERIFY(options.ok);
    QCOMPARE(options.keys.count(u"sslmode"_s), mode.isEmpty() ? 0 : 1);
    QCOMPARE(options.values.value(u"sslmode"_s), mode);
}

void TestConnectionSpec::onlySchemeErrorsListTheSchemes_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<bool>("listsSchemes");

    QTest::newRow("empty") << QString() << true;
    QTest::newRow("no scheme") << u"db.example.com/locks"_s << true;
    QTest::newRow("unknown scheme") << u"http://u@h/db"_s << true;
    QTest::newRow("host:port taken for a scheme") << u"localhost:5432"_s << true;
    QTest::newRow("unknown option") << u"postgresql://u@h/db?foo=1"_s << false;
    QTest::newRow("bad option value") << u"mysql://u@h/db?connect_timeout=0s"_s << false;
    QTest::newRow("repeated TLS mode") << u"mysql://u@h/db?ssl-mode=required&ssl_mode=preferred"_s
                                       << false;
    QTest::newRow("bad port") << u"postgresql://u@h:0/db"_s << false;
    QTest::newRow("no host") << u"mysql://u@/db"_s << false;
    QTest::newRow("sqlite without a path") << u"sqlite:"_s << false;
}

// Issue 48: the list of known URL forms follows only a missing or unknown scheme; an option's
// error says what is wrong with the option and no more.
void TestConnectionSpec::onlySchemeErrorsListTheSchemes()
{
    QFETCH(QString, url);
    QFETCH(bool, listsSchemes);
    const auto parsed = ConnectionSpec::parse(url);
    QVERIFY2(!parsed.ok(), qPrintable(describe(parsed)));
    const QString &message = parsed.error().message;
    QCOMPARE(message.contains(u"Use one of: sqlite:PATH, postgresql://"_s), listsSchemes);
    QVERIFY2(message.startsWith(u"The database URL is not valid: "_s), qPrintable(message));
}

QTEST_GUILESS_MAIN(TestConnectionSpec)
#include "tst_connectionspec.moc"
