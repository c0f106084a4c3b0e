// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl exporter as a process, scraped over HTTP on each backend: the values of a held, an
// expired-not-released and a free lock against what "lockctl show --json" reports, the counters
// after a force release, --max-locks, --include and lockscope_locks_omitted, a profile table
// (ShedLock), a hung database beside a healthy one (through a relay that stops answering), a
// wrong password and a missing table, promtool on the real output, SIGTERM.
#include "cuttableproxy.h"
#include "httpget.h"
#include "lockctljson.h"
#include "lockctlrun.h"
#include "metricstext.h"
#include "testbackend.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QThread>

#include <csignal>
#include <optional>

using namespace Qt::StringLiterals;
using testsupport::LockctlOptions;
using testsupport::LockctlProcess;
using testsupport::LockctlRun;
using testsupport::MetricSample;
using testsupport::TestBackend;

namespace {

using Labels = QMap<QString, QString>;

// A running exporter and the port it serves.
struct Exporter
{
    std::unique_ptr<LockctlProcess> process;
    quint16 port = 0;
};

} // namespace

class ExporterTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void valuesMatchShow();
    void countersRiseAfterForceRelease();
    void boundAndIncludePatterns();
    void profileTable();
    void hungDatabaseDoesNotBlock();
    void wrongPasswordAndMissingTable();
    void timestampsAreTheRowsDatabaseTimes();
    void buildInfo();
    void scrapeErrorPerTarget();
    void onlyGetAndHeadAreAllowed();

private:
    LockctlRun lockctl(const QStringList &args);
    Exporter start(const QStringList &args, const LockctlOptions &options = {});
    std::optional<QList<MetricSample>> scrape(const Exporter &exporter, qint64 *elapsedMs = nullptr,
                                              QByteArray *body = nullptr);
    Labels table() const { return {{u"table"_s, m_table}}; }
    Labels lock(const QString &name) const { return {{u"table"_s, m_table}, {u"lock"_s, name}}; }
    // The URL without its password (given in LOCKSCOPE_PASSWORD), for a --db on a command line.
    static QString bareUrl(const lockcore::ConnectionSpec &spec);
    static LockctlOptions withPassword();
    static void checkWithPromtool(const QByteArray &text);
    // The type the "# TYPE" line of `name` gives in `text` (empty: no such line).
    static QString typeOf(const QByteArray &text, const QString &name);

    std::unique_ptr<lockcore::Session> m_session;
    QString m_table;
    QStringList m_tables; // dropped in cleanup()
};

void ExporterTest::init()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"exp"_s);
    m_tables = {m_table, m_table + u"_event"_s};
    const LockctlRun created = lockctl({u"schema"_s, u"--create"_s});
    QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));
}

void ExporterTest::cleanup()
{
    for (const QString &t : std::as_const(m_tables))
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + t);
    m_tables.clear();
    m_session.reset();
}

LockctlRun ExporterTest::lockctl(const QStringList &args)
{
    return testsupport::runLockctl(QStringList{u"--table"_s, m_table} + args);
}

Exporter ExporterTest::start(const QStringList &args, const LockctlOptions &options)
{
    Exporter exporter;
    LockctlOptions o = options;
    o.timeoutMs = 120000;
    exporter.process = std::make_unique<LockctlProcess>(
        QStringList{u"exporter"_s, u"--listen"_s, u"127.0.0.1:0"_s} + args, o);
    if (!exporter.process->waitForStarted())
        return exporter;
    QProcess &process = exporter.process->process();
    QElapsedTimer clock;
    clock.start();
    while (!process.canReadLine() && clock.elapsed() < 15000
           && process.state() == QProcess::Running)
        process.waitForReadyRead(200);
    const QString first = QString::fromUtf8(process.readLine());
    exporter.port
        = QRegularExpression(u":(\\d+)/metrics"_s).match(first).captured(1).toUShort();
    if (exporter.port == 0)
        qWarning("exporter: %s %s", qPrintable(first),
                 process.readAllStandardError().constData());
    return exporter;
}

std::optional<QList<MetricSample>> ExporterTest::scrape(const Exporter &exporter,
                                                        qint64 *elapsedMs, QByteArray *body)
{
    const testsupport::HttpReply reply = testsupport::httpGet(exporter.port, u"/metrics"_s, 30000);
    if (elapsedMs)
        *elapsedMs = reply.elapsedMs;
    if (!reply.answered || reply.status != 200) {
        qWarning("scrape: %d %s", reply.status, qPrintable(reply.error));
        return std::nullopt;
    }
    if (reply.headers.value("content-type") != "text/plain; version=0.0.4; charset=utf-8") {
        qWarning("content type %s", reply.headers.value("content-type").constData());
        return std::nullopt;
    }
    if (body)
        *body = reply.body;
    QString error;
    auto samples = testsupport::parseMetrics(reply.body, &error);
    if (!samples)
        qWarning("%s", qPrintable(error));
    return samples;
}

QString ExporterTest::bareUrl(const lockcore::ConnectionSpec &spec)
{
    lockcore::ConnectionSpec bare = spec;
    bare.password.clear();
    return bare.redacted();
}

LockctlOptions ExporterTest::withPassword()
{
    LockctlOptions options;
    options.urlInEnvironment = false;
    options.password = TestBackend::instance().spec().password;
    return options;
}

void ExporterTest::checkWithPromtool(const QByteArray &text)
{
    const QString promtool = QStandardPaths::findExecutable(u"promtool"_s);
    if (promtool.isEmpty()) {
        qInfo("promtool is not installed: the text is checked by the grammar only");
        return;
    }
    QProcess check;
    check.start(promtool, {u"check"_s, u"metrics"_s});
    QVERIFY(check.waitForStarted());
    check.write(text);
    check.closeWriteChannel();
    QVERIFY(check.waitForFinished(30000));
    QVERIFY2(check.exitCode() == 0, qPrintable(QString::fromUtf8(check.readAllStandardOutput()
                                                                 + check.readAllStandardError())));
}

QString ExporterTest::typeOf(const QByteArray &text, const QString &name)
{
    const QRegularExpression line(u"^# TYPE "_s + QRegularExpression::escape(name) + u" (\\w+)$"_s,
                                  QRegularExpression::MultilineOption);
    return line.match(QString::fromUtf8(text)).captured(1);
}

// A held lock, one whose 1 s lease ran out without a release, and a free one: the exporter
// reports the states, fences, depths, holders and times that "lockctl show --json" reports
// (times within the second between the two reads); the table's counts; promtool accepts the
// text; SIGTERM ends the exporter with exit code 0.
void ExporterTest::valuesMatchShow()
{
    QCOMPARE(lockctl({u"acquire"_s, u"held"_s, u"--holder"_s, u"ops \"A\"\\1"_s, u"--ttl"_s,
                      u"60s"_s})
                 .exitCode,
             0);
    QCOMPARE(lockctl({u"acquire"_s, u"stuck"_s, u"--holder"_s, u"dead"_s, u"--ttl"_s, u"1s"_s})
                 .exitCode,
             0);
    QCOMPARE(lockctl({u"init"_s, u"idle"_s}).exitCode, 0);
    QThread::msleep(1500);
    Exporter exporter = start({u"--table"_s, m_table});
    QVERIFY(exporter.port);
    QByteArray body;
    const auto samples = scrape(exporter, nullptr, &body);
    QVERIFY(samples);
    QCOMPARE(testsupport::metricValue(*samples, u"lockscope_up"_s, table()), 1.0);
    for (const QString &state : {u"free"_s, u"held"_s, u"expired"_s})
        QCOMPARE(testsupport::metricValue(*samples, u"lockscope_locks"_s,
                                          {{u"table"_s, m_table}, {u"state"_s, state}}),
                 1.0);
    QCOMPARE(testsupport::metricValue(*samples, u"lockscope_locks_omitted"_s, table()), 0.0);
    QVERIFY(testsupport::metricValue(*samples, u"lockscope_clock_offset_seconds"_s, table()));
    for (const QString &name : {u"held"_s, u"stuck"_s, u"idle"_s}) {
        const LockctlRun shown = lockctl({u"show"_s, name, u"--json"_s});
        QVERIFY2(shown.isJson, qPrintable(shown.describe()));
        const QJsonObject info = shown.json[u"lock"_s].toObject();
        const QString state = info[u"state"_s].toString();
        const auto value = [&](const QString &metric) {
            return testsupport::metricValue(*samples, metric, lock(name)).value_or(-1);
        };
        for (const QString &s : {u"free"_s, u"held"_s, u"expired"_s})
            QCOMPARE(testsupport::metricValue(*samples, u"lockscope_lock_state"_s,
                                              {{u"table"_s, m_table}, {u"lock"_s, name},
                                               {u"state"_s, s}}),
                     s == state ? 1.0 : 0.0);
        const auto integer = [&](const QString &key) {
            return double(testsupport::jsonInteger(info[key]));
        };
        QCOMPARE(value(u"lockscope_lock_fence"_s), integer(u"fence"_s));
        QCOMPARE(value(u"lockscope_lock_depth"_s), integer(u"depth"_s));
        const QDateTime now = testsupport::isoUtc(info[u"db_now"_s]);
        const double held = state == u"free" ? 0.0
                            : testsupport::isoUtc(info[u"acquired_at"_s]).msecsTo(now) / 1000.0;
        const double heldSeconds = value(u"lockscope_lock_held_seconds"_s);
        QVERIFY2(qAbs(heldSeconds - held) < 1.0,
                 qPrintable(u"%1: %2 vs %3"_s.arg(name).arg(heldSeconds).arg(held)));
        const double remaining = testsupport::jsonInteger(info[u"remaining_ms"_s]) / 1000.0;
        QVERIFY(qAbs(value(u"lockscope_lock_lease_remaining_seconds"_s) - remaining) < 1.0);
        const double expired = state == u"expired"
            ? testsupport::isoUtc(info[u"expires_at"_s]).msecsTo(now) / 1000.0 : 0.0;
        QVERIFY(qAbs(value(u"lockscope_lock_expired_seconds"_s) - expired) < 1.0);
        const QList<MetricSample> holder
            = testsupport::samplesOf(*samples, u"lockscope_lock_holder_info"_s, lock(name));
        if (state == u"free") {
            QVERIFY(holder.isEmpty());
        } else {
            QCOMPARE(holder.size(), 1);
            QCOMPARE(holder.first().labels.value(u"holder"_s), info[u"holder"_s].toString());
        }
    }
    QVERIFY(testsupport::metricValue(*samples, u"lockscope_lock_expired_seconds"_s,
                                     lock(u"stuck"_s))
                .value_or(0)
            >= 0.4);
    checkWithPromtool(body);
    // Read-only: the scrapes changed nothing (no event, the rows as they were).
    const QStringList rowBefore = testsupport::rawLockRow(*m_session, m_table, u"stuck"_s);
    const qint64 eventsBefore = testsupport::countRows(*m_session, m_table + u"_event"_s);
    QVERIFY(scrape(exporter));
    QCOMPARE(testsupport::countRows(*m_session, m_table + u"_event"_s), eventsBefore);
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, u"stuck"_s), rowBefore);
    QElapsedTimer clock;
    clock.start();
    exporter.process->terminate();
    const LockctlRun ended = exporter.process->finish(10000);
    QVERIFY2(ended.finished && ended.exitCode == 0, qPrintable(ended.describe()));
    QVERIFY(clock.elapsed() < 3000);
}

// lockctl records every grant (event level All): two acquisitions; a force release shows in
// lockscope_force_releases_total at the next scrape, and a takeover in both counters.
void ExporterTest::countersRiseAfterForceRelease()
{
    const LockctlRun held = lockctl({u"acquire"_s, u"job"_s, u"--ttl"_s, u"60s"_s, u"--json"_s});
    QVERIFY2(held.isJson, qPrintable(held.describe()));
    QCOMPARE(lockctl({u"acquire"_s, u"short"_s, u"--ttl"_s, u"1s"_s}).exitCode, 0);
    Exporter exporter = start({u"--table"_s, m_table});
    QVERIFY(exporter.port);
    auto before = scrape(exporter);
    QVERIFY(before);
    const auto counter = [&](const QList<MetricSample> &s, const QString &name) {
        return testsupport::metricValue(s, name, table()).value_or(-1);
    };
    QCOMPARE(counter(*before, u"lockscope_acquisitions_total"_s), 2.0);
    QCOMPARE(counter(*before, u"lockscope_force_releases_total"_s), 0.0);
    QCOMPARE(counter(*before, u"lockscope_takeovers_total"_s), 0.0);
    const qint64 fence = testsupport::jsonInteger(held.json[u"fence"_s]);
    const LockctlRun forced = lockctl({u"force-release"_s, u"job"_s, u"--fence"_s,
                                       QString::number(fence), u"--reason"_s, u"test"_s});
    QVERIFY2(forced.exitCode == 0, qPrintable(forced.describe()));
    QThread::msleep(1200);
    QCOMPARE(lockctl({u"acquire"_s, u"short"_s, u"--ttl"_s, u"10s"_s}).exitCode, 0); // takeover
    auto after = scrape(exporter);
    QVERIFY(after);
    QCOMPARE(counter(*after, u"lockscope_force_releases_total"_s), 1.0);
    QCOMPARE(counter(*after, u"lockscope_takeovers_total"_s), 1.0);
    QCOMPARE(counter(*after, u"lockscope_acquisitions_total"_s), 3.0);
    auto again = scrape(exporter); // counted once, not again
    QVERIFY(again);
    QCOMPARE(counter(*again, u"lockscope_force_releases_total"_s), 1.0);
    QCOMPARE(counter(*again, u"lockscope_acquisitions_total"_s), 3.0);
}

// --max-locks keeps the expired, then held, then free locks, each by name; --include keeps the
// matching names; lockscope_locks_omitted counts the others, lockscope_locks the whole table.
void ExporterTest::boundAndIncludePatterns()
{
    for (const QString &name : {u"job-a"_s, u"job-b"_s, u"other"_s, u"zz-held"_s})
        QCOMPARE(lockctl({u"init"_s, name}).exitCode, 0);
    QCOMPARE(lockctl({u"acquire"_s, u"zz-held"_s, u"--ttl"_s, u"60s"_s}).exitCode, 0);
    const auto reported = [&](const QList<MetricSample> &samples) {
        QStringList names;
        for (const MetricSample &s : testsupport::samplesOf(samples, u"lockscope_lock_fence"_s))
            names << s.labels.value(u"lock"_s);
        return names;
    };
    {
        Exporter exporter = start({u"--table"_s, m_table, u"--max-locks"_s, u"2"_s});
        const auto samples = scrape(exporter);
        QVERIFY(samples);
        QCOMPARE(reported(*samples), (QStringList{u"zz-held"_s, u"job-a"_s}));
        QCOMPARE(testsupport::metricValue(*samples, u"lockscope_locks_omitted"_s, table()), 2.0);
        QCOMPARE(testsupport::metricValue(*samples, u"lockscope_locks"_s,
                                          {{u"table"_s, m_table}, {u"state"_s, u"free"_s}}),
                 3.0);
    }
    {
        Exporter exporter = start({u"--table"_s, m_table, u"--include"_s, u"job-*"_s,
                                   u"--include"_s, u"oth?r"_s});
        const auto samples = scrape(exporter);
        QVERIFY(samples);
        QCOMPARE(reported(*samples), (QStringList{u"job-a"_s, u"job-b"_s, u"other"_s}));
        QCOMPARE(testsupport::metricValue(*samples, u"lockscope_locks_omitted"_s, table()), 1.0);
    }
}

// A ShedLock table (--profile shedlock): held and free locks counted, the held one's holder and
// lease; no fence, depth or history counters (the application keeps none).
void ExporterTest::profileTable()
{
    const QString shed = TestBackend::uniqueTable(u"exp_shed"_s);
    const QString time = TestBackend::instance().isSqlite()    ? u"TEXT"_s
                         : TestBackend::instance().isMariadb() ? u"TIMESTAMP(3)"_s
                                                               : u"TIMESTAMP"_s;
    QString error;
    const QString ddl = u"CREATE TABLE %1 (name VARCHAR(64) NOT NULL PRIMARY KEY, lock_until %2 "
                        "NOT NULL, locked_at %2 NOT NULL, locked_by VARCHAR(255) NOT NULL)"_s;
    QVERIFY2(testsupport::execRaw(*m_session, ddl.arg(shed, time), &error), qPrintable(error));
    m_tables << shed;
    const QStringList p{u"--profile"_s, u"shedlock"_s, u"--table"_s, shed};
    QCOMPARE(testsupport::runLockctl(p + QStringList{u"acquire"_s, u"nightly"_s, u"--holder"_s,
                                                     u"app-1"_s, u"--ttl"_s, u"60s"_s})
                 .exitCode,
             0);
    QCOMPARE(testsupport::runLockctl(p + QStringList{u"acquire"_s, u"done"_s, u"--holder"_s,
                                                     u"app-2"_s, u"--ttl"_s, u"60s"_s})
                 .exitCode,
             0);
    QCOMPARE(testsupport::runLockctl(p + QStringList{u"release"_s, u"done"_s, u"--holder"_s,
                                                     u"app-2"_s})
                 .exitCode,
             0);
    Exporter exporter = start(p + QStringList{u"--name"_s, u"apps"_s});
    QVERIFY(exporter.port);
    QByteArray body;
    const auto samples = scrape(exporter, nullptr, &body);
    QVERIFY(samples);
    const Labels t{{u"db"_s, u"apps"_s}, {u"table"_s, shed}};
    QCOMPARE(testsupport::metricValue(*samples, u"lockscope_up"_s, t), 1.0);
    QCOMPARE(testsupport::metricValue(*samples, u"lockscope_locks"_s,
                                      {{u"table"_s, shed}, {u"state"_s, u"held"_s}}),
             1.0);
    QCOMPARE(testsupport::metricValue(*samples, u"lockscope_locks"_s,
                                      {{u"table"_s, shed}, {u"state"_s, u"free"_s}}),
             1.0);
    const Labels nightly{{u"table"_s, shed}, {u"lock"_s, u"nightly"_s}};
    QCOMPARE(testsupport::samplesOf(*samples, u"lockscope_lock_holder_info"_s, nightly)
                 .value(0)
                 .labels.value(u"holder"_s),
             u"app-1"_s);
    const double left = testsupport::metricValue(*samples,
                                                 u"lockscope_lock_lease_remaining_seconds"_s,
                                                 nightly)
                            .value_or(-1);
    QVERIFY2(left > 50 && left <= 60, qPrintable(QString::number(left)));
    QVERIFY(testsupport::samplesOf(*samples, u"lockscope_lock_fence"_s).isEmpty());
    QVERIFY(testsupport::samplesOf(*samples, u"lockscope_acquisitions_total"_s).isEmpty());
    checkWithPromtool(body);
}

// One target behind a relay that stops answering (a hung server), one healthy: each scrape
// answers within the timeout and a little, the hung one down (its duration the timeout), the
// other up; the next scrape does not wait for the hung read again; / still answers; once the
// relay answers again, the target is up again; SIGTERM still ends the exporter.
void ExporterTest::hungDatabaseDoesNotBlock()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to hang");
    testsupport::CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port());
    Exporter exporter = start({u"--scrape-timeout"_s, u"1s"_s, u"--db"_s, bareUrl(proxy.spec()),
                               u"--table"_s, m_table, u"--name"_s, u"hung"_s, u"--db"_s,
                               bareUrl(TestBackend::instance().spec()), u"--table"_s, m_table,
                               u"--name"_s, u"healthy"_s},
                              withPassword());
    QVERIFY(exporter.port);
    const Labels hung{{u"db"_s, u"hung"_s}};
    const Labels healthy{{u"db"_s, u"healthy"_s}};
    auto first = scrape(exporter);
    QVERIFY(first);
    QCOMPARE(testsupport::metricValue(*first, u"lockscope_up"_s, hung), 1.0);
    proxy.freeze(true);
    for (int i = 0; i < 3; ++i) {
        qint64 elapsed = 0;
        auto samples = scrape(exporter, &elapsed);
        QVERIFY(samples);
        qInfo("scrape %d while hung: answered in %lld ms", i, elapsed);
        QVERIFY2(elapsed < 1800, qPrintable(QString::number(elapsed)));
        if (i > 0) // the hung read is not waited for again
            QVERIFY2(elapsed < 500, qPrintable(QString::number(elapsed)));
        QCOMPARE(testsupport::metricValue(*samples, u"lockscope_up"_s, hung), 0.0);
        QCOMPARE(testsupport::metricValue(*samples, u"lockscope_scrape_duration_seconds"_s,
                                          hung),
                 1.0);
        QCOMPARE(testsupport::metricValue(*samples, u"lockscope_up"_s, healthy), 1.0);
        QVERIFY(testsupport::samplesOf(*samples, u"lockscope_locks"_s, hung).isEmpty());
    }
    const testsupport::HttpReply index = testsupport::httpGet(exporter.port, u"/"_s, 2000);
    QCOMPARE(index.status, 200);
    QVERIFY(index.body.contains("/metrics"));
    QCOMPARE(testsupport::httpGet(exporter.port, u"/nothing"_s, 2000).status, 404);
    proxy.freeze(false);
    bool upAgain = false;
    for (int i = 0; i < 20 && !upAgain; ++i) {
        QThread::msleep(250);
        auto samples = scrape(exporter);
        QVERIFY(samples);
        upAgain = testsupport::metricValue(*samples, u"lockscope_up"_s, hung) == 1.0;
    }
    QVERIFY(upAgain);
    proxy.freeze(true); // hung again while it stops
    auto down = scrape(exporter);
    QVERIFY(down);
    exporter.process->terminate();
    const LockctlRun ended = exporter.process->finish(10000);
    QVERIFY2(ended.finished && ended.exitCode == 0, qPrintable(ended.describe()));
    QCOMPARE(ended.errText().count(u"no answer within 1000 ms"_s), 2); // hung twice
    proxy.freeze(false);
}

// A wrong password, a database that refuses connections and a missing table: each target down,
// the exporter started and answering, the reason said once on stderr however many scrapes.
void ExporterTest::wrongPasswordAndMissingTable()
{
    QStringList args{u"--table"_s, u"no_such_table_here"_s, u"--name"_s, u"missing"_s};
    LockctlOptions options;
    if (!TestBackend::instance().isSqlite()) {
        lockcore::ConnectionSpec wrong = TestBackend::instance().spec();
        wrong.password.clear();
        const QString url = wrong.redacted().replace(
            QRegularExpression(u"://([^@]+)@"_s), u"://\\1:wrong-pw@"_s);
        lockcore::ConnectionSpec dead = wrong; // nothing listens on port 1
        dead.port = 1;
        args = QStringList{u"--db"_s, url, u"--name"_s, u"wrongpw"_s, u"--table"_s, m_table,
                           u"--db"_s, dead.redacted(), u"--name"_s, u"dead"_s,
                           u"--db"_s, bareUrl(TestBackend::instance().spec())}
               + args;
        options = withPassword();
    }
    Exporter exporter = start(args, options);
    QVERIFY(exporter.port);
    for (int i = 0; i < 3; ++i) {
        auto samples = scrape(exporter);
        QVERIFY(samples);
        QCOMPARE(testsupport::metricValue(*samples, u"lockscope_up"_s, {{u"db"_s, u"missing"_s}}),
                 0.0);
        if (TestBackend::instance().isSqlite())
            continue;
        for (const QString &name : {u"wrongpw"_s, u"dead"_s})
            QCOMPARE(testsupport::metricValue(*samples, u"lockscope_up"_s, {{u"db"_s, name}}),
                     0.0);
    }
    exporter.process->terminate();
    const LockctlRun ended = exporter.process->finish(10000);
    QVERIFY2(ended.finished && ended.exitCode == 0, qPrintable(ended.describe()));
    QCOMPARE(ended.errText().count(u"missing table no_such_table_here is down"_s), 1);
    if (!TestBackend::instance().isSqlite()) {
        QCOMPARE(ended.errText().count(u"wrongpw table"_s), 1);
        QCOMPARE(ended.errText().count(u"dead table"_s), 1);
        QVERIFY(!ended.errText().contains(u"wrong-pw"_s));
    }
}

// Issue 38: a lock's grant, last renewal and expiry as Unix timestamps, the very database times
// its row carries ("lockctl show --json"), and the database's clock at the read
// (lockscope_database_time_seconds, between two reads of it around the scrape): the age the rules
// compute from them is the deprecated gauge's value; a free lock has none; each typed gauge.
void ExporterTest::timestampsAreTheRowsDatabaseTimes()
{
    QCOMPARE(lockctl({u"acquire"_s, u"held"_s, u"--ttl"_s, u"60s"_s}).exitCode, 0);
    QCOMPARE(lockctl({u"acquire"_s, u"stuck"_s, u"--ttl"_s, u"1s"_s}).exitCode, 0);
    QCOMPARE(lockctl({u"init"_s, u"idle"_s}).exitCode, 0);
    QThread::msleep(1200);
    Exporter exporter = start({u"--table"_s, m_table});
    QVERIFY(exporter.port);
    const auto dbNow = [&] {
        const LockctlRun shown = lockctl({u"show"_s, u"idle"_s, u"--json"_s});
        return testsupport::isoUtc(shown.json[u"lock"_s].toObject()[u"db_now"_s])
                   .toMSecsSinceEpoch()
               / 1000.0;
    };
    const double before = dbNow();
    QByteArray body;
    const auto samples = scrape(exporter, nullptr, &body);
    QVERIFY(samples);
    const double after = dbNow();
    const auto databaseTime
        = testsupport::metricValue(*samples, u"lockscope_database_time_seconds"_s, table());
    QVERIFY(databaseTime);
    QVERIFY2(*databaseTime >= before - 0.002 && *databaseTime <= after + 0.002,
             qPrintable(u"%1 not in [%2, %3]"_s.arg(*databaseTime, 0, 'f', 3)
                            .arg(before, 0, 'f', 3).arg(after, 0, 'f', 3)));
    const QStringList series{u"lockscope_lock_acquired_timestamp_seconds"_s,
                             u"lockscope_lock_renewed_timestamp_seconds"_s,
                             u"lockscope_lock_expires_timestamp_seconds"_s};
    const QStringList columns{u"acquired_at"_s, u"renewed_at"_s, u"expires_at"_s};
    for (const QString &name : {u"held"_s, u"stuck"_s, u"idle"_s}) {
        const LockctlRun shown = lockctl({u"show"_s, name, u"--json"_s});
        QVERIFY2(shown.isJson, qPrintable(shown.describe()));
        const QJsonObject info = shown.json[u"lock"_s].toObject();
        const bool free = info[u"state"_s].toString() == u"free";
        for (qsizetype i = 0; i < series.size(); ++i) {
            const auto value = testsupport::metricValue(*samples, series.at(i), lock(name));
            if (free || info[columns.at(i)].isNull()) {
                QVERIFY2(!value, qPrintable(name + u' ' + series.at(i)));
                continue;
            }
            QVERIFY2(value, qPrintable(name + u' ' + series.at(i)));
            const double row
                = testsupport::isoUtc(info[columns.at(i)]).toMSecsSinceEpoch() / 1000.0;
            QVERIFY2(qAbs(*value - row) < 0.002,
                     qPrintable(u"%1 %2: %3 vs %4"_s.arg(name, series.at(i))
                                    .arg(*value, 0, 'f', 3).arg(row, 0, 'f', 3)));
        }
    }
    const auto stuck = [&](const QString &metric) {
        return testsupport::metricValue(*samples, metric, lock(u"stuck"_s)).value_or(-1);
    };
    QVERIFY(qAbs(*databaseTime - stuck(u"lockscope_lock_expires_timestamp_seconds"_s)
                 - stuck(u"lockscope_lock_expired_seconds"_s))
            < 0.002);
    for (const QString &name : series + QStringList{u"lockscope_database_time_seconds"_s})
        QCOMPARE(typeOf(body, name), u"gauge"_s);
    checkWithPromtool(body);
}

// lockscope_build_info{version, revision, qt_version} 1: the project's version, the commit
// CMake was configured at ("unknown" outside git) and the Qt the exporter runs on.
void ExporterTest::buildInfo()
{
    Exporter exporter = start({u"--table"_s, m_table});
    QVERIFY(exporter.port);
    QByteArray body;
    const auto samples = scrape(exporter, nullptr, &body);
    QVERIFY(samples);
    const QList<MetricSample> info = testsupport::samplesOf(*samples, u"lockscope_build_info"_s);
    QCOMPARE(info.size(), 1);
    QCOMPARE(info.first().value, u"1"_s);
    QCOMPARE(info.first().labels.value(u"version"_s), QStringLiteral(LOCKSCOPE_VERSION));
    QCOMPARE(info.first().labels.value(u"revision"_s), QStringLiteral(LOCKSCOPE_REVISION));
    QCOMPARE(info.first().labels.value(u"qt_version"_s), QString::fromLatin1(qVersion()));
    QCOMPARE(typeOf(body, u"lockscope_build_info"_s), u"gauge"_s);
}

// Per target, as mysqld_exporter and postgres_exporter have them: the last scrape's error (1 on
// a missing table, 0 on the healthy one), every target's duration, scrapes and errors counted.
void ExporterTest::scrapeErrorPerTarget()
{
    const bool sqlite = TestBackend::instance().isSqlite();
    const QString db = sqlite ? TestBackend::instance().spec().redacted()
                              : bareUrl(TestBackend::instance().spec());
    const QStringList args{u"--db"_s, db, u"--table"_s, m_table, u"--name"_s, u"good"_s,
                           u"--db"_s, db, u"--table"_s, u"no_such_table_here"_s, u"--name"_s,
                           u"bad"_s};
    Exporter exporter = start(args, sqlite ? LockctlOptions{} : withPassword());
    QVERIFY(exporter.port);
    QVERIFY(scrape(exporter));
    QByteArray body;
    const auto samples = scrape(exporter, nullptr, &body);
    QVERIFY(samples);
    const Labels good{{u"db"_s, u"good"_s}};
    const Labels bad{{u"db"_s, u"bad"_s}};
    const auto value = [&](const QString &name, const Labels &labels) {
        return testsupport::metricValue(*samples, name, labels).value_or(-1);
    };
    QCOMPARE(value(u"lockscope_exporter_last_scrape_error"_s, good), 0.0);
    QCOMPARE(value(u"lockscope_exporter_last_scrape_error"_s, bad), 1.0);
    QCOMPARE(value(u"lockscope_exporter_scrapes_total"_s, good), 2.0);
    QCOMPARE(value(u"lockscope_exporter_scrapes_total"_s, bad), 2.0);
    QCOMPARE(value(u"lockscope_exporter_scrape_errors_total"_s, good), 0.0);
    QCOMPARE(value(u"lockscope_exporter_scrape_errors_total"_s, bad), 2.0);
    QVERIFY(value(u"lockscope_scrape_duration_seconds"_s, good) > 0);
    QVERIFY(value(u"lockscope_scrape_duration_seconds"_s, bad) >= 0);
    QCOMPARE(value(u"lockscope_up"_s, good), 1.0);
    QCOMPARE(value(u"lockscope_up"_s, bad), 0.0);
    QCOMPARE(typeOf(body, u"lockscope_exporter_last_scrape_error"_s), u"gauge"_s);
    QCOMPARE(typeOf(body, u"lockscope_exporter_scrapes_total"_s), u"counter"_s);
    QCOMPARE(typeOf(body, u"lockscope_exporter_scrape_errors_total"_s), u"counter"_s);
    checkWithPromtool(body);
}

// POST, PUT and DELETE on /metrics and / answer 405 with "Allow: GET, HEAD"; GET still 200.
void ExporterTest::onlyGetAndHeadAreAllowed()
{
    Exporter exporter = start({u"--table"_s, m_table});
    QVERIFY(exporter.port);
    for (const QString &path : {u"/metrics"_s, u"/"_s}) {
        for (const QByteArray &method : {QByteArray("POST"), QByteArray("PUT"),
                                         QByteArray("DELETE")}) {
            const testsupport::HttpReply reply
                = testsupport::httpRequest(exporter.port, method, path, 5000);
            QVERIFY2(reply.answered, qPrintable(reply.error));
            QCOMPARE(reply.status, 405);
            QCOMPARE(reply.headers.value("allow"), QByteArray("GET, HEAD"));
        }
        QCOMPARE(testsupport::httpGet(exporter.port, path, 5000).status, 200);
    }
}

LOCKSCOPE_BACKEND_TEST_MAIN(ExporterTest)
#include "tst_exporter.moc"
