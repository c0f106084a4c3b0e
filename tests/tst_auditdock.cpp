// SPDX-License-Identifier: GPL-3.0-or-later
// The window's Admin audit dock on an SQLite file (offscreen; the SQL of each backend is
// tst_lockctl_audit's): View › Admin audit reads the admin actions through the window's
// monitor, filters by actor, shows the window's own test hold as one, selects a row's lock in
// the lock table on a double-click, says when that lock is not there, and exports CSV and JSON.

#include "auditdock.h"
#include "auditmodel.h"
#include "auditpanel.h"
#include "holderid.h"
#include "lockservice.h"
#include "locktablemodel.h"
#include "mainwindow.h"
#include "session.h"
#include "testholds.h"
#include "windowtesthelpers.h"

#include <QAction>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lockcore;
using ui::AuditModel;

// Fails the test with lockcore's own error message unless `result` holds a value.
#define LOCKSCOPE_OK(result)                                                                      \
    QVERIFY2((result).ok(), (result).ok() ? "" : qPrintable((result).error().fullText()))

namespace {

// The row of the audit table whose Lock and Action columns show these; -1 when none does.
int rowOf(const AuditModel *model, const QString &lock, const QString &action)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, AuditModel::Lock).data().toString() == lock
            && model->index(row, AuditModel::Action).data().toString() == action)
            return row;
    }
    return -1;
}

// A double-click as a mouse makes it: a press first (the view acts on the index it pressed).
void doubleClick(QTableView *view, const QModelIndex &index)
{
    view->scrollTo(index);
    const QPoint at = view->visualRect(index).center();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
}

} // namespace

class AuditDockTest : public QObject
{
    Q_OBJECT

private slots:
    // ann initializes two locks and deletes one, bob initializes a third: in the file before
    // the window opens it.
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto spec = ConnectionSpec::parse(u"sqlite:"_s + m_dir.filePath(u"audit.sqlite"_s));
        LOCKSCOPE_OK(spec);
        m_spec = *spec;
        auto session = Session::open(m_spec);
        LOCKSCOPE_OK(session);
        auto locks = LockService::create(**session);
        LOCKSCOPE_OK(locks);
        LOCKSCOPE_OK(locks->createSchema());
        locks->setActor(u"ann@ops (lockctl)"_s);
        for (const QString &name : {u"orders.a"_s, u"gone.x"_s})
            LOCKSCOPE_OK(locks->initialize(name, 30000, QString()));
        LOCKSCOPE_OK(locks->remove(u"gone.x"_s));
        locks->setActor(u"bob@db (lockctl)"_s);
        LOCKSCOPE_OK(locks->initialize(u"orders.b"_s, 30000, QString()));
    }

    // A double-click on a row selects its lock in the lock table; a deleted lock's row says
    // that it is not there, and the choice stays as it was.
    void doubleClickSelectsTheLock()
    {
        ui::MainWindow window;
        open(window);
        window.action(u"auditAction"_s)->trigger();
        ui::AuditPanel *panel = window.auditDock()->panel();
        QTRY_COMPARE(panel->model()->rowCount(), 4);
        QTableView *table = panel->view();
        const int row = rowOf(panel->model(), u"orders.a"_s, u"Initialize"_s);
        QVERIFY(row >= 0);
        doubleClick(table, panel->model()->index(row, 0));
        QVERIFY(window.selectedLock().has_value());
        QCOMPARE(window.selectedLock()->name, u"orders.a"_s);

        const int gone = rowOf(panel->model(), u"gone.x"_s, u"Delete"_s);
        doubleClick(table, panel->model()->index(gone, 0));
        QVERIFY2(panel->statusText().contains(u"gone.x"_s), qPrintable(panel->statusText()));
        QCOMPARE(window.selectedLock()->name, u"orders.a"_s);
    }

    // Export writes the rows shown: CSV with its header, JSON as one array of them.
    void exportsCsvAndJson()
    {
        ui::MainWindow window;
        open(window);
        window.action(u"auditAction"_s)->trigger();
        ui::AuditPanel *panel = window.auditDock()->panel();
        QTRY_COMPARE(panel->model()->rowCount(), 4);
        const QString csvPath = m_dir.filePath(u"audit.csv"_s);
        const QString jsonPath = m_dir.filePath(u"audit.json"_s);
        QCOMPARE(panel->exportTo(csvPath), QString());
        QCOMPARE(panel->exportTo(jsonPath), QString());
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        QCOMPARE(lines.first(), "id,at,action,kind,lock,holder,fence,actor,detail\r");
        QCOMPARE(lines.size(), 1 + 4 + 1); // the header, the rows, after the last CRLF
        QFile json(jsonPath);
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonArray array = QJsonDocument::fromJson(json.readAll()).array();
        QCOMPARE(array.size(), 4);
        QCOMPARE(array.first()[u"lock"_s].toString(), u"orders.b"_s);
        QCOMPARE(array.first()[u"action"_s].toString(), u"init"_s);
    }

    // View › Admin audit shows the dock, which reads every admin action; an actor filter
    // narrows it; the window's own test hold comes in as one (the dock re-reads after it).
    void readsFiltersAndSeesTheWindowsTestHold()
    {
        ui::MainWindow window;
        open(window);
        ui::AuditDock *dock = window.auditDock();
        QSignalSpy shown(dock, &ui::AuditDock::shown);
        QAction *toggle = window.action(u"auditAction"_s);
        QVERIFY(toggle);
        QVERIFY(!dock->isVisible());
        toggle->trigger();
        QVERIFY(dock->isVisible());
        const AuditModel *model = dock->panel()->model();
        QTRY_COMPARE(model->rowCount(), 4);
        QCOMPARE(model->index(0, AuditModel::Action).data().toString(), u"Initialize"_s);
        QCOMPARE(model->index(0, AuditModel::Lock).data().toString(), u"orders.b"_s);
        QVERIFY(rowOf(model, u"gone.x"_s, u"Delete"_s) >= 0);

        auto *actor = dock->findChild<QLineEdit *>(u"auditActor"_s);
        actor->setText(u"BOB"_s);
        QTest::keyClick(actor, Qt::Key_Return);
        QTRY_COMPARE(model->rowCount(), 1);
        QCOMPARE(model->index(0, AuditModel::Actor).data().toString(), u"bob@db (lockctl)"_s);

        actor->clear();
        QTest::keyClick(actor, Qt::Key_Return);
        QTRY_COMPARE(model->rowCount(), 4);
        window.testHolds()->acquire(u"orders.a"_s, toolHolderId(u"lockscope"_s), 30000, 0,
                                    false);
        QTRY_VERIFY(rowOf(model, u"orders.a"_s, u"Test hold"_s) == 0);
        QVERIFY(model->index(0, AuditModel::Actor).data().toString().endsWith(
            u" (lockscope)"_s));
        window.resize(1280, 800); // the default size, for a person to look at
        windowtest::grabIfAsked(&window, u"audit-dock"_s);
        window.testHolds()->releaseAll();
    }
    // (Last: the test hold is one more admin action in the file.)

private:
    void open(ui::MainWindow &window)
    {
        ui::WindowConnection connection;
        connection.spec = m_spec;
        window.openConnection(connection);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(windowtest::waitForLock(&window, u"orders.a"_s));
    }

    QTemporaryDir m_dir;
    ConnectionSpec m_spec;
};

QTEST_MAIN(AuditDockTest)
#include "tst_auditdock.moc"
