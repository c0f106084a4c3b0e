// SPDX-License-Identifier: GPL-3.0-or-later
// The "Database locks" model (no database): rows per session and lock, the texts of each
// column, refreshes merge in place so a selection stays on its (pid, key), the reading session
// itself is marked, and a waiting row is told apart from a held one.

#include "nativelocksmodel.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using lockcore::NativeLock;
using lockcore::NativeLockSnapshot;
using namespace ui;

namespace {

const QDateTime T0 = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000LL, Qt::UTC);

NativeLock held(qint64 pid, const QString &key, const QString &user = u"alice"_s)
{
    NativeLock lock;
    lock.pid = pid;
    lock.key = key;
    lock.mode = u"ExclusiveLock"_s;
    lock.user = user;
    lock.application = u"billing"_s;
    lock.client = u"10.0.0.5:51234"_s;
    lock.sessionStart = T0.addSecs(-3600);
    lock.xactStart = T0.addSecs(-60);
    return lock;
}

NativeLock waiting(qint64 pid, const QString &key)
{
    NativeLock lock = held(pid, key, u"bob"_s);
    lock.granted = false;
    lock.waitStart = T0.addSecs(-5);
    return lock;
}

NativeLockSnapshot snapshot(const QList<NativeLock> &locks, qint64 ownPid = 1)
{
    NativeLockSnapshot s;
    s.locks = locks;
    s.source = u"pg_locks"_s;
    s.ownPid = ownPid;
    s.dbNow = T0;
    return s;
}

QString cell(const NativeLocksModel &model, int row, int column)
{
    return model.index(row, column).data().toString();
}

} // namespace

class NativeLocksModelTest : public QObject
{
    Q_OBJECT

private slots:
    // Each column shows its field; a held lock counts its waiters, a waiting row says so.
    void columns()
    {
        NativeLocksModel model;
        QAbstractItemModelTester tester(&model);
        NativeLock a = held(100, u"42"_s);
        a.waiters = {200};
        model.setSnapshot(snapshot({a, waiting(200, u"42"_s)}));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(NativeLocksModel::ColumnCount));
        QCOMPARE(cell(model, 0, NativeLocksModel::Key), u"42"_s);
        QCOMPARE(cell(model, 0, NativeLocksModel::Mode), u"ExclusiveLock"_s);
        QCOMPARE(cell(model, 0, NativeLocksModel::Status), u"held"_s);
        QCOMPARE(cell(model, 0, NativeLocksModel::Pid), u"100"_s);
        QCOMPARE(cell(model, 0, NativeLocksModel::User), u"alice"_s);
        QCOMPARE(cell(model, 0, NativeLocksModel::Application), u"billing"_s);
        QCOMPARE(cell(model, 0, NativeLocksModel::Client), u"10.0.0.5:51234"_s);
        QCOMPARE(cell(model, 0, NativeLocksModel::Since),
                 a.xactStart.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s));
        QCOMPARE(cell(model, 0, NativeLocksModel::Waiters), u"1"_s);
        QCOMPARE(cell(model, 1, NativeLocksModel::Status), u"waiting"_s);
        QCOMPARE(cell(model, 1, NativeLocksModel::Since),
                 T0.addSecs(-5).toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s));
        QVERIFY(cell(model, 1, NativeLocksModel::Waiters).isEmpty());
        QCOMPARE(model.index(1, 0).data(NativeLocksModel::GrantedRole).toBool(), false);
        QCOMPARE(model.index(0, 0).data(NativeLocksModel::PidRole).toLongLong(), 100);
        QCOMPARE(model.rowOf(200, u"42"_s, false), 1);
        QCOMPARE(model.rowOf(200, u"42"_s, true), -1);
    }

    // Lockscope's own wake-up lock says whose it is, and a refresh that names it updates the row.
    void wakeUpLockNamed()
    {
        NativeLocksModel model;
        QAbstractItemModelTester tester(&model);
        NativeLock plain = held(100, u"-6301895123589262693"_s);
        model.setSnapshot(snapshot({plain}));
        QCOMPARE(cell(model, 0, NativeLocksModel::Key), u"-6301895123589262693"_s);
        NativeLock named = plain;
        named.wakeLockOf = u"orders"_s;
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setSnapshot(snapshot({named}));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(cell(model, 0, NativeLocksModel::Key),
                 u"-6301895123589262693 (Lockscope wake-up lock of \"orders\")"_s);
        QVERIFY(model.index(0, NativeLocksModel::Key)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(u"\"orders\""_s));
        // The key itself stays the key (terminate and selection use it).
        QCOMPARE(model.index(0, 0).data(NativeLocksModel::KeyRole).toString(),
                 u"-6301895123589262693"_s);
    }

    // Without a transaction start (MySQL) "since" falls back to the state, then the session.
    void sinceFallsBack()
    {
        NativeLock lock = held(5, u"k"_s);
        lock.xactStart = {};
        QCOMPARE(NativeLocksModel::since(lock), lock.sessionStart);
        lock.stateSince = T0.addSecs(-7);
        QCOMPARE(NativeLocksModel::since(lock), T0.addSecs(-7));
    }

    // The reading connection itself is marked and flagged (it cannot be terminated).
    void ownSessionMarked()
    {
        NativeLocksModel model;
        QAbstractItemModelTester tester(&model);
        model.setSnapshot(snapshot({held(7, u"1"_s), held(8, u"2"_s)}, 8));
        QVERIFY(!model.index(0, 0).data(NativeLocksModel::OwnSessionRole).toBool());
        QVERIFY(model.index(1, 0).data(NativeLocksModel::OwnSessionRole).toBool());
        QVERIFY(cell(model, 1, NativeLocksModel::Pid).startsWith(u"8 ("_s));
    }

    // A refresh merges: no reset, unchanged rows are not touched, a changed row gets one
    // dataChanged, and the selection stays on the same (pid, key) when rows come and go.
    void refreshKeepsSelection()
    {
        NativeLocksModel model;
        QAbstractItemModelTester tester(&model);
        model.setSnapshot(snapshot({held(10, u"a"_s), held(11, u"b"_s), held(12, u"c"_s)}));
        QItemSelectionModel selection(&model);
        selection.select(model.index(1, 0),
                         QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);

        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        // Same rows, nothing changed: no signal at all.
        model.setSnapshot(snapshot({held(10, u"a"_s), held(11, u"b"_s), held(12, u"c"_s)}));
        QCOMPARE(changed.count(), 0);

        // "a" is gone, a new lock comes first, "b"'s user changed.
        model.setSnapshot(snapshot({held(9, u"0"_s), held(11, u"b"_s, u"carol"_s),
                                    held(12, u"c"_s)}));
        QCOMPARE(resets.count(), 0);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(cell(model, 0, NativeLocksModel::Key), u"0"_s);
        const QModelIndexList rows = selection.selectedRows();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().data(NativeLocksModel::PidRole).toLongLong(), 11);
        QCOMPARE(rows.first().data(NativeLocksModel::KeyRole).toString(), u"b"_s);
        QCOMPARE(cell(model, rows.first().row(), NativeLocksModel::User), u"carol"_s);

        // The order changes (the database sorts by key): rows move, the selection follows.
        model.setSnapshot(snapshot({held(12, u"c"_s), held(11, u"b"_s, u"carol"_s),
                                    held(9, u"0"_s)}));
        QCOMPARE(resets.count(), 0);
        QCOMPARE(selection.selectedRows().first().data(NativeLocksModel::PidRole).toLongLong(),
                 11);
        QCOMPARE(cell(model, 0, NativeLocksModel::Key), u"c"_s);
        QCOMPARE(cell(model, 2, NativeLocksModel::Key), u"0"_s);

        // Its session ends: the row and the selection go.
        model.setSnapshot(snapshot({held(12, u"c"_s)}));
        QCOMPARE(model.rowCount(), 1);
        QVERIFY(selection.selectedRows().isEmpty());
    }
};

QTEST_MAIN(NativeLocksModelTest)
#include "tst_nativelocksmodel.moc"
