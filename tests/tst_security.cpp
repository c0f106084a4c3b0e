// SPDX-License-Identifier: GPL-3.0-or-later
// The password never leaks (issue 7, security), on the backends that have one (PostgreSQL,
// MariaDB): lockctl commands run with a known password, given in the URL (--db) and in
// $LOCKSCOPE_PASSWORD; their stdout and stderr with every logging category on, and the command
// line of every lockctl process (sim-client children included, read from /proc while they run),
// never contain it. Neither does a saved connection profile, nor the error texts of a
// wrong-password connect. And lockctl --read-only refuses a write with exit code 2.

#include "lockctlrun.h"
#include "processtree.h"
#include "testbackend.h"

#include "connectionprofile.h"
#include "profilestore.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QThread>
#include <QUrl>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;
using namespace ui;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out; // stdout and stderr, merged
    QList<QByteArray> commandLines; // of the process and its descendants, seen while it ran
    bool sawRoot = false;  // lockctl's own command line, once it had started up (see lockctl())
    bool sawChild = false;
};

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class SecurityTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void lockctlNeverShowsThePassword_data();
    void lockctlNeverShowsThePassword();
    void savedProfileHasNoPassword();
    void wrongPasswordErrorsHaveNoPassword();
    void lockctlReadOnlyRefusesWrites();

private:
    Run lockctl(const QStringList &args, const QString &url, const QString &envPassword) const;
    // The password as it may appear: as given, and percent-encoded.
    QList<QByteArray> forms(const QString &password) const;

    ConnectionSpec m_spec;
    QString m_password;
    QString m_urlWithPassword;
    QString m_urlWithoutPassword;
    QString m_table;
    QString m_simTable;
    std::unique_ptr<Session> m_session;
    QTemporaryDir m_dir;
};

QList<QByteArray> SecurityTest::forms(const QString &password) const
{
    return {password.toUtf8(), QUrl::toPercentEncoding(password)};
}

Run SecurityTest::lockctl(const QStringList &args, const QString &url,
                          const QString &envPassword) const
{
    testsupport::LockctlOptions options;
    options.urlInEnvironment = false; // in --db
    options.password = envPassword;
    options.environment = {{u"QT_LOGGING_RULES"_s, u"*.debug=true\nqt.*.debug=false"_s}};
    options.mergeChannels = true;
    // "bench": the benchmark, once lockctl's command, is the tool lockbench (same options).
    const bool bench = args.value(0) == u"bench";
    if (bench)
        options.program = testsupport::lockbenchProgram();
    testsupport::LockctlProcess process(
        QStringList{u"--db"_s, url, u"--no-prompt"_s, u"--connect-timeout"_s, u"3s"_s}
            + (bench ? args.mid(1) : args),
        options);
    Run run;
    if (!process.waitForStarted())
        return run;
    const qint64 root = process.processId();
    // Until it ends: the command line of it and of every descendant. lockctl's own only after
    // it printed something: before main() runs, the arguments are still as given (a password
    // in --db is blanked out as main() starts). Its children are started after that.
    QElapsedTimer timer;
    timer.start();
    while (!process.process().waitForFinished(15) && timer.elapsed() < 120000) {
        const bool started = process.process().bytesAvailable() > 0;
        QSet<qint64> family;
        if (started)
            family.insert(root);
        QList<qint64> generation{root};
        while (!generation.isEmpty()) {
            generation
                = testsupport::childProcesses(QSet<qint64>(generation.cbegin(), generation.cend()));
            for (qint64 pid : std::as_const(generation))
                family.insert(pid);
        }
        for (qint64 pid : std::as_const(family)) {
            const QByteArray line = testsupport::commandLine(pid);
            if (line.isEmpty())
                continue;
            run.commandLines << line;
            (pid == root ? run.sawRoot : run.sawChild) = true;
        }
    }
    const testsupport::LockctlRun ended = process.finish(0); // killed if it still runs
    run.exitCode = ended.exitCode;
    run.out = ended.out;
    return run;
}

void SecurityTest::initTestCase()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no password");
    QVERIFY(m_dir.isValid());
    m_spec = TestBackend::instance().spec();
    m_password = m_spec.password;
    QVERIFY2(m_password.size() >= 6, "the test server's password is too short to grep for");
    m_urlWithPassword = TestBackend::instance().url();
    QVERIFY(m_urlWithPassword.contains(m_password)
            || m_urlWithPassword.toUtf8().contains(QUrl::toPercentEncoding(m_password)));
    m_urlWithoutPassword = m_spec.redacted();
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"secur"_s);
    m_simTable = TestBackend::uniqueTable(u"secsim"_s);
    auto service = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(service);
    const Status created = service->createSchema();
    LOCKSCOPE_VERIFY_OK(created);
}

void SecurityTest::cleanupTestCase()
{
    if (!m_session)
        return;
    for (const QString &t : {QString(m_table + u"_event"_s), m_table,
                             QString(m_simTable + u"_event"_s), QString(m_simTable + u"_resource"_s),
                             QString(m_simTable + u"_unsafe"_s), m_simTable})
        testsupport::execRaw(*m_session, u"DROP TABLE IF EXISTS "_s + t);
}

void SecurityTest::lockctlNeverShowsThePassword_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("server"); // 0: the test server, 1: wrong password, 2: refused
    QTest::addColumn<bool>("running"); // it runs long enough to be seen: it must have been
    QTest::addColumn<bool>("children"); // sim-client children must have been seen
    const QStringList tinyBench = {u"bench"_s, u"--table-prefix"_s,
                                   TestBackend::uniqueTable(u"secb"_s), u"--protocols"_s,
                                   u"lockcore"_s, u"--duration-ms"_s, u"100"_s, u"--repeats"_s,
                                   u"1"_s, u"--clients"_s, u"1"_s, u"--cycles"_s, u"10"_s};
    QTest::newRow("list") << QStringList{u"--table"_s, m_table, u"list"_s} << 0 << false
                          << false;
    QTest::newRow("acquire --hold") << QStringList{u"--table"_s, m_table, u"acquire"_s,
                                                   u"held"_s, u"--hold"_s, u"1s"_s}
                                    << 0 << true << false;
    QTest::newRow("acquire --hold, wrong table")
        << QStringList{u"--table"_s, u"no_such_table_x"_s, u"acquire"_s, u"x"_s, u"--hold"_s,
                       u"1s"_s}
        << 0 << false << false;
    QTest::newRow("wrong password") << QStringList{u"--table"_s, m_table, u"list"_s} << 1
                                    << false << false;
    QTest::newRow("server refuses") << QStringList{u"--table"_s, m_table, u"list"_s} << 2
                                    << false << false;
    QTest::newRow("bench") << tinyBench << 0 << false << false;
    QTest::newRow("simulate --processes")
        << QStringList{u"simulate"_s, u"--sim-table"_s, m_simTable, u"--processes"_s,
                       u"--clients"_s, u"2"_s, u"--locks"_s, u"1"_s, u"--ttl"_s, u"800ms"_s,
                       u"--duration"_s, u"2s"_s}
        << 0 << false << true;
    QTest::newRow("native-locks") << QStringList{u"native-locks"_s} << 0 << false << false;
}

void SecurityTest::lockctlNeverShowsThePassword()
{
    QFETCH(QStringList, args);
    QFETCH(int, server);
    QFETCH(bool, running);
    QFETCH(bool, children);
    const QString wrong = u"Wr0ng-%1-pw"_s.arg(QCoreApplication::applicationPid());
    for (const bool inUrl : {true, false}) {
        ConnectionSpec spec = m_spec;
        spec.password = server == 1 ? wrong : m_password;
        if (server == 2)
            spec.port = 1; // nothing listens there: the connection is refused
        QString url = spec.redacted();
        QString envPassword = spec.password;
        if (inUrl) {
            // user:password@ in the URL, nothing in the environment.
            const qsizetype at = url.indexOf(u'@');
            url.insert(at, u':' + QString::fromUtf8(QUrl::toPercentEncoding(spec.password)));
            envPassword.clear();
        }
        const Run run = lockctl(args, url, envPassword);
        const QString context = (inUrl ? u"password in the URL: "_s : u"in the environment: "_s)
                                + QString::fromUtf8(run.out.left(600));
        if (running)
            QVERIFY2(run.sawRoot, qPrintable(context));
        if (children)
            QVERIFY2(run.sawChild, qPrintable(context));
        if (server == 0)
            QVERIFY2(run.exitCode == 0 || args.contains(u"no_such_table_x"_s),
                     qPrintable(u"exit %1, %2"_s.arg(run.exitCode).arg(context)));
        else
            QVERIFY2(run.exitCode == 3, qPrintable(u"exit %1, %2"_s.arg(run.exitCode).arg(context)));
        QList<QByteArray> secrets = forms(m_password) + forms(wrong);
        for (const QByteArray &secret : std::as_const(secrets)) {
            QVERIFY2(!run.out.contains(secret), qPrintable(u"stdout or stderr, "_s + context));
            for (const QByteArray &line : run.commandLines)
                QVERIFY2(!line.contains(secret),
                         qPrintable(u"a command line: "_s
                                    + QString::fromUtf8(QByteArray(line).replace('\0', ' '))
                                          .replace(QString::fromUtf8(secret), u"<PASSWORD>"_s)));
        }
        if (inUrl && running) // the user is there: only the password was blanked out
            QVERIFY(std::any_of(run.commandLines.cbegin(), run.commandLines.cend(),
                                [&](const QByteArray &l) {
                                    return l.contains(QByteArray(m_spec.user.toUtf8() + ":xxx"));
                                }));
    }
}

// ProfileStore writes no password, also when the profile was made from a URL with one and the
// password is to be remembered (that goes to the keychain, not the file).
void SecurityTest::savedProfileHasNoPassword()
{
    for (const bool remember : {false, true}) {
        auto profile = ConnectionProfile::fromUrl(m_urlWithPassword);
        LOCKSCOPE_VERIFY_OK(profile);
        QCOMPARE(profile->spec.password, m_password);
        profile->name = u"secret test"_s;
        profile->rememberPassword = remember;
        const QString ini = m_dir.filePath(u"profiles-%1.ini"_s.arg(remember));
        {
            ProfileStore store(ini);
            store.save(*profile);
            store.setLastUsed(profile->name);
            store.sync();
        }
        const QByteArray saved = readFile(ini);
        QVERIFY2(saved.contains(m_spec.user.toUtf8()), saved.constData()); // it was written
        for (const QByteArray &secret : forms(m_password))
            QVERIFY2(!saved.contains(secret), "the saved profile contains the password");
        QVERIFY(!profile->displayUrl().contains(m_password));
        QVERIFY(!profile->title().contains(m_password));
    }
}

// The errors of a wrong-password connect (what the window shows: message, fullText, the
// driver's text) name the user but never the password, the wrong one or the right one.
void SecurityTest::wrongPasswordErrorsHaveNoPassword()
{
    ConnectionSpec spec = m_spec;
    const QString wrong = u"Wr0ng-pw-%1"_s.arg(QCoreApplication::applicationPid());
    spec.password = wrong;
    auto session = Session::open(spec, SessionOptions{3});
    QVERIFY(!session);
    const Error &error = session.error();
    QCOMPARE(error.kind, Error::Kind::Authentication);
    const QString everything = error.message + error.fullText() + error.driverText;
    QVERIFY(everything.contains(spec.user));
    QVERIFY2(!everything.contains(wrong), qPrintable(everything));
    QVERIFY2(!everything.contains(m_password), "the real password appears in the error");
}

// lockctl --read-only: writes exit with 2 before anything is sent and name read-only; reads
// work. (The read-only session itself is tested in tst_readonly.)
void SecurityTest::lockctlReadOnlyRefusesWrites()
{
    const QStringList table{u"--table"_s, m_table};
    for (const QStringList &write :
         {QStringList{u"acquire"_s, u"ro-lock"_s}, QStringList{u"init"_s, u"ro-lock"_s},
          QStringList{u"schema"_s, u"--create"_s}}) {
        const Run run = lockctl(table + QStringList{u"--read-only"_s} + write,
                                m_urlWithoutPassword, m_password);
        QVERIFY2(run.exitCode == 2, qPrintable(u"exit %1: %2"_s.arg(run.exitCode)
                                                   .arg(QString::fromUtf8(run.out))));
        QVERIFY2(run.out.contains("read-only"), run.out.constData());
    }
    // readonly=1 in the URL does the same.
    const Run viaUrl = lockctl(table + QStringList{u"acquire"_s, u"ro-lock"_s},
                               m_urlWithoutPassword + u"?readonly=1"_s, m_password);
    QVERIFY2(viaUrl.exitCode == 2, viaUrl.out.constData());
    const Run list = lockctl(table + QStringList{u"--read-only"_s, u"list"_s},
                             m_urlWithoutPassword, m_password);
    QVERIFY2(list.exitCode == 0, list.out.constData());
    auto service = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(service);
    auto lock = service->lock(u"ro-lock"_s);
    LOCKSCOPE_VERIFY_OK(lock);
    QVERIFY(!lock->has_value()); // never created
}

int main(int argc, char **argv)
{
    SecurityTest suite;
    return testsupport::runBackendSuite(&suite, argc, argv);
}

#include "tst_security.moc"
