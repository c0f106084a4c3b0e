// SPDX-License-Identifier: GPL-3.0-or-later
// Bad input gets a clear error and loses nothing: hostile and malformed names, holders, TTLs and
// table names, a wrong password, a missing table, an unreachable host and a server that accepts
// the connection but never answers (bounded by the connect timeout), a dead host listed before
// the live one in a PostgreSQL URL with several hosts. After each, the tables hold exactly what
// they held before.

#include "silentlistener.h"
#include "testbackend.h"

#include "hostlist.h"
#include "reachedserver.h"
#include "validation.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::SilentListener;
using testsupport::TestBackend;

class BadInputTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void invalidNamesAreRefusedBeforeAnySql_data();
    void invalidNamesAreRefusedBeforeAnySql();
    void hostileButValidNamesAreStoredVerbatim_data();
    void hostileButValidNamesAreStoredVerbatim();
    void invalidHoldersAndTtls_data();
    void invalidHoldersAndTtls();
    void invalidTableNames_data();
    void invalidTableNames();
    void missingTableSaysHowToCreateIt();
    void capitalTableOnPostgresSaysHowNamesFold();
    void wrongPasswordIsAClearErrorWithoutThePassword();
    void unreachableHostIsBoundedByTheConnectTimeout_data();
    void unreachableHostIsBoundedByTheConnectTimeout();
    void unusableSqliteFile();
    void postgresSeveralHostsSkipADeadOne();
    void postgresSeveralHostsReconnectThroughTheList();

private:
    // The test server's URL (with its password: never printed) with 127.0.0.1:1, where
    // nothing listens, listed before the server, and target_session_attrs=`attrs`.
    static QString deadHostFirstUrl(const QString &attrs);

    // A digest of both tables' contents, read with the test's own SQL.
    QByteArray snapshot();

    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
    QString m_table;
};

QByteArray BadInputTest::snapshot()
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &table : {m_table, QString(m_table + u"_event"_s)}) {
        QSqlQuery query(m_session->database());
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

void BadInputTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"badin"_s);
    auto service = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(service);
    m_locks.emplace(std::move(service).value());
    m_locks->setEventLevel(LockService::EventLevel::All);
    const Status created = m_locks->createSchema();
    LOCKSCOPE_VERIFY_OK(created);
    // Some state that must survive every case below.
    QVERIFY(m_locks->initialize(u"existing"_s, 60000, u"must survive"_s)->created);
    QVERIFY(m_locks->acquire(u"existing"_s, u"alice"_s, 600000)->acquired);
}

void BadInputTest::cleanupTestCase()
{
    if (m_session && m_locks) {
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
    }
}

void BadInputTest::invalidNamesAreRefusedBeforeAnySql_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("empty") << QString() << u"empty"_s;
    QTest::newRow("spaces only") << u"   "_s << u"space"_s;
    QTest::newRow("10,000 characters") << QString(10000, u'x') << u"255"_s;
    QTest::newRow("256 characters") << QString(256, u'x') << u"255"_s;
    QTest::newRow("256 CJK characters") << QString(256, QChar(0x9501)) << u"255"_s;
    QTest::newRow("newline") << u"job\nother"_s << u"control"_s;
    QTest::newRow("NUL") << QString::fromUtf16(u"job\0x", 5) << u"control"_s;
    QTest::newRow("trailing space") << u"job "_s << u"space"_s;
}

void BadInputTest::invalidNamesAreRefusedBeforeAnySql()
{
    QFETCH(QString, name);
    QFETCH(QString, mentions);
    const QByteArray before = snapshot();
    const quint64 trips = m_session->roundTrips();

    auto errorOf = [](const auto &result) {
        return result.ok() ? Error{Error::Kind::Database, u"accepted"_s, {}, {}} : result.error();
    };
    const QList<Error> errors = {
        errorOf(m_locks->acquire(name, u"alice"_s, 1000)),
        errorOf(m_locks->initialize(name, 1000, {})),
        errorOf(m_locks->renew(name, u"alice"_s, 1, 1000)),
        errorOf(m_locks->release(name, u"alice"_s, 1)),
        errorOf(m_locks->forceRelease(name, 1, u"reason"_s)),
        errorOf(m_locks->remove(name)),
        errorOf(m_locks->lock(name)),
        errorOf(m_locks->history(name)),
    };
    for (const Error &error : errors) {
        QVERIFY2(error.kind == Error::Kind::InvalidInput, qPrintable(error.message));
        QVERIFY2(error.message.contains(mentions, Qt::CaseInsensitive),
                 qPrintable(error.message));
        QVERIFY(error.message.size() < 300); // a sentence, not the 10,000 characters
    }
    QCOMPARE(m_session->roundTrips(), trips); // nothing reached the server
    QCOMPARE(snapshot(), before);
}

void BadInputTest::hostileButValidNamesAreStoredVerbatim_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("SQL injection") << u"'; DROP TABLE x; --"_s;
    QTest::newRow("quotes") << u"it's \"quoted\" `too`"_s;
    QTest::newRow("backslashes") << u"C:\\jobs\\nightly\\"_s;
    QTest::newRow("CJK") << u"夜间报表任务"_s;
    QTest::newRow("4-byte UTF-8") << u"deploy 🚀 𝔘𝔫𝔦𝔠𝔬𝔡𝔢"_s;
    QTest::newRow("255 code points of 4 bytes") << QString(255, u'x').replace(
        u"x"_s, QString::fromUcs4(U"😀", 1));
    QTest::newRow("percent and underscore") << u"100%_done"_s;
}

void BadInputTest::hostileButValidNamesAreStoredVerbatim()
{
    QFETCH(QString, name);
    // Bound as parameters, never spliced into SQL: the name is just a name.
    QVERIFY(validateLockName(name));
    auto grant = m_locks->acquire(name, name, 5000); // also as the holder id
    LOCKSCOPE_VERIFY_OK(grant);
    QVERIFY(grant->acquired);
    auto seen = m_locks->lock(name);
    LOCKSCOPE_VERIFY_OK(seen);
    QVERIFY(seen->has_value());
    QCOMPARE((*seen)->name, name);
    QCOMPARE((*seen)->holder, name);
    const QStringList raw = testsupport::rawLockRow(*m_session, m_table, name);
    QVERIFY(!raw.isEmpty());
    QCOMPARE(raw.first(), name);
    // Similar-looking names are other locks (binary comparison, no LIKE, no trimming).
    const int lastLength = name.back().isLowSurrogate() ? 2 : 1;
    auto similar = m_locks->lock(name.chopped(lastLength));
    QVERIFY(similar);
    QVERIFY(!similar->has_value() || (*similar)->name != name);
    auto released = m_locks->release(name, name, grant->fence);
    QVERIFY(released && released->released);
    auto history = m_locks->history(name);
    QVERIFY(history && !history->isEmpty());
    QCOMPARE(history->first().lockName, name);
    // And nothing else was touched.
    auto existing = m_locks->lock(u"existing"_s);
    QVERIFY(existing && existing->has_value());
    QCOMPARE((*existing)->holder, u"alice"_s);
    QCOMPARE((*existing)->description, u"must survive"_s);
}

void BadInputTest::invalidHoldersAndTtls_data()
{
    QTest::addColumn<QString>("holder");
    QTest::addColumn<qint64>("ttlMs");
    QTest::newRow("empty holder") << QString() << qint64(1000);
    QTest::newRow("10,000-character holder") << QString(10000, u'h') << qint64(1000);
    QTest::newRow("holder with a tab") << u"a\tb"_s << qint64(1000);
    QTest::newRow("negative TTL") << u"alice"_s << qint64(-1);
    QTest::newRow("31-day TTL") << u"alice"_s << qint64(31) * 24 * 3600 * 1000;
    QTest::newRow("absurd TTL") << u"alice"_s << std::numeric_limits<qint64>::max();
}

void BadInputTest::invalidHoldersAndTtls()
{
    QFETCH(QString, holder);
    QFETCH(qint64, ttlMs);
    const QByteArray before = snapshot();
    const quint64 trips = m_session->roundTrips();
    auto grant = m_locks->acquire(u"job"_s, holder, ttlMs);
    QVERIFY(!grant);
    QCOMPARE(grant.error().kind, Error::Kind::InvalidInput);
    QVERIFY(!grant.error().message.isEmpty());
    auto renewed = m_locks->renew(u"existing"_s, holder, 1, ttlMs);
    QVERIFY(!renewed);
    QCOMPARE(renewed.error().kind, Error::Kind::InvalidInput);
    QCOMPARE(m_session->roundTrips(), trips);
    QCOMPARE(snapshot(), before);
}

void BadInputTest::invalidTableNames_data()
{
    QTest::addColumn<QString>("table");
    QTest::newRow("empty") << QString();
    QTest::newRow("double quote") << u"dist\"lock"_s;
    QTest::newRow("single quote") << u"dist'lock"_s;
    QTest::newRow("SQL") << u"x; DROP TABLE dist_lock; --"_s;
    QTest::newRow("space") << u"dist lock"_s;
    QTest::newRow("starts with a digit") << u"1lock"_s;
    QTest::newRow("three parts") << u"a.b.c"_s;
    QTest::newRow("51 characters") << QString(51, u't');
}

void BadInputTest::invalidTableNames()
{
    QFETCH(QString, table);
    const QByteArray before = snapshot();
    auto service = LockService::create(*m_session, table);
    QVERIFY(!service);
    QCOMPARE(service.error().kind, Error::Kind::InvalidInput);
    QVERIFY2(service.error().message.contains(u"table"_s, Qt::CaseInsensitive),
             qPrintable(service.error().message));
    QCOMPARE(snapshot(), before);
}

void BadInputTest::missingTableSaysHowToCreateIt()
{
    auto service = LockService::create(*m_session, u"no_such_lock_table"_s);
    LOCKSCOPE_VERIFY_OK(service);
    auto grant = service->acquire(u"job"_s, u"alice"_s, 1000);
    QVERIFY(!grant);
    QCOMPARE(grant.error().kind, Error::Kind::MissingSchema);
    // Which table, and that it is missing; how to create it is the tool's to say (lockctl names
    // "schema --create", tst_lockctl; the window its Create schema, tst_mainwindow).
    QVERIFY2(grant.error().message.contains(u"does not exist"_s),
             qPrintable(grant.error().message));
    QVERIFY(!grant.error().nativeCode.isEmpty());
    auto all = service->list();
    QVERIFY(!all);
    QCOMPARE(all.error().kind, Error::Kind::MissingSchema);
    // The session is still usable afterwards.
    auto existing = m_locks->lock(u"existing"_s);
    LOCKSCOPE_VERIFY_OK(existing);
}

// PostgreSQL (issue 38): a table made by an unquoted CREATE TABLE APP_EXP is app_exp, and
// Lockscope quotes the name it is given. The error names what was looked for, how PostgreSQL
// folds the case, and the lower-case table when there is one (asked of the server), which it
// also gives as Error::tableInstead for each tool to offer in its own terms.
void BadInputTest::capitalTableOnPostgresSaysHowNamesFold()
{
    if (!TestBackend::instance().isPostgres())
        QSKIP("only PostgreSQL folds unquoted names to lower case while Lockscope quotes them");
    const QString upper = m_table.toUpper();
    auto service = LockService::create(*m_session, upper);
    LOCKSCOPE_VERIFY_OK(service);
    auto grant = service->acquire(u"job"_s, u"alice"_s, 1000);
    QVERIFY(!grant);
    QCOMPARE(grant.error().kind, Error::Kind::MissingSchema);
    const QString message = grant.error().message;
    QVERIFY2(message.contains(u'"' + upper + u'"'), qPrintable(message));
    QVERIFY2(message.contains(u"lower case"_s), qPrintable(message));
    QVERIFY2(message.contains(u"give the table as "_s + m_table), qPrintable(message));
    QVERIFY2(!message.contains(u"--table"_s), qPrintable(message)); // (lockctl's option)
    QCOMPARE(grant.error().tableInstead, m_table);
    // No lower-case table of that name either: said so, and no table suggested.
    const QString unknown = u"NO_SUCH_"_s + upper;
    auto none = LockService::create(*m_session, unknown)->list();
    QVERIFY(!none);
    QVERIFY2(none.error().message.contains(u"no table "_s + unknown.toLower()),
             qPrintable(none.error().message));
    QVERIFY2(!none.error().message.contains(u"--table"_s), qPrintable(none.error().message));
    QVERIFY(none.error().tableInstead.isEmpty());
    LOCKSCOPE_VERIFY_OK(m_locks->lock(u"existing"_s));
}

void BadInputTest::wrongPasswordIsAClearErrorWithoutThePassword()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no password");
    ConnectionSpec spec = TestBackend::instance().spec();
    const QString realPassword = spec.password;
    const QString wrongPassword = u"Wr0ng-pässwörd-%1"_s.arg(QCoreApplication::applicationPid());
    spec.password = wrongPassword;
    QElapsedTimer timer;
    timer.start();
    auto session = Session::open(spec, SessionOptions{5});
    QVERIFY(!session);
    QVERIFY(timer.elapsed() < 10000);
    const Error &error = session.error();
    QCOMPARE(error.kind, Error::Kind::Authentication);
    const QString everything = error.fullText() + error.driverText + error.message;
    QVERIFY2(!everything.contains(wrongPassword), qPrintable(everything));
    QVERIFY2(!everything.contains(realPassword), "the real password appears in the error");
    QVERIFY2(everything.contains(spec.user), qPrintable(everything)); // says which user
    QVERIFY2(error.message.contains(u"password"_s, Qt::CaseInsensitive), qPrintable(error.message));
    auto existing = m_locks->lock(u"existing"_s);
    QVERIFY(existing && existing->has_value());
}

void BadInputTest::unreachableHostIsBoundedByTheConnectTimeout_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<bool>("silent");
    // 10.255.255.1 drops packets on most networks (or is refused at once by a sandbox); the
    // silent listener accepts the TCP connection and then never answers, like a hung server.
    QTest::newRow("blackholed address") << u"10.255.255.1"_s << false;
    QTest::newRow("server that never answers") << u"127.0.0.1"_s << true;
}

void BadInputTest::unreachableHostIsBoundedByTheConnectTimeout()
{
    QFETCH(QString, host);
    QFETCH(bool, silent);
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no network connection");
    SilentListener listener;
    ConnectionSpec spec = TestBackend::instance().spec();
    spec.host = host;
    if (silent) {
        QVERIFY(listener.port() > 0);
        spec.port = listener.port();
    }
    QElapsedTimer timer;
    timer.start();
    auto session = Session::open(spec, SessionOptions{2});
    const qint64 elapsed = timer.elapsed();
    QVERIFY(!session);
    QVERIFY2(session.error().kind == Error::Kind::Connection,
             qPrintable(Error::kindName(session.error().kind)));
    QVERIFY2(session.error().message.contains(host), qPrintable(session.error().message));
    // MySQL applies the timeout per phase (connect, then read), so allow a few of them.
    qInfo("gave up after %lld ms: %s", elapsed, qPrintable(session.error().message));
    QVERIFY2(elapsed < 9000, qPrintable(QString::number(elapsed)));
}

void BadInputTest::unusableSqliteFile()
{
    QTemporaryDir dir;
    const QString garbage = dir.filePath(u"not-a-database.sqlite"_s);
    QFile file(garbage);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(4096, 'g'));
    file.close();
    const QStringList urls = {u"sqlite:"_s + garbage,
                              u"sqlite:"_s + dir.filePath(u"missing/dir/locks.sqlite"_s)};
    for (const QString &url : urls) {
        auto spec = ConnectionSpec::parse(url);
        LOCKSCOPE_VERIFY_OK(spec);
        auto session = Session::open(*spec);
        if (session) {
            // SQLite opens lazily: the first statement reports the problem.
            auto service = LockService::create(**session);
            QVERIFY(service);
            const Status created = service->createSchema();
            QVERIFY(!created);
            QVERIFY(!created.error().message.isEmpty());
            qInfo("%s", qPrintable(created.error().fullText()));
        } else {
            QVERIFY2(session.error().message.contains(u"sqlite"_s, Qt::CaseInsensitive)
                         || session.error().message.contains(url.mid(7)),
                     qPrintable(session.error().fullText()));
            qInfo("%s", qPrintable(session.error().fullText()));
        }
    }
    QCOMPARE(QFile(garbage).size(), qint64(4096)); // not overwritten
}

QString BadInputTest::deadHostFirstUrl(const QString &attrs)
{
    const ConnectionSpec live = TestBackend::instance().spec();
    const QString server = u"@"_s + hostListText({{live.host, live.port}}) + u'/';
    QString url = TestBackend::instance().url();
    if (!url.contains(server))
        return {};
    url.replace(server, u"@127.0.0.1:1,"_s + server.mid(1));
    return url + (url.contains(u'?') ? u'&' : u'?') + u"target_session_attrs="_s + attrs;
}

// Several hosts (libpq's multi-host form, for a primary and its standbys): a host that
// refuses the connection is passed over for the next; the session says which server it
// reached; target_session_attrs reaches libpq (this lone primary is no standby).
void BadInputTest::postgresSeveralHostsSkipADeadOne()
{
    if (!TestBackend::instance().isPostgres())
        QSKIP("only PostgreSQL URLs name several hosts");
    auto spec = ConnectionSpec::parse(deadHostFirstUrl(u"read-write"_s));
    LOCKSCOPE_VERIFY_OK(spec);
    QCOMPARE(spec->port, 1);
    QCOMPARE(spec->otherHosts.size(), 1);
    auto session = Session::open(*spec, SessionOptions{5});
    LOCKSCOPE_VERIFY_OK(session);
    auto reached = reachedServer(**session);
    LOCKSCOPE_VERIFY_OK(reached);
    QCOMPARE(*reached, hostListText(spec->otherHosts));
    auto locks = LockService::create(**session, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    auto existing = locks->lock(u"existing"_s);
    LOCKSCOPE_VERIFY_OK(existing);
    QVERIFY(existing->has_value());
    QCOMPARE((*existing)->holder, u"alice"_s);

    // No standby among the hosts: refused, naming the hosts and never the password.
    auto standby = ConnectionSpec::parse(deadHostFirstUrl(u"standby"_s));
    LOCKSCOPE_VERIFY_OK(standby);
    auto refused = Session::open(*standby, SessionOptions{5});
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, Error::Kind::Connection);
    QVERIFY2(refused.error().message.contains(hostListText(standby->hosts())),
             qPrintable(refused.error().message));
    QVERIFY(!refused.error().fullText().contains(standby->password));
    qInfo("%s", qPrintable(refused.error().fullText()));
}

// A session whose connection is cut reopens through the whole list, past the dead host, as it
// would reach the new primary after a failover.
void BadInputTest::postgresSeveralHostsReconnectThroughTheList()
{
    if (!TestBackend::instance().isPostgres())
        QSKIP("only PostgreSQL URLs name several hosts");
    auto spec = ConnectionSpec::parse(deadHostFirstUrl(u"read-write"_s));
    LOCKSCOPE_VERIFY_OK(spec);
    auto session = Session::open(*spec, SessionOptions{5});
    LOCKSCOPE_VERIFY_OK(session);
    auto locks = LockService::create(**session, m_table);
    LOCKSCOPE_VERIFY_OK(locks);
    QSqlQuery backend((*session)->database());
    QVERIFY(backend.exec(u"SELECT pg_backend_pid()"_s) && backend.next());
    const qint64 pid = backend.value(0).toLongLong();
    backend.finish();
    // (With a timeout, pg_terminate_backend waits until the backend is gone.)
    QVERIFY(testsupport::execRaw(*m_session,
                                 u"SELECT pg_terminate_backend(%1, 5000)"_s.arg(pid)));

    auto first = locks->lock(u"existing"_s);
    if (!first) // the cut is seen here; the next call reopens
        QCOMPARE(first.error().kind, Error::Kind::ConnectionLost);
    auto again = locks->lock(u"existing"_s);
    LOCKSCOPE_VERIFY_OK(again);
    QVERIFY(again->has_value());
    QVERIFY(!(*session)->isBroken());
    QSqlQuery after((*session)->database());
    QVERIFY(after.exec(u"SELECT pg_backend_pid()"_s) && after.next());
    QVERIFY(after.value(0).toLongLong() != pid); // a new connection
    auto reached = reachedServer(**session);
    LOCKSCOPE_VERIFY_OK(reached);
    QCOMPARE(*reached, hostListText(spec->otherHosts));
}

LOCKSCOPE_BACKEND_TEST_MAIN(BadInputTest)
#include "tst_badinput.moc"
