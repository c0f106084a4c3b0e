// SPDX-License-Identifier: GPL-3.0-or-later
// The monitor on a large table, per backend: LockTableReader reads the lock table whole up to
// its threshold and only the view's window above it (switching costs one more statement, and
// it switches back below 90 % of the threshold); every other refresh is one statement, and a
// whole-table refresh comes prepared against the one before. Through LockMonitor the view's
// query (filter, window and order) decides which rows are read; the lock table panel over it
// (offscreen) shows a large table in the order its header asks, sorted by the database.

#include "testbackend.h"

#include "lockmonitor.h"
#include "locktablemodel.h"
#include "locktablepanel.h"
#include "locktablereader.h"
#include "pageorder.h"
#include "windowtesthelpers.h"

#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;
using namespace ui;

namespace {

constexpr int Locks = 60;

QString lockName(int i)
{
    return u"win-%1"_s.arg(i, 3, 10, QLatin1Char('0'));
}

QStringList namesOf(const QList<LockInfo> &locks)
{
    QStringList names;
    for (const LockInfo &info : locks)
        names.append(info.name);
    return names;
}

QStringList lockNames(int first, int count)
{
    QStringList names;
    for (int i = first; i < first + count; ++i)
        names.append(lockName(i));
    return names;
}

} // namespace

class MonitorWindowTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void readerSwitchesAtTheThreshold();
    void readerWindowFollowsTheQuery();
    void readerAsksTheDatabaseForProblems();
    void wholeRefreshesArePreparedAgainstThePrevious();
    void monitorReadsTheViewsWindow();
    void monitorReadsSmallTablesWhole();
    void panelSortsALargeTableByTheDatabase();

private:
    lockcore::Result<LockRefresh> read(LockTableReader &reader, const LockTableQuery &query = {});

    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
    QString m_table;
};

void MonitorWindowTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"window"_s);
    auto service = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(service);
    m_locks.emplace(std::move(service).value());
    LOCKSCOPE_VERIFY_OK(m_locks->createSchema());
    for (int i = 0; i < Locks; ++i)
        LOCKSCOPE_VERIFY_OK(m_locks->initialize(lockName(i), 30000, u"window test"_s));
    for (const int i : {5, 41, 44, 50}) {
        auto grant = m_locks->acquire(lockName(i), u"holder@test:1:ab"_s, 600000);
        QVERIFY(grant && grant->acquired);
    }
}

void MonitorWindowTest::cleanupTestCase()
{
    if (m_session && m_locks) {
        const Dialect &d = m_session->dialect();
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + d.eventTable(m_locks->tables()));
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + d.lockTable(m_locks->tables()));
    }
}

lockcore::Result<LockRefresh> MonitorWindowTest::read(LockTableReader &reader,
                                                      const LockTableQuery &query)
{
    return reader.read(*m_session, m_locks->tables(), query);
}

// Whole up to the threshold, a window above; the refresh that switches costs a second
// statement, every other one is a single statement; back to whole below 90 %.
void MonitorWindowTest::readerSwitchesAtTheThreshold()
{
    LockTableReader reader(Locks);
    auto refresh = read(reader);
    LOCKSCOPE_VERIFY_OK(refresh);
    QCOMPARE(refresh->mode, LockRefresh::Mode::Full);
    QCOMPARE(refresh->statements, quint64(1));
    QCOMPARE(refresh->rows.size(), Locks);
    QCOMPARE(refresh->page.locks.size(), Locks);
    QVERIFY(refresh->clock.dbNow.isValid());

    reader.setThreshold(Locks - 1); // one lock too many now
    LockTableQuery query;
    query.count = 20;
    refresh = read(reader, query);
    LOCKSCOPE_VERIFY_OK(refresh);
    QCOMPARE(refresh->mode, LockRefresh::Mode::Windowed);
    QCOMPARE(refresh->statements, quint64(2)); // read whole, found too many, read the window
    QCOMPARE(namesOf(refresh->page.locks), lockNames(0, 20));
    QCOMPARE(refresh->page.total, qint64(Locks));
    QCOMPARE(refresh->page.matching, qint64(Locks));
    QVERIFY(refresh->rows.isEmpty());
    QVERIFY(refresh->clock.dbNow.isValid());

    refresh = read(reader, query);
    LOCKSCOPE_VERIFY_OK(refresh);
    QCOMPARE(refresh->mode, LockRefresh::Mode::Windowed);
    QCOMPARE(refresh->statements, quint64(1));

    reader.setThreshold(Locks + 5); // above the threshold no more, but not below 90 % of it
    refresh = read(reader, query);
    LOCKSCOPE_VERIFY_OK(refresh);
    QCOMPARE(refresh->mode, LockRefresh::Mode::Windowed);
    QCOMPARE(refresh->statements, quint64(1));

    reader.setThreshold(Locks * 2); // well below: whole again
    refresh = read(reader, query);
    LOCKSCOPE_VERIFY_OK(refresh);
    QCOMPARE(refresh->mode, LockRefresh::Mode::Full);
    QCOMPARE(refresh->statements, quint64(2));
    QCOMPARE(refresh->rows.size(), Locks);
    refresh = read(reader, query);
    LOCKSCOPE_VERIFY_OK(refresh);
    QCOMPARE(refresh->statements, quint64(1));
}

// Above the threshold the query's filter and window decide the rows; the lost-owner state
// filter reads every held lock (only this machine can tell a lost owner).
void MonitorWindowTest::readerWindowFollowsTheQuery()
{
    LockTableReader reader(10);
    LockTableQuery query;
    query.filterText = u"WIN-03"_s;
    query.first = 2;
    query.count = 5;
    auto refresh = read(reader, query);
    LOCKSCOPE_VERIFY_OK(refresh);
    QCOMPARE(refresh->mode, LockRefresh::Mode::Windowed);
    QCOMPARE(namesOf(refresh->page.locks), lockNames(32, 5));
    QCOMPARE(refresh->page.matching, qint64(10));
    QCOMPARE(refresh->page.offset, qint64(2));
    QCOMPARE(refresh->query, query);

    query = {};
    query.state = LockDisplayState::LostOwner;
    refresh = read(reader, query);
    LOCKSCOPE_VERIFY_OK(refresh);
    QCOMPARE(namesOf(refresh->page.locks),
             (QStringList{lockName(5), lockName(41), lockName(44), lockName(50)}));
    QCOMPARE(refresh->page.total, qint64(Locks));
    QCOMPARE(refresh->page.free, qint64(Locks - 4));
    QCOMPARE(refresh->statements, quint64(1));
}

// Above the threshold the "Problems" filter is the database's, with the window's long-hold
// thresholds: none of the fresh holds is a problem until a rule makes one of them long.
void MonitorWindowTest::readerAsksTheDatabaseForProblems()
{
    LockTableReader reader(10);
    LockTableQuery query;
    query.state = LockStateFilter::problems();
    query.longHolds = LongHoldRules(QList<LongHoldRule>{}); // no thresholds
    auto refresh = read(reader, query);
    LOCKSCOPE_VERIFY_OK(refresh);
    QCOMPARE(refresh->mode, LockRefresh::Mode::Windowed);
    QCOMPARE(namesOf(refresh->page.locks), QStringList());
    QCOMPARE(refresh->page.matching, qint64(0));

    query.longHolds = LongHoldRules({{lockName(41), 1}, {u"*"_s, 3'600'000}});
    refresh = read(reader, query);
    LOCKSCOPE_VERIFY_OK(refresh);
    QCOMPARE(namesOf(refresh->page.locks), QStringList{lockName(41)});
    QCOMPARE(refresh->page.matching, qint64(1));
    QCOMPARE(refresh->page.total, qint64(Locks));
}

// Read whole, each refresh carries the steps from the previous one: one changed lock, one
// Change step.
void MonitorWindowTest::wholeRefreshesArePreparedAgainstThePrevious()
{
    LockTableReader reader;
    auto first = read(reader);
    LOCKSCOPE_VERIFY_OK(first);
    auto grant = m_locks->acquire(lockName(20), u"other@test:2:cd"_s, 600000);
    QVERIFY(grant && grant->acquired);
    auto second = read(reader);
    LOCKSCOPE_VERIFY_OK(second);
    QCOMPARE(second->rows.baseId(), first->rows.id());
    int changed = 0;
    int kept = 0;
    for (const PreparedLocks::Step &step : second->rows.steps()) {
        QVERIFY(step.kind == PreparedLocks::Step::Keep || step.kind == PreparedLocks::Step::Change);
        (step.kind == PreparedLocks::Step::Change ? changed : kept) += step.count;
    }
    QCOMPARE(changed, 1);
    QCOMPARE(kept, Locks - 1);
    QVERIFY(m_locks->release(lockName(20), u"other@test:2:cd"_s, grant->fence)->released);
}

// Through the monitor: above the threshold the view's query is read at once, one statement
// a refresh, and no whole-table snapshot is announced.
void MonitorWindowTest::monitorReadsTheViewsWindow()
{
    LockMonitor monitor;
    monitor.setWindowThreshold(Locks / 2);
    monitor.setInterval(200);
    QSignalSpy refreshes(&monitor, &LockMonitor::refreshed);
    QSignalSpy snapshots(&monitor, &LockMonitor::snapshot);
    monitor.start(TestBackend::instance().spec(), m_table, 5, true);
    QTRY_VERIFY_WITH_TIMEOUT(!refreshes.isEmpty(), 10000);
    QVERIFY(monitor.isWindowed());
    QCOMPARE(refreshes.first().first().value<LockRefresh>().mode, LockRefresh::Mode::Windowed);

    LockTableQuery query;
    query.filterText = u"win-04"_s;
    query.first = 3;
    query.count = 4;
    monitor.setQuery(query);
    const auto answered = [&refreshes, &query] {
        return !refreshes.isEmpty() && refreshes.last().first().value<LockRefresh>().query == query;
    };
    QTRY_VERIFY_WITH_TIMEOUT(answered(), 10000);
    const auto refresh = refreshes.last().first().value<LockRefresh>();
    QCOMPARE(refresh.mode, LockRefresh::Mode::Windowed);
    QCOMPARE(namesOf(refresh.page.locks), lockNames(43, 4));
    QCOMPARE(refresh.page.matching, qint64(10));
    QCOMPARE(refresh.statements, quint64(1));
    QCOMPARE(snapshots.count(), 0);
}

// Below the threshold: the whole table, one statement, and the snapshot of every lock.
void MonitorWindowTest::monitorReadsSmallTablesWhole()
{
    LockMonitor monitor;
    monitor.setInterval(200);
    QSignalSpy refreshes(&monitor, &LockMonitor::refreshed);
    QSignalSpy snapshots(&monitor, &LockMonitor::snapshot);
    monitor.start(TestBackend::instance().spec(), m_table, 5, true);
    QTRY_VERIFY_WITH_TIMEOUT(refreshes.size() >= 2, 10000);
    QVERIFY(!monitor.isWindowed());
    for (const QList<QVariant> &signal : std::as_const(refreshes)) {
        const auto refresh = signal.first().value<LockRefresh>();
        QCOMPARE(refresh.mode, LockRefresh::Mode::Full);
        QCOMPARE(refresh.statements, quint64(1));
        QCOMPARE(refresh.rows.size(), Locks);
    }
    QVERIFY(!snapshots.isEmpty());
    QCOMPARE(snapshots.last().first().value<QList<LockInfo>>().size(), Locks);
}

// The window's lock table over the database, above the threshold: a click on "Held for", then
// another, shows the locks longest-held first, in the order a full read gives; "Remaining"
// then shows the running leases with the least time left first.
void MonitorWindowTest::panelSortsALargeTableByTheDatabase()
{
    LockMonitor monitor;
    monitor.setWindowThreshold(Locks / 2);
    monitor.setInterval(200);
    LockTablePanel panel;
    panel.resize(900, 700);
    connect(&panel, &LockTablePanel::queryChanged, &monitor, &LockMonitor::setQuery);
    connect(&monitor, &LockMonitor::refreshed, &panel, &LockTablePanel::applyRefresh);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    monitor.setQuery(panel.query());
    monitor.start(TestBackend::instance().spec(), m_table, 5, true);
    QTRY_VERIFY_WITH_TIMEOUT(panel.isWindowed(), 10000);

    QHeaderView *header = panel.view()->horizontalHeader();
    const auto click = [header](int column) {
        const QPoint at(header->sectionViewportPosition(column) + header->sectionSize(column) / 2,
                        header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
    };
    const auto shown = [&panel](int rows) {
        QStringList names;
        for (int row = 0; row < rows; ++row)
            names.append(panel.view()->model()->index(row, LockTableModel::Name).data().toString());
        return names;
    };
    auto all = m_locks->list();
    LOCKSCOPE_VERIFY_OK(all);
    click(LockTableModel::HeldFor);
    click(LockTableModel::HeldFor);
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    const QStringList longestFirst =
        testsupport::inPageOrder(*all, {LockPageSort::HeldFor, true}).mid(0, 12);
    QTRY_COMPARE_WITH_TIMEOUT(shown(12), longestFirst, 10000);
    for (const int held : {5, 41, 44, 50}) // the held ones first (by the fixture), not names
        QVERIFY2(longestFirst.mid(0, 4).contains(lockName(held)), qPrintable(lockName(held)));
    QVERIFY2(panel.windowNotice()->text().contains(u"by held for, longest first"_s),
             qPrintable(panel.windowNotice()->text()));
    windowtest::grabIfAsked(&panel, u"windowed-held-for-desc-"_s + TestBackend::instance().name());

    click(LockTableModel::Remaining);
    click(LockTableModel::Remaining);
    const QStringList mostLeft =
        testsupport::inPageOrder(*all, {LockPageSort::Remaining, true}).mid(0, 12);
    QTRY_COMPARE_WITH_TIMEOUT(shown(12), mostLeft, 10000);
}

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    MonitorWindowTest suite;
    return testsupport::runBackendSuite(&suite, argc, argv);
}
#include "tst_monitorwindow.moc"
