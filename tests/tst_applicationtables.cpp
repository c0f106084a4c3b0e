// SPDX-License-Identifier: GPL-3.0-or-later
// The monitor window on an application's own lock table (a lockcore profile), per backend, on
// the offscreen platform: seed-000's TBL_PESSIMISTIC_LOCK written by the application's own
// statements (seed 000's MyBatis SQL, SYSDATE translated), shown with its holder and lease;
// force release with the application's semantics, refused when the lock changed hands; and
// the table found on connecting to Lockscope's own table and offered in the File menu.

#include "forcereleasedialog.h"
#include "language.h"
#include "localauditlog.h"
#include "locktablemodel.h"
#include "mainwindow.h"
#include "messagebar.h"
#include "profile.h"
#include "testbackend.h"
#include "windowtesthelpers.h"

#include <QAction>
#include <QScopeGuard>
#include <QApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QSqlQuery>
#include <QTableView>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;
using namespace ui;

class ApplicationTablesTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void cleanup();

    void showsTheApplicationsHolderAndLease();
    void forceReleaseDoesWhatTheApplicationsReleaseDoes();
    void forceReleaseIsRefusedWhenTheLockChangedHands();
    void detectedTableIsOfferedAndOpens();
    void lockWithoutExpiryShowsHowLongAndPossiblyStuck();
    void lockWithoutAnyTimeIsTimedFromWhenItWasSeen();

private:
    // Seed 000's doLock(): initializeLock when the row is missing, else competeLock.
    bool appAcquire(const QString &name, const QString &holder, qint64 leaseS);
    // Seed 000's releaseLock(): owner-checked.
    int appRelease(const QString &name, const QString &holder);
    int appExec(const QString &sql, const QVariantList &binds);
    QStringList row(const QString &name); // LOCK_HOLDER, LOCK_STATUS
    void openOnProfile();
    bool waitForLock(const QString &name, const std::function<bool(const LockInfo &)> &condition);
    template<typename Dialog>
    void answerNextDialog(std::function<void(Dialog *)> configure);

    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
    QMetaObject::Connection m_answer;
    QString m_table;  // the application's table
    QString m_native; // a Lockscope table in the same database, for detection
};

int ApplicationTablesTest::appExec(const QString &sql, const QVariantList &binds)
{
    QSqlQuery query(m_session->database());
    if (!query.prepare(sql))
        return -1;
    for (const QVariant &bind : binds)
        query.addBindValue(bind);
    if (!query.exec()) {
        qWarning() << sql << query.lastError().text();
        return -1;
    }
    return query.numRowsAffected();
}

bool ApplicationTablesTest::appAcquire(const QString &name, const QString &holder, qint64 leaseS)
{
    const Dialect::Kind kind = m_session->dialect().kind();
    const bool pg = kind == Dialect::Kind::PostgreSQL;
    const bool my = kind == Dialect::Kind::MySQL;
    const QString now = pg ? u"LOCALTIMESTAMP(0)"_s : my ? u"SYSDATE()"_s : u"datetime('now')"_s;
    const QString until = pg ? u"LOCALTIMESTAMP(0) + CAST(? AS bigint) * interval '1 second'"_s
                          : my ? u"DATE_ADD(SYSDATE(), INTERVAL ? SECOND)"_s
                               : u"datetime('now', ? || ' seconds')"_s;
    const QVariant lease = pg || my ? QVariant(leaseS) : QVariant(QString::number(leaseS));
    QSqlQuery exists(m_session->database());
    exists.prepare(u"SELECT LOCK_NAME FROM "_s + m_table + u" WHERE LOCK_NAME = ?"_s);
    exists.addBindValue(name);
    if (exists.exec() && !exists.next())
        return appExec(u"INSERT INTO "_s + m_table
                           + u" (LOCK_NAME, LOCK_TIME, LOCK_HOLDER, EXPIRED_TIME, LOCK_STATUS)"
                             u" VALUES (?, "_s
                           + now + u", ?, "_s + until + u", 1)"_s,
                       {name, holder, lease})
               == 1;
    return appExec(u"UPDATE "_s + m_table + u" SET LOCK_HOLDER = ?, LOCK_STATUS = 1, LOCK_TIME = "_s
                       + now + u", EXPIRED_TIME = "_s + until
                       + u" WHERE LOCK_NAME = ? AND (LOCK_STATUS = 0 OR "_s + now
                       + u" > EXPIRED_TIME)"_s,
                   {holder, lease, name})
           == 1;
}

int ApplicationTablesTest::appRelease(const QString &name, const QString &holder)
{
    return appExec(u"UPDATE "_s + m_table
                       + u" SET LOCK_STATUS = 0 WHERE LOCK_NAME = ? AND LOCK_HOLDER = ?"_s,
                   {name, holder});
}

QStringList ApplicationTablesTest::row(const QString &name)
{
    QSqlQuery query(m_session->database());
    query.prepare(u"SELECT LOCK_HOLDER, LOCK_STATUS FROM "_s + m_table
                  + u" WHERE LOCK_NAME = ?"_s);
    query.addBindValue(name);
    if (!query.exec() || !query.next())
        return {};
    return {query.value(0).toString(), QString::number(query.value(1).toInt())};
}

template<typename Dialog>
void ApplicationTablesTest::answerNextDialog(std::function<void(Dialog *)> configure)
{
    windowtest::answerNextDialog<Dialog>(m_window.get(), this, m_answer, std::move(configure));
}

bool ApplicationTablesTest::waitForLock(const QString &name,
                                const std::function<bool(const LockInfo &)> &condition)
{
    return windowtest::waitForLock(m_window.get(), name, condition);
}

void ApplicationTablesTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    // Unquoted, as the application creates it (PostgreSQL folds it to lower case).
    m_table = TestBackend::uniqueTable(u"tbl_pessimistic_lock"_s).toLower();
    const Dialect::Kind kind = m_session->dialect().kind();
    const QString time = kind == Dialect::Kind::PostgreSQL ? u"TIMESTAMP(0)"_s
                         : kind == Dialect::Kind::MySQL    ? u"DATETIME"_s
                                                           : u"TEXT"_s;
    const QString ddl = u"CREATE TABLE %1 (LOCK_NAME VARCHAR(64) NOT NULL, LOCK_TIME %2 NOT NULL,"
                        u" LOCK_HOLDER VARCHAR(64) NOT NULL, EXPIRED_TIME %2 NOT NULL,"
                        u" LOCK_STATUS NUMERIC(1,0) DEFAULT 0 NOT NULL, PRIMARY KEY (LOCK_NAME))"_s
                            .arg(m_table, time);
    QVERIFY2(testsupport::execRaw(*m_session, ddl, &error), qPrintable(error));
    m_native = TestBackend::uniqueTable(u"apptables"_s);
    auto service = LockService::create(*m_session, m_native);
    LOCKSCOPE_VERIFY_OK(service);
    LOCKSCOPE_VERIFY_OK(service->createSchema());
}

void ApplicationTablesTest::cleanupTestCase()
{
    if (!m_session)
        return;
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_table);
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_native + u"_event"_s);
    testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_native);
}

void ApplicationTablesTest::cleanup()
{
    m_window.reset();
}

void ApplicationTablesTest::openOnProfile()
{
    m_window = std::make_unique<MainWindow>();
    WindowConnection connection;
    connection.spec = TestBackend::instance().spec();
    connection.table = m_table;
    connection.connectTimeoutS = 3;
    connection.lockProfile = Profile::builtIn(u"seed-000"_s)->toMap();
    m_window->openConnection(connection);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void ApplicationTablesTest::showsTheApplicationsHolderAndLease()
{
    QVERIFY(appAcquire(u"report.daily"_s, u"app-node-1"_s, 600));
    openOnProfile();
    LockInfo shown;
    QVERIFY(waitForLock(u"report.daily"_s, [&](const LockInfo &info) {
        shown = info;
        return info.holder == u"app-node-1" && info.state == LockState::Held;
    }));
    // The lease the application wrote (600 s, whole seconds), by the database clock.
    const qint64 leftMs = shown.dbNow.msecsTo(shown.expiresAt);
    QVERIFY2(leftMs > 595000 && leftMs <= 601000, qPrintable(QString::number(leftMs)));
    // Its local-clock times are shown as true times: locked a moment ago, not hours away.
    const qint64 lockedAgoMs = shown.acquiredAt.msecsTo(QDateTime::currentDateTimeUtc());
    QVERIFY2(qAbs(lockedAgoMs) < 60000, qPrintable(QString::number(lockedAgoMs)));
    QVERIFY(m_window->windowTitle().contains(u"seed-000"_s));
    QVERIFY(m_window->view()->isColumnHidden(LockTableModel::Fence));
    QVERIFY(m_window->selectLock(u"report.daily"_s));
    QTRY_VERIFY(m_window->action(u"forceReleaseAction"_s)->isEnabled());
    QVERIFY(!m_window->action(u"deleteAction"_s)->isEnabled());
    QVERIFY(!m_window->action(u"createSchemaAction"_s)->isEnabled());
    QVERIFY(m_window->action(u"initializeAction"_s)->isEnabled()); // seed-000 pre-creates rows
    QVERIFY(appRelease(u"report.daily"_s, u"app-node-1"_s) == 1);
    QVERIFY(waitForLock(u"report.daily"_s,
                        [](const LockInfo &info) { return info.state == LockState::Free; }));
}

void ApplicationTablesTest::forceReleaseDoesWhatTheApplicationsReleaseDoes()
{
    QVERIFY(appAcquire(u"billing"_s, u"dead-node"_s, 600));
    openOnProfile();
    QVERIFY(waitForLock(u"billing"_s,
                        [](const LockInfo &info) { return info.holder == u"dead-node"; }));
    QVERIFY(m_window->selectLock(u"billing"_s));
    QTRY_VERIFY(m_window->action(u"forceReleaseAction"_s)->isEnabled());
    answerNextDialog<ForceReleaseDialog>([](ForceReleaseDialog *dialog) {
        dialog->findChild<QLineEdit *>(u"reason"_s)->setText(u"node is gone"_s);
        dialog->accept();
    });
    m_window->action(u"forceReleaseAction"_s)->trigger();
    // seed-000's release: LOCK_STATUS back to 0, the row stays.
    QTRY_VERIFY_WITH_TIMEOUT(row(u"billing"_s).value(1) == u"0", 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->messageBar()->text().contains(u"Force-released"_s), 5000);
    // Recorded with its reason (issue 50): in the local audit log (TestBackend points it at its
    // own folder), as the test databases have no dist_lock_event, unless one was made there.
    const QString said = m_window->messageBar()->text();
    QVERIFY2(said.contains(u"Recorded in the local audit log."_s)
                 || said.contains(u"Recorded in dist_lock_event."_s),
             qPrintable(said));
    if (said.contains(u"Recorded in the local audit log."_s)) {
        QFile log(lockcore::localAuditLogPath());
        QVERIFY2(log.open(QIODevice::ReadOnly), qPrintable(log.fileName()));
        const QJsonObject line
            = QJsonDocument::fromJson(log.readAll().trimmed().split('\n').last()).object();
        QCOMPARE(line[u"lock"_s].toString(), u"billing"_s);
        QCOMPARE(line[u"action"_s].toString(), u"force_release"_s);
        QCOMPARE(line[u"reason"_s].toString(), u"node is gone"_s);
        QCOMPARE(line[u"expect_holder"_s].toString(), u"dead-node"_s);
        QCOMPARE(line[u"outcome"_s].toString(), u"released"_s);
        QVERIFY(line[u"admin"_s].toString().endsWith(u" (lockscope)"_s));
    }
    // The application can take it at once, and the old holder's release changes nothing.
    QVERIFY(appAcquire(u"billing"_s, u"node-2"_s, 600));
    QCOMPARE(appRelease(u"billing"_s, u"dead-node"_s), 0);
    QCOMPARE(row(u"billing"_s), (QStringList{u"node-2"_s, u"1"_s}));
    QVERIFY(appRelease(u"billing"_s, u"node-2"_s) == 1);
}

void ApplicationTablesTest::forceReleaseIsRefusedWhenTheLockChangedHands()
{
    QVERIFY(appAcquire(u"moving"_s, u"node-1"_s, 600));
    openOnProfile();
    QVERIFY(waitForLock(u"moving"_s,
                        [](const LockInfo &info) { return info.holder == u"node-1"; }));
    QVERIFY(m_window->selectLock(u"moving"_s));
    QTRY_VERIFY(m_window->action(u"forceReleaseAction"_s)->isEnabled());
    answerNextDialog<ForceReleaseDialog>([this](ForceReleaseDialog *dialog) {
        // While the admin reads the dialog, the application hands the lock over.
        QCOMPARE(appRelease(u"moving"_s, u"node-1"_s), 1);
        QVERIFY(appAcquire(u"moving"_s, u"node-2"_s, 600));
        dialog->findChild<QLineEdit *>(u"reason"_s)->setText(u"looks stuck"_s);
        dialog->accept();
    });
    m_window->action(u"forceReleaseAction"_s)->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->messageBar()->text().contains(u"Refused"_s), 5000);
    QCOMPARE(row(u"moving"_s), (QStringList{u"node-2"_s, u"1"_s}));
    QVERIFY(appRelease(u"moving"_s, u"node-2"_s) == 1);
}

void ApplicationTablesTest::detectedTableIsOfferedAndOpens()
{
    QVERIFY(appAcquire(u"detected.job"_s, u"node-9"_s, 600));
    m_window = std::make_unique<MainWindow>();
    WindowConnection connection;
    connection.spec = TestBackend::instance().spec();
    connection.table = m_native;
    connection.connectTimeoutS = 3;
    m_window->openConnection(connection);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    const QString actionName = u"openApplicationTable_"_s + m_table;
    QAction *open = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((open = m_window->findChild<QMenu *>(u"applicationTablesMenu"_s)
                                         ->findChild<QAction *>(actionName)),
                             10000);
    QVERIFY(m_window->messageBar()->text().contains(m_table));
    open->trigger();
    QVERIFY(waitForLock(u"detected.job"_s,
                        [](const LockInfo &info) { return info.holder == u"node-9"; }));
    QVERIFY(m_window->windowTitle().contains(u"seed-000"_s));
    // And back to Lockscope's own table.
    m_window->findChild<QAction *>(u"openLockscopeTable"_s)->trigger();
    QTRY_VERIFY(!m_window->windowTitle().contains(u"seed-000"_s));
    QVERIFY(appRelease(u"detected.job"_s, u"node-9"_s) == 1);
}

void ApplicationTablesTest::lockWithoutExpiryShowsHowLongAndPossiblyStuck()
{
    // A custom mapping of a task table with no expiry and no holder (seed 004's design plus a
    // locked-at column): a lock held for two hours is flagged, a fresh one is not.
    const QString table = TestBackend::uniqueTable(u"task_lock"_s).toLower();
    const Dialect::Kind kind = m_session->dialect().kind();
    const bool pg = kind == Dialect::Kind::PostgreSQL;
    const bool my = kind == Dialect::Kind::MySQL;
    const QString time = pg ? u"TIMESTAMP(3)"_s : my ? u"DATETIME(3)"_s : u"TEXT"_s;
    QString error;
    QVERIFY2(testsupport::execRaw(*m_session,
                                  u"CREATE TABLE %1 (task_id VARCHAR(64) NOT NULL PRIMARY KEY,"
                                  u" locked_at %2 NOT NULL)"_s.arg(table, time),
                                  &error),
             qPrintable(error));
    const auto cleanupTable = qScopeGuard(
        [&] { testsupport::execRaw(*m_session, u"DROP TABLE "_s + table); });
    const QString twoHoursAgo = pg   ? u"LOCALTIMESTAMP - interval '2 hours'"_s
                                : my ? u"NOW(3) - INTERVAL 2 HOUR"_s
                                     : u"strftime('%Y-%m-%d %H:%M:%f', 'now', '-2 hours')"_s;
    const QString now = pg ? u"LOCALTIMESTAMP"_s : my ? u"NOW(3)"_s
                                                  : u"strftime('%Y-%m-%d %H:%M:%f', 'now')"_s;
    QCOMPARE(appExec(u"INSERT INTO "_s + table + u" VALUES ('old.task', "_s + twoHoursAgo + u")"_s,
                     {}),
             1);
    QCOMPARE(appExec(u"INSERT INTO "_s + table + u" VALUES ('new.task', "_s + now + u")"_s, {}), 1);

    QVariantMap mapping{{u"profile"_s, u"custom"_s},
                        {u"table"_s, table},
                        {u"name_column"_s, u"task_id"_s},
                        {u"locked_at_column"_s, u"locked_at"_s},
                        {u"time"_s, kind == Dialect::Kind::SQLite ? u"utc"_s : u"local"_s}};
    auto profile = Profile::custom(mapping);
    LOCKSCOPE_VERIFY_OK(profile);
    m_window = std::make_unique<MainWindow>();
    m_window->monitor()->setStuckAfterMs(3600 * 1000);
    WindowConnection connection;
    connection.spec = TestBackend::instance().spec();
    connection.table = table;
    connection.connectTimeoutS = 3;
    connection.lockProfile = profile->toMap();
    m_window->openConnection(connection);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(waitForLock(u"old.task"_s, [](const LockInfo &info) {
        return info.state == LockState::Held
               && info.description.startsWith(u"Possibly stuck: held for 2 h"_s);
    }));
    QVERIFY(waitForLock(u"new.task"_s, [](const LockInfo &info) {
        return info.state == LockState::Held && info.description.startsWith(u"Held for"_s);
    }));
    for (int r = 0; r < m_window->model()->rowCount(); ++r)
        QCOMPARE(m_window->model()->index(r, LockTableModel::Remaining).data().toString(),
                 u"no expiry"_s);
}

void ApplicationTablesTest::lockWithoutAnyTimeIsTimedFromWhenItWasSeen()
{
    // seed-004's table records only the key: the window counts from when it first saw the
    // lock held, and flags it past the threshold (here 1 s).
    const QString table = TestBackend::uniqueTable(u"dc_task_lock"_s).toLower();
    QString error;
    QVERIFY2(testsupport::execRaw(*m_session,
                                  u"CREATE TABLE %1 (LOCK_TASK_ID VARCHAR(64) NOT NULL PRIMARY KEY)"_s
                                      .arg(table),
                                  &error),
             qPrintable(error));
    const auto cleanupTable = qScopeGuard(
        [&] { testsupport::execRaw(*m_session, u"DROP TABLE "_s + table); });
    // The application's checkApplyTaskLock(): insert the department's row.
    QCOMPARE(appExec(u"INSERT INTO "_s + table + u" (LOCK_TASK_ID) VALUES (?)"_s, {u"dept-42"_s}),
             1);
    m_window = std::make_unique<MainWindow>();
    m_window->monitor()->setStuckAfterMs(1000);
    WindowConnection connection;
    connection.spec = TestBackend::instance().spec();
    connection.table = table;
    connection.connectTimeoutS = 3;
    connection.lockProfile = Profile::builtIn(u"seed-004"_s)->toMap();
    m_window->openConnection(connection);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(waitForLock(u"dept-42"_s, [](const LockInfo &info) {
        return info.state == LockState::Held && info.description.startsWith(u"Held for at least"_s);
    }));
    QVERIFY(waitForLock(u"dept-42"_s, [](const LockInfo &info) {
        return info.description.startsWith(u"Possibly stuck: held for at least"_s);
    }));
    // Released by the application: gone from the table, and timed afresh if taken again.
    QCOMPARE(appExec(u"DELETE FROM "_s + table + u" WHERE LOCK_TASK_ID = ?"_s, {u"dept-42"_s}), 1);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->model()->rowCount(), 0, 5000);
}

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    language::apply(u"en"_s);
    ApplicationTablesTest suite;
    return testsupport::runBackendSuite(&suite, argc, argv);
}

#include "tst_applicationtables.moc"
