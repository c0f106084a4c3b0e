// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl as a script sees it: real lockctl processes on one backend (the URL in LOCKSCOPE_DB, so
// the password is never on a command line), their exit codes, their one JSON object on stdout,
// and the lock table read back with the test's own SQL where "nothing changed" must be proven.
// LOCKSCOPE_TEST_LOCKCTL, when set, names the lockctl binary to run instead of the one built with
// the tests: to show that a test catches a regression, run it against an older build.

#include "lockctljson.h"
#include "lockctlrun.h"
#include "silentlistener.h"
#include "testbackend.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QThread>
#include <QUrl>
#include <algorithm>
#include <csignal>
#include <vector>

using namespace Qt::StringLiterals;
using testsupport::isoUtc;
using testsupport::jsonInteger;
using testsupport::LockctlOptions;
using testsupport::LockctlProcess;
using testsupport::SilentListener;
using testsupport::TestBackend;
using Run = testsupport::LockctlRun;

namespace {

// One grant as a "lockctl --json acquire --hold" process printed it, with the lease it asked for.
struct ReportedGrant
{
    QJsonObject json;
    qint64 ttlMs = 0;
};

QString jsonLine(const QJsonObject &json)
{
    return QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact));
}

// What is wrong with one grant on its own, or an empty string: a full lease from the grant
// (when not renewed), the clock read no earlier than the grant, and either released (not before
// the grant) or lost. (A client the machine stalls past its lease may release late, when nobody
// took the lock, or lose it to a takeover: the product's answers, judged by handOverFault.)
QString grantFault(const ReportedGrant &grant)
{
    const QJsonObject &g = grant.json;
    const QDateTime acquired = isoUtc(g[u"acquired_at"_s]);
    const QDateTime expires = isoUtc(g[u"expires_at"_s]);
    const QDateTime released = isoUtc(g[u"released_at"_s]);
    if (!g[u"acquired"_s].toBool() || !acquired.isValid() || !expires.isValid())
        return u"not a grant"_s;
    if (acquired > expires)
        return u"acquired_at is after expires_at"_s;
    const bool fresh = g[u"depth"_s].toInt() == 1 && g[u"renewals"_s].toInt() == 0;
    if (fresh && acquired.msecsTo(expires) != grant.ttlMs)
        return u"a lease of %1 ms, not the %2 ms asked for"_s.arg(acquired.msecsTo(expires))
            .arg(grant.ttlMs);
    if (!(isoUtc(g[u"db_now"_s]) >= acquired))
        return u"db_now is before acquired_at"_s;
    if (!g[u"released"_s].toBool())
        return g[u"lost"_s].toBool() ? QString() : u"neither released nor lost (an error)"_s;
    if (!released.isValid() || released < acquired)
        return u"released_at is missing or before acquired_at"_s;
    return {};
}

// What is wrong with `next` following `previous` (the grant with the next lower fence), or an
// empty string: a grant comes after the previous holder's release, or after its lease on a
// takeover.
QString handOverFault(const QJsonObject &previous, const QJsonObject &next)
{
    if (jsonInteger(next[u"fence"_s]) <= jsonInteger(previous[u"fence"_s]))
        return u"fences not distinct and increasing"_s;
    const QDateTime acquired = isoUtc(next[u"acquired_at"_s]);
    if (acquired < isoUtc(previous[u"acquired_at"_s]))
        return u"the order by fence is not the order by acquired_at"_s;
    const QJsonValue tookOverFrom = next[u"took_over_from"_s];
    if (tookOverFrom.isString() && !tookOverFrom.toString().isEmpty()) {
        if (!(acquired > isoUtc(previous[u"expires_at"_s])))
            return u"took over before the previous lease ended (acquired_at <= expires_at)"_s;
    } else if (!previous[u"released"_s].toBool()) {
        return u"the previous holder lost the lock, but this grant is no takeover"_s;
    } else if (acquired < isoUtc(previous[u"released_at"_s])) {
        return u"granted before the previous holder released (acquired_at < released_at)"_s;
    }
    return {};
}

// Checks the grants of ONE lock from what the lockctl processes reported, nothing else: in fence
// order, each follows its predecessor (handOverFault) and is sound on its own (grantFault).
// Returns how many grants are at fault and the first fault with the offending JSON lines, or an
// empty string when all hold.
QString serialGrantsFault(QList<ReportedGrant> grants)
{
    std::sort(grants.begin(), grants.end(), [](const ReportedGrant &a, const ReportedGrant &b) {
        return jsonInteger(a.json[u"fence"_s]) < jsonInteger(b.json[u"fence"_s]);
    });
    QString first;
    int faulty = 0;
    for (qsizetype i = 0; i < grants.size(); ++i) {
        const ReportedGrant &grant = grants.at(i);
        const QJsonObject previous = i > 0 ? grants.at(i - 1).json : QJsonObject();
        QString fault = i > 0 ? handOverFault(previous, grant.json) : QString();
        if (fault.isEmpty())
            fault = grantFault(grant);
        if (fault.isEmpty() || ++faulty > 1)
            continue;
        first = u"%1 (this grant asked for %2 ms)\nprevious: %3\nthis:     %4"_s.arg(fault)
                    .arg(grant.ttlMs)
                    .arg(i > 0 ? jsonLine(previous) : u"none"_s, jsonLine(grant.json));
    }
    if (faulty == 0)
        return {};
    return u"%1 of %2 grants at fault; the first: %3"_s.arg(faulty).arg(grants.size()).arg(first);
}

// The keys of `keys` that `json` lacks, for failure messages.
QStringList missingKeys(const QJsonObject &json, const QStringList &keys)
{
    QStringList missing;
    for (const QString &key : keys) {
        if (!json.contains(key))
            missing.append(key);
    }
    return missing;
}

// What means the same on an application's table (--profile) as on the native one, by name:
// a lock, an acquire's answer, and what a refusal adds (docs/user-guide.md, "lockctl's JSON").
const QStringList sharedLockKeys{u"name"_s,        u"state"_s,      u"holder"_s,
                                 u"prev_holder"_s, u"acquired_at"_s, u"expires_at"_s,
                                 u"remaining_ms"_s, u"db_now"_s};
const QStringList sharedAcquireKeys{u"acquired"_s,   u"lock"_s,   u"holder"_s, u"acquired_at"_s,
                                    u"expires_at"_s, u"db_now"_s, u"attempts"_s};
const QStringList sharedRefusalKeys{u"held_by"_s, u"held_until"_s, u"remaining_ms"_s,
                                    u"current"_s};

} // namespace

#define VERIFY_EXIT(run, code) QVERIFY2((run).exitCode == (code), qPrintable((run).describe()))
#define VERIFY_JSON(run) QVERIFY2((run).isJson, qPrintable((run).describe()))

class LockctlTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void schemaCreateIsIdempotentAndPrintIsRunnable();
    void roundTripWithJson();
    void heldLockRefusesOthersAndWaiterGetsItAfterRelease();
    void holdWithRenewKeepsAShortLease();
    void holdWithoutRenewLosesAnExpiredLease();
    void signalDuringHoldReleasesEarly();
    void releaseWithWrongFenceChangesNothing();
    void renewAfterTheLeaseEndedIsRefused();
    void forceReleaseNeedsTheCurrentFence();
    void longUserNameFitsTheColumns();
    void schemaCreateMigratesAnUnnumberedLock();
    void forceReleaseAfterANormalReleaseIsRefused();
    void deleteRefusesAHeldLock();
    void profileDetectListAcquireReleaseForceRelease();
    void profileReadOnlyRefusesWithItsReason();
    void profileJsonSpeaksTheNativeNames();
    void profileHoldHoldsThenReleases();
    void profileHoldLostToAForceRelease();
    void profileHoldInterruptedReleases();
    void profileWaitRetriesUntilReleased();
    void profileShedLockHoldReportsUtcTimes();
    void usageErrorsExitTwo_data();
    void usageErrorsExitTwo();
    void everyDurationOptionNeedsAUnit_data();
    void everyDurationOptionNeedsAUnit();
    void zeroNeedsNoUnit();
    void shortEIsTheConflictExitCode();
    void badUrlExitsTwoAndHidesThePassword_data();
    void badUrlExitsTwoAndHidesThePassword();
    void wrongPasswordExitsThreeAndIsNeverShown();
    void connectTimeoutBoundsAHungServer();
    void severalPostgresHostsReachTheLiveOne();
    void helpForEveryCommand_data();
    void helpForEveryCommand();
    void capitalTableOnPostgresNamesTheLowerCaseOne();
    void waitersGetFullLeasesFromTheirGrant();
    void decomposedNameIsRefusedComposedIsAcquired();
    void urlErrorsListTheSchemesOnlyForTheScheme();
    void lostConnectionWhileWaitingPrintsNoQtMessage();

private:
    // Runs lockctl on the test's table (--table) and waits for it (LOCKSCOPE_DB = url, the
    // backend's when empty).
    Run lockctl(const QStringList &args, const QString &url = {}) const;
    // Starts lockctl on the test's table, to hold or wait while the test goes on.
    LockctlProcess startLockctl(const QStringList &args) const;
    // A table no other test uses, created with "lockctl schema --create" (dropped at the end).
    bool useFreshTable();
    // Polls "lockctl show" (after `profile`: "--profile P") until `holder` holds `name`.
    bool waitUntilHeldBy(const QString &name, const QString &holder, int timeoutMs = 15000,
                         const QStringList &profile = {}) const;
    // A seed 000 table (TBL_PESSIMISTIC_LOCK's columns) no other test uses, as m_table.
    bool useSeed000Table();
    // The server's ids of the sessions lockctl process `pid` has open (PostgreSQL's backend
    // pids by application_name, MariaDB's connection id by the user lock that names it).
    QList<qint64> serverSessionsOf(qint64 pid) const;

    std::unique_ptr<lockcore::Session> m_session; // the test's own connection, for raw SQL
    QString m_table;
    QStringList m_tables;
};

LockctlProcess LockctlTest::startLockctl(const QStringList &args) const
{
    return LockctlProcess(QStringList{u"--table"_s, m_table} + args);
}

Run LockctlTest::lockctl(const QStringList &args, const QString &url) const
{
    LockctlOptions options;
    if (!url.isEmpty())
        options.url = url;
    return testsupport::runLockctl(QStringList{u"--table"_s, m_table} + args, options);
}

bool LockctlTest::useFreshTable()
{
    m_table = TestBackend::uniqueTable(u"lctl"_s);
    m_tables << m_table;
    const Run created = lockctl({u"schema"_s, u"--create"_s});
    if (created.exitCode != 0)
        qWarning("schema --create failed: %s", qPrintable(created.describe()));
    return created.exitCode == 0;
}

bool LockctlTest::waitUntilHeldBy(const QString &name, const QString &holder, int timeoutMs,
                                  const QStringList &profile) const
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        const Run shown = lockctl(profile + QStringList{u"show"_s, name, u"--json"_s});
        const QJsonObject lock = shown.json.value(u"lock"_s).toObject();
        if (lock.value(u"state"_s) == u"held"_s && lock.value(u"holder"_s) == holder)
            return true;
        QThread::msleep(50);
    }
    return false;
}

bool LockctlTest::useSeed000Table()
{
    m_table = TestBackend::uniqueTable(u"lctl_seed000"_s);
    QString time = u"TIMESTAMP(0)"_s;
    if (TestBackend::instance().isSqlite())
        time = u"TEXT"_s;
    else if (TestBackend::instance().isMariadb())
        time = u"DATETIME"_s;
    QString ddl = u"CREATE TABLE "_s + m_table;
    ddl += u" (LOCK_NAME VARCHAR(64) NOT NULL PRIMARY KEY, LOCK_TIME "_s + time;
    ddl += u" NOT NULL, LOCK_HOLDER VARCHAR(64) NOT NULL, EXPIRED_TIME "_s + time;
    ddl += u" NOT NULL, LOCK_STATUS NUMERIC(1,0) DEFAULT 0 NOT NULL)"_s;
    QString error;
    if (!testsupport::execRaw(*m_session, ddl, &error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    m_tables << m_table;
    return true;
}

void LockctlTest::initTestCase()
{
    const QString program = testsupport::lockctlProgram();
    QVERIFY2(QFileInfo(program).isExecutable(), qPrintable(program));
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
}

void LockctlTest::cleanupTestCase()
{
    if (!m_session)
        return;
    for (const QString &table : std::as_const(m_tables)) {
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + table + u"_event"_s);
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + table);
    }
}

// The missing table is a database error that says how to create it; "schema --create" creates
// both tables and can run again; "schema --print" prints statements that, run by hand, make a
// table lockctl can use.
void LockctlTest::schemaCreateIsIdempotentAndPrintIsRunnable()
{
    m_table = TestBackend::uniqueTable(u"lctl"_s);
    m_tables << m_table;
    const Run missing = lockctl({u"list"_s, u"--json"_s});
    VERIFY_EXIT(missing, 3);
    QVERIFY2(missing.err.contains("schema --create"), missing.err.constData());
    QCOMPARE(missing.json.value(u"error"_s).toObject().value(u"kind"_s).toString(),
             u"missing_schema"_s);

    const Run created = lockctl({u"schema"_s, u"--create"_s, u"--json"_s});
    VERIFY_EXIT(created, 0);
    VERIFY_JSON(created);
    QCOMPARE(created.json.value(u"created"_s).toBool(), true);
    QCOMPARE(testsupport::countRows(*m_session, m_table), 0);
    QCOMPARE(testsupport::countRows(*m_session, m_table + u"_event"_s), 0);
    const Run again = lockctl({u"schema"_s, u"--create"_s});
    VERIFY_EXIT(again, 0);
    const Run listed = lockctl({u"list"_s, u"--json"_s});
    VERIFY_EXIT(listed, 0);
    QCOMPARE(listed.json.value(u"locks"_s).toArray().size(), 0);

    // Printed for another table, run statement by statement as a DBA would.
    const QString byHand = TestBackend::uniqueTable(u"lctl"_s);
    m_tables << byHand;
    const Run printed = lockctl({u"--table"_s, byHand, u"schema"_s, u"--print"_s});
    VERIFY_EXIT(printed, 0);
    const QString ddl = QString::fromUtf8(printed.out);
    QVERIFY2(ddl.contains(byHand) && ddl.contains(u"CREATE TABLE"_s, Qt::CaseInsensitive),
             qPrintable(ddl));
    const Run printedJson = lockctl({u"--table"_s, byHand, u"schema"_s, u"--json"_s});
    VERIFY_JSON(printedJson);
    const qsizetype statements = printedJson.json.value(u"statements"_s).toArray().size();
    QVERIFY(statements >= 2);
    QStringList chunks = ddl.split(u";\n"_s);
    QVERIFY2(chunks.size() == statements + 1 && chunks.constLast().trimmed().isEmpty(),
             qPrintable(u"every statement must end in \";\": "_s + ddl));
    chunks.removeLast();
    for (const QString &statement : std::as_const(chunks)) {
        QString error;
        QVERIFY2(testsupport::execRaw(*m_session, statement, &error),
                 qPrintable(error + u"\n"_s + statement));
    }
    const Run initialized = lockctl({u"--table"_s, byHand, u"init"_s, u"by.hand"_s});
    VERIFY_EXIT(initialized, 0);
    QCOMPARE(testsupport::countRows(*m_session, byHand), 1);
}

// init, acquire, show, list, release and history, each checked through its JSON values.
void LockctlTest::roundTripWithJson()
{
    QVERIFY(useFreshTable());
    const QString name = u"report.nightly"_s;

    const Run init = lockctl({u"init"_s, name, u"--ttl"_s, u"20s"_s, u"--description"_s,
                              u"Nightly report"_s, u"--json"_s});
    VERIFY_EXIT(init, 0);
    VERIFY_JSON(init);
    QCOMPARE(init.json.value(u"created"_s).toBool(), true);
    QCOMPARE(init.json.value(u"lock"_s).toObject().value(u"state"_s).toString(), u"free"_s);

    const Run acquired = lockctl({u"acquire"_s, name, u"--json"_s});
    VERIFY_EXIT(acquired, 0);
    VERIFY_JSON(acquired);
    const QJsonObject grant = acquired.json;
    QCOMPARE(grant.value(u"acquired"_s).toBool(), true);
    QCOMPARE(grant.value(u"lock"_s).toString(), name);
    const QString holder = grant.value(u"holder"_s).toString();
    // The default holder: user@host:pid:random.
    QVERIFY2(QRegularExpression(u"^.+@.+:\\d+:[0-9a-f]{6}$"_s).match(holder).hasMatch(),
             qPrintable(holder));
    const qint64 fence = jsonInteger(grant.value(u"fence"_s));
    QVERIFY2(fence > 0, qPrintable(acquired.describe()));
    QCOMPARE(grant.value(u"depth"_s).toInt(), 1);
    QCOMPARE(grant.value(u"attempts"_s).toInt(), 1);
    const QDateTime acquiredAt = isoUtc(grant.value(u"acquired_at"_s));
    const QDateTime expiresAt = isoUtc(grant.value(u"expires_at"_s));
    QVERIFY2(acquiredAt.isValid() && expiresAt.isValid(), qPrintable(acquired.describe()));
    QCOMPARE(acquiredAt.msecsTo(expiresAt), 20000); // the lease given at init

    const Run shown = lockctl({u"show"_s, name, u"--json"_s});
    VERIFY_EXIT(shown, 0);
    VERIFY_JSON(shown);
    QJsonObject lock = shown.json.value(u"lock"_s).toObject();
    QCOMPARE(lock.value(u"state"_s).toString(), u"held"_s);
    QCOMPARE(lock.value(u"holder"_s).toString(), holder);
    QCOMPARE(jsonInteger(lock.value(u"fence"_s)), fence);
    QCOMPARE(lock.value(u"description"_s).toString(), u"Nightly report"_s);
    QCOMPARE(isoUtc(lock.value(u"expires_at"_s)), expiresAt);
    QVERIFY(lock.value(u"remaining_ms"_s).toDouble() > 0);

    const Run listed = lockctl({u"list"_s, u"--json"_s});
    VERIFY_EXIT(listed, 0);
    const QJsonArray locks = listed.json.value(u"locks"_s).toArray();
    QCOMPARE(locks.size(), 1);
    QCOMPARE(locks.at(0).toObject().value(u"name"_s).toString(), name);
    QCOMPARE(locks.at(0).toObject().value(u"state"_s).toString(), u"held"_s);
    const Run table = lockctl({u"list"_s});
    VERIFY_EXIT(table, 0);
    QVERIFY2(table.out.contains(name.toUtf8()) && table.out.contains(holder.toUtf8())
                 && table.out.contains("Nightly report"),
             table.out.constData());

    const Run released = lockctl({u"release"_s, name, u"--holder"_s, holder, u"--fence"_s,
                                  QString::number(fence), u"--json"_s});
    VERIFY_EXIT(released, 0);
    VERIFY_JSON(released);
    QCOMPARE(released.json.value(u"released"_s).toBool(), true);
    QCOMPARE(released.json.value(u"remaining_depth"_s).toInt(), 0);
    const QDateTime releasedAt = isoUtc(released.json.value(u"released_at"_s));
    QVERIFY2(releasedAt.isValid() && releasedAt >= acquiredAt, qPrintable(released.describe()));

    const Run free = lockctl({u"show"_s, name, u"--json"_s});
    lock = free.json.value(u"lock"_s).toObject();
    QCOMPARE(lock.value(u"state"_s).toString(), u"free"_s);
    QVERIFY(lock.value(u"holder"_s).isNull());
    QCOMPARE(jsonInteger(lock.value(u"fence"_s)), fence);

    const Run history = lockctl({u"history"_s, name, u"--json"_s});
    VERIFY_EXIT(history, 0);
    QStringList kinds;
    const QJsonArray events = history.json.value(u"events"_s).toArray();
    for (const auto &event : events) {
        kinds << event.toObject().value(u"kind"_s).toString();
        QVERIFY(isoUtc(event.toObject().value(u"at"_s)).isValid());
    }
    QCOMPARE(kinds, (QStringList{u"release"_s, u"acquire"_s, u"init"_s}));
}

// While one process holds the lock (--hold), another is refused and told who holds it, and a
// third that waits (--wait) gets it only after the first released it, with a higher fence.
void LockctlTest::heldLockRefusesOthersAndWaiterGetsItAfterRelease()
{
    QVERIFY(useFreshTable());
    const QString name = u"contended"_s;
    auto first = startLockctl(
        {u"acquire"_s, name, u"--hold"_s, u"2s"_s, u"--holder"_s, u"first"_s, u"--json"_s});
    QVERIFY(waitUntilHeldBy(name, u"first"_s));

    const Run refused = lockctl({u"acquire"_s, name, u"--json"_s});
    VERIFY_EXIT(refused, 1);
    VERIFY_JSON(refused);
    QCOMPARE(refused.json.value(u"acquired"_s).toBool(), false);
    QCOMPARE(refused.json.value(u"held_by"_s).toString(), u"first"_s);
    QVERIFY(isoUtc(refused.json.value(u"held_until"_s)).isValid());
    QVERIFY(refused.json.value(u"remaining_ms"_s).toDouble() > 0);

    auto waiter = startLockctl(
        {u"acquire"_s, name, u"--wait"_s, u"10s"_s, u"--holder"_s, u"waiter"_s, u"--json"_s});
    const Run held = first.finish();
    VERIFY_EXIT(held, 0);
    VERIFY_JSON(held);
    QCOMPARE(held.json.value(u"acquired"_s).toBool(), true);
    QCOMPARE(held.json.value(u"lost"_s).toBool(), false);
    QCOMPARE(held.json.value(u"released"_s).toBool(), true);
    const QDateTime releasedAt = isoUtc(held.json.value(u"released_at"_s));
    QVERIFY2(releasedAt.isValid(), qPrintable(held.describe()));

    const Run waited = waiter.finish();
    VERIFY_EXIT(waited, 0);
    VERIFY_JSON(waited);
    QCOMPARE(waited.json.value(u"acquired"_s).toBool(), true);
    QVERIFY2(waited.json.value(u"attempts"_s).toInt() > 1, qPrintable(waited.describe()));
    QVERIFY(jsonInteger(waited.json.value(u"fence"_s)) > jsonInteger(held.json.value(u"fence"_s)));
    // Both times as reported: the release's own, and the grant's, never before it.
    const QDateTime waitedAt = isoUtc(waited.json.value(u"acquired_at"_s));
    QVERIFY2(waitedAt.isValid() && waitedAt >= releasedAt,
             qPrintable(held.describe() + u"\n"_s + waited.describe()));
}

// --hold with --renew keeps a 600 ms lease for 2 s: another process is still refused after the
// first lease would have ended.
void LockctlTest::holdWithRenewKeepsAShortLease()
{
    QVERIFY(useFreshTable());
    const QString name = u"renewed"_s;
    auto holder = startLockctl({u"acquire"_s, name, u"--ttl"_s, u"600ms"_s, u"--hold"_s, u"2s"_s,
                                u"--renew"_s, u"--holder"_s, u"renewer"_s, u"--json"_s});
    QVERIFY(waitUntilHeldBy(name, u"renewer"_s));
    QThread::msleep(900); // past the first lease
    const Run refused = lockctl({u"acquire"_s, name, u"--json"_s});
    VERIFY_EXIT(refused, 1);
    QCOMPARE(refused.json.value(u"held_by"_s).toString(), u"renewer"_s);

    const Run held = holder.finish();
    VERIFY_EXIT(held, 0);
    VERIFY_JSON(held);
    QCOMPARE(held.json.value(u"lost"_s).toBool(), false);
    QVERIFY2(held.json.value(u"renewals"_s).toInt() >= 2, qPrintable(held.describe()));
    QCOMPARE(held.json.value(u"released"_s).toBool(), true);
}

// Without --renew a lease shorter than the hold ends: another process takes the lock over and
// the holder reports it lost (exit code 1) instead of releasing someone else's lock.
void LockctlTest::holdWithoutRenewLosesAnExpiredLease()
{
    QVERIFY(useFreshTable());
    const QString name = u"expiring"_s;
    auto holder = startLockctl({u"acquire"_s, name, u"--ttl"_s, u"600ms"_s, u"--hold"_s, u"3s"_s,
                                u"--holder"_s, u"sleepy"_s, u"--json"_s});
    QVERIFY(waitUntilHeldBy(name, u"sleepy"_s));
    QThread::msleep(900);
    const Run taken = lockctl({u"acquire"_s, name, u"--holder"_s, u"taker"_s, u"--json"_s});
    VERIFY_EXIT(taken, 0);
    QCOMPARE(taken.json.value(u"took_over_from"_s).toString(), u"sleepy"_s);

    const Run held = holder.finish();
    VERIFY_EXIT(held, 1);
    VERIFY_JSON(held);
    QCOMPARE(held.json.value(u"lost"_s).toBool(), true);
    QCOMPARE(held.json.value(u"released"_s).toBool(), false);
    QCOMPARE(held.json.value(u"held_by"_s).toString(), u"taker"_s);
    const Run shown = lockctl({u"show"_s, name, u"--json"_s});
    QCOMPARE(shown.json.value(u"lock"_s).toObject().value(u"holder"_s).toString(), u"taker"_s);
}

// SIGTERM during --hold ends the hold early and releases the lock cleanly.
void LockctlTest::signalDuringHoldReleasesEarly()
{
    QVERIFY(useFreshTable());
    const QString name = u"interrupted"_s;
    auto holder = startLockctl({u"acquire"_s, name, u"--hold"_s, u"60s"_s, u"--renew"_s,
                                u"--holder"_s, u"patient"_s, u"--json"_s});
    QVERIFY(waitUntilHeldBy(name, u"patient"_s));
    holder.terminate(); // SIGTERM
    const Run held = holder.finish(15000);
    VERIFY_EXIT(held, 0);
    VERIFY_JSON(held);
    QCOMPARE(held.json.value(u"interrupted"_s).toBool(), true);
    QCOMPARE(held.json.value(u"released"_s).toBool(), true);
    QVERIFY(held.json.value(u"held_ms"_s).toDouble() < 30000);
    const Run shown = lockctl({u"show"_s, name, u"--json"_s});
    QCOMPARE(shown.json.value(u"lock"_s).toObject().value(u"state"_s).toString(), u"free"_s);
}

// A release with the wrong fence or holder is refused (exit code 1) and leaves the row as it was.
void LockctlTest::releaseWithWrongFenceChangesNothing()
{
    QVERIFY(useFreshTable());
    const QString name = u"fenced"_s;
    const Run acquired = lockctl({u"acquire"_s, name, u"--holder"_s, u"owner"_s, u"--json"_s});
    VERIFY_EXIT(acquired, 0);
    const qint64 fence = jsonInteger(acquired.json.value(u"fence"_s));
    QVERIFY(fence > 0);
    const QStringList before = testsupport::rawLockRow(*m_session, m_table, name);
    QCOMPARE(before.size(), 9);

    const Run wrongFence = lockctl({u"release"_s, name, u"--holder"_s, u"owner"_s, u"--fence"_s,
                                    QString::number(fence + 1), u"--json"_s});
    VERIFY_EXIT(wrongFence, 1);
    VERIFY_JSON(wrongFence);
    QCOMPARE(wrongFence.json.value(u"released"_s).toBool(), false);
    QCOMPARE(wrongFence.json.value(u"held_by"_s).toString(), u"owner"_s);
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name), before);

    const Run wrongHolder = lockctl(
        {u"release"_s, name, u"--holder"_s, u"intruder"_s, u"--fence"_s, QString::number(fence)});
    VERIFY_EXIT(wrongHolder, 1);
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name), before);

    const Run right = lockctl(
        {u"release"_s, name, u"--holder"_s, u"owner"_s, u"--fence"_s, QString::number(fence)});
    VERIFY_EXIT(right, 0);
}

// renew after the lease's end (by the database clock), though nobody took the lock: refused
// (exit 1) with when the lease ended, and the row left as it was.
void LockctlTest::renewAfterTheLeaseEndedIsRefused()
{
    QVERIFY(useFreshTable());
    const QString name = u"lapsed"_s;
    const Run acquired = lockctl(
        {u"acquire"_s, name, u"--ttl"_s, u"300ms"_s, u"--holder"_s, u"owner"_s, u"--json"_s});
    VERIFY_EXIT(acquired, 0);
    const QString fence = QString::number(jsonInteger(acquired.json.value(u"fence"_s)));
    const QDateTime expiresAt = isoUtc(acquired.json.value(u"expires_at"_s));
    QVERIFY(QTest::qWaitFor(
        [&] { return testsupport::dbNowUs(*m_session) / 1000 > expiresAt.toMSecsSinceEpoch(); },
        5000));
    const QStringList before = testsupport::rawLockRow(*m_session, m_table, name);
    const QStringList renew = {u"renew"_s, name, u"--holder"_s, u"owner"_s, u"--fence"_s, fence};
    const Run late = lockctl(renew + QStringList{u"--json"_s});
    VERIFY_EXIT(late, 1);
    VERIFY_JSON(late);
    QCOMPARE(late.json.value(u"renewed"_s).toBool(), false);
    QCOMPARE(isoUtc(late.json.value(u"lease_ended_at"_s)), expiresAt);
    const Run said = lockctl(renew);
    VERIFY_EXIT(said, 1);
    const QString endedAt = u"ended at %1"_s.arg(expiresAt.toString(Qt::ISODateWithMs));
    QVERIFY2(said.out.contains(endedAt.toUtf8()) && said.out.contains("acquire again (a new fence)"),
             qPrintable(said.describe()));
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name), before);
}

// force-release with a fence that moved is refused and changes nothing; with the current fence it
// frees the lock, revokes the holder's fence and records the reason.
void LockctlTest::forceReleaseNeedsTheCurrentFence()
{
    QVERIFY(useFreshTable());
    const QString name = u"stuck"_s;
    const Run first = lockctl({u"acquire"_s, name, u"--holder"_s, u"early"_s, u"--json"_s});
    const qint64 staleFence = jsonInteger(first.json.value(u"fence"_s));
    VERIFY_EXIT(lockctl({u"release"_s, name, u"--holder"_s, u"early"_s, u"--fence"_s,
                         QString::number(staleFence)}),
                0);
    const Run second = lockctl({u"acquire"_s, name, u"--holder"_s, u"late"_s, u"--json"_s});
    const qint64 fence = jsonInteger(second.json.value(u"fence"_s));
    QVERIFY2(fence > staleFence, qPrintable(second.describe()));
    const QStringList before = testsupport::rawLockRow(*m_session, m_table, name);

    const Run stale = lockctl({u"force-release"_s, name, u"--fence"_s, QString::number(staleFence),
                               u"--reason"_s, u"stale look"_s, u"--json"_s});
    VERIFY_EXIT(stale, 1);
    VERIFY_JSON(stale);
    QCOMPARE(stale.json.value(u"released"_s).toBool(), false);
    QCOMPARE(jsonInteger(stale.json.value(u"current"_s).toObject().value(u"fence"_s)), fence);
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name), before);

    const QString reason = u"job 42 hung; ticket OPS-7"_s;
    const Run forced = lockctl({u"force-release"_s, name, u"--fence"_s, QString::number(fence),
                                u"--reason"_s, reason, u"--json"_s});
    VERIFY_EXIT(forced, 0);
    VERIFY_JSON(forced);
    QCOMPARE(forced.json.value(u"released"_s).toBool(), true);
    QCOMPARE(forced.json.value(u"released_holder"_s).toString(), u"late"_s);
    QVERIFY(jsonInteger(forced.json.value(u"new_fence"_s)) > fence);

    const Run history = lockctl({u"history"_s, name, u"--limit"_s, u"1"_s, u"--json"_s});
    const QJsonArray events = history.json.value(u"events"_s).toArray();
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.at(0).toObject().value(u"kind"_s).toString(), u"force_release"_s);
    QVERIFY2(events.at(0).toObject().value(u"detail"_s).toString().contains(reason),
             qPrintable(history.describe()));
    QVERIFY(events.at(0).toObject().value(u"actor"_s).toString().contains(u"lockctl"_s));

    // The old holder's token is dead.
    VERIFY_EXIT(lockctl({u"release"_s, name, u"--holder"_s, u"late"_s, u"--fence"_s,
                         QString::number(fence)}),
                1);
}

// A $USER of 245 characters makes "user@host (lockctl)" longer than the actor column (255):
// init and force-release still succeed (they failed with "value too long", changing nothing),
// so does an acquire with the default holder, and the history keeps the actor cut on a
// character boundary, marked with "…", with its host and tool whole.
void LockctlTest::longUserNameFitsTheColumns()
{
    QVERIFY(useFreshTable());
    QString user = QString(150, u'u');
    for (int i = 0; i < 95; ++i)
        user += QChar(0x6f22); // 3 bytes in UTF-8: the cut falls on characters, not bytes
    LockctlOptions options;
    options.environment = {{u"USER"_s, user}};
    const auto run = [&](const QStringList &args) {
        return testsupport::runLockctl(QStringList{u"--table"_s, m_table} + args, options);
    };
    const auto fits = [&](const QString &id) {
        return id.toUcs4().size() <= 255 && id.startsWith(user.left(200))
               && id.contains(u"\u2026@"_s);
    };
    const QString name = u"long.user"_s;
    VERIFY_EXIT(run({u"init"_s, name, u"--ttl"_s, u"1m"_s}), 0);
    const Run acquired = run({u"acquire"_s, name, u"--json"_s});
    VERIFY_EXIT(acquired, 0);
    QVERIFY2(fits(acquired.json.value(u"holder"_s).toString()), qPrintable(acquired.describe()));
    const qint64 fence = jsonInteger(acquired.json.value(u"fence"_s));
    VERIFY_EXIT(run({u"force-release"_s, name, u"--fence"_s, QString::number(fence),
                     u"--reason"_s, u"a long user"_s}),
                0);

    const Run history = run({u"history"_s, name, u"--json"_s});
    VERIFY_EXIT(history, 0);
    QStringList kinds;
    for (const QJsonValue &value : history.json.value(u"events"_s).toArray()) {
        const QJsonObject event = value.toObject();
        const QString kind = event.value(u"kind"_s).toString();
        if (kind != u"init"_s && kind != u"force_release"_s)
            continue;
        kinds << kind;
        const QString actor = event.value(u"actor"_s).toString();
        QVERIFY2(fits(actor) && actor.endsWith(u" (lockctl)"_s), qPrintable(actor));
    }
    kinds.sort();
    QCOMPARE(kinds, (QStringList{u"force_release"_s, u"init"_s}));
}

// A table from before tombstones: a lock an acquire left unnumbered (fence -1, held by a
// client that stopped before numbering it). "lockctl schema --create" frees it above the
// fence its history recorded, and the next acquire continues from there.
void LockctlTest::schemaCreateMigratesAnUnnumberedLock()
{
    QVERIFY(useFreshTable());
    const QString name = u"half-made"_s;
    const Run first = lockctl({u"acquire"_s, name, u"--holder"_s, u"me"_s, u"--json"_s});
    VERIFY_EXIT(first, 0);
    const qint64 fence = jsonInteger(first.json.value(u"fence"_s));
    VERIFY_EXIT(lockctl({u"release"_s, name, u"--holder"_s, u"me"_s, u"--fence"_s,
                         QString::number(fence)}),
                0);
    const lockcore::Dialect &dialect = m_session->dialect();
    QVERIFY(testsupport::execRaw(
        *m_session, u"UPDATE "_s + dialect.lockTable(lockcore::TableNames::fromTable(m_table))
                        + u" SET fence = -1, depth = 1, holder = 'ghost' WHERE name = '"_s + name
                        + u'\''));

    const Run migrated = lockctl({u"schema"_s, u"--create"_s});
    VERIFY_EXIT(migrated, 0);
    const Run shown = lockctl({u"show"_s, name, u"--json"_s});
    VERIFY_EXIT(shown, 0);
    const QJsonObject lock = shown.json.value(u"lock"_s).toObject();
    QCOMPARE(lock.value(u"state"_s).toString(), u"free"_s);
    QCOMPARE(jsonInteger(lock.value(u"fence"_s)), fence);
    const Run acquired = lockctl({u"acquire"_s, name, u"--holder"_s, u"me"_s, u"--json"_s});
    VERIFY_EXIT(acquired, 0);
    QCOMPARE(jsonInteger(acquired.json.value(u"fence"_s)), fence + 1);
}

void LockctlTest::forceReleaseAfterANormalReleaseIsRefused()
{
    // Issue 23: the fence an admin saw, after the holder released normally: refused, exit 1,
    // the lock left free with its fence, and the reason in words.
    QVERIFY(useFreshTable());
    const Run acquired = lockctl({u"acquire"_s, u"job"_s, u"--holder"_s, u"worker"_s, u"--json"_s});
    VERIFY_EXIT(acquired, 0);
    const QString fence = QString::number(jsonInteger(acquired.json.value(u"fence"_s)));
    const Run released =
        lockctl({u"release"_s, u"job"_s, u"--holder"_s, u"worker"_s, u"--fence"_s, fence});
    VERIFY_EXIT(released, 0);
    const Run forced = lockctl({u"force-release"_s, u"job"_s, u"--fence"_s, fence,
                                u"--reason"_s, u"looked stuck"_s});
    VERIFY_EXIT(forced, 1);
    QVERIFY2(forced.out.contains("was released since you looked"), qPrintable(forced.describe()));
    const Run json = lockctl({u"force-release"_s, u"job"_s, u"--fence"_s, fence, u"--reason"_s,
                              u"looked stuck"_s, u"--json"_s});
    VERIFY_EXIT(json, 1);
    VERIFY_JSON(json);
    QCOMPARE(json.json.value(u"released"_s).toBool(), false);
    const QJsonObject current = json.json.value(u"current"_s).toObject();
    QCOMPARE(current.value(u"state"_s).toString(), u"free"_s);
    QCOMPARE(QString::number(jsonInteger(current.value(u"fence"_s))), fence);
}

// delete refuses a held lock (exit code 1) and deletes a free one; then it is gone.
void LockctlTest::deleteRefusesAHeldLock()
{
    QVERIFY(useFreshTable());
    const QString name = u"doomed"_s;
    const Run acquired = lockctl({u"acquire"_s, name, u"--holder"_s, u"h"_s, u"--json"_s});
    const Run refused = lockctl({u"delete"_s, name, u"--json"_s});
    VERIFY_EXIT(refused, 1);
    QCOMPARE(refused.json.value(u"deleted"_s).toBool(), false);
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name).size(), 9);
    VERIFY_EXIT(lockctl({u"release"_s, name, u"--holder"_s, u"h"_s, u"--fence"_s,
                         QString::number(jsonInteger(acquired.json.value(u"fence"_s)))}),
                0);
    VERIFY_EXIT(lockctl({u"delete"_s, name}), 0);
    // Kept as a tombstone with its fence (lockcore::Dialect::deletedDepth), shown nowhere.
    QCOMPARE(testsupport::rawLockRow(*m_session, m_table, name).value(2),
             QString::number(lockcore::Dialect::deletedDepth));
    const Run gone = lockctl({u"show"_s, name, u"--json"_s});
    VERIFY_EXIT(gone, 1);
    QCOMPARE(gone.json.value(u"error"_s).toObject().value(u"kind"_s).toString(), u"not_found"_s);
}

// --profile seed-000 on an application's table: detect finds it; init, acquire, list, release
// and force-release speak seed 000's protocol; the owner check and the compare-and-set refuse
// with exit code 1 and change nothing.
void LockctlTest::profileDetectListAcquireReleaseForceRelease()
{
    QVERIFY(useSeed000Table());
    const Run detected = lockctl({u"detect"_s, u"--json"_s});
    VERIFY_EXIT(detected, 0);
    bool found = false;
    for (const QJsonValue &row : detected.json.value(u"tables"_s).toArray()) {
        found = found
                || (row[u"table"_s].toString().compare(m_table, Qt::CaseInsensitive) == 0
                    && row[u"profile"_s].toString() == u"seed-000");
    }
    QVERIFY2(found, qPrintable(detected.describe()));

    const QStringList p{u"--profile"_s, u"seed-000"_s};
    const Run init = lockctl(p + QStringList{u"init"_s, u"job"_s, u"--json"_s});
    VERIFY_EXIT(init, 0);
    QCOMPARE(init.json.value(u"created"_s).toBool(), true);
    VERIFY_EXIT(lockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"a"_s, u"--ttl"_s,
                                        u"60s"_s}),
                0);
    const Run refused = lockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"b"_s,
                                                u"--json"_s});
    VERIFY_EXIT(refused, 1);
    QCOMPARE(refused.json.value(u"acquired"_s).toBool(), false);
    const Run listed = lockctl(p + QStringList{u"list"_s, u"--json"_s});
    VERIFY_EXIT(listed, 0);
    const QJsonObject lock = listed.json.value(u"locks"_s).toArray().at(0).toObject();
    QCOMPARE(lock.value(u"holder"_s).toString(), u"a"_s);
    QCOMPARE(lock.value(u"state"_s).toString(), u"held"_s);
    const double remaining = lock.value(u"remaining_ms"_s).toDouble();
    QVERIFY2(remaining > 57000 && remaining <= 61000, qPrintable(listed.describe()));
    // Owner-checked release: b's changes nothing.
    VERIFY_EXIT(lockctl(p + QStringList{u"release"_s, u"job"_s, u"--holder"_s, u"b"_s}), 1);
    // Force release with the wrong holder, then without the time: refused / usage.
    const QString seen = QString::number(qint64(lock.value(u"expect_time"_s).toDouble()));
    VERIFY_EXIT(lockctl(p + QStringList{u"force-release"_s, u"job"_s, u"--expect-holder"_s,
                                        u"b"_s, u"--expect-time"_s, seen, u"--reason"_s, u"t"_s}),
                1);
    VERIFY_EXIT(lockctl(p + QStringList{u"force-release"_s, u"job"_s, u"--expect-holder"_s,
                                        u"a"_s, u"--reason"_s, u"t"_s}),
                2);
    const Run forced = lockctl(p + QStringList{u"force-release"_s, u"job"_s,
                                               u"--expect-holder"_s, u"a"_s, u"--expect-time"_s,
                                               seen, u"--reason"_s, u"t"_s, u"--json"_s});
    VERIFY_EXIT(forced, 0);
    QCOMPARE(forced.json.value(u"released"_s).toBool(), true);
    // The old holder's release is void; b acquires and releases.
    VERIFY_EXIT(lockctl(p + QStringList{u"release"_s, u"job"_s, u"--holder"_s, u"a"_s}), 1);
    VERIFY_EXIT(lockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"b"_s}), 0);
    VERIFY_EXIT(lockctl(p + QStringList{u"release"_s, u"job"_s, u"--holder"_s, u"b"_s}), 0);
    const Run free = lockctl(p + QStringList{u"show"_s, u"job"_s, u"--json"_s});
    VERIFY_EXIT(free, 0);
    QCOMPARE(free.json.value(u"lock"_s).toObject().value(u"state"_s).toString(), u"free"_s);
    VERIFY_EXIT(lockctl({u"--profile"_s, u"no-such"_s, u"list"_s}), 2);
    // Commands without a meaning on an application's table refuse --profile, rather than
    // quietly work on Lockscope's own table; the table is left as it was.
    for (const QString &command : {u"history"_s, u"renew"_s, u"delete"_s, u"schema"_s}) {
        const Run refused = lockctl(p + QStringList{command, u"job"_s});
        VERIFY_EXIT(refused, 2);
        QVERIFY2(refused.err.contains("--profile does not apply"), refused.err.constData());
    }
    VERIFY_EXIT(lockctl(p + QStringList{u"show"_s, u"job"_s}), 0);
    // The application's session time zone: checked before any SQL is sent.
    const Run badZone = lockctl(p + QStringList{u"--app-time-zone"_s, u"UTC';--"_s, u"list"_s});
    VERIFY_EXIT(badZone, 2);
    QVERIFY2(badZone.err.contains("is not a time zone"), badZone.err.constData());
    VERIFY_EXIT(lockctl({u"--app-time-zone"_s, u"UTC"_s, u"list"_s}), 2); // needs --profile
}

// A read-only profile (Quartz's instances) refuses a force release with its reason, before
// asking for the holder and the time seen (which would send the admin after values for nothing).
void LockctlTest::profileReadOnlyRefusesWithItsReason()
{
    m_table = TestBackend::uniqueTable(u"lctl_qrtz"_s);
    QString error;
    QVERIFY2(testsupport::execRaw(*m_session,
                                  u"CREATE TABLE "_s + m_table
                                      + u" (SCHED_NAME VARCHAR(120) NOT NULL, INSTANCE_NAME "
                                        u"VARCHAR(200) NOT NULL, LAST_CHECKIN_TIME BIGINT NOT "
                                        u"NULL, CHECKIN_INTERVAL BIGINT NOT NULL, PRIMARY KEY "
                                        u"(SCHED_NAME, INSTANCE_NAME))"_s,
                                  &error),
             qPrintable(error));
    m_tables << m_table;
    QVERIFY2(testsupport::execRaw(*m_session,
                                  u"INSERT INTO "_s + m_table
                                      + u" VALUES ('S', 'host1', 1000, 7500)"_s,
                                  &error),
             qPrintable(error));
    const QStringList p{u"--profile"_s, u"quartz-instances"_s, u"--table"_s, m_table};
    const Run shown = lockctl(p + QStringList{u"show"_s, u"S/host1"_s, u"--json"_s});
    VERIFY_EXIT(shown, 0);
    QCOMPARE(shown.json[u"lock"_s][u"state"_s].toString(), u"expired"_s); // 1970's check-in
    const Run refused = lockctl(p + QStringList{u"force-release"_s, u"S/host1"_s, u"--reason"_s,
                                                u"dead node"_s});
    VERIFY_EXIT(refused, 2);
    QVERIFY2(refused.err.contains("is read-only: Quartz recovers a failed instance itself"),
             refused.err.constData());
    VERIFY_EXIT(lockctl(p + QStringList{u"show"_s, u"S/host1"_s}), 0); // still there
}

// --profile answers in the native table's names and times: ISO 8601 UTC with milliseconds, true
// UTC and consistent with the database's clock also when the application's session writes
// another zone's local time; the lease as asked for; the shared fields present on both tables;
// text output shows the same ISO times.
void LockctlTest::profileJsonSpeaksTheNativeNames()
{
    QVERIFY(useFreshTable());
    const Run nativeGrant
        = lockctl({u"acquire"_s, u"shared"_s, u"--holder"_s, u"a"_s, u"--json"_s});
    const Run nativeRefusal
        = lockctl({u"acquire"_s, u"shared"_s, u"--holder"_s, u"b"_s, u"--json"_s});
    const Run nativeShown = lockctl({u"show"_s, u"shared"_s, u"--json"_s});
    QVERIFY2(missingKeys(nativeGrant.json, sharedAcquireKeys).isEmpty(),
             qPrintable(nativeGrant.describe()));
    QVERIFY2(missingKeys(nativeRefusal.json, sharedAcquireKeys + sharedRefusalKeys).isEmpty(),
             qPrintable(nativeRefusal.describe()));
    QVERIFY2(missingKeys(nativeShown.json[u"lock"_s].toObject(), sharedLockKeys).isEmpty(),
             qPrintable(nativeShown.describe()));

    QVERIFY(useSeed000Table());
    QStringList p{u"--profile"_s, u"seed-000"_s};
    // The application writes local times in a zone far from the server's UTC (SQLite has no
    // session zone): what lockctl prints is still UTC.
    const bool sqlite = TestBackend::instance().isSqlite();
    if (!sqlite)
        p << u"--app-time-zone"_s
          << (TestBackend::instance().isMariadb() ? u"+08:00"_s : u"Asia/Shanghai"_s);
    // The test's columns hold whole seconds (TIMESTAMP(0), DATETIME): stored times are rounded.
    const qint64 precisionMs = sqlite ? 1 : 1000;
    const qint64 beforeMs = testsupport::dbNowUs(*m_session) / 1000;
    const Run grant = lockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"a"_s,
                                              u"--ttl"_s, u"60s"_s, u"--json"_s});
    const qint64 afterMs = testsupport::dbNowUs(*m_session) / 1000;
    VERIFY_EXIT(grant, 0);
    QVERIFY2(missingKeys(grant.json, sharedAcquireKeys).isEmpty(), qPrintable(grant.describe()));
    const QDateTime acquired = isoUtc(grant.json[u"acquired_at"_s]);
    const QDateTime expires = isoUtc(grant.json[u"expires_at"_s]);
    const QDateTime dbNow = isoUtc(grant.json[u"db_now"_s]);
    QVERIFY2(acquired.isValid() && expires.isValid() && dbNow.isValid(),
             qPrintable(grant.describe()));
    QCOMPARE(acquired.timeSpec(), Qt::UTC);
    QCOMPARE(acquired.msecsTo(expires), 60000);
    const auto within = [&](const QDateTime &time, qint64 slackMs) {
        return time.toMSecsSinceEpoch() >= beforeMs - slackMs
               && time.toMSecsSinceEpoch() <= afterMs + slackMs;
    };
    QVERIFY2(within(dbNow, 1), qPrintable(u"database clock %1..%2 ms; %3"_s.arg(beforeMs)
                                              .arg(afterMs)
                                              .arg(grant.describe())));
    QVERIFY2(within(acquired, precisionMs), qPrintable(grant.describe()));

    const Run refused = lockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"b"_s,
                                                u"--json"_s});
    VERIFY_EXIT(refused, 1);
    QVERIFY2(missingKeys(refused.json, sharedAcquireKeys + sharedRefusalKeys).isEmpty(),
             qPrintable(refused.describe()));
    QCOMPARE(refused.json[u"held_by"_s].toString(), u"a"_s);
    QCOMPARE(refused.json[u"held_until"_s], grant.json[u"expires_at"_s]);

    const Run listed = lockctl(p + QStringList{u"list"_s, u"--json"_s});
    VERIFY_EXIT(listed, 0);
    const QJsonObject lock = listed.json[u"locks"_s].toArray().at(0).toObject();
    QVERIFY2(missingKeys(lock, sharedLockKeys).isEmpty(), qPrintable(listed.describe()));
    for (const QString &old : {u"locked_at_ms"_s, u"expires_at_ms"_s, u"db_now_ms"_s})
        QVERIFY2(!lock.contains(old), qPrintable(old));
    QCOMPARE(lock[u"state"_s].toString(), u"held"_s);
    QCOMPARE(lock[u"holder"_s].toString(), u"a"_s);
    QCOMPARE(lock[u"acquired_at"_s], grant.json[u"acquired_at"_s]);
    QCOMPARE(lock[u"expires_at"_s], grant.json[u"expires_at"_s]);
    const QDateTime listedNow = isoUtc(lock[u"db_now"_s]);
    QVERIFY(listedNow >= dbNow);
    QCOMPARE(qint64(lock[u"remaining_ms"_s].toDouble()), listedNow.msecsTo(expires));
    QVERIFY(lock[u"expect_time"_s].isDouble());

    const Run text = lockctl(p + QStringList{u"show"_s, u"job"_s});
    VERIFY_EXIT(text, 0);
    QVERIFY2(text.outText().contains(grant.json[u"expires_at"_s].toString()),
             qPrintable(text.describe()));

    VERIFY_EXIT(lockctl(p + QStringList{u"release"_s, u"job"_s, u"--holder"_s, u"a"_s}), 0);
    const Run free = lockctl(p + QStringList{u"show"_s, u"job"_s, u"--json"_s});
    const QJsonObject freeLock = free.json[u"lock"_s].toObject();
    QCOMPARE(freeLock[u"state"_s].toString(), u"free"_s);
    QVERIFY2(freeLock[u"holder"_s].isNull(), qPrintable(free.describe()));
    QCOMPARE(freeLock[u"prev_holder"_s].toString(), u"a"_s);
    QCOMPARE(freeLock[u"remaining_ms"_s].toDouble(), 0.0);
}

// acquire --hold with --profile holds the application's lock (another process is refused
// meanwhile), then frees it with the application's release. --renew is refused with the reason
// (these protocols have no renewal); a hold longer than the lease is warned about.
void LockctlTest::profileHoldHoldsThenReleases()
{
    QVERIFY(useSeed000Table());
    const QStringList p{u"--profile"_s, u"seed-000"_s};
    auto holder = startLockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s,
                                               u"keeper"_s, u"--ttl"_s, u"60s"_s, u"--hold"_s,
                                               u"2s"_s, u"--json"_s});
    QVERIFY(waitUntilHeldBy(u"job"_s, u"keeper"_s, 15000, p));
    const Run other = lockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"other"_s,
                                              u"--json"_s});
    VERIFY_EXIT(other, 1);
    QCOMPARE(other.json[u"held_by"_s].toString(), u"keeper"_s);
    const Run held = holder.finish(30000);
    VERIFY_EXIT(held, 0);
    VERIFY_JSON(held);
    QCOMPARE(held.json[u"acquired"_s].toBool(), true);
    QCOMPARE(held.json[u"released"_s].toBool(), true);
    QCOMPARE(held.json[u"lost"_s].toBool(), false);
    QCOMPARE(held.json[u"interrupted"_s].toBool(), false);
    QVERIFY2(held.json[u"held_ms"_s].toDouble() >= 2000, qPrintable(held.describe()));
    QVERIFY(isoUtc(held.json[u"acquired_at"_s]).isValid());
    const Run shown = lockctl(p + QStringList{u"show"_s, u"job"_s, u"--json"_s});
    QCOMPARE(shown.json[u"lock"_s].toObject()[u"state"_s].toString(), u"free"_s);

    const Run renew = lockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"x"_s,
                                              u"--hold"_s, u"1s"_s, u"--renew"_s});
    VERIFY_EXIT(renew, 2);
    QVERIFY2(renew.err.contains("no renewal"), renew.err.constData());
    const Run untouched = lockctl(p + QStringList{u"show"_s, u"job"_s, u"--json"_s});
    QCOMPARE(untouched.json[u"lock"_s].toObject()[u"state"_s].toString(), u"free"_s);

    const Run longHold = lockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"w"_s,
                                                 u"--ttl"_s, u"1s"_s, u"--hold"_s, u"1500ms"_s});
    VERIFY_EXIT(longHold, 0);
    QVERIFY2(longHold.err.contains("shorter than the hold"), longHold.err.constData());
}

// A force release from another process during a --profile hold: the hold's release finds the
// lock no longer its own and says so (lost, the new holder), with exit code 1 as a native hold
// that lost its lock; the new holder's lock is left alone.
void LockctlTest::profileHoldLostToAForceRelease()
{
    QVERIFY(useSeed000Table());
    const QStringList p{u"--profile"_s, u"seed-000"_s};
    // The hold outlasts the four lockctl runs below (under 1 s in all, seen: 0.5 to 0.8 s).
    auto holder = startLockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s,
                                               u"victim"_s, u"--ttl"_s, u"60s"_s, u"--hold"_s,
                                               u"3s"_s, u"--json"_s});
    QVERIFY(waitUntilHeldBy(u"job"_s, u"victim"_s, 15000, p));
    const Run seen = lockctl(p + QStringList{u"show"_s, u"job"_s, u"--json"_s});
    const QString time
        = QString::number(qint64(seen.json[u"lock"_s].toObject()[u"expect_time"_s].toDouble()));
    VERIFY_EXIT(lockctl(p + QStringList{u"force-release"_s, u"job"_s, u"--expect-holder"_s,
                                        u"victim"_s, u"--expect-time"_s, time, u"--reason"_s,
                                        u"t"_s}),
                0);
    VERIFY_EXIT(lockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"successor"_s,
                                        u"--ttl"_s, u"60s"_s}),
                0);
    const Run held = holder.finish(30000);
    VERIFY_EXIT(held, 1);
    VERIFY_JSON(held);
    QCOMPARE(held.json[u"lost"_s].toBool(), true);
    QCOMPARE(held.json[u"released"_s].toBool(), false);
    QCOMPARE(held.json[u"held_by"_s].toString(), u"successor"_s);
    QCOMPARE(held.json[u"current"_s].toObject()[u"holder"_s].toString(), u"successor"_s);
    QVERIFY(waitUntilHeldBy(u"job"_s, u"successor"_s, 1000, p));
}

// SIGINT (Ctrl-C) during a --profile hold ends the hold early and releases the lock; during a
// --profile wait it cancels the wait.
void LockctlTest::profileHoldInterruptedReleases()
{
    QVERIFY(useSeed000Table());
    const QStringList p{u"--profile"_s, u"seed-000"_s};
    auto holder = startLockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s,
                                               u"patient"_s, u"--ttl"_s, u"60s"_s, u"--hold"_s,
                                               u"60s"_s, u"--json"_s});
    QVERIFY(waitUntilHeldBy(u"job"_s, u"patient"_s, 15000, p));
    // A waiter interrupted while it waits stops as a native one does: cancelled, exit code 1.
    auto waiter = startLockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"w"_s,
                                               u"--wait"_s, u"30s"_s, u"--json"_s});
    QVERIFY(waiter.waitForStarted());
    QThread::msleep(2000); // connected and waiting
    QCOMPARE(::kill(pid_t(waiter.processId()), SIGINT), 0);
    const Run cancelled = waiter.finish(15000);
    VERIFY_EXIT(cancelled, 1);
    QCOMPARE(cancelled.json[u"error"_s].toObject()[u"kind"_s].toString(), u"cancelled"_s);
    QCOMPARE(::kill(pid_t(holder.processId()), SIGINT), 0);
    const Run held = holder.finish(15000);
    VERIFY_EXIT(held, 0);
    VERIFY_JSON(held);
    QCOMPARE(held.json[u"interrupted"_s].toBool(), true);
    QCOMPARE(held.json[u"released"_s].toBool(), true);
    QVERIFY(held.json[u"held_ms"_s].toDouble() < 30000);
    const Run shown = lockctl(p + QStringList{u"show"_s, u"job"_s, u"--json"_s});
    QCOMPARE(shown.json[u"lock"_s].toObject()[u"state"_s].toString(), u"free"_s);
}

// acquire --wait with --profile tries again until the holder releases: the waiter gets the lock
// after the hold ended, in more than one attempt; a wait shorter than the hold gives up.
void LockctlTest::profileWaitRetriesUntilReleased()
{
    QVERIFY(useSeed000Table());
    const QStringList p{u"--profile"_s, u"seed-000"_s};
    auto first = startLockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s, u"first"_s,
                                              u"--ttl"_s, u"60s"_s, u"--hold"_s, u"2s"_s,
                                              u"--json"_s});
    QVERIFY(waitUntilHeldBy(u"job"_s, u"first"_s, 15000, p));
    const Run gaveUp = lockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s,
                                               u"impatient"_s, u"--wait"_s, u"500ms"_s,
                                               u"--json"_s});
    VERIFY_EXIT(gaveUp, 1);
    QVERIFY2(gaveUp.json[u"attempts"_s].toInt() > 1, qPrintable(gaveUp.describe()));
    QCOMPARE(gaveUp.json[u"held_by"_s].toString(), u"first"_s);
    const Run waited = lockctl(p + QStringList{u"acquire"_s, u"job"_s, u"--holder"_s,
                                               u"second"_s, u"--ttl"_s, u"60s"_s, u"--wait"_s,
                                               u"30s"_s, u"--json"_s});
    VERIFY_EXIT(waited, 0);
    QVERIFY2(waited.json[u"attempts"_s].toInt() > 1, qPrintable(waited.describe()));
    const Run released = first.finish(30000);
    VERIFY_EXIT(released, 0);
    QCOMPARE(released.json[u"released"_s].toBool(), true);
    const qint64 precisionMs = TestBackend::instance().isSqlite() ? 1 : 1000;
    const qint64 after = isoUtc(released.json[u"acquired_at"_s])
                             .msecsTo(isoUtc(waited.json[u"acquired_at"_s]));
    QVERIFY2(after >= 2000 - precisionMs,
             qPrintable(released.describe() + u'\n' + waited.describe()));
}

// A ShedLock table (UTC times with milliseconds; its release sets lock_until to now): acquire
// --hold reports ISO UTC times within the database clock and a lease of --ttl; afterwards the
// lock is free with its last holder as prev_holder, and expires_at is the release's time.
void LockctlTest::profileShedLockHoldReportsUtcTimes()
{
    m_table = TestBackend::uniqueTable(u"lctl_shedlock"_s);
    const QString time = TestBackend::instance().isSqlite()    ? u"TEXT"_s
                         : TestBackend::instance().isMariadb() ? u"TIMESTAMP(3)"_s
                                                               : u"TIMESTAMP"_s;
    QString error;
    QVERIFY2(testsupport::execRaw(*m_session,
                                  u"CREATE TABLE "_s + m_table
                                      + u" (name VARCHAR(64) NOT NULL PRIMARY KEY, lock_until "_s
                                      + time + u" NOT NULL, locked_at "_s + time
                                      + u" NOT NULL, locked_by VARCHAR(255) NOT NULL)"_s,
                                  &error),
             qPrintable(error));
    m_tables << m_table;
    const QStringList p{u"--profile"_s, u"shedlock"_s};
    const qint64 beforeMs = testsupport::dbNowUs(*m_session) / 1000;
    auto holder = startLockctl(p + QStringList{u"acquire"_s, u"nightly"_s, u"--holder"_s, u"ops"_s,
                                               u"--ttl"_s, u"30s"_s, u"--hold"_s, u"2s"_s,
                                               u"--json"_s});
    QVERIFY(waitUntilHeldBy(u"nightly"_s, u"ops"_s, 15000, p));
    const qint64 afterMs = testsupport::dbNowUs(*m_session) / 1000;
    const Run held = holder.finish(30000);
    VERIFY_EXIT(held, 0);
    VERIFY_JSON(held);
    QCOMPARE(held.json[u"released"_s].toBool(), true);
    const QDateTime acquired = isoUtc(held.json[u"acquired_at"_s]);
    const QDateTime expires = isoUtc(held.json[u"expires_at"_s]);
    QVERIFY2(acquired.isValid() && expires.isValid(), qPrintable(held.describe()));
    QCOMPARE(acquired.timeSpec(), Qt::UTC);
    // locked_at and lock_until each read the clock: a millisecond apart at most.
    QVERIFY2(qAbs(acquired.msecsTo(expires) - 30000) <= 1, qPrintable(held.describe()));
    QVERIFY2(acquired.toMSecsSinceEpoch() >= beforeMs - 1
                 && acquired.toMSecsSinceEpoch() <= afterMs + 1,
             qPrintable(u"database clock %1..%2 ms; %3"_s.arg(beforeMs).arg(afterMs).arg(
                 held.describe())));

    const Run shown = lockctl(p + QStringList{u"show"_s, u"nightly"_s, u"--json"_s});
    const QJsonObject lock = shown.json[u"lock"_s].toObject();
    QCOMPARE(lock[u"state"_s].toString(), u"free"_s);
    QVERIFY2(lock[u"holder"_s].isNull(), qPrintable(shown.describe()));
    QCOMPARE(lock[u"prev_holder"_s].toString(), u"ops"_s);
    const QDateTime released = isoUtc(lock[u"expires_at"_s]);
    QVERIFY2(acquired.msecsTo(released) >= 2000 - 1, qPrintable(shown.describe()));
    QVERIFY2(released <= isoUtc(lock[u"db_now"_s]), qPrintable(shown.describe()));
}

void LockctlTest::usageErrorsExitTwo_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("unknown command") << QStringList{u"grab"_s, u"x"_s};
    QTest::newRow("unknown option") << QStringList{u"list"_s, u"--frobnicate"_s};
    QTest::newRow("unknown global option") << QStringList{u"--frobnicate"_s, u"list"_s};
    QTest::newRow("no command") << QStringList{};
    QTest::newRow("bad duration") << QStringList{u"acquire"_s, u"x"_s, u"--ttl"_s, u"5parsecs"_s};
    QTest::newRow("bad wait") << QStringList{u"acquire"_s, u"x"_s, u"--wait"_s, u"soon"_s};
    QTest::newRow("zero ttl") << QStringList{u"init"_s, u"x"_s, u"--ttl"_s, u"0"_s};
    QTest::newRow("missing NAME") << QStringList{u"acquire"_s};
    QTest::newRow("empty name") << QStringList{u"acquire"_s, QString()};
    QTest::newRow("name with newline") << QStringList{u"show"_s, u"a\nb"_s};
    QTest::newRow("two names") << QStringList{u"show"_s, u"a"_s, u"b"_s};
    QTest::newRow("renew without fence") << QStringList{u"renew"_s, u"x"_s, u"--holder"_s, u"h"_s};
    QTest::newRow("release with bad fence")
        << QStringList{u"release"_s, u"x"_s, u"--holder"_s, u"h"_s, u"--fence"_s, u"ten"_s};
    QTest::newRow("force-release without reason")
        << QStringList{u"force-release"_s, u"x"_s, u"--fence"_s, u"1"_s};
    QTest::newRow("renew without hold") << QStringList{u"acquire"_s, u"x"_s, u"--renew"_s};
    QTest::newRow("history limit 0") << QStringList{u"history"_s, u"x"_s, u"--limit"_s, u"0"_s};
    QTest::newRow("bad table") << QStringList{u"--table"_s, u"no-such;table"_s, u"list"_s};
    QTest::newRow("bad connect timeout") << QStringList{u"--connect-timeout"_s, u"x"_s, u"now"_s};
}

// Usage errors exit 2 with a message on stderr, before anything reaches the database (the table
// does not exist, so a command that ran would exit 3), and as a JSON error with --json.
void LockctlTest::usageErrorsExitTwo()
{
    QFETCH(QStringList, args);
    m_table = TestBackend::uniqueTable(u"lctl_none"_s);
    const Run run = lockctl(args);
    VERIFY_EXIT(run, 2);
    QVERIFY2(run.err.startsWith("lockctl: error: "), qPrintable(run.describe()));
    QVERIFY2(run.out.isEmpty(), qPrintable(run.describe()));

    const Run json = lockctl(args + QStringList{u"--json"_s});
    VERIFY_EXIT(json, 2);
    VERIFY_JSON(json);
    QVERIFY(!json.json.value(u"error"_s).toObject().value(u"message"_s).toString().isEmpty());
}

// The options whose value is a DURATION (or a DIST, simulate's distributions of durations), as
// "lockctl --help" (global, paired with `now`) and each "lockctl COMMAND --help" list them, so
// that an option added later is tested without editing this file; with the arguments the
// command needs around it.
void LockctlTest::everyDurationOptionNeedsAUnit_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("option");
    QTest::addColumn<bool>("distribution");

    const auto help = [](const QStringList &args) {
        const Run run = testsupport::runLockctl(args + QStringList{u"--help"_s});
        return run.exitCode == 0 ? run.outText() : QString();
    };
    static const QRegularExpression durationOption(
        u"^  (?:-[A-Za-z], )?--([a-z-]+) <(DURATION|DIST)>"_s, QRegularExpression::MultilineOption);
    // Each option, and whether it takes a distribution.
    const auto optionsOf = [&](const QString &text) {
        QList<std::pair<QString, bool>> options;
        for (auto it = durationOption.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            options.append({match.captured(1), match.captured(2) == u"DIST"});
        }
        return options;
    };
    // The words after "[options]" in a usage line, as arguments: NAME, PID, -- COMMAND.
    const auto argumentsOf = [](const QString &text) {
        QStringList arguments;
        const QString usage = text.section(u'\n', 0, 0).section(u"[options]"_s, 1);
        for (const QString &word : usage.split(u' ', Qt::SkipEmptyParts)) {
            if (word == u"NAME")
                arguments << u"dur.x"_s;
            else if (word == u"PID")
                arguments << u"1"_s;
            else if (word == u"--")
                arguments << u"--"_s;
            else if (word == u"COMMAND")
                arguments << u"true"_s;
        }
        return arguments;
    };
    // Options a command checks before its durations.
    const QHash<QString, QStringList> required{
        {u"renew"_s, {u"--holder"_s, u"h"_s, u"--fence"_s, u"1"_s}}};

    const QString global = help({});
    QStringList found;
    for (const auto &[option, distribution] : optionsOf(global)) {
        QTest::addRow("global --%s", qPrintable(option))
            << QStringList{u"now"_s} << option << distribution;
        found << option;
    }
    static const QRegularExpression commandLine(u"^  ([a-z][a-z-]*)  "_s,
                                                QRegularExpression::MultilineOption);
    const QString commands = global.section(u"Commands:"_s, 1);
    for (auto it = commandLine.globalMatch(commands); it.hasNext();) {
        const QString command = it.next().captured(1);
        const QString text = help({command});
        for (const auto &[option, distribution] : optionsOf(text)) {
            QTest::addRow("%s --%s", qPrintable(command), qPrintable(option))
                << QStringList{command} + required.value(command) + argumentsOf(text) << option
                << distribution;
            found << command + u" --"_s + option;
        }
    }
    // The scan must have read the help: a few that are known to take a duration.
    for (const QString &known : {u"connect-timeout"_s, u"acquire --wait"_s, u"run --ttl"_s,
                                 u"run --kill-after"_s, u"exporter --scrape-timeout"_s,
                                 u"simulate --hold"_s})
        QVERIFY2(found.contains(known), qPrintable(found.join(u", "_s)));
}

// Issue 48: a duration without a unit ("--ttl 5": 5 ms or 5 s?) is a usage error on every
// option that takes one, naming the option and the units, before anything reaches the database
// (the table does not exist: a command that ran would exit 3). A unit given twice is refused.
// A distribution says so too, after what it expects ("200ms", "100ms-300ms", "exp:200ms").
void LockctlTest::everyDurationOptionNeedsAUnit()
{
    QFETCH(QStringList, args);
    QFETCH(QString, option);
    QFETCH(bool, distribution);
    m_table = TestBackend::uniqueTable(u"lctl_none"_s);
    // The option right after the command: before run's "--" and the positional arguments.
    const auto with = [&](const QString &value) {
        QStringList full = args;
        full.insert(1, u"--"_s + option);
        full.insert(2, value);
        return full;
    };
    const Run bare = lockctl(with(u"5"_s));
    VERIFY_EXIT(bare, 2);
    const QString expected = u"lockctl: error: --%1 needs a unit: 5s, 500ms, 2m, 1h (a number "
                             "alone, \"5\", is not read as milliseconds or seconds)."_s
                                 .arg(option);
    const QString expectedDist = u"lockctl: error: --%1: \"5\" is not a duration distribution: "
                                 "write \"200ms\", \"100ms-300ms\" or \"exp:200ms\". \"5\" "
                                 "needs a unit: 5s, 500ms, 2m, 1h"_s.arg(option);
    QVERIFY2(bare.errText().startsWith(distribution ? expectedDist : expected),
             qPrintable(bare.describe()));

    const Run twice = lockctl(with(u"1h1h"_s));
    VERIFY_EXIT(twice, 2);
    QVERIFY2(twice.errText().startsWith(u"lockctl: error: --%1: "_s.arg(option)),
             qPrintable(twice.describe()));
    QVERIFY2(twice.errText().contains(u"\"1h1h\" is not a duration: give each unit once"_s),
             qPrintable(twice.describe()));
}

// "0" alone is read (the same in every unit): no wait, no hold after the command; where 0 is
// out of range the error says the range, not that a unit is missing.
void LockctlTest::zeroNeedsNoUnit()
{
    QVERIFY(useFreshTable());
    VERIFY_EXIT(lockctl({u"acquire"_s, u"zero"_s, u"--ttl"_s, u"1m"_s, u"--wait"_s, u"0"_s}), 0);
    VERIFY_EXIT(lockctl({u"run"_s, u"zero.run"_s, u"--hold-at-least"_s, u"0"_s, u"--"_s,
                         u"true"_s}),
                0);
    const Run timeout = lockctl({u"--connect-timeout"_s, u"0"_s, u"now"_s});
    VERIFY_EXIT(timeout, 2);
    QVERIFY2(timeout.errText().contains(u"--connect-timeout must be from 1s to 1h"_s),
             qPrintable(timeout.describe()));
    const Run rounded = lockctl({u"--connect-timeout"_s, u"500ms"_s, u"now"_s});
    VERIFY_EXIT(rounded, 0);
}

// "lockctl run -E N" is "--conflict-exit-code N", as flock -E: a run refused because the lock
// is held exits N (the command, true, would exit 0), and an N out of 0..255 is a usage error.
void LockctlTest::shortEIsTheConflictExitCode()
{
    QVERIFY(useFreshTable());
    VERIFY_EXIT(lockctl({u"acquire"_s, u"taken"_s, u"--ttl"_s, u"1m"_s, u"--holder"_s,
                         u"other"_s}),
                0);
    const Run refused = lockctl({u"run"_s, u"taken"_s, u"-E"_s, u"7"_s, u"--"_s, u"true"_s});
    VERIFY_EXIT(refused, 7);
    QVERIFY2(refused.errText().contains(u"held by other"_s), qPrintable(refused.describe()));
    const Run longForm = lockctl({u"run"_s, u"taken"_s, u"--conflict-exit-code"_s, u"7"_s,
                                  u"--"_s, u"true"_s});
    VERIFY_EXIT(longForm, 7);
    const Run free = lockctl({u"run"_s, u"free"_s, u"-E"_s, u"7"_s, u"--"_s, u"true"_s});
    VERIFY_EXIT(free, 0);
    const Run outOfRange = lockctl({u"run"_s, u"taken"_s, u"-E"_s, u"300"_s, u"--"_s, u"true"_s});
    VERIFY_EXIT(outOfRange, 2);
    QVERIFY2(outOfRange.errText().contains(u"--conflict-exit-code"_s),
             qPrintable(outOfRange.describe()));
}

void LockctlTest::badUrlExitsTwoAndHidesThePassword_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("no host, bad port") << u"postgresql://user:s3cr3t-pw@:99999/db"_s;
    QTest::newRow("bad port") << u"mysql://user:s3cr3t-pw@host:99999/db"_s;
    QTest::newRow("space in password") << u"postgresql://user:s3cr3t pw@host/db"_s;
    QTest::newRow("unknown scheme") << u"nosuch://user:s3cr3t-pw@host/db"_s;
    QTest::newRow("no slashes") << u"postgresql:user:s3cr3t-pw@host/db"_s;
    QTest::newRow("unknown option") << u"postgresql://user:s3cr3t-pw@host/db?frob=1"_s;
    QTest::newRow("empty") << QString();
}

// A URL that cannot be parsed, or none, is a usage error that never echoes the password.
void LockctlTest::badUrlExitsTwoAndHidesThePassword()
{
    QFETCH(QString, url);
    m_table = TestBackend::uniqueTable(u"lctl_none"_s);
    for (const QStringList &args : {QStringList{u"list"_s}, QStringList{u"now"_s, u"--json"_s}}) {
        LockctlOptions options;
        options.url = url;
        const Run run = testsupport::runLockctl(args, options);
        VERIFY_EXIT(run, 2);
        QVERIFY2(run.err.startsWith("lockctl: error: "), qPrintable(run.describe()));
        QVERIFY2(!run.out.contains("s3cr3t") && !run.err.contains("s3cr3t"),
                 "lockctl printed the password");
    }
}

// A refused login exits 3 and prints neither the wrong nor the right password; the password
// from LOCKSCOPE_PASSWORD is used when the URL has none.
void LockctlTest::wrongPasswordExitsThreeAndIsNeverShown()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no password");
    QUrl url(TestBackend::instance().url(), QUrl::StrictMode);
    const QString password = url.password(QUrl::FullyDecoded);
    QVERIFY2(!password.isEmpty(), "the test server URL has no password");
    const QString wrong = u"wrong-"_s + QString::number(QRandomGenerator::global()->generate(), 16);
    m_table = TestBackend::uniqueTable(u"lctl_none"_s);

    const auto leaks = [&](const Run &run) {
        for (const QString &secret : {password, wrong}) {
            if (run.out.contains(secret.toUtf8()) || run.err.contains(secret.toUtf8()))
                return true;
        }
        return false;
    };

    url.setPassword(wrong);
    const QString wrongUrl = url.toString(QUrl::FullyEncoded);
    const Run text = lockctl({u"--no-prompt"_s, u"list"_s}, wrongUrl);
    VERIFY_EXIT(text, 3);
    QVERIFY(text.err.startsWith("lockctl: error: "));
    QVERIFY2(!leaks(text), "lockctl printed a password");
    const Run json = lockctl({u"--no-prompt"_s, u"list"_s, u"--json"_s}, wrongUrl);
    VERIFY_EXIT(json, 3);
    QCOMPARE(json.json.value(u"error"_s).toObject().value(u"kind"_s).toString(),
             u"authentication"_s);
    QVERIFY2(!leaks(json), "lockctl printed a password");

    // No password in the URL: LOCKSCOPE_PASSWORD is used, wrong or right.
    url.setPassword(QString());
    const QString bareUrl = url.toString(QUrl::FullyEncoded);
    QVERIFY(!bareUrl.contains(password));
    auto withEnvironment = [&](const QString &secret) {
        LockctlOptions options;
        options.url = bareUrl;
        options.password = secret;
        return testsupport::runLockctl({u"--no-prompt"_s, u"now"_s, u"--json"_s}, options);
    };
    const Run envWrong = withEnvironment(wrong);
    VERIFY_EXIT(envWrong, 3);
    QVERIFY2(!leaks(envWrong), "lockctl printed a password");
    const Run envRight = withEnvironment(password);
    VERIFY_EXIT(envRight, 0);
    QVERIFY(isoUtc(envRight.json.value(u"db_now"_s)).isValid());
    QVERIFY2(!leaks(envRight), "lockctl printed a password");
}

// --connect-timeout bounds the wait for a server that accepts the connection but never answers.
void LockctlTest::connectTimeoutBoundsAHungServer()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server");
    SilentListener silent;
    QVERIFY(silent.port() > 0);
    QUrl url(TestBackend::instance().url(), QUrl::StrictMode);
    url.setHost(u"127.0.0.1"_s);
    url.setPort(silent.port());
    QElapsedTimer timer;
    timer.start();
    const Run run = lockctl({u"--connect-timeout"_s, u"2s"_s, u"--no-prompt"_s, u"now"_s},
                            url.toString(QUrl::FullyEncoded));
    VERIFY_EXIT(run, 3);
    QVERIFY2(timer.elapsed() < 20000, qPrintable(u"took %1 ms"_s.arg(timer.elapsed())));
    QVERIFY2(run.err.contains("127.0.0.1"), qPrintable(run.describe()));
}

// A PostgreSQL URL with a dead host before the live one (a primary and its standby after a
// failover): lockctl works on the live one, and "now" names it.
void LockctlTest::severalPostgresHostsReachTheLiveOne()
{
    if (!TestBackend::instance().isPostgres())
        QSKIP("only PostgreSQL URLs name several hosts");
    QVERIFY(useFreshTable());
    const QUrl url(TestBackend::instance().url(), QUrl::StrictMode);
    const QString live = u"%1:%2"_s.arg(url.host()).arg(url.port());
    QString several = TestBackend::instance().url();
    QVERIFY(several.contains(u'@' + live + u'/'));
    several.replace(u'@' + live + u'/', u"@127.0.0.1:1,"_s + live + u'/');
    several += (several.contains(u'?') ? u"&"_s : u"?"_s) + u"target_session_attrs=read-write"_s;

    const Run now = lockctl({u"now"_s, u"--json"_s}, several);
    VERIFY_EXIT(now, 0);
    QCOMPARE(now.json.value(u"server"_s).toString(), live);
    const Run nowText = lockctl({u"now"_s}, several);
    VERIFY_EXIT(nowText, 0);
    QVERIFY2(nowText.outText().contains(u"The server that answered: "_s + live),
             qPrintable(nowText.describe()));
    const Run init = lockctl({u"init"_s, u"failover-job"_s}, several);
    VERIFY_EXIT(init, 0);
    const Run list = lockctl({u"list"_s, u"--json"_s}, several);
    VERIFY_EXIT(list, 0);
    const QJsonArray locks = list.json.value(u"locks"_s).toArray();
    QCOMPARE(locks.size(), 1);
    QCOMPARE(locks.at(0).toObject().value(u"name"_s).toString(), u"failover-job"_s);
}

void LockctlTest::helpForEveryCommand_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("shown");    // text the help must contain (an option's own line)
    QTest::addColumn<QString>("notShown"); // an option of another command
    const QString hold = u"--hold <DURATION>"_s; // acquire's alone
    const QString reason = u"--expect-holder <ID>"_s; // force-release's alone
    const QString help = u"--help"_s;
    QTest::newRow("lockctl") << QStringList{help} << u"force-release"_s << hold;
    QTest::newRow("schema") << QStringList{u"schema"_s, help} << u"  --create"_s << hold;
    QTest::newRow("init") << QStringList{u"init"_s, help} << u"--description <TEXT>"_s << hold;
    QTest::newRow("list") << QStringList{u"list"_s, help} << u"list"_s << hold;
    QTest::newRow("show") << QStringList{u"show"_s, help} << u"NAME"_s << hold;
    QTest::newRow("history") << QStringList{u"history"_s, help} << u"--limit <N>"_s << hold;
    QTest::newRow("acquire") << QStringList{u"acquire"_s, help} << hold << reason;
    QTest::newRow("acquire -h") << QStringList{u"acquire"_s, u"-h"_s} << u"--wait <DURATION>"_s
                                << reason;
    QTest::newRow("renew") << QStringList{u"renew"_s, help} << u"--fence <N>"_s << hold;
    QTest::newRow("release") << QStringList{u"release"_s, help} << u"--holder <ID>"_s << hold;
    QTest::newRow("force-release") << QStringList{u"force-release"_s, help} << reason << hold;
    QTest::newRow("delete") << QStringList{u"delete"_s, help} << u"delete"_s << hold;
    QTest::newRow("now") << QStringList{u"now"_s, help} << u"now"_s << hold;
    QTest::newRow("help acquire") << QStringList{u"help"_s, u"acquire"_s} << u"  --renew"_s
                                  << reason;
}

// --help works for lockctl and for every command, shows that command's own options, and needs
// no database.
void LockctlTest::helpForEveryCommand()
{
    QFETCH(QStringList, args);
    QFETCH(QString, shown);
    QFETCH(QString, notShown);
    m_table = TestBackend::uniqueTable(u"lctl_none"_s);
    const Run run = lockctl(args, u"postgresql://nobody@192.0.2.1/none"_s);
    VERIFY_EXIT(run, 0);
    const QString help = QString::fromUtf8(run.out);
    QVERIFY2(help.startsWith(u"Usage: lockctl"_s), qPrintable(run.describe()));
    QVERIFY2(help.contains(shown), qPrintable(run.describe()));
    QVERIFY2(!help.contains(notShown), qPrintable(run.describe()));
}

// Waiters queued in the server get a full lease counted from their own grant (issue 22).
// Rounds of five lockctl processes, leases from 100 ms to 5 s, each held briefly within its
// lease, contend for one lock; only what they print is checked (serialGrantsFault).
void LockctlTest::waitersGetFullLeasesFromTheirGrant()
{
    QVERIFY(useFreshTable());
    struct Client
    {
        QString ttl;
        QString hold;
        qint64 ttlMs;
    };
    // Holds short against the leases (a waiter still queues for up to seven times its lease).
    const QList<Client> clients{{u"100ms"_s, u"5ms"_s, 100},
                                {u"300ms"_s, u"25ms"_s, 300},
                                {u"1s"_s, u"100ms"_s, 1000},
                                {u"2s"_s, u"200ms"_s, 2000},
                                {u"5s"_s, u"400ms"_s, 5000}};
    constexpr int rounds = 6;
    QList<ReportedGrant> grants;
    QList<Run> runs;
    for (int round = 0; round < rounds; ++round) {
        std::vector<LockctlProcess> processes;
        for (const Client &client : clients)
            processes.push_back(startLockctl({u"--json"_s, u"acquire"_s, u"hot"_s, u"--ttl"_s,
                                              client.ttl, u"--wait"_s, u"60s"_s, u"--hold"_s,
                                              client.hold}));
        for (qsizetype i = 0; i < clients.size(); ++i) {
            runs << processes[size_t(i)].finish();
            VERIFY_JSON(runs.constLast());
            grants << ReportedGrant{runs.constLast().json, clients.at(i).ttlMs};
        }
    }
    const QString fault = serialGrantsFault(grants);
    QVERIFY2(fault.isEmpty(), qPrintable(fault));
    for (const Run &run : std::as_const(runs)) // 1: a hold lost to a takeover (judged above)
        VERIFY_EXIT(run, run.json.value(u"lost"_s).toBool() ? 1 : 0);
}

// PostgreSQL (issue 38): "--table APP_EXP" for a table made as app_exp. The error says what was
// looked for, how PostgreSQL folds the case, and to give "--table app_exp"; it does not ask to
// add the "--table APP_EXP" that was given.
void LockctlTest::capitalTableOnPostgresNamesTheLowerCaseOne()
{
    if (!TestBackend::instance().isPostgres())
        QSKIP("only PostgreSQL folds unquoted names to lower case while Lockscope quotes them");
    QVERIFY(useFreshTable());
    const QString upper = m_table.toUpper();
    const Run missing = lockctl({u"--table"_s, upper, u"list"_s});
    VERIFY_EXIT(missing, 3);
    const QString err = QString::fromUtf8(missing.err);
    QVERIFY2(err.contains(u'"' + upper + u'"'), qPrintable(err));
    QVERIFY2(err.contains(u"lower case"_s), qPrintable(err));
    QVERIFY2(err.contains(u"Run it again with --table "_s + m_table), qPrintable(err));
    QVERIFY2(!err.contains(u"--table "_s + upper), qPrintable(err));
    QVERIFY2(!err.contains(u"schema --create"_s), qPrintable(err));
    // Scripts read the table to give instead from the JSON error.
    const Run json = lockctl({u"--json"_s, u"--table"_s, upper, u"list"_s});
    VERIFY_EXIT(json, 3);
    QCOMPARE(json.json.value(u"error"_s).toObject().value(u"table_instead"_s).toString(), m_table);
    // Another table of capitals, with no lower-case one: how to create it, with its --table.
    const Run none = lockctl({u"--table"_s, u"NO_"_s + upper, u"list"_s});
    VERIFY_EXIT(none, 3);
    const QString noneErr = QString::fromUtf8(none.err);
    QVERIFY2(noneErr.contains(u"no table no_"_s + m_table), qPrintable(noneErr));
    QVERIFY2(noneErr.contains(u"\"lockctl --table NO_"_s + upper + u" schema --create\""_s),
             qPrintable(noneErr));
    QCOMPARE(noneErr.count(u"schema --create"_s), 1);
}

// Issue 48: "caf\u00e9" and "cafe" + U+0301 look the same and were two locks, held at once.
// The decomposed spelling is refused as a usage error naming the composed one, before anything
// is written; the composed one is acquired.
void LockctlTest::decomposedNameIsRefusedComposedIsAcquired()
{
    QVERIFY(useFreshTable());
    const Run decomposed = lockctl({u"acquire"_s, u"cafe\u0301"_s, u"--ttl"_s, u"1m"_s});
    VERIFY_EXIT(decomposed, 2);
    QVERIFY2(decomposed.errText().contains(
                 u"The lock name is not in composed Unicode form (NFC); write \"caf\u00e9\" "
                 "(U+00E9 at position 4) instead, so that one name means one lock."_s),
             qPrintable(decomposed.describe()));
    QCOMPARE(testsupport::countRows(*m_session, m_table), 0);
    const Run composed = lockctl({u"acquire"_s, u"caf\u00e9"_s, u"--ttl"_s, u"1m"_s, u"--json"_s});
    VERIFY_EXIT(composed, 0);
    VERIFY_JSON(composed);
    QCOMPARE(composed.json.value(u"lock"_s).toString(), u"caf\u00e9"_s);
}

// Issue 48: an option's error says what is wrong with it, without the list of URL forms that
// only a missing or unknown scheme needs; a TLS mode given twice is refused naming both.
void LockctlTest::urlErrorsListTheSchemesOnlyForTheScheme()
{
    const QString forms = u"Use one of: sqlite:PATH"_s;
    const Run twice = lockctl({u"now"_s}, u"mysql://u@127.0.0.1:1/db?ssl-mode=required"
                                          "&ssl_mode=preferred"_s);
    VERIFY_EXIT(twice, 2);
    QVERIFY2(twice.errText().contains(u"the URL gives the TLS mode twice: ssl-mode=required and "
                                      "ssl_mode=preferred; give it once."_s),
             qPrintable(twice.describe()));
    QVERIFY2(!twice.errText().contains(forms), qPrintable(twice.describe()));
    const Run option = lockctl({u"now"_s}, u"postgresql://u@127.0.0.1:1/db?sslmode=verify-full"
                                           "&sslmode=allow"_s);
    VERIFY_EXIT(option, 2);
    QVERIFY2(!option.errText().contains(forms), qPrintable(option.describe()));
    const Run scheme = lockctl({u"now"_s}, u"postgre://u@127.0.0.1:1/db"_s);
    VERIFY_EXIT(scheme, 2);
    QVERIFY2(scheme.errText().contains(u"\"postgre\" is not known. "_s + forms),
             qPrintable(scheme.describe()));
}

QList<qint64> LockctlTest::serverSessionsOf(qint64 pid) const
{
    QSqlQuery query(m_session->database());
    if (TestBackend::instance().isPostgres()) {
        query.prepare(u"SELECT pid FROM pg_stat_activity WHERE application_name LIKE ?"_s);
        query.addBindValue(u"lockctl %1@%"_s.arg(pid));
    } else {
        // The name lockcore gives a connection (lockcore/drivers/sessionname.cpp), slot 0.
        const QByteArray host = QCryptographicHash::hash(
            QSysInfo::machineHostName().trimmed().toUtf8(), QCryptographicHash::Md5);
        query.prepare(u"SELECT IS_USED_LOCK(?)"_s);
        query.addBindValue(u"lockscope-session:%1@%2:0"_s.arg(pid).arg(
            QString::fromLatin1(host.toHex())));
    }
    QList<qint64> ids;
    if (!query.exec())
        qWarning("%s", qPrintable(query.lastError().text()));
    while (query.next()) {
        if (!query.value(0).isNull())
            ids << query.value(0).toLongLong();
    }
    return ids;
}

// Issue 48: the server ended the connection of a lockctl that waited for a lock, and Qt's
// driver printed "QPSQLDriver::beginTransaction: Database not open" and "QSqlQuery::exec:
// database not open" on the terminal while lockctl carried on (and libpq its "FATAL:
// terminating connection"). It reconnects, still waiting, gets the lock once it is released,
// and says nothing on stderr meanwhile.
void LockctlTest::lostConnectionWhileWaitingPrintsNoQtMessage()
{
    if (TestBackend::instance().isSqlite())
        QSKIP("SQLite has no server to end a connection");
    QVERIFY(useFreshTable());
    VERIFY_EXIT(lockctl({u"acquire"_s, u"cut.wait"_s, u"--ttl"_s, u"2m"_s, u"--holder"_s,
                         u"first"_s}),
                0);
    auto waiter = startLockctl({u"acquire"_s, u"cut.wait"_s, u"--wait"_s, u"90s"_s,
                                u"--json"_s});
    QVERIFY(waiter.waitForStarted());
    const qint64 pid = waiter.processId();
    QList<qint64> ended;
    QTRY_VERIFY_WITH_TIMEOUT(!(ended = serverSessionsOf(pid)).isEmpty(), 30000);
    for (const qint64 id : std::as_const(ended)) {
        const QString end = TestBackend::instance().isPostgres()
                                ? u"SELECT pg_terminate_backend(%1)"_s.arg(id)
                                : u"KILL %1"_s.arg(id);
        QString error;
        QVERIFY2(testsupport::execRaw(*m_session, end, &error), qPrintable(error));
    }
    // Connected again (a session the server did not end) while still waiting.
    const auto reconnected = [&] {
        const QList<qint64> now = serverSessionsOf(pid);
        return std::any_of(now.cbegin(), now.cend(),
                           [&](qint64 id) { return !ended.contains(id); });
    };
    QTRY_VERIFY_WITH_TIMEOUT(reconnected(), 60000);
    QCOMPARE(waiter.process().state(), QProcess::Running);
    VERIFY_EXIT(lockctl({u"release"_s, u"cut.wait"_s, u"--holder"_s, u"first"_s, u"--fence"_s,
                         u"1"_s}),
                0);
    const Run waited = waiter.finish();
    VERIFY_EXIT(waited, 0);
    VERIFY_JSON(waited);
    QCOMPARE(waited.json.value(u"acquired"_s).toBool(), true);
    // Nothing at all on stderr: no Qt line, no libpq "FATAL: terminating connection", and no
    // "error:" while it carries on waiting (an error means lockctl stopped).
    QVERIFY2(waited.errText().isEmpty(), qPrintable(waited.describe()));
}

LOCKSCOPE_BACKEND_TEST_MAIN(LockctlTest)

#include "tst_lockctl.moc"
