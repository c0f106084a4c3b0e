// SPDX-License-Identifier: GPL-3.0-or-later
// The window onto a large lock table (LockWindowModel): as many rows as locks match, the rows
// read shown exactly as the whole table's model shows them, placeholders elsewhere; a new page
// for the same filter adds or removes rows at the end and repaints the windows, another filter
// resets; the countdown repaints only the rows read.

#include "locktablemodel.h"
#include "lockwindowmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
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

// A lock as read at T0: held for `expiresInMs` more when a holder is given, free otherwise.
LockInfo makeLock(const QString &name, const QString &holder = {}, qint64 expiresInMs = 30'000)
{
    LockInfo info;
    info.name = name;
    info.holder = holder;
    info.fence = 3;
    info.ttlMs = 30'000;
    info.description = u"guards "_s + name;
    info.dbNow = at(T0);
    info.state = holder.isEmpty() ? LockState::Free : LockState::Held;
    info.depth = holder.isEmpty() ? 0 : 1;
    info.expiresAt = at(T0 + expiresInMs);
    info.acquiredAt = at(T0 + expiresInMs - 30'000);
    info.renewedAt = info.acquiredAt;
    return info;
}

// Rows [offset, offset + count) of `matching`, named w-<row>, every other one held.
LockPage makePage(int offset, int count, int matching, qint64 expiresInMs = 30'000)
{
    LockPage page;
    page.offset = offset;
    page.matching = matching;
    page.total = matching + 7;
    page.dbNow = at(T0);
    for (int row = offset; row < offset + count && row < matching; ++row) {
        const QString name = u"w-%1"_s.arg(row, 6, 10, QLatin1Char('0'));
        page.locks.append(row % 2 ? makeLock(name, u"worker@h:1:ab"_s, expiresInMs + row)
                                  : makeLock(name));
    }
    return page;
}

LockTableQuery queryFor(const QString &filter)
{
    LockTableQuery query;
    query.filterText = filter;
    return query;
}

struct Fixture
{
    Fixture()
    {
        new QAbstractItemModelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest,
                                     &model);
        model.setLocalClock([this] { return now; });
        model.setOwnerGoneCheck({});
    }
    qint64 now = T0;
    LockWindowModel model;
};

} // namespace

class LockWindowModelTest : public QObject
{
    Q_OBJECT

private slots:
    void rowsReadAndPlaceholders();
    void rowsShowAsInTheWholeTable();
    void sameFilterChangesTheEndOnly();
    void anotherFilterResets();
    void tickRepaintsTheRowsRead();
    void staleRowsStopAtTheirRead();
    void notRenewingAndLastRenewed();
};

// rowCount() is the number of matching locks; outside the window, a placeholder that cannot
// be selected and carries no lock.
void LockWindowModelTest::rowsReadAndPlaceholders()
{
    using M = LockTableModel;
    Fixture f;
    f.model.setPage(makePage(10, 5, 100), queryFor({}));
    QCOMPARE(f.model.rowCount(), 100);
    QCOMPARE(f.model.columnCount(), int(M::ColumnCount));
    QCOMPARE(f.model.loadedFirst(), 10);
    QCOMPARE(f.model.loadedCount(), 5);
    QVERIFY(!f.model.isLoaded(9));
    QVERIFY(f.model.isLoaded(10) && f.model.isLoaded(14));
    QVERIFY(!f.model.isLoaded(15));
    QCOMPARE(f.model.index(9, M::Name).data().toString(), u"\u2026"_s);
    QVERIFY(!f.model.index(9, M::Name).data(M::LockInfoRole).isValid());
    QVERIFY(!f.model.index(9, M::Holder).data().isValid());
    QVERIFY(!(f.model.flags(f.model.index(9, 0)) & Qt::ItemIsSelectable));
    QVERIFY(f.model.flags(f.model.index(10, 0)) & Qt::ItemIsSelectable);
    QCOMPARE(f.model.index(10, M::Name).data().toString(), u"w-000010"_s);
    QCOMPARE(f.model.index(11, M::Name).data(M::LockInfoRole).value<LockInfo>().holder,
             u"worker@h:1:ab"_s);
    QCOMPARE(f.model.rowOf(u"w-000012"_s), 12);
    QCOMPARE(f.model.rowOf(u"w-000020"_s), -1);
    QCOMPARE(f.model.displayState(11), LockDisplayState::Held);
    QCOMPARE(f.model.remainingMs(u"w-000011"_s), 30'011);
}

// The cells of a row read are those LockTableModel shows for the same lock, in every role.
void LockWindowModelTest::rowsShowAsInTheWholeTable()
{
    Fixture f;
    const LockPage page = makePage(0, 6, 6);
    f.model.setPage(page, queryFor({}));
    LockTableModel whole;
    whole.setLocalClock([] { return T0; });
    whole.setOwnerGoneCheck({});
    whole.merge(page.locks);
    const QList<int> roles = {Qt::DisplayRole,          Qt::ToolTipRole,
                              Qt::TextAlignmentRole,    LockTableModel::SortRole,
                              LockTableModel::StateRole, LockTableModel::RemainingFractionRole,
                              Qt::ForegroundRole,       Qt::BackgroundRole};
    for (int row = 0; row < 6; ++row) {
        for (int column = 0; column < LockTableModel::ColumnCount; ++column) {
            for (const int role : roles) {
                const QVariant mine = f.model.index(row, column).data(role);
                const QVariant theirs = whole.index(row, column).data(role);
                QVERIFY2(mine == theirs,
                         qPrintable(u"row %1 column %2 role %3"_s.arg(row).arg(column).arg(role)));
            }
        }
    }
    for (int column = 0; column < LockTableModel::ColumnCount; ++column)
        QCOMPARE(f.model.headerData(column, Qt::Horizontal),
                 whole.headerData(column, Qt::Horizontal));
}

// The same filter again: rows come and go at the end only; the rows of the old and the new
// window repaint where they show something else, an unchanged page repaints nothing.
void LockWindowModelTest::sameFilterChangesTheEndOnly()
{
    Fixture f;
    f.model.setPage(makePage(0, 20, 100), queryFor(u"w-"_s));
    QSignalSpy resets(&f.model, &QAbstractItemModel::modelReset);
    QSignalSpy removed(&f.model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&f.model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&f.model, &QAbstractItemModel::dataChanged);

    f.model.setPage(makePage(40, 20, 90), queryFor(u"w-"_s));
    QCOMPARE(resets.count(), 0);
    QCOMPARE(f.model.rowCount(), 90);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.first().at(1).toInt(), 90);
    QCOMPARE(removed.first().at(2).toInt(), 99);
    QCOMPARE(changed.count(), 2); // the window left (now placeholders) and the window read
    QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 0);
    QCOMPARE(changed.at(0).at(1).toModelIndex().row(), 19);
    QCOMPARE(changed.at(1).at(0).toModelIndex().row(), 40);
    QCOMPARE(changed.at(1).at(1).toModelIndex().row(), 59);
    QCOMPARE(changed.at(1).at(1).toModelIndex().column(), LockTableModel::ColumnCount - 1);
    QCOMPARE(f.model.index(0, 0).data().toString(), u"\u2026"_s);
    QCOMPARE(f.model.index(40, 0).data().toString(), u"w-000040"_s);

    changed.clear();
    f.model.setPage(makePage(40, 20, 90), queryFor(u"w-"_s)); // the same again: silent
    QCOMPARE(changed.count(), 0);
    LockPage one = makePage(40, 20, 90);
    one.locks[5].fence += 1; // row 45
    f.model.setPage(one, queryFor(u"w-"_s));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), 45);
    QCOMPARE(changed.first().at(1).toModelIndex().row(), 45);

    f.model.setPage(makePage(40, 20, 120), queryFor(u"w-"_s));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.first().at(1).toInt(), 90);
    QCOMPARE(inserted.first().at(2).toInt(), 119);
    QCOMPARE(f.model.rowCount(), 120);
    QCOMPARE(resets.count(), 0);
}

// Another filter is another list: the model resets.
void LockWindowModelTest::anotherFilterResets()
{
    Fixture f;
    f.model.setPage(makePage(0, 20, 100), queryFor(u"w-"_s));
    QSignalSpy resets(&f.model, &QAbstractItemModel::modelReset);
    f.model.setPage(makePage(0, 3, 3), queryFor(u"w-00000"_s));
    QCOMPARE(resets.count(), 1);
    QCOMPARE(f.model.rowCount(), 3);
    f.model.clear();
    QCOMPARE(resets.count(), 2);
    QCOMPARE(f.model.rowCount(), 0);
}

// Between refreshes: the Remaining cells of running leases whose text changed, and the State
// cell of a lease that ran out, among the rows read only.
// Issue 49: stale, the rows read are shown as of their read (state and countdown), grey, and
// ticks change nothing; live again, the countdown is the time now's.
void LockWindowModelTest::staleRowsStopAtTheirRead()
{
    using M = LockTableModel;
    Fixture f;
    f.model.setPage(makePage(0, 4, 4, 500), queryFor({}));
    const LockDisplayState read = f.model.displayState(1); // (not renewing, by its lease)
    QVERIFY(isLeaseRunning(read));
    f.now += 1000; // row 1's lease ran out since the read
    f.model.tick();
    QCOMPARE(f.model.displayState(1), LockDisplayState::Expired);
    f.model.setStale(at(T0));
    QCOMPARE(f.model.displayState(1), read);
    QVERIFY(f.model.index(1, M::State).data(M::StaleRole).toBool());
    const QString remaining = f.model.index(1, M::Remaining).data().toString();
    QCOMPARE(remaining, u"0.6 s"_s);
    QSignalSpy changed(&f.model, &QAbstractItemModel::dataChanged);
    f.now += 5000;
    f.model.tick();
    QCOMPARE(changed.count(), 0);
    QCOMPARE(f.model.index(1, M::Remaining).data().toString(), remaining);
    f.model.setStale({});
    QVERIFY(!f.model.index(1, M::State).data(M::StaleRole).toBool());
    QCOMPARE(f.model.displayState(1), LockDisplayState::Expired);
}

void LockWindowModelTest::tickRepaintsTheRowsRead()
{
    using M = LockTableModel;
    Fixture f;
    f.model.setPage(makePage(50, 4, 1000, 400), queryFor({})); // 51 and 53 held, ~0.45 s left
    QSignalSpy changed(&f.model, &QAbstractItemModel::dataChanged);
    f.now += 20; // 0.43 s still shows 0.5 s
    f.model.tick();
    QCOMPARE(changed.count(), 0);
    f.now += 100;
    f.model.tick();
    QCOMPARE(changed.count(), 2);
    for (const QList<QVariant> &signal : std::as_const(changed)) {
        const QModelIndex from = signal.at(0).toModelIndex();
        QCOMPARE(from.column(), int(M::Remaining));
        QVERIFY(from.row() == 51 || from.row() == 53);
    }
    changed.clear();
    f.now += 1000; // both leases ran out
    f.model.tick();
    QCOMPARE(f.model.displayState(51), LockDisplayState::Expired);
    QCOMPARE(f.model.index(53, M::State).data().toString(), u"expired"_s);
    QStringList cells;
    for (const QList<QVariant> &signal : std::as_const(changed))
        cells.append(u"%1:%2"_s.arg(signal.at(0).toModelIndex().row())
                         .arg(signal.at(0).toModelIndex().column()));
    cells.sort();
    QCOMPARE(cells, (QStringList{u"51:1"_s, u"51:7"_s, u"53:1"_s, u"53:7"_s}));
}

// As in the whole table: "Last renewed" counts up, and a holder more than half of its lease
// late to renew shows as not renewing (a problem), found by the tick.
void LockWindowModelTest::notRenewingAndLastRenewed()
{
    using M = LockTableModel;
    Fixture f;
    LockPage page = makePage(0, 2, 2);
    page.locks[1].renewedAt = at(T0 - 10'000); // 20 s left of a 30 s lease: late from T0 + 5 s
    page.locks[1].expiresAt = at(T0 + 20'000);
    f.model.setPage(page, queryFor({}));
    QCOMPARE(f.model.displayState(1), LockDisplayState::Held);
    QCOMPARE(f.model.index(1, M::LastRenewed).data().toString(), u"10 s ago"_s);
    QCOMPARE(f.model.index(0, M::LastRenewed).data().toString(), u"\u2014"_s); // free
    QVERIFY(!f.model.index(1, M::Name).data(M::ProblemRole).toBool());

    QSignalSpy changed(&f.model, &QAbstractItemModel::dataChanged);
    f.now = T0 + 5001;
    f.model.tick();
    QCOMPARE(f.model.displayState(1), LockDisplayState::NotRenewing);
    QCOMPARE(f.model.index(1, M::State).data().toString(), u"not renewing"_s);
    QCOMPARE(f.model.index(1, M::LastRenewed).data().toString(), u"15 s ago"_s);
    QVERIFY(f.model.index(1, M::Name).data(M::ProblemRole).toBool());
    QStringList cells;
    for (const QList<QVariant> &signal : std::as_const(changed))
        cells.append(u"%1:%2-%3"_s.arg(signal.at(0).toModelIndex().row())
                         .arg(signal.at(0).toModelIndex().column())
                         .arg(signal.at(1).toModelIndex().column()));
    cells.sort();
    QCOMPARE(cells, (QStringList{u"1:1-1"_s, u"1:7-9"_s}));
}

QTEST_MAIN(LockWindowModelTest)
#include "tst_lockwindowmodel.moc"
