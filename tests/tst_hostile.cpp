// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile input against lockctl (real processes) and the lockcore API, beyond tst_badinput and
// tst_lockctl: over-long and malformed URLs, names, holders and reasons with quotes, control
// characters, 4-byte UTF-8 and SQL fragments that name the test's own table, a table name that
// is SQL (also for "schema --create"), and profile mappings with hostile column and table
// names. Each gives a clear error with its documented exit code, no process dies by a signal,
// and the lock table and its events hold exactly what they held before (a dump of every row,
// read with the test's own SQL).

#include "lockctlrun.h"
#include "testbackend.h"

#include "profile.h"
#include "validation.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::LockctlRun;
using testsupport::TestBackend;

namespace {

constexpr int exitUsage = 2; // lockctl's exit codes (app/lockctl/exitcode.h)

// 256 code points of 4-byte UTF-8 (512 UTF-16 units): one more than the limit.
QString emoji256()
{
    QString text;
    for (int i = 0; i < 256; ++i)
        text += QString::fromUcs4(U"\U0001F512", 1);
    return text;
}

} // namespace

class HostileTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void lockctlRefusesHostileInput_data();
    void lockctlRefusesHostileInput();
    void lockctlRefusesArgumentsThatAreNotExactText_data();
    void lockctlRefusesArgumentsThatAreNotExactText();
    void hostileProfileMappings_data();
    void hostileProfileMappings();
    void hostileHoldersAreRefusedBeforeAnySql_data();
    void hostileHoldersAreRefusedBeforeAnySql();
    void hostileNameTravelsVerbatimThroughLockctl();

private:
    // Every row of the lock table and its event table, as text, in a stable order.
    QStringList dump();
    // Runs lockctl with LOCKSCOPE_DB = url (the backend's when empty), stdin not a terminal.
    LockctlRun lockctl(const QStringList &args, const QString &url = {}) const;
    // The same with `args` passed as these very bytes (QProcess passes text): through sh, each
    // argument made by printf from octal escapes.
    LockctlRun lockctlBytes(const QList<QByteArray> &args) const;

    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
    QString m_table;
    QTemporaryDir m_dir;
};

QStringList HostileTest::dump()
{
    QStringList rows;
    for (const QString &table : {m_table, QString(m_table + u"_event"_s)}) {
        QSqlQuery query(m_session->database());
        if (!query.exec(u"SELECT * FROM "_s + table + u" ORDER BY 1"_s))
            return {u"error: "_s + query.lastError().text()};
        while (query.next()) {
            QStringList values{table};
            for (int i = 0; i < query.record().count(); ++i)
                values << (query.isNull(i) ? u"NULL"_s : query.value(i).toString());
            rows << values.join(u'|');
        }
    }
    return rows;
}

LockctlRun HostileTest::lockctl(const QStringList &args, const QString &url) const
{
    testsupport::LockctlOptions options;
    if (!url.isEmpty())
        options.url = url;
    return testsupport::runLockctl(args, options);
}

LockctlRun HostileTest::lockctlBytes(const QList<QByteArray> &args) const
{
    QString script = u"exec \"$0\""_s;
    for (const QByteArray &arg : args) {
        QString octal;
        for (const char byte : arg)
            octal += u"\\%1"_s.arg(uint(uchar(byte)), 3, 8, QChar(u'0'));
        script += u" \"$(printf '"_s + octal + u"')\""_s;
    }
    testsupport::LockctlOptions options;
    options.program = u"/bin/sh"_s;
    return testsupport::runLockctl({u"-c"_s, script, testsupport::lockctlProgram()}, options);
}

void HostileTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"hostile"_s);
    auto service = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(service);
    m_locks.emplace(std::move(service).value());
    m_locks->setEventLevel(LockService::EventLevel::All);
    const Status created = m_locks->createSchema();
    LOCKSCOPE_VERIFY_OK(created);
    // State that every case below must leave exactly as it is.
    QVERIFY(m_locks->initialize(u"existing"_s, 60000, u"must survive"_s)->created);
    QVERIFY(m_locks->acquire(u"existing"_s, u"alice"_s, 600000)->acquired);
}

void HostileTest::cleanupTestCase()
{
    if (m_session && m_locks) {
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
    }
}

void HostileTest::lockctlRefusesHostileInput_data()
{
    QTest::addColumn<QStringList>("args"); // after "--table <the test's table>"
    QTest::addColumn<QString>("url");      // LOCKSCOPE_DB; empty: the backend's
    QTest::addColumn<QString>("mentions"); // a word of the error message

    const QString drop = u"x'; DROP TABLE "_s + m_table + u"; --"_s;
    const QStringList list{u"list"_s};
    // URLs (in the environment, as scripts pass them; --db below).
    QTest::newRow("10 kB URL") << list << u"postgresql://u@h/"_s + QString(10240, u'a')
                               << u"limit"_s;
    QTest::newRow("missing scheme") << list << u"//u@h/locks"_s << u"scheme"_s;
    QTest::newRow("SQL after the port") << list << u"postgresql://u@h:5432;DROP/db"_s
                                        << u"port"_s;
    QTest::newRow("bad percent-encoding in the password")
        << list << u"postgresql://u:p%zzw@h/db"_s << u"percent"_s;
    QTest::newRow("percent at the end of a SQLite path") << list << u"sqlite:/tmp/locks%4"_s
                                                         << u"hex"_s;
    QTest::newRow("encoded NUL in the database") << list << u"mysql://u@h/db%00x"_s
                                                 << u"control"_s;
    QTest::newRow("newline in the URL") << list << u"mysql://u@h/db\n--table=x"_s
                                        << u"control"_s;
    QTest::newRow("SQL as the scheme") << list << u"x'; DROP TABLE t; --://h/db"_s
                                       << u"not known"_s;
    QTest::newRow("10 kB --db") << QStringList{u"--db"_s, u"mysql://"_s + QString(10240, u'h'),
                                               u"now"_s}
                                << QString() << u"limit"_s;
    // Names, holders and reasons: refused before any SQL.
    QTest::newRow("name with a newline")
        << QStringList{u"acquire"_s, u"job\n"_s + drop, u"--ttl"_s, u"1m"_s} << QString()
        << u"control"_s;
    QTest::newRow("name with an escape sequence")
        << QStringList{u"acquire"_s, u"job\x1b[2J"_s, u"--ttl"_s, u"1m"_s} << QString()
        << u"control"_s;
    QTest::newRow("name of 256 emoji") << QStringList{u"init"_s, emoji256(), u"--ttl"_s, u"1m"_s}
                                       << QString() << u"255"_s;
    QTest::newRow("name with a trailing space")
        << QStringList{u"acquire"_s, u"existing "_s, u"--ttl"_s, u"1m"_s} << QString()
        << u"space"_s;
    QTest::newRow("holder with a newline")
        << QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"bob\nalice"_s} << QString()
        << u"control"_s;
    QTest::newRow("holder of 256 emoji")
        << QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, emoji256()} << QString()
        << u"255"_s;
    QTest::newRow("release: holder with SQL and a carriage return")
        << QStringList{u"release"_s, u"existing"_s, u"--holder"_s, drop + u"\r"_s,
                       u"--fence"_s, u"1"_s}
        << QString() << u"control"_s;
    QTest::newRow("force-release: reason of 1001 characters")
        << QStringList{u"force-release"_s, u"existing"_s, u"--fence"_s, u"1"_s, u"--reason"_s,
                       QString(1001, u'r')}
        << QString() << u"1000"_s;
    QTest::newRow("fence that is SQL")
        << QStringList{u"release"_s, u"existing"_s, u"--holder"_s, u"alice"_s, u"--fence"_s,
                       u"1 OR 1=1"_s}
        << QString() << u"fence"_s;
    QTest::newRow("TTL that is SQL")
        << QStringList{u"acquire"_s, u"job"_s, u"--ttl"_s, u"1s; DELETE FROM "_s + m_table}
        << QString() << u"ttl"_s;
    // A table name that is SQL, also where lockctl would run DDL.
    const QString sqlTable = m_table + u"; DROP TABLE "_s + m_table;
    QTest::newRow("SQL table: schema --create")
        << QStringList{u"--table"_s, sqlTable, u"schema"_s, u"--create"_s} << QString()
        << u"table"_s;
    QTest::newRow("SQL table: acquire")
        << QStringList{u"--table"_s, sqlTable, u"acquire"_s, u"job"_s} << QString()
        << u"table"_s;
    QTest::newRow("quoted table: delete")
        << QStringList{u"--table"_s, m_table + u"\" --"_s, u"delete"_s, u"existing"_s}
        << QString() << u"table"_s;
    QTest::newRow("time zone that is SQL")
        << QStringList{u"--profile"_s, u"seed-000"_s, u"--app-time-zone"_s,
                       u"+08:00'; DROP TABLE "_s + m_table + u"; --"_s, u"now"_s}
        << QString() << u"time zone"_s;
}

void HostileTest::lockctlRefusesHostileInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, url);
    QFETCH(QString, mentions);
    const QStringList before = dump();
    for (const bool json : {false, true}) {
        const LockctlRun run = lockctl(QStringList{u"--table"_s, m_table} + args
                                           + (json ? QStringList{u"--json"_s} : QStringList{}),
                                       url);
        const QString out = run.outText();
        const QString err = run.errText();
        const QString what = u"exit %1%2\nstdout: %3\nstderr: %4"_s.arg(run.exitCode)
                                 .arg(run.crashed ? u" (killed by a signal)"_s : QString(),
                                      out.left(2000), err.left(2000));
        QVERIFY2(!run.crashed, qPrintable(what));
        QVERIFY2(run.exitCode == exitUsage, qPrintable(what));
        QVERIFY2(err.contains(u"error:"_s), qPrintable(what));
        QVERIFY2(err.contains(mentions, Qt::CaseInsensitive), qPrintable(what));
        QVERIFY2(err.size() < 2000, qPrintable(what)); // a sentence, not the 10 kB input
        if (json) {
            const QJsonObject object = QJsonDocument::fromJson(out.toUtf8()).object();
            QVERIFY2(object.value(u"error"_s).isObject(), qPrintable(what));
        }
    }
    QCOMPARE(dump(), before);
}

// Arguments are taken as the bytes given: a leading byte order mark is not dropped (it named
// the lock "bomtest"), so the name is refused for it; an argument that is not UTF-8 is refused
// as such (its bad bytes became U+FFFD, and "job\xff" and "job\xfe" were one lock); U+FFFD
// itself and other invisible characters are refused too. Each names what and where, exits 2,
// and changes nothing.
void HostileTest::lockctlRefusesArgumentsThatAreNotExactText_data()
{
    QTest::addColumn<QList<QByteArray>>("args"); // after "--table <the test's table>"
    QTest::addColumn<QString>("mentions");
    const QByteArray bom = "\xef\xbb\xbf";
    QTest::newRow("name with a leading byte order mark")
        << QList<QByteArray>{"acquire", bom + "bomtest", "--ttl", "1m"} << u"U+FEFF"_s;
    QTest::newRow("init: name with a leading byte order mark")
        << QList<QByteArray>{"init", bom + "bomtest"} << u"position 1"_s;
    QTest::newRow("holder with a leading byte order mark")
        << QList<QByteArray>{"acquire", "job", "--holder", bom + "bob"} << u"U+FEFF"_s;
    QTest::newRow("name with a byte that is not UTF-8")
        << QList<QByteArray>{"acquire", "job\xff", "--ttl", "1m"} << u"not valid UTF-8"_s;
    QTest::newRow("name with a truncated sequence")
        << QList<QByteArray>{"init", "job\xe6\xbc"} << u"Argument 4"_s;
    QTest::newRow("name with an overlong slash")
        << QList<QByteArray>{"acquire", "a\xc0\xaf" "b"} << u"byte 2 of it"_s;
    QTest::newRow("name with an encoded surrogate")
        << QList<QByteArray>{"acquire", "a\xed\xa0\x80"} << u"not valid UTF-8"_s;
    QTest::newRow("holder that is not UTF-8")
        << QList<QByteArray>{"acquire", "job", "--holder", "bob\xfe"} << u"not valid UTF-8"_s;
    QTest::newRow("name with U+FFFD") << QList<QByteArray>{"acquire", "job\xef\xbf\xbd"}
                                      << u"U+FFFD"_s;
    QTest::newRow("name with a zero-width space")
        << QList<QByteArray>{"acquire", "jo\xe2\x80\x8b" "b"} << u"U+200B"_s;
}

void HostileTest::lockctlRefusesArgumentsThatAreNotExactText()
{
    QFETCH(QList<QByteArray>, args);
    QFETCH(QString, mentions);
    const QStringList before = dump();
    for (const bool json : {false, true}) {
        const LockctlRun run = lockctlBytes(QList<QByteArray>{"--table", m_table.toUtf8()} + args
                                            + (json ? QList<QByteArray>{"--json"}
                                                    : QList<QByteArray>{}));
        const QString what = u"exit %1\nstdout: %2\nstderr: %3"_s.arg(run.exitCode).arg(
            run.outText(), run.errText());
        QVERIFY2(!run.crashed, qPrintable(what));
        QVERIFY2(run.exitCode == exitUsage, qPrintable(what));
        QVERIFY2(run.errText().contains(mentions), qPrintable(what));
        if (json) {
            const QJsonObject object = QJsonDocument::fromJson(run.out).object();
            QVERIFY2(object.value(u"error"_s).isObject(), qPrintable(what));
        }
    }
    QCOMPARE(dump(), before);
}

void HostileTest::hostileProfileMappings_data()
{
    QTest::addColumn<QByteArray>("mapping"); // the JSON file given to --profile
    QTest::addColumn<QString>("mentions");
    // Profile::fromMap refuses it (a table name is checked when the table is opened, and
    // text that is not a JSON object never becomes a mapping).
    QTest::addColumn<bool>("libraryRefuses");
    const QByteArray table = m_table.toUtf8();
    const auto custom = [&](const QByteArray &fields) -> QByteArray {
        return "{\"profile\": \"custom\", \"table\": \"" + table + "\", " + fields + "}";
    };
    QTest::newRow("name column that is SQL")
        << custom("\"name_column\": \"name\\\"; DROP TABLE " + table + "; --\"")
        << u"column"_s << true;
    QTest::newRow("holder column with a quote")
        << custom("\"name_column\": \"name\", \"holder_column\": \"hold'er\"") << u"column"_s
        << true;
    QTest::newRow("column with a NUL") << custom("\"name_column\": \"na\\u0000me\"")
                                       << u"column"_s << true;
    QTest::newRow("column with a trailing newline") // found by fuzz_profile
        << custom("\"name_column\": \"name\", \"status_column\": \"busy\\n\"") << u"column"_s
        << true;
    QTest::newRow("column with a newline") << custom("\"name_column\": \"na\\nme\"")
                                           << u"column"_s << true;
    QTest::newRow("column of 65 characters")
        << custom("\"name_column\": \"" + QByteArray(65, 'c') + "\"") << u"column"_s << true;
    QTest::newRow("emoji column") << custom("\"name_column\": \"\xf0\x9f\x94\x92\"")
                                  << u"column"_s << true;
    QTest::newRow("one column in two roles")
        << custom("\"name_column\": \"name\", \"holder_column\": \"name\"") << u"two roles"_s
        << true;
    QTest::newRow("table that is SQL")
        << QByteArray("{\"profile\": \"custom\", \"table\": \"" + table + "; DROP TABLE " + table
                      + "\", \"name_column\": \"name\", \"holder_column\": \"holder\"}")
        << u"table"_s << false;
    QTest::newRow("time zone that is SQL")
        << custom("\"name_column\": \"name\", \"session_time_zone\": \"UTC'; DROP TABLE x\"")
        << u"time zone"_s << true;
    QTest::newRow("unknown release") << custom("\"name_column\": \"name\", \"release\": \"drop\"")
                                     << u"release"_s << true;
    QTest::newRow("built-in TTL of zero") // found by fuzz_profile: it reloaded as 10 s
        << QByteArray("{\"profile\": \"spring-int-lock\", \"locked_at_ttl_ms\": 0}")
        << u"positive TTL"_s << true;
    QTest::newRow("not JSON") << QByteArray("{\"profile\": \"custom\", \"table\": ") << u"JSON"_s
                              << false;
    QTest::newRow("JSON array") << QByteArray("[\"custom\"]") << u"JSON object"_s << false;
}

void HostileTest::hostileProfileMappings()
{
    QFETCH(QByteArray, mapping);
    QFETCH(QString, mentions);
    QFETCH(bool, libraryRefuses);
    const QString path = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag())
                                            .replace(u' ', u'-')
                                        + u".json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(mapping);
    file.close();
    const QStringList before = dump();
    if (libraryRefuses) { // the library itself refuses the mapping ...
        const QJsonDocument document = QJsonDocument::fromJson(mapping);
        QVERIFY(document.isObject());
        auto profile = Profile::fromMap(document.object().toVariantMap());
        QVERIFY(!profile);
        QCOMPARE(profile.error().kind, Error::Kind::InvalidInput);
        QVERIFY2(profile.error().message.contains(mentions, Qt::CaseInsensitive),
                 qPrintable(profile.error().message));
    }
    // ... and so does lockctl, for a read and for a write.
    for (const QStringList &args : {QStringList{u"list"_s}, QStringList{u"acquire"_s, u"job"_s}}) {
        const LockctlRun run = lockctl(QStringList{u"--profile"_s, path} + args);
        const QString err = run.errText();
        const QString what = u"exit %1\nstdout: %2\nstderr: %3"_s.arg(run.exitCode)
                                 .arg(run.outText().left(2000), err.left(2000));
        QVERIFY2(!run.crashed, qPrintable(what));
        QVERIFY2(run.exitCode == exitUsage, qPrintable(what));
        QVERIFY2(err.contains(mentions, Qt::CaseInsensitive), qPrintable(what));
    }
    QCOMPARE(dump(), before);
}

void HostileTest::hostileHoldersAreRefusedBeforeAnySql_data()
{
    QTest::addColumn<QString>("holder");
    QTest::addColumn<QString>("mentions");
    // tst_badinput covers empty, 10,000 characters and a tab.
    QTest::newRow("NUL") << QString::fromUtf16(u"bob\0alice", 9) << u"control"_s;
    QTest::newRow("newline") << u"bob\nalice"_s << u"control"_s;
    QTest::newRow("carriage return") << u"bob\r"_s << u"control"_s;
    QTest::newRow("escape sequence") << u"\x1b]0;pwned\x07"_s << u"control"_s;
    QTest::newRow("256 emoji") << emoji256() << u"255"_s;
    QTest::newRow("lone surrogate") << QString(QChar(0xD83D)) + u"x"_s << u"Unicode"_s;
    QTest::newRow("leading space") << u" alice"_s << u"space"_s;
}

void HostileTest::hostileHoldersAreRefusedBeforeAnySql()
{
    QFETCH(QString, holder);
    QFETCH(QString, mentions);
    const QStringList before = dump();
    const quint64 trips = m_session->roundTrips();
    auto grant = m_locks->acquire(u"job"_s, holder, 1000);
    QVERIFY(!grant);
    QCOMPARE(grant.error().kind, Error::Kind::InvalidInput);
    QVERIFY2(grant.error().message.contains(mentions, Qt::CaseInsensitive),
             qPrintable(grant.error().message));
    auto released = m_locks->release(u"existing"_s, holder, 1);
    QVERIFY(!released);
    QCOMPARE(released.error().kind, Error::Kind::InvalidInput);
    auto renewed = m_locks->renew(u"existing"_s, holder, 1, 1000);
    QVERIFY(!renewed);
    QCOMPARE(renewed.error().kind, Error::Kind::InvalidInput);
    QCOMPARE(m_session->roundTrips(), trips); // nothing reached the server
    QCOMPARE(dump(), before);
}

void HostileTest::hostileNameTravelsVerbatimThroughLockctl()
{
    // A name and holder that are SQL, quotes and 4-byte UTF-8 are just text: lockctl binds
    // them, stores them verbatim, prints them back in JSON, and touches no other row.
    const QString name = u"x'; DROP TABLE "_s + m_table + u"; -- \"q\" `b` \\ 🔒"_s;
    const QString holder = u"h'); DELETE FROM "_s + m_table + u"; --"_s;
    const QString existingBefore = testsupport::rawLockRow(*m_session, m_table, u"existing"_s)
                                       .join(u'|');
    const LockctlRun acquired = lockctl({u"--table"_s, m_table, u"acquire"_s, name, u"--holder"_s,
                                         holder, u"--ttl"_s, u"1m"_s, u"--json"_s});
    QVERIFY2(!acquired.crashed && acquired.exitCode == 0, qPrintable(acquired.errText()));
    const QJsonObject json = QJsonDocument::fromJson(acquired.out).object();
    QCOMPARE(json.value(u"lock"_s).toString(), name);
    QCOMPARE(json.value(u"holder"_s).toString(), holder);
    const QStringList raw = testsupport::rawLockRow(*m_session, m_table, name);
    QVERIFY(!raw.isEmpty());
    QCOMPARE(raw.first(), holder);
    const qint64 fence = qint64(json.value(u"fence"_s).toDouble());
    const LockctlRun released = lockctl({u"--table"_s, m_table, u"release"_s, name, u"--holder"_s,
                                         holder, u"--fence"_s, QString::number(fence)});
    QVERIFY2(!released.crashed && released.exitCode == 0, qPrintable(released.errText()));
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, u"existing"_s).join(u'|'),
             existingBefore);
}

LOCKSCOPE_BACKEND_TEST_MAIN(HostileTest)
#include "tst_hostile.moc"
