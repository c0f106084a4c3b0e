// SPDX-License-Identifier: GPL-3.0-or-later
// Quartz itself (Debian's libquartz2-java, a clustered JDBCJobStore) against lockctl, per
// server: a node that stops inside its trigger acquisition, holding the TRIGGER_ACCESS row of
// QRTZ_LOCKS, with a second node waiting behind it (tests/interop/quartz/). lockctl shows the
// node alive, then expired once it misses its check-ins (quartz-instances), shows the row held
// by the stopped node's session (quartz), refuses a test-acquire and a force release naming the
// terminate to run; that terminate ends the session and the second node fires the job.

#include "lockctlrun.h"
#include "testbackend.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>

#include <csignal>
#include <memory>

using namespace Qt::StringLiterals;
using testsupport::runLockctl;
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

const QString scheduler = u"lockscope-test"_s; // QuartzNode.SCHEDULER
const QString javaDir = u"/usr/share/java/"_s;

// One java process of tests/interop/quartz, its output collected as it comes.
class JavaNode
{
public:
    JavaNode(const QStringList &args, const QProcessEnvironment &env)
    {
        m_process.setProcessEnvironment(env);
        QObject::connect(&m_process, &QProcess::readyReadStandardOutput,
                         [this] { m_out += m_process.readAllStandardOutput(); });
        QObject::connect(&m_process, &QProcess::readyReadStandardError,
                         [this] { m_err += m_process.readAllStandardError(); });
        m_process.start(u"java"_s, args);
    }
    ~JavaNode()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        ::kill(pid_t(m_process.processId()), SIGCONT); // a stopped JVM dies on SIGKILL too,
        m_process.kill();                              // but lets its sockets go at once
        m_process.waitForFinished(5000);
    }
    qint64 pid() const { return m_process.processId(); }
    bool said(const QString &line) const
    {
        return QString::fromUtf8(m_out).split(u'\n').contains(line);
    }
    // Runs to its end (schema, drop).
    bool finish(int ms)
    {
        return m_process.waitForFinished(ms) && m_process.exitStatus() == QProcess::NormalExit
               && m_process.exitCode() == 0;
    }
    QString describe() const
    {
        return u"stdout: %1\nstderr: %2"_s.arg(QString::fromUtf8(m_out),
                                               QString::fromUtf8(m_err.right(3000)));
    }

private:
    QProcess m_process;
    QByteArray m_out;
    QByteArray m_err;
};

QJsonObject lockIn(const Run &run, const QString &name)
{
    for (const QJsonValue &lock : run.json.value(u"locks"_s).toArray()) {
        if (lock[u"name"_s].toString() == name)
            return lock.toObject();
    }
    return {};
}

qint64 holderPid(const QJsonObject &lock)
{
    static const QRegularExpression session(u"^session (\\d+) "_s);
    const auto match = session.match(lock[u"holder"_s].toString());
    return match.hasMatch() ? match.captured(1).toLongLong() : 0;
}

} // namespace

class InteropQuartzTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        const TestBackend &backend = TestBackend::instance();
        if (backend.isSqlite() || backend.isOdbc())
            QSKIP("Quartz's JDBCJobStore runs here on PostgreSQL and MariaDB");
        QString missing;
        if (QStandardPaths::findExecutable(u"java"_s).isEmpty())
            missing = u"java (default-jdk-headless)"_s;
        for (const QString &jar : {u"quartz2.jar"_s, u"postgresql.jar"_s,
                                   u"mariadb-java-client.jar"_s}) {
            if (!QFileInfo::exists(javaDir + jar))
                missing = javaDir + jar + u" (libquartz2-java, libpostgresql-jdbc-java, "
                                          u"libmariadb-java)"_s;
        }
        if (!QFileInfo::exists(QStringLiteral(QUARTZ_CLASSES "/QuartzNode.class")))
            missing = QStringLiteral(QUARTZ_CLASSES "/QuartzNode.class (javac at build time)");
        if (!missing.isEmpty()) {
            const QString text = u"Quartz's runtime is missing: "_s + missing;
            LOCKSCOPE_SKIP_OR_FAIL_INTEROP(text);
        }
        m_prefix = u"QZT%1_"_s.arg(QCoreApplication::applicationPid() % 1000000);
        m_env = javaEnvironment();
        JavaNode schema(javaArgs({u"schema"_s}), m_env);
        QVERIFY2(schema.finish(60000), qPrintable(schema.describe()));
        m_schema = true;
    }

    void cleanupTestCase()
    {
        if (!m_schema)
            return;
        JavaNode drop(javaArgs({u"drop"_s}), m_env);
        drop.finish(60000);
    }

    // The scenario of issue 50: a stopped scheduler holding TRIGGER_ACCESS stops the cluster;
    // Lockscope names it, and ending its session lets the other node fire.
    void stoppedNodeHoldsTriggerAccess()
    {
        const QString trigger = scheduler + u"/TRIGGER_ACCESS"_s;
        const QString nodeA = scheduler + u"/A"_s;
        JavaNode a(javaArgs({u"run"_s, u"A"_s, u"stall"_s}), m_env);
        QTRY_VERIFY2_WITH_TIMEOUT(a.said(u"stalled A"_s), qPrintable(a.describe()), 20000);

        // Alive: it checks in every second while its scheduler thread hangs.
        Run instances = lockctl({u"--profile"_s, u"quartz-instances"_s, u"list"_s, u"--json"_s},
                                u"SCHEDULER_STATE"_s);
        QVERIFY2(instances.exitCode == 0, qPrintable(instances.describe()));
        QCOMPARE(lockIn(instances, nodeA)[u"state"_s].toString(), u"held"_s);

        // Quartz's own FOR UPDATE holds the row; nobody waits yet.
        Run locks = lockctl({u"--profile"_s, u"quartz"_s, u"list"_s, u"--json"_s}, u"LOCKS"_s);
        QVERIFY2(locks.exitCode == 0, qPrintable(locks.describe()));
        QCOMPARE(lockIn(locks, trigger)[u"state"_s].toString(), u"held"_s);
        QCOMPARE(lockIn(locks, scheduler + u"/STATE_ACCESS"_s)[u"state"_s].toString(),
                 u"free"_s);
        const qint64 seenAlone = holderPid(lockIn(locks, trigger));
        if (TestBackend::instance().isPostgres()) // exact from the row's xmax
            QVERIFY2(isQuartzLocker(seenAlone), qPrintable(locks.outText()));
        else // InnoDB names no holder while nobody waits
            QCOMPARE(seenAlone, 0);
        const Run acquire = lockctl({u"--profile"_s, u"quartz"_s, u"acquire"_s, trigger},
                                    u"LOCKS"_s);
        QVERIFY2(acquire.exitCode != 0 && acquire.errText().contains(u"read-only"_s),
                 qPrintable(acquire.describe()));

        // The node stops (as a long GC pause or a frozen VM would); a second node comes up and
        // waits for TRIGGER_ACCESS behind it.
        QCOMPARE(::kill(pid_t(a.pid()), SIGSTOP), 0);
        JavaNode b(javaArgs({u"run"_s, u"B"_s}), m_env);
        qint64 holder = 0;
        QTRY_VERIFY2_WITH_TIMEOUT(
            (locks = lockctl({u"--profile"_s, u"quartz"_s, u"list"_s, u"--json"_s}, u"LOCKS"_s),
             holder = holderPid(lockIn(locks, trigger))) > 0
                && someoneWaitsForTheRow(),
            qPrintable(locks.outText() + b.describe()), 15000);
        QVERIFY2(isQuartzLocker(holder), qPrintable(locks.outText()));
        if (TestBackend::instance().isPostgres())
            QCOMPARE(holder, seenAlone);

        const Run release = lockctl({u"--profile"_s, u"quartz"_s, u"force-release"_s, trigger,
                                     u"--reason"_s, u"quartz cluster stuck"_s},
                                    u"LOCKS"_s);
        QVERIFY2(release.exitCode != 0
                     && release.errText().contains(
                         u"lockctl terminate %1 --reason"_s.arg(holder)),
                 qPrintable(release.describe()));

        // Stopped: its check-ins end, and after its interval + 7.5 s it is expired.
        QTRY_VERIFY2_WITH_TIMEOUT(
            (instances = lockctl({u"--profile"_s, u"quartz-instances"_s, u"list"_s,
                                  u"--json"_s},
                                 u"SCHEDULER_STATE"_s),
             lockIn(instances, nodeA)[u"state"_s].toString() == u"expired"_s),
            qPrintable(instances.outText()), 15000);

        const Run terminate = runLockctl({u"terminate"_s, QString::number(holder),
                                          u"--reason"_s, u"stopped Quartz node A"_s,
                                          u"--yes"_s, u"--json"_s},
                                         options());
        QVERIFY2(terminate.exitCode == 0, qPrintable(terminate.describe()));
        // The library works again: node B acquires the trigger and fires the job.
        QTRY_VERIFY2_WITH_TIMEOUT(b.said(u"fired after-stall on B"_s), qPrintable(b.describe()),
                                  15000);
        locks = lockctl({u"--profile"_s, u"quartz"_s, u"list"_s, u"--json"_s}, u"LOCKS"_s);
        QVERIFY2(holderPid(lockIn(locks, trigger)) != holder, qPrintable(locks.outText()));
    }

private:
    QProcessEnvironment javaEnvironment() const
    {
        const QUrl url(TestBackend::instance().url());
        const bool pg = TestBackend::instance().isPostgres();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QUARTZ_KIND"_s, pg ? u"postgresql"_s : u"mariadb"_s);
        env.insert(u"QUARTZ_JDBC_URL"_s,
                   u"jdbc:%1://%2:%3%4%5"_s.arg(pg ? u"postgresql"_s : u"mariadb"_s, url.host(),
                                               QString::number(url.port(pg ? 5432 : 3306)),
                                               url.path(),
                                               pg ? u"?sslmode=disable"_s : QString()));
        env.insert(u"QUARTZ_USER"_s, url.userName());
        env.insert(u"QUARTZ_PASSWORD"_s, url.password());
        env.insert(u"QUARTZ_PREFIX"_s, m_prefix);
        return env;
    }

    static QStringList javaArgs(const QStringList &args)
    {
        QStringList classPath{QStringLiteral(QUARTZ_CLASSES), javaDir + u"quartz2.jar"_s,
                              javaDir + u"postgresql.jar"_s,
                              javaDir + u"mariadb-java-client.jar"_s};
        if (QFileInfo::exists(javaDir + u"slf4j-nop.jar"_s)) // quiet: Quartz logs via slf4j
            classPath << javaDir + u"slf4j-nop.jar"_s;
        return QStringList{u"-cp"_s, classPath.join(u':'), u"QuartzNode"_s}
               + args;
    }

    testsupport::LockctlOptions options() const
    {
        testsupport::LockctlOptions o;
        o.environment = {{u"XDG_STATE_HOME"_s, m_state.path()}}; // the local audit log
        return o;
    }

    Run lockctl(QStringList args, const QString &table) const
    {
        args = QStringList{args.at(0), args.at(1), u"--table"_s, m_prefix + table}
               + args.mid(2);
        return runLockctl(args, options());
    }

    // The session `pid` is one of Quartz's connections (checked with the test's own SQL).
    bool isQuartzLocker(qint64 pid) const
    {
        auto session = TestBackend::instance().open();
        QSqlQuery q(session->database());
        const bool pg = TestBackend::instance().isPostgres();
        return pid > 0
               && q.exec(pg ? u"SELECT application_name FROM pg_stat_activity WHERE pid = %1"_s
                                  .arg(pid)
                            : u"SELECT COMMAND FROM information_schema.PROCESSLIST WHERE ID = %1"_s
                                  .arg(pid))
               && q.next()
               && q.value(0).toString() == (pg ? u"PostgreSQL JDBC Driver"_s : u"Sleep"_s);
    }

    // Another session runs Quartz's SELECT ... FOR UPDATE on the table and waits.
    bool someoneWaitsForTheRow() const
    {
        auto session = TestBackend::instance().open();
        QSqlQuery q(session->database());
        const QString like = u"'%"_s + m_prefix + u"LOCKS%FOR UPDATE%'"_s;
        return q.exec(TestBackend::instance().isPostgres()
                          ? u"SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                            " AND query LIKE "_s + like
                          : u"SELECT 1 FROM information_schema.PROCESSLIST WHERE COMMAND = 'Query'"
                            " AND ID <> CONNECTION_ID() AND INFO LIKE "_s + like)
               && q.next();
    }

    QString m_prefix;
    QProcessEnvironment m_env;
    QTemporaryDir m_state;
    bool m_schema = false;
};

LOCKSCOPE_BACKEND_TEST_MAIN(InteropQuartzTest)
#include "tst_interop_quartz.moc"
