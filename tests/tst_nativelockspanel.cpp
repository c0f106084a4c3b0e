// SPDX-License-Identifier: GPL-3.0-or-later
// The "Database locks" view on real servers: a lock another connection holds (pg_advisory_lock,
// GET_LOCK) appears with its pid and user; "Terminate holding session" through the panel, its
// dialog answered with a reason, ends that session, frees the lock and says so; a read-only
// connection offers no terminate; a lock released meanwhile is refused; from a lock a lockctl
// process holds, "Show database session" selects that process's session. Who blocks whom: an
// idle-in-transaction FOR UPDATE holder of a lock-table row is the root of the tree with its
// waiter under it, its row is found locked by it (lock details), and "Terminate session…"
// (whose button no key confirms) ends it; Lockscope's own connections cannot be ended. SQLite:
// the panel says plainly that it has no such locks, nor sessions.

#include "blockingtreemodel.h"
#include "cuttableproxy.h"
#include "endsessiondialog.h"
#include "language.h"
#include "lockdetailspane.h"
#include "lockctlrun.h"
#include "lockservice.h"
#include "mainwindow.h"
#include "nativelocksmodel.h"
#include "nativelockspanel.h"
#include "nativelocksworker.h"
#include "processsockets.h"
#include "sessionthread.h"
#include "terminatesessiondialog.h"
#include "testbackend.h"
#include "windowtesthelpers.h"

#include <QApplication>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>
#include <QtTest>
#include <functional>

using namespace Qt::StringLiterals;
using testsupport::TestBackend;
using namespace ui;

namespace {

// A lock key unique to this run: a bigint for PostgreSQL, a name for MariaDB.
QString uniqueKey()
{
    const quint64 r = QRandomGenerator::global()->generate64() >> 2;
    if (TestBackend::instance().isPostgres())
        return QString::number(qint64(r));
    return u"tst_nativepanel.%1"_s.arg(r);
}

qint64 pidOf(lockcore::Session &session)
{
    QSqlQuery q(session.database());
    const QString sql = TestBackend::instance().isPostgres() ? u"SELECT pg_backend_pid()"_s
                                                             : u"SELECT CONNECTION_ID()"_s;
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toLongLong();
}

// A connection that took `key`; it holds it as long as it lives.
std::unique_ptr<lockcore::Session> holding(const QString &key, QString *error)
{
    auto session = TestBackend::instance().open(error);
    if (!session)
        return nullptr;
    QSqlQuery q(session->database());
    const QString sql = TestBackend::instance().isPostgres()
                            ? u"SELECT pg_advisory_lock(%1)"_s.arg(key)
                            : u"SELECT GET_LOCK('%1', 0)"_s.arg(key);
    if (!q.exec(sql) || !q.next()) {
        *error = q.lastError().text();
        return nullptr;
    }
    if (!TestBackend::instance().isPostgres() && q.value(0).toInt() != 1) {
        *error = u"GET_LOCK did not grant "_s + key;
        return nullptr;
    }
    return session;
}

bool alive(lockcore::Session &session)
{
    QSqlQuery q(session.database());
    return q.exec(u"SELECT 1"_s) && q.next() && q.value(0).toInt() == 1;
}

// A session the tree shows as an application's, not Lockscope's (lockcore names its sessions:
// PostgreSQL by application_name, MySQL/MariaDB by a lockscope-session: user lock).
bool asForeignSession(lockcore::Session &session)
{
    return testsupport::execRaw(session, TestBackend::instance().isPostgres()
                                             ? u"SET application_name = 'tst-rowholder'"_s
                                             : u"DO RELEASE_ALL_LOCKS()"_s);
}

// BEGIN; SELECT .. FOR UPDATE on the lock-table row of `name`, and then nothing (idle in
// transaction), as a stuck application does.
bool lockRow(lockcore::Session &session, const QString &table, const QString &name)
{
    QSqlDatabase db = session.database();
    if (!db.transaction())
        return false;
    QSqlQuery q(db);
    q.prepare(u"SELECT name FROM "_s + table + u" WHERE name = ? FOR UPDATE"_s);
    q.addBindValue(name);
    return q.exec() && q.next();
}

// The first place of `pid` in the tree; invalid: not shown.
QModelIndex treeIndexOf(NativeLocksPanel &panel, qint64 pid)
{
    return panel.blockingModel()->indexOfPid(pid);
}

bool selectSession(NativeLocksPanel &panel, qint64 pid)
{
    const QModelIndex at = treeIndexOf(panel, pid);
    if (!at.isValid())
        return false;
    panel.blockingView()->setCurrentIndex(at);
    return true;
}

bool selectRow(NativeLocksPanel &panel, int row)
{
    if (row < 0)
        return false;
    panel.view()->selectionModel()->select(panel.model()->index(row, 0),
                                           QItemSelectionModel::ClearAndSelect
                                               | QItemSelectionModel::Rows);
    return true;
}

} // namespace

class NativeLocksPanelTest : public QObject
{
    Q_OBJECT

private:
    QString m_table; // a Lockscope lock table whose event table receives the audit

    std::unique_ptr<NativeLocksPanel> shownPanel(bool readOnly)
    {
        auto panel = std::make_unique<NativeLocksPanel>();
        panel->setConnection(TestBackend::instance().spec(), readOnly, 5, m_table);
        panel->resize(1000, 400);
        panel->show();
        return panel;
    }

    // Answers the next confirmation dialog the panel shows.
    void answerNextDialog(NativeLocksPanel &panel,
                          std::function<void(TerminateSessionDialog *)> configure)
    {
        auto connection = std::make_shared<QMetaObject::Connection>();
        *connection = connect(&panel, &NativeLocksPanel::dialogAboutToShow, this,
                              [connection, configure](QDialog *dialog) {
                                  QObject::disconnect(*connection);
                                  auto *typed = qobject_cast<TerminateSessionDialog *>(dialog);
                                  QVERIFY2(typed, dialog->metaObject()->className());
                                  configure(typed);
                              });
    }

    // Answers the next cancel / terminate confirmation of the tree.
    void answerNextEndDialog(NativeLocksPanel &panel,
                             std::function<void(EndSessionDialog *)> configure)
    {
        auto connection = std::make_shared<QMetaObject::Connection>();
        *connection = connect(&panel, &NativeLocksPanel::dialogAboutToShow, this,
                              [connection, configure](QDialog *dialog) {
                                  QObject::disconnect(*connection);
                                  auto *typed = qobject_cast<EndSessionDialog *>(dialog);
                                  QVERIFY2(typed, dialog->metaObject()->className());
                                  configure(typed);
                              });
    }

    void createAuditTable()
    {
        QString error;
        auto session = TestBackend::instance().open(&error);
        QVERIFY2(session, qPrintable(error));
        m_table = TestBackend::uniqueTable(u"tst_nativepanel"_s);
        auto service = lockcore::LockService::create(*session, m_table);
        LOCKSCOPE_VERIFY_OK(service);
        LOCKSCOPE_VERIFY_OK(service->createSchema());
    }

private slots:
    void initTestCase()
    {
        if (TestBackend::instance().isSqlite()) {
            // SQLite: the view says so plainly and offers nothing to terminate.
            auto panel = shownPanel(false);
            QVERIFY2(panel->sourceText().contains(u"SQLite has no such locks"_s),
                     qPrintable(panel->sourceText()));
            QCOMPARE(panel->model()->rowCount(), 0);
            QVERIFY(panel->terminateButton()->isHidden());
            QSignalSpy answered(panel.get(), &NativeLocksPanel::holderSessionShown);
            panel->showHolderSession(u"ops@host-a:4242:a1b2c3"_s, u"billing.invoices"_s);
            QCOMPARE(answered.count(), 1);
            QVERIFY2(panel->messageText().contains(u"SQLite has no database sessions"_s),
                     qPrintable(panel->messageText()));
            QSKIP("SQLite has no advisory or user locks (checked: the panel says so).");
        }
        if (TestBackend::instance().isMariadb()) {
            // Without performance_schema and the metadata_lock_info plugin MariaDB cannot list
            // its user locks (docs/native-locks.md); the test servers load the plugin
            // (scripts/lib/mariadb.sh).
            QString error;
            auto session = TestBackend::instance().open(&error);
            QVERIFY2(session, qPrintable(error));
            QSqlQuery q(session->database());
            QVERIFY(q.exec(u"SELECT @@performance_schema + (SELECT COUNT(*) FROM "
                           "information_schema.PLUGINS WHERE PLUGIN_NAME = "
                           "'METADATA_LOCK_INFO' AND PLUGIN_STATUS = 'ACTIVE')"_s)
                    && q.next());
            if (q.value(0).toInt() == 0)
                QSKIP("This MariaDB server cannot list user locks (no performance_schema, no "
                      "metadata_lock_info plugin).");
        }
        createAuditTable();
    }

    // From a lock a lockctl process holds (its default holder id) to its database session:
    // the panel selects the session of that very process, told here from the server's side by
    // its client port, one of the lockctl process's own sockets. A holder id lockcore did not
    // make is answered with why the session cannot be told.
    void holderSessionIsFoundFromTheLock()
    {
        const QString name = u"tst_holdersession.%1"_s.arg(QRandomGenerator::global()->generate());
        testsupport::LockctlProcess holder({u"--table"_s, m_table, u"acquire"_s, name,
                                            u"--ttl"_s, u"60s"_s, u"--hold"_s, u"50s"_s});
        QVERIFY(holder.waitForStarted());
        QString error;
        auto session = TestBackend::instance().open(&error);
        QVERIFY2(session, qPrintable(error));
        auto locks = lockcore::LockService::create(*session, m_table);
        LOCKSCOPE_VERIFY_OK(locks);
        QString holderId;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                auto state = locks->lock(name);
                holderId = state && *state ? (*state)->holder : QString();
                return !holderId.isEmpty();
            }(),
            20000);
        QVERIFY2(holderId.contains(u':' + QString::number(holder.processId()) + u':'),
                 qPrintable(holderId));

        // The sessions of the lockctl process, as the server lists them by client port.
        const QList<quint16> ports = testsupport::localTcpPorts(holder.processId());
        QVERIFY(!ports.isEmpty());
        QList<qint64> expected;
        QSqlQuery q(session->database());
        QVERIFY(q.exec(TestBackend::instance().isPostgres()
                           ? u"SELECT pid, client_port FROM pg_stat_activity"_s
                           : u"SELECT ID, SUBSTRING_INDEX(HOST, ':', -1) FROM "
                             "information_schema.PROCESSLIST"_s));
        while (q.next())
            if (ports.contains(quint16(q.value(1).toUInt())))
                expected.append(q.value(0).toLongLong());
        QVERIFY(!expected.isEmpty());

        auto panel = shownPanel(false);
        QSignalSpy answered(panel.get(), &NativeLocksPanel::holderSessionShown);
        panel->showHolderSession(holderId, name);
        QTRY_VERIFY_WITH_TIMEOUT(!answered.isEmpty(), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(
            !panel->view()->selectionModel()->selectedRows().isEmpty(), 10000);
        const QModelIndex row = panel->view()->selectionModel()->selectedRows().first();
        const qint64 pid = row.data(NativeLocksModel::PidRole).toLongLong();
        QVERIFY2(expected.contains(pid), qPrintable(u"selected %1, the process's sessions: %2"_s
                                                        .arg(pid)
                                                        .arg(QVariant::fromValue(expected)
                                                                 .toStringList()
                                                                 .join(u", "_s))));
        QVERIFY2(panel->messageText().contains(u"session %1 "_s.arg(pid)),
                 qPrintable(panel->messageText()));
        QVERIFY2(panel->model()->index(row.row(), NativeLocksModel::Key).data().toString()
                     .contains(name),
                 qPrintable(panel->model()->index(row.row(), NativeLocksModel::Key).data()
                                .toString()));
        QVERIFY(!panel->canTerminate() || !TestBackend::instance().isPostgres());
        // Issue 49: the count is of the rows shown, the holder's session among them (it said
        // "0 rows" beside that row).
        QTRY_VERIFY2(panel->sourceText().contains(
                         u"; %1 row"_s.arg(panel->model()->rowCount())),
                     qPrintable(panel->sourceText()));
        windowtest::grabIfAsked(panel.get(),
                                u"holder-session-"_s + TestBackend::instance().name());

        answered.clear();
        panel->showHolderSession(u"billing-worker-7"_s, name);
        QTRY_VERIFY_WITH_TIMEOUT(!answered.isEmpty(), 15000);
        QVERIFY2(panel->messageText().contains(u"not made by lockcore or lockctl"_s),
                 qPrintable(panel->messageText()));
        holder.terminate();
    }

    // The window has a "Database locks" tab that shows the connection's locks.
    void windowHasTab()
    {
        MainWindow window;
        WindowConnection connection;
        connection.spec = TestBackend::instance().spec();
        connection.title = u"test"_s;
        window.openConnection(connection);
        auto *tabs = window.findChild<QTabWidget *>(u"mainTabs"_s);
        QVERIFY(tabs);
        const int index = tabs->indexOf(window.nativeLocksPanel());
        QVERIFY(index > 0);
        QCOMPARE(tabs->tabText(index), u"Database locks"_s);
        window.show();
        tabs->setCurrentIndex(index);
        QTRY_VERIFY_WITH_TIMEOUT(window.nativeLocksPanel()->sourceText().contains(u"read at"_s),
                                 10000);
    }

    // A lock another connection holds appears with that connection's pid and user, as held;
    // the header says where the rows come from.
    void holderAppears()
    {
        const QString key = uniqueKey();
        QString error;
        auto holder = holding(key, &error);
        QVERIFY2(holder, qPrintable(error));
        const qint64 pid = pidOf(*holder);
        auto panel = shownPanel(false);
        QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowOf(pid, key) >= 0, 10000);
        const int row = panel->model()->rowOf(pid, key);
        const auto cell = [&](int column) {
            return panel->model()->index(row, column).data().toString();
        };
        // The holder is a lockcore connection of this test: marked as Lockscope's own.
        QCOMPARE(cell(NativeLocksModel::Pid), u"%1 (Lockscope)"_s.arg(pid));
        QVERIFY(panel->model()->index(row, 0).data(NativeLocksModel::LockscopeRole).toBool());
        QCOMPARE(cell(NativeLocksModel::User), TestBackend::instance().spec().user);
        QCOMPARE(cell(NativeLocksModel::Status), u"held"_s);
        QVERIFY2(panel->sourceText().contains(TestBackend::instance().isPostgres()
                                                  ? u"pg_locks joined with pg_stat_activity"_s
                                                  : u"_schema"_s),
                 qPrintable(panel->sourceText()));
        // The auto refresh sees the release without a click.
        QSqlQuery q(holder->database());
        QVERIFY(q.exec(TestBackend::instance().isPostgres()
                           ? u"SELECT pg_advisory_unlock(%1)"_s.arg(key)
                           : u"SELECT RELEASE_LOCK('%1')"_s.arg(key)));
        QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowOf(pid, key) < 0,
                                 3 * NativeLocksPanel::refreshIntervalMs + 5000);
    }

    // Terminate through the panel: the dialog names the session and needs a reason; the
    // session ends, the lock is freed, the outcome is shown, the row goes.
    void terminateFreesLock()
    {
        const QString key = uniqueKey();
        QString error;
        auto holder = holding(key, &error);
        QVERIFY2(holder, qPrintable(error));
        const qint64 pid = pidOf(*holder);
        auto panel = shownPanel(false);
        QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowOf(pid, key) >= 0, 10000);
        QVERIFY(!panel->terminateButton()->isEnabled()); // nothing selected yet
        QVERIFY(selectRow(*panel, panel->model()->rowOf(pid, key)));
        QVERIFY(panel->terminateButton()->isEnabled());

        bool sawDialog = false;
        answerNextDialog(*panel, [&](TerminateSessionDialog *dialog) {
            sawDialog = true;
            QCOMPARE(dialog->target().pid, pid);
            QCOMPARE(dialog->target().key, key);
            auto *ok = dialog->findChild<QPushButton *>(u"terminateButton"_s);
            QVERIFY(ok && !ok->isEnabled()); // a reason is required
            dialog->findChild<QLineEdit *>(u"reason"_s)->setText(u"stuck batch job"_s);
            QVERIFY(ok->isEnabled());
            dialog->accept();
        });
        panel->terminateButton()->click();
        QVERIFY(sawDialog);
        QTRY_VERIFY_WITH_TIMEOUT(panel->messageText().startsWith(u"Terminated"_s), 15000);
        QVERIFY2(panel->messageText().contains(u"The lock is free now"_s),
                 qPrintable(panel->messageText()));
        QVERIFY(!alive(*holder));
        QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowOf(pid, key) < 0, 10000);
        // The audit in the event table carries the admin's reason.
        QString error2;
        auto session = TestBackend::instance().open(&error2);
        QVERIFY2(session, qPrintable(error2));
        auto service = lockcore::LockService::create(*session, m_table);
        LOCKSCOPE_VERIFY_OK(service);
        auto events = service->history(u"native:"_s + key, 10);
        LOCKSCOPE_VERIFY_OK(events);
        QCOMPARE(events->size(), 1);
        QCOMPARE(events->first().kind, u"terminate"_s);
        QVERIFY2(events->first().detail.startsWith(u"terminated"_s),
                 qPrintable(events->first().detail));
        QVERIFY2(events->first().detail.endsWith(u"reason: stuck batch job"_s),
                 qPrintable(events->first().detail));
    }

    // Cancelling the dialog changes nothing: the holder keeps its lock.
    void cancelKeepsHolder()
    {
        const QString key = uniqueKey();
        QString error;
        auto holder = holding(key, &error);
        QVERIFY2(holder, qPrintable(error));
        const qint64 pid = pidOf(*holder);
        auto panel = shownPanel(false);
        QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowOf(pid, key) >= 0, 10000);
        QVERIFY(selectRow(*panel, panel->model()->rowOf(pid, key)));
        answerNextDialog(*panel, [](TerminateSessionDialog *dialog) { dialog->reject(); });
        panel->terminateSelected();
        QTest::qWait(500);
        QVERIFY(panel->messageText().isEmpty());
        QVERIFY(alive(*holder));
    }

    // A lock released between the read and the terminate: refused (compare-and-set), shown.
    void releasedMeanwhileIsRefused()
    {
        const QString key = uniqueKey();
        QString error;
        auto holder = holding(key, &error);
        QVERIFY2(holder, qPrintable(error));
        const qint64 pid = pidOf(*holder);
        auto panel = shownPanel(false);
        QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowOf(pid, key) >= 0, 10000);
        QVERIFY(selectRow(*panel, panel->model()->rowOf(pid, key)));
        answerNextDialog(*panel, [&](TerminateSessionDialog *dialog) {
            QSqlQuery q(holder->database());
            QVERIFY(q.exec(TestBackend::instance().isPostgres()
                               ? u"SELECT pg_advisory_unlock(%1)"_s.arg(key)
                               : u"SELECT RELEASE_LOCK('%1')"_s.arg(key)));
            dialog->findChild<QLineEdit *>(u"reason"_s)->setText(u"looks stuck"_s);
            dialog->accept();
        });
        panel->terminateSelected();
        QTRY_VERIFY_WITH_TIMEOUT(panel->messageText().startsWith(u"Refused"_s), 15000);
        QVERIFY(alive(*holder));
    }

    // Read-only: the rows show, terminate is not offered.
    void readOnlyOffersNoTerminate()
    {
        const QString key = uniqueKey();
        QString error;
        auto holder = holding(key, &error);
        QVERIFY2(holder, qPrintable(error));
        const qint64 pid = pidOf(*holder);
        auto panel = shownPanel(true);
        QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowOf(pid, key) >= 0, 10000);
        QVERIFY(selectRow(*panel, panel->model()->rowOf(pid, key)));
        QVERIFY(panel->terminateButton()->isHidden());
        QVERIFY(!panel->canTerminate());
        QVERIFY(panel->sourceText().contains(u"Read-only"_s));
    }

    // An idle-in-transaction FOR UPDATE holder of a lock's row and one waiter: the holder is a
    // root of the tree with the waiter under it, Cancel is off on the idle holder; the lock's
    // row is found locked by it (the details pane's line and its link); the Terminate dialog
    // has a button that no key confirms (no mnemonic, not default, Enter on it or in the
    // reason does nothing, Esc cancels); terminated with a reason, the holder ends and both
    // leave the tree.
    void blockingTreeAndTerminate()
    {
        const QString name = u"tst_tree.%1"_s.arg(QRandomGenerator::global()->generate());
        QString error;
        auto admin = TestBackend::instance().open(&error);
        QVERIFY2(admin, qPrintable(error));
        auto service = lockcore::LockService::create(*admin, m_table);
        LOCKSCOPE_VERIFY_OK(service);
        LOCKSCOPE_VERIFY_OK(service->acquire(name, u"tst-owner"_s, 600000));
        auto info = service->lock(name);
        LOCKSCOPE_VERIFY_OK(info);
        QVERIFY(info->has_value());

        testsupport::SessionThread waiter; // ends after the holder: its statement waits for it
        auto holder = TestBackend::instance().open(&error);
        QVERIFY2(holder, qPrintable(error));
        QVERIFY(asForeignSession(*holder));
        const qint64 holderPid = pidOf(*holder);
        QVERIFY(lockRow(*holder, m_table, name));
        qint64 waiterPid = 0;
        waiter.run([&] {
            waiter.session() = TestBackend::instance().open();
            if (waiter.session() && asForeignSession(*waiter.session()))
                waiterPid = pidOf(*waiter.session());
        });
        QVERIFY(waiterPid > 0);
        waiter.start([&] { // waits for the holder, until it ends (or the server's lock timeout)
            QSqlQuery q(waiter.session()->database());
            q.exec(u"UPDATE "_s + m_table + u" SET description = 'waiter' WHERE name = '"_s
                   + name + u'\'');
        });

        auto panel = shownPanel(false);
        QTRY_VERIFY_WITH_TIMEOUT(treeIndexOf(*panel, waiterPid).isValid(), 10000);
        const QModelIndex root = treeIndexOf(*panel, holderPid);
        QVERIFY(root.isValid());
        QVERIFY(!root.parent().isValid()); // a root blocker
        const QModelIndex waiting = treeIndexOf(*panel, waiterPid);
        QCOMPARE(waiting.parent(), root);
        QVERIFY(panel->blockingView()->isExpanded(root));
        QVERIFY(panel->blockingEmptyText().isEmpty());
        const auto cell = [&](const QModelIndex &at, int column) {
            return at.siblingAtColumn(column).data().toString();
        };
        QVERIFY2(cell(root, BlockingTreeModel::State).startsWith(u"idle in transaction"_s)
                     || cell(root, BlockingTreeModel::State).startsWith(u"Sleep"_s),
                 qPrintable(cell(root, BlockingTreeModel::State)));
        QCOMPARE(cell(root, BlockingTreeModel::Blocks), u"1"_s);
        QVERIFY2(!cell(waiting, BlockingTreeModel::WaitsFor).isEmpty(), "waits for nothing?");

        QVERIFY(selectSession(*panel, holderPid));
        QVERIFY(!panel->cancelStatementButton()->isEnabled()); // idle: nothing to cancel
        QVERIFY2(panel->cancelStatementButton()->toolTip().contains(u"runs no statement"_s),
                 qPrintable(panel->cancelStatementButton()->toolTip()));
        QVERIFY(panel->terminateSessionButton()->isEnabled());

        // The lock's row, from the lock details: locked by the holder, with its link.
        QSignalSpy found(panel.get(), &NativeLocksPanel::rowLockersFound);
        panel->lookUpRowLockers(name);
        QTRY_VERIFY_WITH_TIMEOUT(!found.isEmpty(), 10000);
        const auto lockers = found.first().at(1).value<lockcore::RowLockers>();
        QVERIFY(lockers.locked);
        QVERIFY(!lockers.lockers.isEmpty());
        QList<qint64> lockerPids;
        for (const lockcore::RowLocker &locker : lockers.lockers)
            lockerPids << locker.session.pid;
        // MariaDB names candidates (every transaction with row locks, the waiter's too) when
        // it cannot tell which one holds this row; PostgreSQL names the holder exactly.
        QVERIFY(lockerPids.contains(holderPid));
        if (TestBackend::instance().isPostgres())
            QVERIFY(lockers.exact);
        const qint64 shownPid = lockerPids.first();
        if (lockers.exact)
            QCOMPARE(shownPid, holderPid);
        LockDetailsPane pane;
        pane.showLock(**info);
        pane.showRowLockers(name, lockers);
        QVERIFY2(pane.rowLockerText().startsWith(u"Row locked by session %1, "_s.arg(shownPid)),
                 qPrintable(pane.rowLockerText()));
        QSignalSpy goTo(&pane, &LockDetailsPane::sessionRequested);
        pane.showSessionButton()->click();
        QCOMPARE(goTo.count(), 1);
        QCOMPARE(goTo.first().at(0).toLongLong(), shownPid);
        panel->showSession(waiterPid);
        QCOMPARE(panel->blockingView()->currentIndex().data(BlockingTreeModel::PidRole)
                     .toLongLong(),
                 waiterPid);
        QVERIFY(selectSession(*panel, holderPid));

        // No key confirms the dialog; Esc cancels it.
        bool checked = false;
        answerNextEndDialog(*panel, [&](EndSessionDialog *dialog) {
            QCOMPARE(dialog->target().pid, holderPid);
            QPushButton *button = dialog->actionButton();
            QVERIFY(!button->text().contains(u'&'));
            QVERIFY(!button->isDefault() && !button->autoDefault());
            dialog->show();
            QVERIFY(QTest::qWaitForWindowExposed(dialog));
            auto *reason = dialog->findChild<QLineEdit *>(u"reason"_s);
            QTest::keyClicks(reason, u"stuck row lock"_s);
            QVERIFY(button->isEnabled());
            QTest::keyClick(reason, Qt::Key_Return);
            QVERIFY(dialog->isVisible());
            QTest::keyClick(dialog, Qt::Key_T, Qt::AltModifier);
            QVERIFY(dialog->isVisible());
            button->setFocus();
            QTest::keyClick(button, Qt::Key_Return);
            QTest::keyClick(button, Qt::Key_Enter);
            QVERIFY(dialog->isVisible());
            QTest::keyClick(dialog->focusWidget(), Qt::Key_Escape);
            QVERIFY(!dialog->isVisible());
            QCOMPARE(dialog->result(), int(QDialog::Rejected));
            checked = true;
        });
        panel->terminateSessionButton()->click();
        QVERIFY(checked);
        QVERIFY(panel->messageText().isEmpty());
        QVERIFY(alive(*holder));
        // That check was a statement of the holder's: MariaDB's guard (its statement id) now
        // refuses the session as the tree showed it until the tree is read again.
        QSignalSpy shown(panel.get(), &NativeLocksPanel::snapshotShown);
        panel->refresh();
        // (Two reads: the first may have begun before that statement.)
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() >= 2, 10000);
        QVERIFY(selectSession(*panel, holderPid));

        // Terminated with a reason: the holder ends, the waiter goes on, the tree follows.
        answerNextEndDialog(*panel, [](EndSessionDialog *dialog) {
            dialog->findChild<QLineEdit *>(u"reason"_s)->setText(u"stuck row lock"_s);
            dialog->accept();
        });
        QSignalSpy ended(panel.get(), &NativeLocksPanel::endSessionFinished);
        panel->terminateSessionButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!ended.isEmpty(), 10000);
        QVERIFY2(panel->messageText().startsWith(u"Done"_s), qPrintable(panel->messageText()));
        QVERIFY(!alive(*holder));
        QTRY_VERIFY_WITH_TIMEOUT(waiter.done(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!treeIndexOf(*panel, holderPid).isValid()
                                     && !treeIndexOf(*panel, waiterPid).isValid(),
                                 3 * NativeLocksPanel::refreshIntervalMs + 2000);
        if (panel->blockingModel()->isEmpty()) // other suites' sessions may block meanwhile
            QVERIFY2(panel->blockingEmptyText().startsWith(u"Nothing blocks"_s),
                     qPrintable(panel->blockingEmptyText()));
    }

    // A connection of Lockscope's own that blocks: marked so in the tree, and neither Cancel
    // nor Terminate is offered on it.
    void ownConnectionCannotBeEnded()
    {
        const QString name = u"tst_tree.%1"_s.arg(QRandomGenerator::global()->generate());
        QString error;
        auto admin = TestBackend::instance().open(&error);
        QVERIFY2(admin, qPrintable(error));
        auto service = lockcore::LockService::create(*admin, m_table);
        LOCKSCOPE_VERIFY_OK(service);
        LOCKSCOPE_VERIFY_OK(service->acquire(name, u"tst-owner"_s, 600000));
        testsupport::SessionThread waiter; // ends after the holder: its statement waits for it
        auto holder = TestBackend::instance().open(&error); // lockcore's: Lockscope's own
        QVERIFY2(holder, qPrintable(error));
        const qint64 holderPid = pidOf(*holder);
        QVERIFY(lockRow(*holder, m_table, name));
        waiter.run([&] { waiter.session() = TestBackend::instance().open(); });
        QVERIFY(waiter.session());
        waiter.start([&] {
            QSqlQuery q(waiter.session()->database());
            q.exec(u"UPDATE "_s + m_table + u" SET description = 'waiter' WHERE name = '"_s
                   + name + u'\'');
        });
        auto panel = shownPanel(false);
        QTRY_VERIFY_WITH_TIMEOUT(treeIndexOf(*panel, holderPid).isValid(), 10000);
        const QModelIndex root = treeIndexOf(*panel, holderPid);
        QVERIFY(root.data(BlockingTreeModel::LockscopeRole).toBool());
        QVERIFY2(root.data().toString().endsWith(u"(Lockscope)"_s),
                 qPrintable(root.data().toString()));
        QVERIFY(selectSession(*panel, holderPid));
        for (QPushButton *button :
             {panel->cancelStatementButton(), panel->terminateSessionButton()}) {
            QVERIFY(!button->isEnabled());
            QVERIFY2(button->toolTip().contains(u"Lockscope's own"_s),
                     qPrintable(button->toolTip()));
        }
        holder->database().rollback(); // the waiter goes on
        QTRY_VERIFY_WITH_TIMEOUT(waiter.done(), 10000);
    }

    // A refresh that fails keeps what the last one showed, greyed, "as of" its time: it must
    // not look live.
    void failedRefreshShowsAsOf()
    {
        testsupport::CuttableProxy proxy(TestBackend::instance().spec());
        QVERIFY(proxy.port() != 0);
        NativeLocksPanel panel;
        panel.setConnection(proxy.spec(), false, 2, m_table);
        panel.show();
        QTRY_VERIFY_WITH_TIMEOUT(panel.sourceText().contains(u"read at"_s), 10000);
        QVERIFY(!panel.blockingModel()->isStale());
        proxy.cut();
        QTRY_VERIFY_WITH_TIMEOUT(panel.sourceText().startsWith(u"The last refresh failed"_s),
                                 3 * NativeLocksPanel::refreshIntervalMs + 5000);
        QVERIFY2(panel.sourceText().contains(u"as of "_s), qPrintable(panel.sourceText()));
        QVERIFY(panel.blockingModel()->isStale());
    }

    // MySQL/MariaDB: the field the note speaks of ("only the names you give are looked up")
    // is there, and a name given there is found when only given names are looked up (a server
    // that cannot list its user locks); PostgreSQL lists every advisory lock and has no field.
    void namesGivenAreLookedUp()
    {
        const QString key = uniqueKey();
        QString error;
        auto holder = holding(key, &error);
        QVERIFY2(holder, qPrintable(error));
        const qint64 pid = pidOf(*holder);
        auto panel = shownPanel(false);
        if (TestBackend::instance().isPostgres()) {
            QVERIFY(panel->namesEdit()->isHidden());
            return;
        }
        QVERIFY(panel->namesEdit()->isVisible());
        panel->setNamesOnly(true);
        QTRY_VERIFY_WITH_TIMEOUT(panel->sourceText().contains(u"is_used_lock"_s), 10000);
        QCOMPARE(panel->model()->rowOf(pid, key), -1); // not given: not looked up
        panel->namesEdit()->setText(u"someone.else, "_s + key);
        QCOMPARE(panel->names(), (QStringList{u"someone.else"_s, key}));
        emit panel->namesEdit()->editingFinished();
        QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowOf(pid, key) >= 0, 10000);
    }
};

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    language::apply(u"en"_s);
    NativeLocksPanelTest suite;
    return testsupport::runBackendSuite(&suite, argc, argv);
}

#include "tst_nativelockspanel.moc"
