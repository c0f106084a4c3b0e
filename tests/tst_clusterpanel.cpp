// SPDX-License-Identifier: GPL-3.0-or-later
// The window's cluster view on the offscreen platform, fed with ClusterStatus values made by
// hand (no server): the panel's node, kind, state, warning bars, members and notes; the status
// bar item's text, icon and tooltip; the members model merging a refresh; and the whole view
// reading an SQLite file through its worker.

#include "clusterdock.h"
#include "clustermembersmodel.h"
#include "clusterpanel.h"
#include "clusterstatusbutton.h"
#include "clusterview.h"
#include "clusterwarnings.h"
#include "language.h"
#include "lockmonitor.h"

#include <QAbstractItemModelTester>
#include <QMainWindow>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lockcore;
using ui::ClusterMembersModel;

namespace {

ClusterMember member(const QString &address, bool self = false)
{
    ClusterMember m;
    m.address = address;
    m.self = self;
    if (self) {
        m.name = u"node2"_s;
        m.state = u"Synced"_s;
    }
    return m;
}

ClusterStatus galeraStatus(int syncWait = 7)
{
    ClusterStatus status;
    status.kind = ClusterStatus::Kind::Galera;
    status.node = u"10.0.0.2:3306"_s;
    GaleraNode g;
    g.nodeName = u"node2"_s;
    g.clusterSize = 3;
    g.clusterStatus = u"Primary"_s;
    g.localState = u"Synced"_s;
    g.ready = true;
    g.syncWait = syncWait;
    g.clusterStateUuid = u"4fdce774-e924-11f1-87f5-febdaa87b4b7"_s;
    status.galera = g;
    status.members = {member(u"10.0.0.1:3306"_s), member(u"10.0.0.2:3306"_s, true),
                      member(u"10.0.0.3:3306"_s)};
    return status;
}

ClusterStatus asyncPrimary()
{
    ClusterStatus status;
    status.kind = ClusterStatus::Kind::PostgresPrimary;
    status.node = u"10.0.0.1:5432"_s;
    PostgresReplication pg;
    pg.synchronousCommit = u"on"_s;
    pg.standbysConnected = 1;
    pg.physicalSlots = 1;
    status.postgres = pg;
    ClusterMember self;
    self.role = ClusterMember::Role::Primary;
    self.self = true;
    self.address = status.node;
    ClusterMember standby;
    standby.role = ClusterMember::Role::Standby;
    standby.name = u"node_2"_s;
    standby.address = u"10.0.0.2"_s;
    standby.state = u"streaming"_s;
    standby.syncState = u"async"_s;
    standby.replayLagMs = 1500;
    status.members = {self, standby};
    status.unreadable = {u"pg_stat_wal_receiver could not be read: test"_s};
    return status;
}

} // namespace

class ClusterPanelTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { ui::language::apply(u"en"_s); } // English plural forms ("3 nodes")
    void galeraNodeShowsItsClusterAndMarksItself();
    void asynchronousPrimaryWarnsOfLossOnFailover();
    void standaloneIsQuiet();
    void statusBarItemWarnsWithAnIcon();
    void aReadFailureKeepsTheLastStatus();
    void aRefreshOfTheSameMembersChangesRowsOnly();
    void theViewReadsAnSqliteFileAndOpensTheDock();
};

// A Galera node: the title names the node and its kind, the details the cluster's state and
// the session's wsrep_sync_wait; three members, this node in bold; no sync or lag columns.
void ClusterPanelTest::galeraNodeShowsItsClusterAndMarksItself()
{
    ui::ClusterPanel panel;
    panel.resize(800, 400);
    panel.show();
    panel.showStatus(galeraStatus(), QDateTime::currentDateTime());
    QVERIFY2(panel.titleText().contains(u"node2 (10.0.0.2:3306)"_s),
             qPrintable(panel.titleText()));
    QVERIFY(panel.titleText().contains(u"Galera"_s));
    QVERIFY2(panel.detailsText().contains(u"wsrep_sync_wait 7"_s),
             qPrintable(panel.detailsText()));
    QVERIFY(panel.detailsText().contains(u"3 nodes"_s));
    QVERIFY(panel.warningTexts().isEmpty());
    QCOMPARE(panel.model()->rowCount(), 3);
    const QModelIndex self = panel.model()->index(1, ClusterMembersModel::Address);
    QVERIFY(self.data(ClusterMembersModel::SelfRole).toBool());
    QVERIFY(self.data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(self.data().toString().contains(u"10.0.0.2:3306"_s));
    QVERIFY(panel.membersView()->isVisible());
    QVERIFY(panel.membersView()->isColumnHidden(ClusterMembersModel::SyncState));
    QVERIFY(panel.membersView()->isColumnHidden(ClusterMembersModel::ReplayLag));
    QVERIFY(!panel.membersView()->isColumnHidden(ClusterMembersModel::State));
}

// A primary whose standby is asynchronous: the loss warning in a bar, the standby's sync state
// and lag in the table, and what could not be read under it.
void ClusterPanelTest::asynchronousPrimaryWarnsOfLossOnFailover()
{
    ui::ClusterPanel panel;
    panel.show();
    panel.showStatus(asyncPrimary(), QDateTime::currentDateTime());
    QCOMPARE(panel.warningTexts().size(), 1);
    QCOMPARE(panel.warningTexts().constFirst(), clusterWarnings(asyncPrimary()).constFirst().text);
    QVERIFY(panel.warningTexts().constFirst().contains(u"lost on failover"_s));
    QVERIFY(!panel.membersView()->isColumnHidden(ClusterMembersModel::SyncState));
    QVERIFY(!panel.membersView()->isColumnHidden(ClusterMembersModel::ReplayLag));
    QVERIFY(panel.membersView()->isColumnHidden(ClusterMembersModel::WriteLag));
    QCOMPARE(panel.model()->index(1, ClusterMembersModel::SyncState).data().toString(),
             u"async"_s);
    QVERIFY(panel.notesText().contains(u"pg_stat_wal_receiver"_s));

    // The next read finds the standby synchronous: the bar goes.
    ClusterStatus fixed = asyncPrimary();
    fixed.postgres->synchronousStandbyNames = u"node_2"_s;
    fixed.members[1].syncState = u"sync"_s;
    panel.showStatus(fixed, QDateTime::currentDateTime());
    QVERIFY(panel.warningTexts().isEmpty());
}

// Standalone (SQLite, a single server): said once, no table, no warning.
void ClusterPanelTest::standaloneIsQuiet()
{
    ui::ClusterPanel panel;
    panel.show();
    ClusterStatus status;
    status.node = u"db1:3306"_s;
    panel.showStatus(status, QDateTime::currentDateTime());
    QVERIFY(panel.titleText().contains(u"standalone"_s));
    QVERIFY(panel.detailsText().contains(u"Not replicated"_s));
    QVERIFY(!panel.membersView()->isVisible());
    QVERIFY(panel.warningTexts().isEmpty());

    ui::ClusterStatusButton button;
    QVERIFY(button.isHidden()); // nothing read yet
    button.showStatus(status);
    QCOMPARE(button.text(), u"Standalone"_s);
    QVERIFY(button.icon().isNull());
    QVERIFY(!button.hasWarning());
}

// The status bar item: hidden before a read; the node in a few words; a warning icon, and the
// warnings in its tooltip, when one applies.
void ClusterPanelTest::statusBarItemWarnsWithAnIcon()
{
    QMainWindow window;
    auto *button = new ui::ClusterStatusButton(&window);
    window.statusBar()->addPermanentWidget(button);
    window.show();
    QVERIFY(!button->isVisible());
    button->showStatus(galeraStatus());
    QVERIFY(button->isVisible());
    QCOMPARE(button->text(), u"Galera: node2, 3 nodes, Synced"_s);
    QVERIFY(button->icon().isNull());

    button->showStatus(galeraStatus(0));
    QVERIFY(button->hasWarning());
    QVERIFY(!button->icon().isNull());
    QVERIFY2(button->toolTip().contains(u"wsrep_sync_wait is 0"_s), qPrintable(button->toolTip()));

    button->showStatus(asyncPrimary());
    QCOMPARE(button->text(), u"Primary 10.0.0.1:5432, 1 standby"_s);
    QVERIFY(button->hasWarning());
}

// A failed read says so above the status read before, which stays with its time.
void ClusterPanelTest::aReadFailureKeepsTheLastStatus()
{
    ui::ClusterPanel panel;
    panel.show();
    panel.showStatus(galeraStatus(), QDateTime::currentDateTime());
    panel.showError(u"Lost the connection to the server."_s);
    QCOMPARE(panel.errorText(), u"Lost the connection to the server."_s);
    QCOMPARE(panel.model()->rowCount(), 3);
    QVERIFY(panel.titleText().contains(u"node2"_s));
    panel.showStatus(galeraStatus(), QDateTime::currentDateTime());
    QVERIFY(panel.errorText().isEmpty());
}

// The same members read again: only the row that changed is reported, never a reset.
void ClusterPanelTest::aRefreshOfTheSameMembersChangesRowsOnly()
{
    ClusterMembersModel model;
    QAbstractItemModelTester tester(&model,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMembers(galeraStatus().members);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
    QList<ClusterMember> next = galeraStatus().members;
    next[1].state = u"Donor/Desynced"_s;
    model.setMembers(next);
    QCOMPARE(resets.size(), 0);
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes.constFirst().at(0).toModelIndex().row(), 1);
    QCOMPARE(model.index(1, ClusterMembersModel::State).data().toString(), u"Donor/Desynced"_s);

    next.removeLast(); // a node left: another membership
    model.setMembers(next);
    QCOMPARE(resets.size(), 1);
    QCOMPARE(model.rowCount(), 2);
}

// The whole view on a window: a connection opened, the status read by the worker (its answer
// arrives as a signal while the test's event loop runs), the status bar says "Standalone", the
// dock opens from the item, reads again, and its panel shows the database file.
void ClusterPanelTest::theViewReadsAnSqliteFileAndOpensTheDock()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"locks.sqlite"_s);
    auto spec = ConnectionSpec::parse(u"sqlite:"_s + path);
    QVERIFY(spec.ok());
    QMainWindow window;
    ui::LockMonitor monitor;
    ui::ClusterView view(&window, &monitor);
    window.show();
    QSignalSpy shown(&view, &ui::ClusterView::shown);
    view.setConnection(*spec, 5);
    QVERIFY(shown.wait(10000));
    QVERIFY(view.button()->isVisible());
    QCOMPARE(view.button()->text(), u"Standalone"_s);
    QVERIFY(!view.dock()->isVisible());
    QTest::mouseClick(view.button(), Qt::LeftButton);
    QVERIFY(view.dock()->isVisible());
    QVERIFY(shown.wait(10000)); // opening the dock reads again
    QVERIFY2(view.panel()->titleText().contains(path), qPrintable(view.panel()->titleText()));
}

QTEST_MAIN(ClusterPanelTest)
#include "tst_clusterpanel.moc"
