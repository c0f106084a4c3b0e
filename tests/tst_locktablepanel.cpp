// SPDX-License-Identifier: GPL-3.0-or-later
// The lock table panel (offscreen, no database): a whole-table refresh shows the table sorted
// and filtered here; a windowed one switches the view to the window, says so above the table
// and is sorted by the database, by the columns it sorts by; scrolling and filtering ask for the rows the view needs; the
// selection follows its lock; the countdown repaints only the rows shown.

#include "lockfilterproxymodel.h"
#include "locktablepanel.h"
#include "lockwindowmodel.h"
#include "windowtesthelpers.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;
using lockcore::LockPage;
using lockcore::LockState;
using namespace ui;

namespace {

constexpr qint64 T0 = 1'700'000'000'000LL;

QDateTime at(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
}

QString lockName(int i)
{
    return u"lock-%1"_s.arg(i, 7, 10, QLatin1Char('0'));
}

LockInfo makeLock(int i, qint64 expiresInMs = 30'000)
{
    LockInfo info;
    info.name = lockName(i);
    info.holder = u"worker-%1@h:%2:ab"_s.arg(i % 5).arg(100 + i % 5);
    info.depth = 1;
    info.fence = i;
    info.ttlMs = 30'000;
    info.dbNow = at(T0);
    info.state = LockState::Held;
    info.expiresAt = at(T0 + expiresInMs + i);
    info.acquiredAt = at(T0 + expiresInMs + i - 30'000);
    info.renewedAt = info.acquiredAt;
    return info;
}

LockRefresh wholeTable(int locks, const PreparedLocks &base = {})
{
    LockRefresh refresh;
    refresh.mode = LockRefresh::Mode::Full;
    for (int i = 0; i < locks; ++i)
        refresh.page.locks.append(makeLock(i));
    refresh.page.total = refresh.page.matching = locks;
    refresh.rows = PreparedLocks::prepare(refresh.page.locks, base);
    refresh.clock.dbNow = at(T0);
    refresh.statements = 1;
    return refresh;
}

// Rows [first, first + count) of `matching` locks named after their row (+ `shift`).
LockRefresh window(const LockTableQuery &query, int first, int count, int matching,
                   int shift = 0)
{
    LockRefresh refresh;
    refresh.mode = LockRefresh::Mode::Windowed;
    refresh.query = query;
    refresh.page.offset = first;
    refresh.page.matching = matching;
    refresh.page.total = 100'000;
    refresh.page.free = 40'000;
    refresh.page.expired = 15'000;
    for (int row = first; row < first + count && row < matching; ++row)
        refresh.page.locks.append(makeLock(row + shift));
    refresh.clock.dbNow = at(T0);
    refresh.statements = 1;
    return refresh;
}

struct Fixture
{
    Fixture()
    {
        panel.resize(900, 600);
        panel.model()->setLocalClock([this] { return now; });
        panel.model()->setOwnerGoneCheck({});
        panel.windowModel()->setLocalClock([this] { return now; });
        panel.windowModel()->setOwnerGoneCheck({});
        panel.show();
        if (!QTest::qWaitForWindowExposed(&panel))
            qWarning("the panel was not exposed");
    }
    // Lets the view lay out what the model announced.
    static void settle() { QTest::qWait(20); }
    qint64 now = T0;
    LockTablePanel panel;
};

} // namespace

class LockTablePanelTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void wholeTableIsSortedAndFilteredHere();
    void largeTableIsShownAsAWindow();
    void scrollingAsksForTheRowsShown();
    void filterGoesToTheDatabaseWhenWindowed();
    void selectionFollowsItsLock();
    void filterNeverMovesTheSelectionToAnotherLock();
    void deletedLockTakesItsSelectionWithIt();
    void leaseEndingUnderAStateFilterClearsTheChoice();
    void onlyTheAdminsGestureChooses();
    void holdersAreElidedInTheMiddle();
    void backToTheWholeTable();
    void headerSortsByTheDatabaseWhenWindowed();
    void sortCarriesIntoTheWindow();
    void tickRepaintsOnlyTheRowsShown();
};

void LockTablePanelTest::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); // "100,000"
}

// Below the threshold: the proxy over the whole table, sortable, no notice.
void LockTablePanelTest::wholeTableIsSortedAndFilteredHere()
{
    Fixture f;
    f.panel.applyRefresh(wholeTable(30));
    QVERIFY(!f.panel.isWindowed());
    QCOMPARE(f.panel.view()->model(), f.panel.proxy());
    QVERIFY(f.panel.view()->isSortingEnabled());
    QVERIFY(f.panel.windowNotice()->isHidden());
    QCOMPARE(f.panel.view()->model()->rowCount(), 30);
    f.panel.setFilterText(u"lock-000001"_s);
    QCOMPARE(f.panel.view()->model()->rowCount(), 10); // lock-0000010 ... 19
    QCOMPARE(f.panel.counts().total, 30);
}

// Above it: the window model, sorted by name only, and a line that says what is shown of how
// many and that the database filters.
void LockTablePanelTest::largeTableIsShownAsAWindow()
{
    Fixture f;
    f.panel.applyRefresh(wholeTable(30));
    f.panel.applyRefresh(window(f.panel.query(), 0, 200, 100'000));
    QVERIFY(f.panel.isWindowed());
    QCOMPARE(f.panel.view()->model(), f.panel.windowModel());
    QCOMPARE(f.panel.view()->model()->rowCount(), 100'000);
    QVERIFY(!f.panel.view()->isSortingEnabled());
    QCOMPARE(f.panel.view()->horizontalHeader()->sortIndicatorSection(), int(LockTableModel::Name));
    QCOMPARE(f.panel.model()->rowCount(), 0); // the whole table's rows are let go
    QVERIFY(f.panel.windowNotice()->isVisible());
    const QString notice = f.panel.windowNotice()->text();
    QVERIFY2(notice.contains(u"100,000"_s), qPrintable(notice));
    QVERIFY2(notice.contains(u"showing rows 1\u2013"_s), qPrintable(notice));
    const LockTableModel::Counts counts = f.panel.counts();
    QCOMPARE(counts.total, 100'000);
    QCOMPARE(counts.free, 40'000);
    QCOMPARE(counts.expired, 15'000);
    QCOMPARE(counts.held, 45'000);
    QCOMPARE(f.panel.view()->model()->index(300, 0).data().toString(), u"\u2026"_s);
}

// Rows the view scrolls to that the last query did not ask for are asked for, around them;
// scrolling within them asks nothing.
void LockTablePanelTest::scrollingAsksForTheRowsShown()
{
    Fixture f;
    f.panel.applyRefresh(window(f.panel.query(), 0, 200, 100'000));
    Fixture::settle();
    QSignalSpy asked(&f.panel, &LockTablePanel::queryChanged);
    QTableView *view = f.panel.view();
    view->scrollTo(view->model()->index(50'000, 0), QAbstractItemView::PositionAtTop);
    QTRY_VERIFY(!asked.isEmpty());
    const auto query = asked.last().first().value<LockTableQuery>();
    const int top = view->rowAt(0);
    const int bottom = view->rowAt(view->viewport()->height() - 1);
    QVERIFY2(query.first <= top && bottom < query.first + query.count,
             qPrintable(u"asked %1+%2, shows %3..%4"_s.arg(query.first).arg(query.count)
                            .arg(top).arg(bottom)));
    f.panel.applyRefresh(window(query, query.first, query.count, 100'000));
    QCOMPARE(view->model()->index(top, 0).data().toString(), lockName(top));
    QVERIFY2(f.panel.windowNotice()->text().contains(QLocale().toString(top + 1)),
             qPrintable(f.panel.windowNotice()->text()));
    asked.clear();
    view->verticalScrollBar()->setValue(view->verticalScrollBar()->value() + 2);
    QTest::qWait(50);
    QCOMPARE(asked.count(), 0);
}

// Windowed, the filter is the database's: a new filter asks for its first rows, and a page
// read for the filter before is not shown.
void LockTablePanelTest::filterGoesToTheDatabaseWhenWindowed()
{
    Fixture f;
    f.panel.applyRefresh(window(f.panel.query(), 0, 200, 100'000));
    const LockTableQuery before = f.panel.query();
    QSignalSpy asked(&f.panel, &LockTablePanel::queryChanged);
    f.panel.setFilterText(u"  lock-00001  "_s);
    QCOMPARE(asked.count(), 1);
    const auto query = asked.first().first().value<LockTableQuery>();
    QCOMPARE(query.filterText, u"lock-00001"_s);
    QCOMPARE(query.first, 0);
    f.panel.applyRefresh(window(before, 0, 200, 100'000)); // late, for the old filter
    QCOMPARE(f.panel.view()->model()->rowCount(), 100'000);
    f.panel.applyRefresh(window(query, 0, 200, 1'000, 10'000));
    QCOMPARE(f.panel.view()->model()->rowCount(), 1'000);
    QCOMPARE(f.panel.view()->model()->index(0, 0).data().toString(), lockName(10'000));
    QVERIFY2(f.panel.windowNotice()->text().contains(u"1,000"_s),
             qPrintable(f.panel.windowNotice()->text()));
}

// A row of the window holds whatever lock is at its position: when locks come before it, the
// selection moves with its lock, and goes when its lock is not among the rows read.
void LockTablePanelTest::selectionFollowsItsLock()
{
    Fixture f;
    f.panel.applyRefresh(window(f.panel.query(), 0, 200, 100'000));
    QVERIFY(f.panel.selectLock(lockName(20)));
    QCOMPARE(f.panel.selectedLock()->name, lockName(20));
    f.panel.applyRefresh(window(f.panel.query(), 0, 200, 100'000, -3)); // 3 locks before it
    QCOMPARE(f.panel.selectedLock()->name, lockName(20));
    QCOMPARE(f.panel.view()->selectionModel()->selectedRows().first().row(), 23);
    f.panel.applyRefresh(window(f.panel.query(), 0, 200, 100'000, 500)); // out of the window
    QVERIFY(!f.panel.selectedLock());
}

// Issue 23: a lock selected, then a filter that hides it: the lock that took its row was
// selected (with Delete enabled). The selection follows its lock, or is cleared.
void LockTablePanelTest::filterNeverMovesTheSelectionToAnotherLock()
{
    Fixture f;
    f.panel.applyRefresh(wholeTable(60));
    f.panel.setFilterText(u"lock-000000"_s); // 0 .. 9
    QVERIFY(f.panel.selectLock(lockName(4)));
    f.panel.setFilterText(u"lock-00000"_s); // 0 .. 59: still there, at another row
    QCOMPARE(f.panel.selectedLock()->name, lockName(4));
    f.panel.setFilterText(u"lock-000005"_s); // 50 .. 59: lock 4 is hidden
    QVERIFY2(!f.panel.selectedLock(),
             qPrintable(f.panel.selectedLock().value_or(LockInfo{}).name));
    QVERIFY(!f.panel.view()->selectionModel()->currentIndex().isValid());
    f.panel.setFilterText(QString()); // shown again, but not selected again by itself
    QVERIFY(!f.panel.selectedLock());
}

// A refresh without the selected lock (deleted meanwhile) clears the selection, never moves
// it to the next lock.
void LockTablePanelTest::deletedLockTakesItsSelectionWithIt()
{
    Fixture f;
    f.panel.applyRefresh(wholeTable(10));
    QVERIFY(f.panel.selectLock(lockName(3)));
    LockRefresh without = wholeTable(10);
    without.page.locks.removeAt(3);
    without.rows = PreparedLocks::prepare(without.page.locks, {});
    f.panel.applyRefresh(without);
    QVERIFY2(!f.panel.selectedLock(),
             qPrintable(f.panel.selectedLock().value_or(LockInfo{}).name));
}

namespace {

QString selectedName(const LockTablePanel &panel)
{
    return panel.selectedLock().value_or(LockInfo{}).name;
}

} // namespace

// Issue 36, defect 2: state filter "Held", billing.invoices chosen; its lease ran out, it left
// the view, and the selection (and Force release) moved to the next lock. The choice is
// cleared instead, by the countdown as by the refresh that follows.
void LockTablePanelTest::leaseEndingUnderAStateFilterClearsTheChoice()
{
    Fixture f;
    LockRefresh refresh = wholeTable(10);
    refresh.page.locks[3] = makeLock(3, 1000); // its lease ends in a second
    refresh.rows = PreparedLocks::prepare(refresh.page.locks, {});
    f.panel.applyRefresh(refresh);
    f.panel.setStateFilter(LockDisplayState::Held);
    Fixture::settle();
    QVERIFY(windowtest::clickLock(f.panel.view(), lockName(3)));
    QCOMPARE(selectedName(f.panel), lockName(3));
    QSignalSpy changed(&f.panel, &LockTablePanel::selectionChanged);
    f.now += 2000;
    f.panel.tick(); // the countdown: it is expired now, and the filter hides it
    Fixture::settle();
    QVERIFY2(f.panel.view()->selectionModel()->selectedRows().isEmpty(),
             qPrintable(selectedName(f.panel)));
    QVERIFY(!changed.isEmpty());
    refresh.clock.dbNow = at(T0 + 2000);
    f.panel.applyRefresh(refresh); // and the database's word on it
    QVERIFY2(f.panel.view()->selectionModel()->selectedRows().isEmpty(),
             qPrintable(selectedName(f.panel)));
    f.panel.setStateFilter(std::nullopt); // shown again: not chosen again by itself
    QVERIFY(f.panel.view()->selectionModel()->selectedRows().isEmpty());
}

// Sorting, a refresh that moves rows and a filter that keeps the lock never change the choice;
// the admin's click does.
void LockTablePanelTest::onlyTheAdminsGestureChooses()
{
    Fixture f;
    f.panel.applyRefresh(wholeTable(30));
    Fixture::settle();
    QVERIFY(windowtest::clickLock(f.panel.view(), lockName(7)));
    f.panel.view()->sortByColumn(LockTableModel::Name, Qt::DescendingOrder);
    QCOMPARE(selectedName(f.panel), lockName(7));
    f.panel.setFilterText(u"lock-00000"_s);
    QCOMPARE(selectedName(f.panel), lockName(7));
    QVERIFY(windowtest::clickLock(f.panel.view(), lockName(2)));
    QCOMPARE(selectedName(f.panel), lockName(2));
    // Qt's own selection change, not the admin's: undone.
    f.panel.view()->selectRow(0);
    QCOMPARE(selectedName(f.panel), lockName(2));
}

// Issue 23: a holder was cut at its first hyphen although the column had room: cells wrapped
// at the hyphen and showed the first line only. One line, elided in the middle.
void LockTablePanelTest::holdersAreElidedInTheMiddle()
{
    Fixture f;
    QVERIFY(!f.panel.view()->wordWrap());
    QCOMPARE(f.panel.view()->textElideMode(), Qt::ElideMiddle);
}

// Below the threshold again: the proxy is back, sorted as the user had it.
void LockTablePanelTest::backToTheWholeTable()
{
    Fixture f;
    f.panel.applyRefresh(wholeTable(30));
    f.panel.view()->sortByColumn(LockTableModel::Fence, Qt::DescendingOrder);
    f.panel.applyRefresh(window(f.panel.query(), 0, 200, 100'000));
    f.panel.applyRefresh(wholeTable(30));
    QVERIFY(!f.panel.isWindowed());
    QCOMPARE(f.panel.view()->model(), f.panel.proxy());
    QVERIFY(f.panel.view()->isSortingEnabled());
    QCOMPARE(f.panel.view()->horizontalHeader()->sortIndicatorSection(),
             int(LockTableModel::Fence));
    QCOMPARE(f.panel.view()->model()->index(0, LockTableModel::Name).data().toString(),
             lockName(29));
    QVERIFY(f.panel.windowNotice()->isHidden());
    QCOMPARE(f.panel.windowModel()->rowCount(), 0);
}

// Windowed, the database sorts: a click on a column it sorts by asks for the first rows in
// that order, the arrow and the line above the table say it, and a page read in the order
// before is not shown; a click on a column it cannot sort by changes nothing, the arrow stays.
void LockTablePanelTest::headerSortsByTheDatabaseWhenWindowed()
{
    Fixture f;
    f.panel.applyRefresh(window(f.panel.query(), 0, 200, 100'000));
    Fixture::settle();
    QTableView *view = f.panel.view();
    QHeaderView *header = view->horizontalHeader();
    const auto click = [header](int column) {
        const QPoint at(header->sectionViewportPosition(column) + header->sectionSize(column) / 2,
                        header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
    };
    const LockTableQuery byName = f.panel.query();
    view->scrollTo(view->model()->index(150, 0), QAbstractItemView::PositionAtTop);
    QSignalSpy asked(&f.panel, &LockTablePanel::queryChanged);

    click(LockTableModel::HeldFor);
    QTRY_VERIFY(!asked.isEmpty());
    LockTableQuery query = asked.last().first().value<LockTableQuery>();
    QCOMPARE(query.order.by, lockcore::LockPageSort::HeldFor);
    QVERIFY(!query.order.descending);
    QCOMPARE(query.first, 0);
    QCOMPARE(header->sortIndicatorSection(), int(LockTableModel::HeldFor));
    QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
    f.panel.applyRefresh(window(byName, 0, 200, 100'000)); // answers the query before
    f.panel.applyRefresh(window(query, 0, 200, 100'000, 7));
    QCOMPARE(view->model()->index(0, LockTableModel::Name).data().toString(), lockName(7));
    QCOMPARE(view->rowAt(0), 0);
    QVERIFY2(f.panel.windowNotice()->text().contains(u"by held for, shortest first"_s),
             qPrintable(f.panel.windowNotice()->text()));

    asked.clear();
    click(LockTableModel::HeldFor);
    QTRY_VERIFY(!asked.isEmpty());
    query = asked.last().first().value<LockTableQuery>();
    QCOMPARE(query.order.by, lockcore::LockPageSort::HeldFor);
    QVERIFY(query.order.descending);
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    f.panel.applyRefresh(window(query, 0, 200, 100'000, 3));
    QVERIFY2(f.panel.windowNotice()->text().contains(u"by held for, longest first"_s),
             qPrintable(f.panel.windowNotice()->text()));

    asked.clear();
    click(LockTableModel::Fence); // not one the database sorts by
    click(LockTableModel::Description);
    QTest::qWait(50);
    QCOMPARE(asked.count(), 0);
    QCOMPARE(header->sortIndicatorSection(), int(LockTableModel::HeldFor));
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    QCOMPARE(f.panel.query().order.by, lockcore::LockPageSort::HeldFor);
    QVERIFY(view->model()
                ->headerData(LockTableModel::Fence, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(u"sorted by the database"_s));
    QVERIFY(!view->model()
                 ->headerData(LockTableModel::Remaining, Qt::Horizontal, Qt::ToolTipRole)
                 .toString()
                 .contains(u"sorted by the database"_s));

    for (const int column : {LockTableModel::Holder, LockTableModel::State,
                             LockTableModel::Remaining, LockTableModel::Name}) {
        asked.clear();
        click(column);
        QTRY_VERIFY(!asked.isEmpty());
        QCOMPARE(header->sortIndicatorSection(), column);
        QCOMPARE(int(asked.last().first().value<LockTableQuery>().order.by),
                 int(column == LockTableModel::Holder      ? lockcore::LockPageSort::Holder
                     : column == LockTableModel::State     ? lockcore::LockPageSort::State
                     : column == LockTableModel::Remaining ? lockcore::LockPageSort::Remaining
                                                           : lockcore::LockPageSort::Name));
    }
}

// The sort of the whole table is the first window's order when the table grows past the
// threshold, where the database can sort by it.
void LockTablePanelTest::sortCarriesIntoTheWindow()
{
    Fixture f;
    f.panel.applyRefresh(wholeTable(30));
    f.panel.view()->sortByColumn(LockTableModel::Remaining, Qt::DescendingOrder);
    QCOMPARE(f.panel.query().order.by, lockcore::LockPageSort::Remaining);
    QVERIFY(f.panel.query().order.descending);
    f.panel.applyRefresh(window(f.panel.query(), 0, 200, 100'000));
    QHeaderView *header = f.panel.view()->horizontalHeader();
    QCOMPARE(header->sortIndicatorSection(), int(LockTableModel::Remaining));
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    QVERIFY2(f.panel.windowNotice()->text().contains(u"by time remaining, most first"_s),
             qPrintable(f.panel.windowNotice()->text()));
}

// 5,000 running leases, a view of a few dozen rows: the countdown repaints rows shown only.
void LockTablePanelTest::tickRepaintsOnlyTheRowsShown()
{
    Fixture f;
    new QAbstractItemModelTester(f.panel.proxy(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 f.panel.proxy());
    f.panel.applyRefresh(wholeTable(5000));
    Fixture::settle();
    QTableView *view = f.panel.view();
    view->scrollTo(view->model()->index(2500, 0), QAbstractItemView::PositionAtTop);
    QTRY_COMPARE(view->rowAt(0), 2500);
    const int bottom = view->rowAt(view->viewport()->height() - 1);
    QVERIFY(bottom > 2500 && bottom < 2600);
    QSignalSpy changed(f.panel.model(), &QAbstractItemModel::dataChanged);
    f.now += 1000;
    f.panel.tick();
    QVERIFY(!changed.isEmpty());
    int rows = 0;
    for (const QList<QVariant> &signal : std::as_const(changed)) {
        const QModelIndex from = signal.at(0).toModelIndex();
        const QModelIndex to = signal.at(1).toModelIndex();
        QCOMPARE(from.column(), int(LockTableModel::Remaining));
        QVERIFY(from.row() >= 2500 && to.row() <= bottom);
        rows += to.row() - from.row() + 1;
    }
    QCOMPARE(rows, bottom - 2500 + 1);
    // The rows not repainted still answer for the time of the tick.
    QCOMPARE(f.panel.model()->index(10, LockTableModel::Remaining).data().toString(),
             u"29.1 s"_s);
}

QTEST_MAIN(LockTablePanelTest)
#include "tst_locktablepanel.moc"
