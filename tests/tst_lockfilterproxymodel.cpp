// SPDX-License-Identifier: GPL-3.0-or-later
// The lock table's filter proxy: text and state filters, sorting by the raw values, and
// rows that come and go with refreshes while filtered and sorted.

#include "lockfilterproxymodel.h"
#include "locktablemodel.h"
#include "longholdrules.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;
using lockcore::LockState;
using namespace ui;

namespace {

constexpr qint64 T0 = 1'700'000'000'000LL;

LockInfo makeLock(const QString &name, const QString &holder, qint64 expiresInMs,
                  const QString &description, qint64 fence)
{
    LockInfo info;
    info.name = name;
    info.holder = holder;
    info.fence = fence;
    info.ttlMs = 60'000;
    info.description = description;
    info.dbNow = QDateTime::fromMSecsSinceEpoch(T0, Qt::UTC);
    info.acquiredAt = QDateTime::fromMSecsSinceEpoch(T0 - 60'000 + fence * 1000, Qt::UTC);
    info.expiresAt = QDateTime::fromMSecsSinceEpoch(T0 + expiresInMs, Qt::UTC);
    info.renewedAt = info.acquiredAt;
    info.depth = holder.isEmpty() ? 0 : 1;
    info.state = holder.isEmpty() ? LockState::Free
                                  : (expiresInMs > 0 ? LockState::Held : LockState::Expired);
    return info;
}

// billing.invoices: held by etl, 20 s left; Reports.Daily: free; cache.warm: held by
// ann@here (lost owner), 5 s left; etl.sync: expired; zeta: held by Bob, 40 s left.
QList<LockInfo> sampleLocks()
{
    return {makeLock(u"billing.invoices"_s, u"etl-worker-1"_s, 20'000, u"Nightly invoices"_s, 7),
            makeLock(u"Reports.Daily"_s, {}, -50'000, u"PDF for the ETL team"_s, 3),
            makeLock(u"cache.warm"_s, u"ann@here:42:ff"_s, 5'000, {}, 12),
            makeLock(u"etl.sync"_s, u"ann@elsewhere:7:aa"_s, -1000, u"Sync"_s, 1),
            makeLock(u"zeta"_s, u"Bob"_s, 40'000, u"last"_s, 9)};
}

QStringList names(const QAbstractItemModel &model)
{
    QStringList list;
    for (int row = 0; row < model.rowCount(); ++row)
        list.append(model.index(row, LockTableModel::Name).data().toString());
    return list;
}

// A model and its proxy, both watched by QAbstractItemModelTester before they are filled.
struct Fixture
{
    Fixture()
    {
        using Tester = QAbstractItemModelTester;
        new Tester(&model, Tester::FailureReportingMode::QtTest, &model);
        proxy.setSourceModel(&model);
        new Tester(&proxy, Tester::FailureReportingMode::QtTest, &proxy);
        model.setLocalClock([this] { return now; });
        model.setOwnerGoneCheck([](const QString &holder) { return holder == u"ann@here:42:ff"; });
        model.merge(sampleLocks());
    }

    qint64 now = T0;
    LockTableModel model;
    LockFilterProxyModel proxy;
};

} // namespace

class LockFilterProxyModelTest : public QObject
{
    Q_OBJECT

private slots:
    void filters_data();
    void filters();
    void sorts_data();
    void sorts();
    void followsRefreshesWhileFilteredAndSorted();
    void problemsShowWhatNeedsSomeone();
};

void LockFilterProxyModelTest::filters_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::optional<LockDisplayState>>("state");
    QTest::addColumn<QStringList>("shown");
    const std::optional<LockDisplayState> any;
    QTest::newRow("everything") << QString() << any
                                << QStringList{u"Reports.Daily"_s, u"billing.invoices"_s,
                                               u"cache.warm"_s, u"etl.sync"_s, u"zeta"_s};
    QTest::newRow("name, other case") << u"BILLING"_s << any
                                      << QStringList{u"billing.invoices"_s};
    QTest::newRow("name, surrounding blanks") << u"  zeta "_s << any << QStringList{u"zeta"_s};
    QTest::newRow("holder") << u"bob"_s << any << QStringList{u"zeta"_s};
    QTest::newRow("holder host") << u"@here"_s << any << QStringList{u"cache.warm"_s};
    QTest::newRow("description") << u"nightly"_s << any << QStringList{u"billing.invoices"_s};
    QTest::newRow("name, holder or description")
        << u"etl"_s << any
        << QStringList{u"Reports.Daily"_s, u"billing.invoices"_s, u"etl.sync"_s};
    QTest::newRow("no match") << u"nothing like it"_s << any << QStringList();
    QTest::newRow("free") << QString() << std::optional(LockDisplayState::Free)
                          << QStringList{u"Reports.Daily"_s};
    QTest::newRow("held includes lost owner")
        << QString() << std::optional(LockDisplayState::Held)
        << QStringList{u"billing.invoices"_s, u"cache.warm"_s, u"zeta"_s};
    QTest::newRow("lost owner") << QString() << std::optional(LockDisplayState::LostOwner)
                                << QStringList{u"cache.warm"_s};
    QTest::newRow("expired") << QString() << std::optional(LockDisplayState::Expired)
                             << QStringList{u"etl.sync"_s};
    QTest::newRow("text and state") << u"etl"_s << std::optional(LockDisplayState::Held)
                                    << QStringList{u"billing.invoices"_s};
}

// The text matches a substring of the name, holder or description, ignoring case; the state
// filter narrows further. Unsorted, the proxy keeps the model's name order.
void LockFilterProxyModelTest::filters()
{
    QFETCH(QString, text);
    QFETCH(std::optional<LockDisplayState>, state);
    QFETCH(QStringList, shown);
    Fixture f;
    f.proxy.setFilterText(text);
    f.proxy.setStateFilter(state);
    QCOMPARE(names(f.proxy), shown);
    f.proxy.setFilterText({});
    f.proxy.setStateFilter(std::nullopt);
    QCOMPARE(f.proxy.rowCount(), 5);
}

void LockFilterProxyModelTest::sorts_data()
{
    using M = LockTableModel;
    QTest::addColumn<int>("column");
    QTest::addColumn<Qt::SortOrder>("order");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("name, ignoring case")
        << int(M::Name) << Qt::AscendingOrder
        << QStringList{u"billing.invoices"_s, u"cache.warm"_s, u"etl.sync"_s,
                       u"Reports.Daily"_s, u"zeta"_s};
    QTest::newRow("remaining, most first")
        << int(M::Remaining) << Qt::DescendingOrder
        << QStringList{u"zeta"_s, u"billing.invoices"_s, u"cache.warm"_s, u"etl.sync"_s,
                       u"Reports.Daily"_s};
    QTest::newRow("fence numerically")
        << int(M::Fence) << Qt::AscendingOrder
        << QStringList{u"etl.sync"_s, u"Reports.Daily"_s, u"billing.invoices"_s, u"zeta"_s,
                       u"cache.warm"_s};
    QTest::newRow("expires, by time not text")
        << int(M::ExpiresAt) << Qt::AscendingOrder
        << QStringList{u"Reports.Daily"_s, u"etl.sync"_s, u"cache.warm"_s,
                       u"billing.invoices"_s, u"zeta"_s};
    QTest::newRow("state, ties by name")
        << int(M::State) << Qt::AscendingOrder
        << QStringList{u"Reports.Daily"_s, u"billing.invoices"_s, u"zeta"_s, u"cache.warm"_s,
                       u"etl.sync"_s};
}

// Sorting uses the raw values of SortRole (numbers as numbers, times as times), ties in
// name order.
void LockFilterProxyModelTest::sorts()
{
    QFETCH(int, column);
    QFETCH(Qt::SortOrder, order);
    QFETCH(QStringList, expected);
    Fixture f;
    f.proxy.sort(column, order);
    QCOMPARE(names(f.proxy), expected);
}

// A filtered, sorted proxy follows refreshes and the countdown: rows appear when they start
// to match, leave when they stop, and re-sort as the time left changes.
void LockFilterProxyModelTest::followsRefreshesWhileFilteredAndSorted()
{
    Fixture f;
    f.proxy.sort(LockTableModel::Remaining, Qt::DescendingOrder);
    f.proxy.setStateFilter(LockDisplayState::Held);
    QCOMPARE(names(f.proxy),
             (QStringList{u"zeta"_s, u"billing.invoices"_s, u"cache.warm"_s}));

    QList<LockInfo> locks = sampleLocks();
    locks[0].expiresAt = locks[0].expiresAt.addMSecs(60'000); // billing renewed: 80 s
    locks[1] = makeLock(u"Reports.Daily"_s, u"cron"_s, 30'000, u"PDF"_s, 4); // acquired
    locks.removeAt(4);                                                        // zeta deleted
    f.model.merge(locks);
    QCOMPARE(names(f.proxy),
             (QStringList{u"billing.invoices"_s, u"Reports.Daily"_s, u"cache.warm"_s}));

    f.now += 6000; // cache.warm runs out
    f.model.tick();
    QCOMPARE(names(f.proxy), (QStringList{u"billing.invoices"_s, u"Reports.Daily"_s}));
}


// "Problems": expired and not released, lost owner, not renewing, and holds over their
// long-hold threshold; not a held lock within its threshold, nor a free one. A lock that
// becomes late to renew while filtered out enters the view at the tick; a renewal takes it out.
void LockFilterProxyModelTest::problemsShowWhatNeedsSomeone()
{
    Fixture f;
    const auto renewed = [](LockInfo info, qint64 agoMs) {
        info.renewedAt = QDateTime::fromMSecsSinceEpoch(T0 - agoMs, Qt::UTC);
        return info;
    };
    LockInfo longHold = renewed(makeLock(u"long.job"_s, u"etl"_s, 20'000, {}, 40), 1000);
    longHold.acquiredAt = QDateTime::fromMSecsSinceEpoch(T0 - 2 * 3'600'000, Qt::UTC);
    const QList<LockInfo> locks{
        renewed(makeLock(u"fresh"_s, u"etl"_s, 20'000, {}, 21), 10'000),   // late at T0 + 5 s
        renewed(makeLock(u"hung"_s, u"etl"_s, 10'000, {}, 22), 20'000),    // late already
        renewed(makeLock(u"expired"_s, u"etl"_s, -1000, {}, 23), 31'000),  // lease ended
        renewed(makeLock(u"lost"_s, u"ann@here:42:ff"_s, 25'000, {}, 24), 5000), // owner gone
        longHold,                                                           // 2 h, over 1 h
        makeLock(u"free"_s, {}, -50'000, {}, 25)};
    f.model.setLongHoldRules(LongHoldRules::defaults());
    f.model.merge(locks);
    f.proxy.setStateFilter(LockStateFilter::problems());
    QCOMPARE(names(f.proxy),
             (QStringList{u"expired"_s, u"hung"_s, u"long.job"_s, u"lost"_s}));

    f.now = T0 + 5001; // "fresh" is late to renew now
    f.model.tick(QList<int>{});
    QCOMPARE(names(f.proxy),
             (QStringList{u"expired"_s, u"fresh"_s, u"hung"_s, u"long.job"_s, u"lost"_s}));

    QList<LockInfo> next = locks;
    next[1] = renewed(makeLock(u"hung"_s, u"etl"_s, 35'001, {}, 22), -5001); // renewed at last
    f.model.merge(next);
    QCOMPARE(names(f.proxy),
             (QStringList{u"expired"_s, u"fresh"_s, u"long.job"_s, u"lost"_s}));
    f.proxy.setStateFilter(std::nullopt);
    QCOMPARE(f.proxy.rowCount(), 6);
}

QTEST_MAIN(LockFilterProxyModelTest)
#include "tst_lockfilterproxymodel.moc"
