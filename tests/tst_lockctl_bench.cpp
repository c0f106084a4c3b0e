// SPDX-License-Identifier: GPL-3.0-or-later
// lockbench (the benchmark, once "lockctl bench") as a script sees it: real lockbench processes
// on one backend (the URL in LOCKSCOPE_DB, never on a command line), their exit codes and their
// one JSON object. Tiny settings; no timing is asserted (speed is judged from the bench's own
// output, not here). And the shipped lockctl's "bench", which only says where it went.

#include "lockctlrun.h"
#include "testbackend.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <cmath>

using namespace Qt::StringLiterals;
using testsupport::TestBackend;

namespace {

constexpr int runTimeoutMs = 240000;

// Few clients and short runs: every protocol and every measurement, in seconds.
const QStringList tinySettings = {u"--duration-ms"_s, u"200"_s, u"--repeats"_s, u"1"_s,
                                  u"--clients"_s,     u"1,4"_s, u"--separate"_s, u"1,2"_s,
                                  u"--cycles"_s,      u"30"_s,  u"--hold-us"_s,  u"100"_s};

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json; // stdout, when it is exactly one JSON object on one line
    bool isJson = false;

    QString describe() const
    {
        return u"exit code %1\nstdout: %2\nstderr: %3"_s.arg(exitCode).arg(
            QString::fromUtf8(out), QString::fromUtf8(err.right(4000)));
    }
};

// Runs `program` (lockbench, or lockctl for what became of its "bench"). The URL goes in
// LOCKSCOPE_DB unless the arguments name one with --db.
Run runProgram(const QString &program, const QStringList &args, const QString &url)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"LOCKSCOPE_PASSWORD"_s);
    env.insert(u"LOCKSCOPE_DB"_s, url);
    QProcess process;
    process.setProgram(program);
    process.setArguments(args);
    process.setProcessEnvironment(env);
    process.setStandardInputFile(QProcess::nullDevice());
    process.start();
    Run run;
    if (!process.waitForFinished(runTimeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    const QByteArray line = run.out.trimmed();
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (!line.contains('\n') && error.error == QJsonParseError::NoError && document.isObject()) {
        run.json = document.object();
        run.isJson = true;
    }
    return run;
}

Run lockbench(const QStringList &args, const QString &url)
{
    return runProgram(testsupport::lockbenchProgram(), args, url);
}

bool isNumber(const QJsonValue &value)
{
    return value.isDouble() && std::isfinite(value.toDouble());
}

} // namespace

#define VERIFY_EXIT(run, code) QVERIFY2((run).exitCode == (code), qPrintable((run).describe()))
#define VERIFY_JSON(run) QVERIFY2((run).isJson, qPrintable((run).describe()))
#define VERIFY_RUN(condition, run) QVERIFY2(condition, qPrintable((run).describe()))

class LockctlBenchTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void jsonHasEveryFigureOfEveryProtocol();
    void textShowsOneTablePerMeasurementWithRatios();
    void unreachableDatabaseFailsClearly_data();
    void unreachableDatabaseFailsClearly();
    void badOptionsExitTwoBeforeConnecting_data();
    void badOptionsExitTwoBeforeConnecting();
    void helpListsTheOptions();
    void lockctlBenchSaysWhereItWent_data();
    void lockctlBenchSaysWhereItWent();

private:
    Run bench(const QStringList &args, const QString &prefix);
    bool tableExists(const QString &table);

    std::unique_ptr<lockcore::Session> m_session; // the test's own connection, for raw SQL
};

Run LockctlBenchTest::bench(const QStringList &args, const QString &prefix)
{
    return lockbench(QStringList{u"--table-prefix"_s, prefix} + args,
                     TestBackend::instance().url());
}

bool LockctlBenchTest::tableExists(const QString &table)
{
    return testsupport::countRows(*m_session, table) >= 0;
}

void LockctlBenchTest::initTestCase()
{
    QVERIFY2(QFileInfo(testsupport::lockbenchProgram()).isExecutable(), qPrintable(testsupport::lockbenchProgram()));
    QVERIFY2(QFileInfo(testsupport::lockctlProgram()).isExecutable(),
             qPrintable(testsupport::lockctlProgram()));
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
}

// Every protocol available here reports every figure, no two clients ever held a lock at
// once, raw-sql costs two round trips per cycle and lockcore a whole number; the bench's
// tables are gone afterwards.
void LockctlBenchTest::jsonHasEveryFigureOfEveryProtocol()
{
    const QString prefix = TestBackend::uniqueTable(u"lbench"_s);
    const Run run = bench(tinySettings + QStringList{u"--json"_s}, prefix);
    VERIFY_EXIT(run, 0);
    VERIFY_JSON(run);
    const QJsonObject &json = run.json;

    const TestBackend &backend = TestBackend::instance();
    const QString expectedBackend = backend.isMariadb() ? u"mysql"_s : backend.name();
    QCOMPARE(json.value(u"backend"_s).toString(), expectedBackend);
    QCOMPARE(json.value(u"overlaps"_s).toInt(-1), 0);
    // What was observed, never "safe" (as lockctl simulate): violation_observed, no "safe" key.
    QVERIFY2(json.value(u"violation_observed"_s).isBool(), qPrintable(run.describe()));
    QCOMPARE(json.value(u"violation_observed"_s).toBool(true), false);
    QVERIFY2(!json.contains(u"safe"_s), qPrintable(run.describe()));
    VERIFY_RUN(json.value(u"holds_checked"_s).toDouble() > 0, run);

    const QJsonObject protocols = json.value(u"protocols"_s).toObject();
    const QStringList all = {u"lockcore"_s, u"raw-sql"_s,        u"seed-000"_s,
                             u"seed-004"_s, u"shedlock-style"_s, u"native"_s};
    for (const QString &id : all) {
        QVERIFY2(protocols.contains(id), qPrintable(id));
        const QJsonObject p = protocols.value(id).toObject();
        const bool available = p.value(u"available"_s).toBool(false);
        // Everything runs everywhere, except the native lock on SQLite.
        QCOMPARE(available, !(id == u"native" && backend.isSqlite()));
        if (!available) {
            VERIFY_RUN(!p.value(u"reason"_s).toString().isEmpty(), run);
            continue;
        }
        const QByteArray where = id.toUtf8();
        for (const char *key : {"cycle_us_p50", "cycle_us_p99", "round_trips"})
            QVERIFY2(isNumber(p.value(QLatin1String(key))), QByteArray(where + ": " + key));
        VERIFY_RUN(p.value(u"cycle_us_p50"_s).toDouble() > 0, run);
        VERIFY_RUN(p.value(u"cycle_us_p99"_s).toDouble() >= p.value(u"cycle_us_p50"_s).toDouble(),
                   run);
        QCOMPARE(p.value(u"overlaps"_s).toInt(-1), 0);
        QCOMPARE(p.value(u"refused_releases"_s).toInt(-1), 0);

        const QJsonArray contended = p.value(u"contended"_s).toArray();
        QCOMPARE(contended.size(), 2);
        for (int i = 0; i < contended.size(); ++i) {
            const QJsonObject row = contended.at(i).toObject();
            QCOMPARE(row.value(u"clients"_s).toInt(), i == 0 ? 1 : 4);
            QVERIFY2(isNumber(row.value(u"throughput"_s)), where);
            VERIFY_RUN(row.value(u"throughput"_s).toDouble() > 0, run);
            for (const char *key : {"handoff_us_p50", "handoff_us_p99"}) {
                const QJsonValue value = row.value(QLatin1String(key));
                // One client never hands the lock off: null. Four may (a number).
                const QByteArray what = where + ": " + key;
                QVERIFY2(row.contains(QLatin1String(key)), what);
                QVERIFY2(i == 0 ? value.isNull() : (value.isNull() || isNumber(value)), what);
            }
        }
        const QJsonArray separate = p.value(u"separate"_s).toArray();
        QCOMPARE(separate.size(), 2);
        for (int i = 0; i < separate.size(); ++i) {
            const QJsonObject row = separate.at(i).toObject();
            QCOMPARE(row.value(u"clients"_s).toInt(), i + 1);
            VERIFY_RUN(row.value(u"throughput"_s).toDouble() > 0, run);
        }
    }

    // raw-sql is the floor: two statements a cycle. lockcore: a whole number of them.
    const QJsonValue raw = protocols.value(u"raw-sql"_s).toObject().value(u"round_trips"_s);
    QCOMPARE(raw.toDouble(), 2.0);
    const double lockcore
        = protocols.value(u"lockcore"_s).toObject().value(u"round_trips"_s).toDouble();
    VERIFY_RUN(lockcore >= 1 && lockcore == std::floor(lockcore), run);

    for (const char *suffix : {"_lockcore", "_lockcore_event", "_raw_sql", "_raw_sql_event",
                               "_seed_000", "_seed_004", "_shedlock"})
        QVERIFY2(!tableExists(prefix + QLatin1String(suffix)), suffix);
}

// The text report: one table per measurement, lockcore's ratio to itself 1.00x, and what the
// check observed ("No violation observed in N holds checked"), never a claim of safety.
void LockctlBenchTest::textShowsOneTablePerMeasurementWithRatios()
{
    const QString prefix = TestBackend::uniqueTable(u"lbench"_s);
    const Run run = bench({u"--protocols"_s, u"seed-004,lockcore"_s, u"--duration-ms"_s, u"100"_s,
                           u"--repeats"_s, u"1"_s, u"--clients"_s, u"2"_s, u"--separate"_s, u"1"_s,
                           u"--cycles"_s, u"20"_s},
                          prefix);
    VERIFY_EXIT(run, 0);
    const QString text = QString::fromUtf8(run.out);
    for (const QString &part : {u"Uncontended:"_s, u"Contended: 2 client"_s,
                                u"Separate locks: 1 client"_s, u"1.00x"_s, u"round trips"_s,
                                u"No violation observed in "_s,
                                u"no two clients held a lock at once"_s})
        QVERIFY2(text.contains(part), qPrintable(part + u"\n"_s + run.describe()));
    for (const QString &claim : {u"Safety:"_s, u"SAFETY"_s, u"SAFE"_s})
        QVERIFY2(!text.contains(claim, Qt::CaseSensitive), qPrintable(claim + u"\n"_s + text));
    // lockcore comes first whatever the order asked for: the others are compared with it.
    QVERIFY2(text.indexOf(u"  lockcore"_s) < text.indexOf(u"  seed-004"_s), qPrintable(text));
    QVERIFY2(!tableExists(prefix + u"_seed_004"_s), "the bench's table was left behind");
}

// A database that cannot be reached is one clear error and exit code 3 (a malformed URL: 2),
// with the JSON error object on stdout.
void LockctlBenchTest::unreachableDatabaseFailsClearly_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no postgresql server")
        << u"postgresql://lockscope@127.0.0.1:1/lockscope_test"_s << 3 << u"Could not connect"_s;
    QTest::newRow("no mysql server")
        << u"mysql://lockscope@127.0.0.1:1/lockscope_test"_s << 3 << u"Could not connect"_s;
    QTest::newRow("sqlite in a missing directory")
        << u"sqlite:/nonexistent-lockscope-dir/bench.sqlite"_s << 3 << u"does not exist"_s;
    QTest::newRow("not a URL") << u"nonsense://"_s << 2 << u"nonsense"_s;
}

void LockctlBenchTest::unreachableDatabaseFailsClearly()
{
    QFETCH(QString, url);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run run = lockbench(QStringList{u"--json"_s, u"--no-prompt"_s, u"--connect-timeout"_s,
                                          u"3s"_s}
                                  + tinySettings,
                              url);
    VERIFY_EXIT(run, exitCode);
    VERIFY_RUN(QString::fromUtf8(run.err).contains(message), run);
    VERIFY_JSON(run);
    VERIFY_RUN(run.json.contains(u"error"_s), run);
}

// Every bad option is refused with a message naming it, before connecting.
void LockctlBenchTest::badOptionsExitTwoBeforeConnecting_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("named");
    QTest::newRow("no clients") << QStringList{u"--clients"_s, u"0"_s} << u"--clients"_s;
    QTest::newRow("too many clients") << QStringList{u"--separate"_s, u"1,300"_s}
                                      << u"--separate"_s;
    QTest::newRow("unknown protocol") << QStringList{u"--protocols"_s, u"redlock"_s}
                                      << u"redlock"_s;
    QTest::newRow("jitter 2") << QStringList{u"--jitter"_s, u"2"_s} << u"--jitter"_s;
    QTest::newRow("poll max below poll")
        << QStringList{u"--poll-ms"_s, u"50"_s, u"--poll-max-ms"_s, u"10"_s} << u"--poll-max-ms"_s;
    QTest::newRow("no repeats") << QStringList{u"--repeats"_s, u"0"_s} << u"--repeats"_s;
    QTest::newRow("bad prefix") << QStringList{u"--table-prefix"_s, u"x;y"_s}
                                << u"--table-prefix"_s;
    QTest::newRow("an argument") << QStringList{u"extra"_s} << u"extra"_s;
    // Issue 48: its DURATION options take a unit, as lockctl's do.
    QTest::newRow("ttl without a unit") << QStringList{u"--ttl"_s, u"30"_s}
                                        << u"--ttl needs a unit: 5s, 500ms, 2m, 1h"_s;
    QTest::newRow("connect timeout without a unit")
        << QStringList{u"--connect-timeout"_s, u"3"_s}
        << u"--connect-timeout needs a unit: 5s, 500ms, 2m, 1h"_s;
}

void LockctlBenchTest::badOptionsExitTwoBeforeConnecting()
{
    QFETCH(QStringList, args);
    QFETCH(QString, named);
    // An unreachable server: had the bench tried to connect, the exit code would be 3.
    const Run run = lockbench(QStringList{u"--json"_s} + args,
                              u"postgresql://lockscope@127.0.0.1:1/lockscope_test"_s);
    VERIFY_EXIT(run, 2);
    VERIFY_RUN(QString::fromUtf8(run.err).contains(named), run);
    VERIFY_JSON(run);
    QCOMPARE(run.json.value(u"error"_s).toObject().value(u"kind"_s).toString(), u"usage"_s);
}

// --help: the bench's options and the common ones, under lockbench's own name; exit code 0.
void LockctlBenchTest::helpListsTheOptions()
{
    const Run run = lockbench({u"--help"_s}, {});
    VERIFY_EXIT(run, 0);
    const QString text = QString::fromUtf8(run.out);
    for (const QString &part : {u"Usage: lockbench [options]"_s, u"--db <URL>"_s, u"--json"_s,
                                u"--protocols <LIST>"_s, u"--clients <LIST>"_s,
                                u"--table-prefix <NAME>"_s})
        QVERIFY2(text.contains(part), qPrintable(part + u"\n"_s + run.describe()));
}

// The shipped lockctl has no benchmark any more: "lockctl bench", with or without the bench's
// options, names lockbench and exits with 2 before connecting (a JSON usage error with --json);
// its --help says the same and lists nothing of the bench.
void LockctlBenchTest::lockctlBenchSaysWhereItWent_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("bench") << QStringList{u"bench"_s};
    QTest::newRow("bench with its options")
        << QStringList{u"bench"_s, u"--protocols"_s, u"lockcore"_s, u"--clients"_s, u"1"_s};
    QTest::newRow("global options first")
        << QStringList{u"--connect-timeout"_s, u"3s"_s, u"bench"_s, u"--repeats"_s, u"1"_s};
}

void LockctlBenchTest::lockctlBenchSaysWhereItWent()
{
    QFETCH(QStringList, args);
    // An unreachable server: had lockctl tried to connect, the exit code would be 3.
    const QString url = u"postgresql://lockscope@127.0.0.1:1/lockscope_test"_s;
    const Run run = runProgram(testsupport::lockctlProgram(), args, url);
    VERIFY_EXIT(run, 2);
    VERIFY_RUN(QString::fromUtf8(run.err).contains(u"\"lockctl bench\" has moved"_s), run);
    VERIFY_RUN(QString::fromUtf8(run.err).contains(u"lockbench"_s), run);
    VERIFY_RUN(run.out.isEmpty(), run);

    const Run json = runProgram(testsupport::lockctlProgram(), args + QStringList{u"--json"_s},
                                url);
    VERIFY_EXIT(json, 2);
    VERIFY_JSON(json);
    const QJsonObject error = json.json.value(u"error"_s).toObject();
    QCOMPARE(error.value(u"kind"_s).toString(), u"usage"_s);
    VERIFY_RUN(error.value(u"message"_s).toString().contains(u"lockbench"_s), json);

    const Run help = runProgram(testsupport::lockctlProgram(), args + QStringList{u"--help"_s},
                                url);
    VERIFY_EXIT(help, 0);
    VERIFY_RUN(help.out.contains("lockbench"), help);
    VERIFY_RUN(!help.out.contains("--protocols"), help);
}

LOCKSCOPE_BACKEND_TEST_MAIN(LockctlBenchTest)

#include "tst_lockctl_bench.moc"
