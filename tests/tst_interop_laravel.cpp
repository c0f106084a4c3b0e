// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in profile "laravel" against the real Laravel (Debian's php-laravel-framework):
// the PHP scripts of tests/interop/laravel run Illuminate's database cache store on the
// backend's database, in tables made by Laravel's own cache:table migration. A scheduled task's
// mutex left behind by a kill -9 is shown held by its owner for its 24 hours, refused to a
// test-acquire, force-released with a reason, and Laravel then runs the task again; a lock
// Laravel holds legitimately is shown held and refused, and is gone after Laravel's release; a
// lock Lockscope holds blocks Laravel; a lock past its expiration is free for both. The profile
// "laravel-schedule": Laravel 8's real scheduler mutex (a cache table entry) left by a kill -9.

#include "lockctljson.h"
#include "lockctlrun.h"
#include "testbackend.h"

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <memory>

using namespace Qt::StringLiterals;
using testsupport::isoUtc;
using testsupport::runLockctl; // on the backend's database (LOCKSCOPE_DB), no terminal
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

const QString scriptsDir = QStringLiteral(LOCKSCOPE_LARAVEL_SCRIPTS);
const QString autoloader = u"/usr/share/php/Illuminate/autoload.php"_s;
constexpr int startMs = 10000; // the longest a PHP script may take to say something

// One PHP script of tests/interop/laravel on the backend's database, in the test's tables (the
// connection's table prefix). Its stdin stays open: hold.php waits on it.
class PhpScript
{
public:
    PhpScript(const QString &script, const QStringList &args, const QString &prefix)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"LOCKSCOPE_DB"_s, TestBackend::instance().url()); // never on a command line
        env.insert(u"LOCKSCOPE_LARAVEL_PREFIX"_s, prefix);
        m_process.setProcessEnvironment(env);
        m_process.start(QStandardPaths::findExecutable(u"php"_s),
                        QStringList{scriptsDir + u'/' + script} + args);
    }
    ~PhpScript()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    // The next line the script prints, as JSON (empty when it printed none in time).
    QJsonObject nextLine(int timeoutMs = startMs)
    {
        QDeadlineTimer deadline(timeoutMs);
        while (!m_process.canReadLine()) {
            if (deadline.hasExpired() || !m_process.waitForReadyRead(deadline.remainingTime()))
                return {};
        }
        return QJsonDocument::fromJson(m_process.readLine()).object();
    }
    void writeLine() { m_process.write("\n"); }
    // SIGKILL, as the OOM killer or a deploy does: nothing of Laravel's runs after it.
    bool killHard()
    {
        m_process.kill();
        return m_process.waitForFinished(5000);
    }
    bool finishedOk(int timeoutMs = startMs)
    {
        if (m_process.state() != QProcess::NotRunning)
            m_process.waitForFinished(timeoutMs);
        return m_process.state() == QProcess::NotRunning
               && m_process.exitStatus() == QProcess::NormalExit && m_process.exitCode() == 0;
    }
    QString describe()
    {
        return u"php exit %1; stderr: %2"_s.arg(m_process.exitCode())
            .arg(QString::fromUtf8(m_process.readAllStandardError()));
    }

private:
    QProcess m_process;
};

// Why the PHP side cannot run here (empty: it can).
QString missingRuntime()
{
    if (QStandardPaths::findExecutable(u"php"_s).isEmpty())
        return u"php is not installed (Debian: php-cli)"_s;
    if (!QFileInfo::exists(autoloader))
        return u"Laravel is not installed (Debian: php-laravel-framework)"_s;
    const TestBackend &backend = TestBackend::instance();
    const QString extension = backend.isPostgres()  ? u"pdo_pgsql"_s
                              : backend.isMariadb() ? u"pdo_mysql"_s
                                                    : u"pdo_sqlite"_s;
    QProcess php;
    php.start(QStandardPaths::findExecutable(u"php"_s),
              {u"-r"_s, u"exit(extension_loaded('%1') ? 0 : 1);"_s.arg(extension)});
    if (!php.waitForFinished(startMs) || php.exitCode() != 0)
        return u"PHP has no %1 (Debian: php-pgsql, php-mysql, php-sqlite3)"_s.arg(extension);
    return {};
}

} // namespace

class InteropLaravelTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void stuckScheduledTaskIsForceReleased();
    void legitimateHoldIsRespected();
    void expiredLockIsFreeAsForLaravel();
    void stuckSchedulerMutexIsForceReleased();

private:
    // Runs a script to its end; its last line.
    QJsonObject runPhp(const QString &script, const QStringList &args);
    Run lockctl(const QStringList &args) const;
    // lockctl with the profile laravel-schedule on Laravel's cache table.
    Run scheduleLockctl(const QStringList &args) const;
    // The lock as "show --json" has it; an empty object when there is no such row.
    QJsonObject shown(const QString &key) const;
    // The lock as "list --json" has it; an empty object when it is not listed.
    QJsonObject listed(const QString &key) const;

    std::unique_ptr<lockcore::Session> m_session;
    QString m_prefix; // Laravel's table prefix for this run: the tables are ours alone
    QString m_table;
};

// `run`: a variable (the macro reads it more than once).
#define VERIFY_EXIT(run, code)                                                                     \
    QVERIFY2((run).finished && (run).exitCode == (code), qPrintable((run).describe()))

void InteropLaravelTest::initTestCase()
{
    if (const QString missing = missingRuntime(); !missing.isEmpty()) {
        LOCKSCOPE_SKIP_OR_FAIL_INTEROP(missing);
    }
    QString error;
    m_session = TestBackend::instance().open(&error); // also creates the SQLite file
    QVERIFY2(m_session, qPrintable(error));
    m_prefix = u"ls%1_"_s.arg(QRandomGenerator::global()->generate() & 0xffffff, 0, 36);
    m_table = m_prefix + u"cache_locks"_s;
    QCOMPARE(runPhp(u"migrate.php"_s, {u"up"_s})[u"migrated"_s].toString(), u"up"_s);
}

void InteropLaravelTest::cleanupTestCase()
{
    if (!m_table.isEmpty())
        runPhp(u"migrate.php"_s, {u"down"_s});
}

QJsonObject InteropLaravelTest::runPhp(const QString &script, const QStringList &args)
{
    PhpScript php(script, args, m_prefix);
    QJsonObject last;
    for (QJsonObject line = php.nextLine(); !line.isEmpty(); line = php.nextLine())
        last = line;
    if (!php.finishedOk())
        qWarning("%s: %s", qPrintable(script), qPrintable(php.describe()));
    return last;
}

Run InteropLaravelTest::lockctl(const QStringList &args) const
{
    return runLockctl(QStringList{u"--profile"_s, u"laravel"_s, u"--table"_s, m_table} + args);
}

Run InteropLaravelTest::scheduleLockctl(const QStringList &args) const
{
    return runLockctl(QStringList{u"--profile"_s, u"laravel-schedule"_s, u"--table"_s,
                                  m_prefix + u"cache"_s}
                      + args);
}

QJsonObject InteropLaravelTest::shown(const QString &key) const
{
    const Run run = lockctl({u"show"_s, key, u"--json"_s});
    if (run.exitCode == 1 && run.json[u"error"_s][u"kind"_s].toString() == u"not_found"_s)
        return {};
    return run.json[u"lock"_s].toObject();
}

QJsonObject InteropLaravelTest::listed(const QString &key) const
{
    const Run run = lockctl({u"list"_s, u"--json"_s});
    for (const QJsonValue &lock : run.json[u"locks"_s].toArray())
        if (lock[u"name"_s].toString() == key)
            return lock.toObject();
    qWarning("%s is not in the list: %s", qPrintable(key), qPrintable(run.describe()));
    return {};
}

// The expect_time of list --json, passed back unchanged.
static QString expectTime(const QJsonObject &lock)
{
    const QJsonValue value = lock[u"expect_time"_s];
    return value.isString() ? value.toString() : QString::number(testsupport::jsonInteger(value));
}

// A free lock: Laravel's release deletes the row; a row past its expiration is free too.
static bool freeOrGone(const QJsonObject &lock)
{
    const QString state = lock[u"state"_s].toString();
    return lock.isEmpty() || state == u"free"_s || state == u"expired"_s;
}

// withoutOverlapping()'s mutex (the scheduler's name, 1440 minutes) taken as a cache lock by a
// task that is then killed with SIGKILL: it stays held for 24 hours and the task never runs
// again. Lockscope shows it held by that owner until that time, refuses a test-acquire, and
// frees it with a force release on what list showed; then the task runs again.
void InteropLaravelTest::stuckScheduledTaskIsForceReleased()
{
    PhpScript task(u"stuck.php"_s, {}, m_prefix);
    const QJsonObject held = task.nextLine();
    QVERIFY2(held[u"acquired"_s].toBool(), qPrintable(task.describe()));
    QVERIFY(task.killHard());
    const QString name = held[u"name"_s].toString(); // Laravel's name: framework/schedule-<sha1>
    const QString key = held[u"key"_s].toString();   // the row's: the cache prefix + name
    const QString owner = held[u"owner"_s].toString();
    const qint64 expiration = held[u"expiration"_s].toInteger();
    QVERIFY2(name.startsWith(u"framework/schedule-"_s) && key.endsWith(name), qPrintable(key));
    QCOMPARE(expiration - held[u"php_time"_s].toInteger(), 1440 * 60);
    QCOMPARE(runPhp(u"tryget.php"_s, {name})[u"acquired"_s].toBool(), false); // stuck

    const QJsonObject lock = listed(key);
    QCOMPARE(lock[u"state"_s].toString(), u"held"_s);
    QCOMPARE(lock[u"holder"_s].toString(), owner);
    const QDateTime expires = isoUtc(lock[u"expires_at"_s]);
    QCOMPARE(expires, QDateTime::fromSecsSinceEpoch(expiration, Qt::UTC));
    const qint64 remainingMs = qint64(lock[u"remaining_ms"_s].toDouble());
    QVERIFY2(remainingMs > (1440 * 60 - 60) * 1000LL && remainingMs <= 1440 * 60 * 1000LL,
             qPrintable(QString::number(remainingMs)));
    QCOMPARE(shown(key)[u"holder"_s].toString(), owner);
    QCOMPARE(shown(key)[u"expires_at"_s], lock[u"expires_at"_s]);

    const Run refused
        = lockctl({u"acquire"_s, key, u"--holder"_s, u"ops"_s, u"--ttl"_s, u"60s"_s, u"--json"_s});
    VERIFY_EXIT(refused, 1);
    QCOMPARE(refused.json[u"held_by"_s].toString(), owner);

    const Run freed = lockctl({u"force-release"_s, key, u"--expect-holder"_s, owner,
                               u"--expect-time"_s, expectTime(lock), u"--reason"_s,
                               u"report:nightly killed by the OOM killer"_s, u"--json"_s});
    VERIFY_EXIT(freed, 0);
    QVERIFY(freeOrGone(shown(key)));
    const QJsonObject again = runPhp(u"tryget.php"_s, {name});
    QCOMPARE(again[u"acquired"_s].toBool(), true); // the task runs again
    QCOMPARE(again[u"released"_s].toBool(), true);
}

// A lock Laravel holds (its owner alive) is shown held and refused to a test-acquire; after
// Laravel's own release it is gone. A lock Lockscope takes blocks Laravel until released.
void InteropLaravelTest::legitimateHoldIsRespected()
{
    PhpScript holder(u"hold.php"_s, {u"invoices"_s, u"60"_s}, m_prefix);
    const QJsonObject held = holder.nextLine();
    QVERIFY2(held[u"acquired"_s].toBool(), qPrintable(holder.describe()));
    const QString key = held[u"key"_s].toString();
    const QString owner = held[u"owner"_s].toString();
    const QJsonObject lock = shown(key);
    QCOMPARE(lock[u"state"_s].toString(), u"held"_s);
    QCOMPARE(lock[u"holder"_s].toString(), owner);
    QCOMPARE(isoUtc(lock[u"expires_at"_s]),
             QDateTime::fromSecsSinceEpoch(held[u"expiration"_s].toInteger(), Qt::UTC));
    const Run refused = lockctl({u"acquire"_s, key, u"--holder"_s, u"ops"_s, u"--json"_s});
    VERIFY_EXIT(refused, 1);
    QCOMPARE(refused.json[u"held_by"_s].toString(), owner);

    holder.writeLine();
    QCOMPARE(holder.nextLine()[u"released"_s].toBool(), true); // Laravel's owner-checked release
    QVERIFY2(holder.finishedOk(), qPrintable(holder.describe()));
    QVERIFY(freeOrGone(shown(key)));

    // Lockscope's test-acquire holds Laravel off, and its release lets Laravel in again.
    const Run taken = lockctl({u"acquire"_s, key, u"--holder"_s, u"ops"_s, u"--ttl"_s, u"60s"_s});
    VERIFY_EXIT(taken, 0);
    QCOMPARE(runPhp(u"tryget.php"_s, {u"invoices"_s})[u"acquired"_s].toBool(), false);
    const Run released = lockctl({u"release"_s, key, u"--holder"_s, u"ops"_s});
    VERIFY_EXIT(released, 0);
    QCOMPARE(runPhp(u"tryget.php"_s, {u"invoices"_s})[u"acquired"_s].toBool(), true);
}

// Laravel takes a lock whose expiration <= now (its PHP clock, in whole seconds): as soon as the
// database clock reaches the expiration, Lockscope shows it free too, and Laravel takes it.
void InteropLaravelTest::expiredLockIsFreeAsForLaravel()
{
    PhpScript holder(u"hold.php"_s, {u"short"_s, u"1"_s}, m_prefix);
    const QJsonObject held = holder.nextLine();
    QVERIFY2(held[u"acquired"_s].toBool(), qPrintable(holder.describe()));
    QVERIFY(holder.killHard()); // no release: the row stays until it is taken or pruned
    const QString key = held[u"key"_s].toString();
    const qint64 expirationUs = held[u"expiration"_s].toInteger() * 1000000;
    QVERIFY(
        QTest::qWaitFor([&] { return testsupport::dbNowUs(*m_session) >= expirationUs; }, 3000));
    const QJsonObject lock = shown(key);
    QVERIFY2(!lock.isEmpty() && freeOrGone(lock),
             QJsonDocument(lock).toJson(QJsonDocument::Compact).constData());
    QVERIFY2(lock[u"remaining_ms"_s].toDouble() <= 0,
             QJsonDocument(lock).toJson(QJsonDocument::Compact).constData());
    QCOMPARE(runPhp(u"tryget.php"_s, {u"short"_s})[u"acquired"_s].toBool(), true);
}

// Laravel 8's scheduler keeps withoutOverlapping()'s mutex in the cache table (CacheEventMutex:
// Cache::add, 1440 minutes), not in cache_locks. A task killed with SIGKILL leaves it, and every
// scheduler run skips the task. The profile laravel-schedule shows it held for its 24 hours (and
// not the table's other cache entries), refuses a test-acquire, and its force release lets the
// scheduler run the task again.
void InteropLaravelTest::stuckSchedulerMutexIsForceReleased()
{
    PhpScript task(u"schedule.php"_s, {u"hang"_s}, m_prefix);
    const QJsonObject running = task.nextLine();
    QVERIFY2(running[u"running"_s].toBool(), qPrintable(task.describe()));
    QVERIFY(task.killHard());
    const QString key = running[u"key"_s].toString(); // the cache prefix + framework/schedule-..
    const qint64 expiration = running[u"expiration"_s].toInteger();
    QVERIFY2(key.contains(u"framework/schedule-"_s), qPrintable(key));
    QCOMPARE(expiration - running[u"php_time"_s].toInteger(), 1440 * 60);
    const QJsonObject skipped = runPhp(u"schedule.php"_s, {});
    QCOMPARE(skipped[u"ran"_s].toBool(true), false); // the scheduler skips the task
    QCOMPARE(testsupport::countRows(*m_session, m_prefix + u"cache"_s), 2); // + Cache::put's

    const Run list = scheduleLockctl({u"list"_s, u"--json"_s});
    VERIFY_EXIT(list, 0);
    const QJsonArray locks = list.json[u"locks"_s].toArray();
    QCOMPARE(locks.size(), 1); // the mutex, not the ordinary cache entry
    const QJsonObject lock = locks.at(0).toObject();
    QCOMPARE(lock[u"name"_s].toString(), key);
    QCOMPARE(lock[u"state"_s].toString(), u"held"_s);
    QVERIFY(lock[u"holder"_s].isNull());
    QCOMPARE(isoUtc(lock[u"expires_at"_s]), QDateTime::fromSecsSinceEpoch(expiration, Qt::UTC));
    const qint64 remainingMs = qint64(lock[u"remaining_ms"_s].toDouble());
    QVERIFY2(remainingMs > (1440 * 60 - 60) * 1000LL && remainingMs <= 1440 * 60 * 1000LL,
             qPrintable(QString::number(remainingMs)));

    const Run refused = scheduleLockctl(
        {u"acquire"_s, key, u"--holder"_s, u"ops"_s, u"--ttl"_s, u"60s"_s, u"--json"_s});
    VERIFY_EXIT(refused, 1);
    const Run freed = scheduleLockctl({u"force-release"_s, key, u"--expect-time"_s,
                                       expectTime(lock), u"--reason"_s,
                                       u"report:nightly killed by the OOM killer"_s, u"--json"_s});
    VERIFY_EXIT(freed, 0);
    QCOMPARE(freed.json[u"released"_s].toBool(), true);
    const QJsonObject again = runPhp(u"schedule.php"_s, {});
    QCOMPARE(again[u"ran"_s].toBool(), true); // the task runs again
    QCOMPARE(again[u"mutex_left"_s].toBool(true), false); // and Laravel forgot its mutex after
}

LOCKSCOPE_BACKEND_TEST_MAIN(InteropLaravelTest)
#include "tst_interop_laravel.moc"
