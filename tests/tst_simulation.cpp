// SPDX-License-Identifier: GPL-3.0-or-later
// Whole simulation runs on a real database: 16 clients, each a thread with its own connection,
// fight over 2 locks while crashes and pauses are injected. The lockcore protocol must show no
// violation, with takeovers after crashes and the late writes of paused holders refused by their
// fence; the unsafe baselines of the seed articles must show their flaws (overlapping holds,
// a lock stuck for ever). Seed 003's SELECT ... FOR UPDATE lock is safe on one server (and
// refused on SQLite, saying why); clients given several URLs of one server record the node
// they ran on. Counts printed per backend.

#include "simtables.h"
#include "simulator.h"
#include "testbackend.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;

namespace {

locksim::SimSettings contended(const QString &table)
{
    locksim::SimSettings s;
    s.clients = 16;
    s.locks = 2;
    s.ttlMs = 500;
    s.hold = {locksim::DurationDist::Kind::Uniform, 20, 80};
    s.think = {locksim::DurationDist::Kind::Uniform, 10, 40};
    s.retry.deadlineMs = 3000;
    s.retry.initialDelayMs = 20;
    s.retry.maxDelayMs = 150;
    s.crashRate = 0.1;
    s.pauseRate = 0.1;
    s.pauseExtraMs = 300;
    s.durationMs = 5000;
    s.seed = 42;
    s.table = table;
    return s;
}

QString describe(const locksim::SimReport &r)
{
    QString text = u"%1 %2: acquisitions %3, takeovers %4, stale writes refused %5, crashes %6,"
                   u" pauses %7, failed %8, violations %9"_s
                       .arg(r.backend, locksim::protocolName(r.settings.protocol))
                       .arg(r.metrics.acquisitions)
                       .arg(r.metrics.takeovers)
                       .arg(r.metrics.staleWritesRefused)
                       .arg(r.metrics.crashes)
                       .arg(r.metrics.pauses)
                       .arg(r.metrics.failedAttempts)
                       .arg(r.verdict.violationCount);
    for (const locksim::Violation &v : r.verdict.violations.mid(0, 5))
        text += u"\n  "_s + v.text;
    for (const locksim::AttemptRecord &f : r.history.failures)
        if (!f.error.isEmpty()) {
            text += u"\n  first error: "_s + f.error;
            break;
        }
    return text;
}

// A violation where none was expected: the whole history goes to a file for study.
QString saveHistory(const locksim::SimReport &r)
{
    const QString path = QDir::temp().filePath(u"tst_simulation-%1-%2.json"_s.arg(
        r.backend, r.settings.table));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(QJsonDocument(r.history.toJson()).toJson(QJsonDocument::Indented));
    return path;
}

} // namespace

class SimulationTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void lockcoreShowsNoViolationUnderCrashesAndPauses();
    void clientClockBaselineOverlaps();
    void noExpiryBaselineLeavesStuckLocks();
    void baselinePresetsShowTheirFailure();
    void forUpdateIsSafeOnOneServer();
    void clientsSpreadOverTwoUrlsRecordTheirNode();

private:
    lockcore::Result<locksim::SimReport> simulate(const locksim::SimSettings &settings,
                                                  int *progressCalls = nullptr,
                                                  int nodes = 1);
    qint64 scalar(const QString &sql);

    std::unique_ptr<Session> m_session;
    QStringList m_tables;
};

void SimulationTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
}

void SimulationTest::cleanupTestCase()
{
    if (!m_session)
        return;
    for (const QString &t : std::as_const(m_tables))
        for (const QString &suffix :
             {u"_event"_s, u"_resource"_s, u"_unsafe"_s, u"_forupdate"_s, QString()})
            testsupport::execRaw(*m_session, u"DROP TABLE "_s + t + suffix);
}

// A run on the backend; `nodes` > 1: the same database given that many times, as the nodes of
// a cluster would be.
lockcore::Result<locksim::SimReport> SimulationTest::simulate(
    const locksim::SimSettings &settings, int *progressCalls, int nodes)
{
    if (!m_tables.contains(settings.table))
        m_tables.append(settings.table);
    const QList<lockcore::ConnectionSpec> specs(nodes, TestBackend::instance().spec());
    locksim::Simulator simulator(specs, settings);
    if (lockcore::Status prepared = simulator.prepare(); !prepared)
        return prepared.error();
    std::atomic_bool stop{false};
    return simulator.run(stop, [progressCalls](const locksim::SimProgress &) {
        if (progressCalls)
            ++*progressCalls;
    });
}

qint64 SimulationTest::scalar(const QString &sql)
{
    QSqlQuery query(m_session->database());
    if (!query.exec(sql) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

// The real protocol with crash and pause faults: no overlap, fences increasing, every stale
// write refused; crashed holders' locks are taken over; the run can be repeated on the same
// tables. The resource's own write counter agrees with the accepted writes recorded.
void SimulationTest::lockcoreShowsNoViolationUnderCrashesAndPauses()
{
    const QString table = TestBackend::uniqueTable(u"simrun"_s);
    locksim::SimSettings settings = contended(table);
    int progressCalls = 0;
    auto report = simulate(settings, &progressCalls);
    LOCKSCOPE_VERIFY_OK(report);
    const QString text = describe(*report);
    qInfo().noquote() << text;
    if (report->verdict.violationObserved)
        qWarning().noquote() << "history saved in" << saveHistory(*report);
    QVERIFY2(!report->verdict.violationObserved, qPrintable(text));
    // Every grant came at or after the previous holder's reported release: hand-offs, none
    // negative.
    QCOMPARE(report->metrics.grantsBeforeRelease, 0);
    QVERIFY2(report->metrics.handoffMs.p50 >= 0, qPrintable(text));
    QVERIFY2(report->metrics.acquisitions > 0, qPrintable(text));
    QVERIFY2(report->metrics.crashes >= 1 && report->metrics.takeovers >= 1, qPrintable(text));
    QVERIFY2(report->metrics.staleWritesRefused >= 1, qPrintable(text));
    QVERIFY(progressCalls >= 10);

    qint64 accepted = 0;
    for (const locksim::WriteRecord &w : report->history.writes)
        accepted += w.accepted ? 1 : 0;
    const qint64 counted = scalar(u"SELECT SUM(writes) FROM "_s + locksim::resourceTable(table));
    QCOMPARE(counted, accepted);
    for (const locksim::HoldRecord &h : report->history.holds) {
        QVERIFY(h.fence > 0);
        QVERIFY(h.acquiredDbUs >= h.requestedDbUs);
    }

    // Again on the same tables, shorter: prepare() resets locks and resources.
    settings.durationMs = 1500;
    settings.seed = 7;
    auto again = simulate(settings);
    LOCKSCOPE_VERIFY_OK(again);
    QVERIFY2(!again->verdict.violationObserved, qPrintable(describe(*again)));
    QVERIFY(again->metrics.acquisitions > 0);
}

// seed 002: expiry from each client's own clock, skewed by up to +-ttl: other clients take a
// lock while its holder still believes its lease lasts. The verdict must be red.
void SimulationTest::clientClockBaselineOverlaps()
{
    locksim::SimSettings settings = contended(TestBackend::uniqueTable(u"simskew"_s));
    settings.protocol = locksim::Protocol::UnsafeClientClock;
    settings.crashRate = 0;
    settings.pauseRate = 0.05;
    settings.hold = {locksim::DurationDist::Kind::Uniform, 100, 300};
    settings.clockSkewMs = 500;
    settings.durationMs = 3000;
    auto report = simulate(settings);
    LOCKSCOPE_VERIFY_OK(report);
    const QString text = describe(*report);
    qInfo().noquote() << text;
    QVERIFY2(report->metrics.acquisitions > 0, qPrintable(text));
    QVERIFY2(report->verdict.violationObserved, qPrintable(text));
    QCOMPARE(report->verdict.violations.first().kind, locksim::Violation::Kind::Overlap);
}

// Each unsafe baseline's own settings (SimSettings::forProtocol, what lockctl and the window
// start from when it is chosen) show its failure: overlapping holds for the client clock, a
// lock stuck for ever for no expiry.
void SimulationTest::baselinePresetsShowTheirFailure()
{
    locksim::SimSettings clock = locksim::SimSettings::forProtocol(
        locksim::Protocol::UnsafeClientClock);
    clock.table = TestBackend::uniqueTable(u"simpreset"_s);
    auto report = simulate(clock);
    LOCKSCOPE_VERIFY_OK(report);
    QVERIFY2(report->verdict.violationObserved, qPrintable(describe(*report)));

    locksim::SimSettings stuck = locksim::SimSettings::forProtocol(
        locksim::Protocol::UnsafeNoExpiry);
    stuck.table = clock.table;
    report = simulate(stuck);
    LOCKSCOPE_VERIFY_OK(report);
    QVERIFY2(!report->verdict.stuckLocks.isEmpty(), qPrintable(describe(*report)));
    QVERIFY2(!report->livenessNotes().isEmpty(), qPrintable(describe(*report)));
}

// seed 004: INSERT to lock, DELETE to unlock, no expiry. A crashed holder's row stays: the lock
// is stuck for ever (and still there in the table after the run), though no hold overlaps.
void SimulationTest::noExpiryBaselineLeavesStuckLocks()
{
    locksim::SimSettings settings = contended(TestBackend::uniqueTable(u"simstuck"_s));
    settings.protocol = locksim::Protocol::UnsafeNoExpiry;
    settings.clients = 8;
    settings.crashRate = 0.3;
    settings.pauseRate = 0;
    settings.durationMs = 3000;
    settings.retry.deadlineMs = 500;
    auto report = simulate(settings);
    LOCKSCOPE_VERIFY_OK(report);
    const QString text = describe(*report);
    qInfo().noquote() << text << "stuck:" << report->verdict.stuckLocks;
    QVERIFY2(!report->verdict.violationObserved, qPrintable(text));
    QVERIFY2(!report->verdict.stuckLocks.isEmpty(), qPrintable(text));
    QVERIFY(report->metrics.failedAttempts > 0);
    const qint64 rows = scalar(u"SELECT COUNT(*) FROM "_s + locksim::unsafeTable(settings.table));
    QCOMPARE(rows, qint64(report->verdict.stuckLocks.size()));
}

// seed 003: SELECT ... FOR UPDATE in a transaction held for the critical section, COMMIT to
// unlock. On one server waiters queue on the row lock: no overlap, every commit succeeds, and
// the resource saw every write. SQLite has no FOR UPDATE: the run is refused with a message
// that says so, before any table is made.
void SimulationTest::forUpdateIsSafeOnOneServer()
{
    locksim::SimSettings settings = locksim::SimSettings::forProtocol(
        locksim::Protocol::ForUpdate);
    settings.table = TestBackend::uniqueTable(u"simforupdate"_s);
    settings.durationMs = 2500;
    auto report = simulate(settings);
    if (TestBackend::instance().isSqlite()) {
        QVERIFY(!report.ok());
        QCOMPARE(report.error().kind, Error::Kind::InvalidInput);
        QVERIFY2(report.error().message.contains(u"SQLite"_s)
                     && report.error().message.contains(u"FOR UPDATE"_s),
                 qPrintable(report.error().message));
        QCOMPARE(testsupport::countRows(*m_session, settings.table), -1);
        return;
    }
    LOCKSCOPE_VERIFY_OK(report);
    const QString text = describe(*report) + u", failed commits %1"_s.arg(
                                                 report->metrics.failedCommits);
    qInfo().noquote() << text;
    QVERIFY2(!report->verdict.violationObserved, qPrintable(text));
    QVERIFY2(report->metrics.acquisitions >= 10, qPrintable(text));
    QCOMPARE(report->metrics.failedCommits, 0);
    QCOMPARE(report->metrics.grantsBeforeRelease, 0);
    for (const locksim::HoldRecord &h : report->history.holds) {
        QCOMPARE(h.fence, 0);
        QCOMPARE(h.end, locksim::HoldRecord::End::Released);
        QVERIFY(h.releasedDbUs >= h.acquiredDbUs);
    }
    qint64 accepted = 0;
    for (const locksim::WriteRecord &w : report->history.writes)
        accepted += w.accepted ? 1 : 0;
    QCOMPARE(accepted, report->metrics.acquisitions); // every hold's write committed
    QCOMPARE(scalar(u"SELECT SUM(writes) FROM "_s + locksim::resourceTable(settings.table)),
             accepted);

    // With faults: a crashed holder's transaction is rolled back (the lock is free again at
    // once, no lease to wait for), a paused one keeps it; still no overlap, also for holders
    // that crashed in the millisecond of their grant.
    settings.crashRate = 0.2;
    settings.pauseRate = 0.05;
    settings.ttlMs = 300;
    settings.locks = 2;
    settings.durationMs = 2000;
    auto faults = simulate(settings);
    LOCKSCOPE_VERIFY_OK(faults);
    QVERIFY2(!faults->verdict.violationObserved, qPrintable(describe(*faults)));
    QVERIFY2(faults->metrics.crashes > 0, qPrintable(describe(*faults)));
    QCOMPARE(faults->metrics.takeovers, 0);
}

// Given the database twice, as two nodes: client i runs on node i mod 2 and each hold says so;
// the history names both nodes, without the password.
void SimulationTest::clientsSpreadOverTwoUrlsRecordTheirNode()
{
    locksim::SimSettings settings = contended(TestBackend::uniqueTable(u"simnodes"_s));
    settings.clients = 4;
    settings.crashRate = 0;
    settings.pauseRate = 0;
    settings.durationMs = 2000;
    auto report = simulate(settings, nullptr, 2);
    LOCKSCOPE_VERIFY_OK(report);
    QVERIFY2(!report->verdict.violationObserved, qPrintable(describe(*report)));
    QCOMPARE(report->nodes(), 2);
    QCOMPARE(report->history.nodeNames.at(1), TestBackend::instance().spec().redacted());
    QList<int> holdsPerNode{0, 0};
    for (const locksim::HoldRecord &h : report->history.holds) {
        QCOMPARE(h.node, h.client % 2);
        ++holdsPerNode[h.node];
    }
    QVERIFY2(holdsPerNode.at(0) > 0 && holdsPerNode.at(1) > 0,
             qPrintable(u"%1 and %2"_s.arg(holdsPerNode.at(0)).arg(holdsPerNode.at(1))));
    QVERIFY(report->observedText().contains(u"4 clients on 2 nodes"_s));
}

LOCKSCOPE_BACKEND_TEST_MAIN(SimulationTest)
#include "tst_simulation.moc"
