// SPDX-License-Identifier: GPL-3.0-or-later
// The window when the database goes away and comes back (issue 49), on the offscreen platform:
// stale data never looks live (a private relay to the server freezes under the window, on each
// server; paused refresh on SQLite), the next try is said and F5 makes it now, an action's
// result goes and says when it is outdated, and a filter's count says "N shown of M". The
// tests that need no server run on the SQLite pass only.

#include "cuttableproxy.h"
#include "lockdetailspane.h"
#include "lockdisplaystate.h"
#include "lockstatepalette.h"
#include "locktablemodel.h"
#include "mainwindow.h"
#include "messagebar.h"
#include "resultwatch.h"
#include "testacquiredialog.h"
#include "testbackend.h"
#include "windowtesthelpers.h"

#include <QAction>
#include <QBrush>
#include <QCheckBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSpinBox>
#include <QTcpServer>
#include <QTcpSocket>

using namespace Qt::StringLiterals;
using namespace lockcore;
using testsupport::TestBackend;
using namespace ui;

class WindowOutageTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void rowsLookStaleWhileTheServerIsGone();
    void pausedDataLooksStale();
    void nextTryIsSaidAndF5TriesNow();
    void resultAboutAHolderSaysItIsOutdated();
    void failedActionsResultGoes();
    void filteredCountsSayHowManyAreShown();

private:
    void open(const ConnectionSpec &spec, int intervalMs = 1000);
    QModelIndex cell(const QString &name, int column) const;
    QString countsText() const;
    QString detailsText() const;

    std::unique_ptr<Session> m_session;
    std::optional<LockService> m_locks;
    QString m_table;
    std::unique_ptr<MainWindow> m_window;
    QMetaObject::Connection m_answer;
};

void WindowOutageTest::initTestCase()
{
    QString error;
    m_session = TestBackend::instance().open(&error);
    QVERIFY2(m_session, qPrintable(error));
    m_table = TestBackend::uniqueTable(u"outage"_s);
    auto service = LockService::create(*m_session, m_table);
    LOCKSCOPE_VERIFY_OK(service);
    m_locks.emplace(std::move(service).value());
    LOCKSCOPE_VERIFY_OK(m_locks->createSchema());
    QVERIFY(m_locks->acquire(u"outage.held"_s, u"worker-1"_s, 600'000)->acquired);
    QVERIFY(m_locks->initialize(u"outage.free"_s, 30000, QString())->created);
}

void WindowOutageTest::cleanupTestCase()
{
    if (m_session && m_locks) {
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().events);
        testsupport::execRaw(*m_session, u"DROP TABLE "_s + m_locks->tables().locks);
    }
}

void WindowOutageTest::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void WindowOutageTest::cleanup()
{
    m_window.reset();
}

void WindowOutageTest::open(const ConnectionSpec &spec, int intervalMs)
{
    m_window->findChild<QSpinBox *>(u"interval"_s)->setValue(intervalMs);
    m_window->monitor()->setCallTimeoutMs(1000); // a hung statement fails within a second
    WindowConnection connection;
    connection.spec = spec;
    connection.table = m_table;
    connection.connectTimeoutS = 2;
    m_window->openConnection(connection);
}

QModelIndex WindowOutageTest::cell(const QString &name, int column) const
{
    const int row = m_window->model()->rowOf(name);
    return row < 0 ? QModelIndex() : m_window->model()->index(row, column);
}

QString WindowOutageTest::countsText() const
{
    return m_window->findChild<QLabel *>(u"counts"_s)->text();
}

QString WindowOutageTest::detailsText() const
{
    QStringList texts;
    for (const QLabel *label : m_window->detailsPane()->findChildren<QLabel *>())
        texts << label->text();
    return texts.join(u" | "_s);
}

// Issue 49, defect 3: with the server gone (its relay frozen: nothing answers), the held row
// stops looking live: no state colour, grey, its countdown stopped; the status bar's counts
// and the details pane say "as of" the last read. When the server answers again, the live look
// comes back and the countdown moves.
void WindowOutageTest::rowsLookStaleWhileTheServerIsGone()
{
    if (!TestBackend::instance().spec().isServer())
        QSKIP("SQLite has no server to lose (pausedDataLooksStale covers the look)");
    testsupport::CuttableProxy proxy(TestBackend::instance().spec());
    QVERIFY(proxy.port() > 0);
    open(proxy.spec(), 200);
    QVERIFY(windowtest::waitForLock(m_window.get(), u"outage.held"_s));
    QVERIFY(m_window->selectLock(u"outage.held"_s));
    const QColor held = lockStateForeground(LockDisplayState::Held, QGuiApplication::palette());
    const auto foreground = [this] {
        return cell(u"outage.held"_s, LockTableModel::State).data(Qt::ForegroundRole)
            .value<QBrush>().color();
    };
    QCOMPARE(foreground(), held);
    QVERIFY(!cell(u"outage.held"_s, LockTableModel::State).data(LockTableModel::StaleRole)
                 .toBool());

    proxy.freeze(true);
    QTRY_VERIFY_WITH_TIMEOUT(cell(u"outage.held"_s, LockTableModel::State)
                                 .data(LockTableModel::StaleRole).toBool(),
                             3000);
    QVERIFY(foreground() != held);
    QCOMPARE(foreground(), staleForeground(QGuiApplication::palette()));
    QVERIFY(cell(u"outage.held"_s, LockTableModel::State).data(Qt::BackgroundRole)
                .value<QBrush>().style() == Qt::NoBrush);
    QVERIFY2(cell(u"outage.held"_s, LockTableModel::Remaining).data(Qt::ToolTipRole).toString()
                 .contains(u"as of"_s),
             qPrintable(cell(u"outage.held"_s, LockTableModel::Remaining)
                            .data(Qt::ToolTipRole).toString()));
    QVERIFY2(countsText().startsWith(u"As of "_s), qPrintable(countsText()));
    QVERIFY2(detailsText().contains(u"as of"_s), qPrintable(detailsText()));
    // Stopped: the countdown, the state and the counts stay as read while nothing answers.
    const QString remaining = cell(u"outage.held"_s, LockTableModel::Remaining).data().toString();
    const QString counts = countsText();
    QTest::qWait(700); // (the countdown shows tenths of a second: it would have moved)
    QCOMPARE(cell(u"outage.held"_s, LockTableModel::Remaining).data().toString(), remaining);
    QCOMPARE(countsText(), counts);
    QCOMPARE(cell(u"outage.held"_s, LockTableModel::State).data().toString(),
             lockDisplayStateText(LockDisplayState::Held));
    windowtest::grabIfAsked(m_window.get(), u"outage-stale-"_s + TestBackend::instance().name());

    proxy.freeze(false);
    m_window->action(u"refreshAction"_s)->trigger(); // F5: no need to wait for the next try
    QTRY_VERIFY_WITH_TIMEOUT(!cell(u"outage.held"_s, LockTableModel::State)
                                  .data(LockTableModel::StaleRole).toBool(),
                             8000);
    QCOMPARE(foreground(), held);
    QVERIFY2(!countsText().startsWith(u"As of "_s), qPrintable(countsText()));
    QVERIFY2(!detailsText().contains(u"as of"_s), qPrintable(detailsText()));
    QTRY_VERIFY_WITH_TIMEOUT(
        cell(u"outage.held"_s, LockTableModel::Remaining).data().toString() != remaining, 2000);
}

// Paused, the table is as of the last read: the same stale look (every backend has a pause).
void WindowOutageTest::pausedDataLooksStale()
{
    if (!TestBackend::instance().isSqlite())
        QSKIP("the same on every backend: run on SQLite only");
    open(TestBackend::instance().spec());
    QVERIFY(windowtest::waitForLock(m_window.get(), u"outage.held"_s));
    QAction *pause = m_window->action(u"pauseRefreshAction"_s);
    pause->trigger();
    QVERIFY(cell(u"outage.held"_s, LockTableModel::Remaining).data(LockTableModel::StaleRole)
                .toBool());
    QVERIFY2(countsText().startsWith(u"As of "_s), qPrintable(countsText()));
    const QString remaining = cell(u"outage.held"_s, LockTableModel::Remaining).data().toString();
    QTest::qWait(400);
    QCOMPARE(cell(u"outage.held"_s, LockTableModel::Remaining).data().toString(), remaining);
    pause->trigger();
    QTRY_VERIFY(!cell(u"outage.held"_s, LockTableModel::Remaining)
                     .data(LockTableModel::StaleRole).toBool());
    QTRY_VERIFY_WITH_TIMEOUT(
        cell(u"outage.held"_s, LockTableModel::Remaining).data().toString() != remaining, 2000);
}

// Issue 49, defect 8: after a failed refresh the status bar counts down to the next try and
// says F5 tries now, which it does; the waits are short while the window is in sight.
void WindowOutageTest::nextTryIsSaidAndF5TriesNow()
{
    if (!TestBackend::instance().isSqlite())
        QSKIP("needs no database: run on SQLite only");
    QCOMPARE(LockMonitor::retryDelayMs(1, true), 1000);
    QCOMPARE(LockMonitor::retryDelayMs(6, true), LockMonitor::WatchedRetryMs);
    QVERIFY(LockMonitor::WatchedRetryMs <= 5000);
    QCOMPARE(LockMonitor::retryDelayMs(3, false), 4000);
    QCOMPARE(LockMonitor::retryDelayMs(6, false), LockMonitor::UnwatchedRetryMs);

    // A "server" that hangs up on every connection: each try fails at once.
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    int tries = 0;
    connect(&server, &QTcpServer::newConnection, this, [&server, &tries] {
        while (QTcpSocket *socket = server.nextPendingConnection()) {
            ++tries;
            socket->abort();
            socket->deleteLater();
        }
    });
    auto spec = ConnectionSpec::parse(
        u"postgresql://nobody@127.0.0.1:%1/nothing"_s.arg(server.serverPort()));
    LOCKSCOPE_VERIFY_OK(spec);
    open(*spec);
    QVERIFY(m_window->monitor()->isWatched());
    auto *next = m_window->findChild<QLabel *>(u"nextTry"_s);
    QVERIFY(next);
    QTRY_VERIFY_WITH_TIMEOUT(next->isVisible(), 5000);
    QVERIFY2(next->text().contains(u"F5 tries now"_s) && next->text().contains(u"Next try in"_s),
             qPrintable(next->text()));
    const int waiting = m_window->monitor()->nextTryInMs();
    QVERIFY2(waiting > 200 && waiting <= LockMonitor::WatchedRetryMs,
             qPrintable(QString::number(waiting)));
    const int before = tries;
    m_window->action(u"refreshAction"_s)->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(tries > before, waiting / 2);
    // Out of sight (minimised) the waits may be long; back in sight, short again.
    m_window->showMinimized();
    QTRY_VERIFY(!m_window->monitor()->isWatched());
    m_window->showNormal();
    QTRY_VERIFY(m_window->monitor()->isWatched());
}

// Issue 49, defect 7: a refusal that names the holder ("held by intruder@host-y:999") is marked
// outdated at the refresh that shows the lock changed, and goes after the result's time.
void WindowOutageTest::resultAboutAHolderSaysItIsOutdated()
{
    if (!TestBackend::instance().isSqlite())
        QSKIP("the same on every backend: run on SQLite only");
    const auto taken = m_locks->acquire(u"stuck.d"_s, u"intruder@host-y:999"_s, 600'000);
    QVERIFY(taken && taken->acquired);
    open(TestBackend::instance().spec(), 200);
    QVERIFY(windowtest::waitForLock(m_window.get(), u"stuck.d"_s));
    QVERIFY(m_window->selectLock(u"stuck.d"_s));
    QTRY_VERIFY(m_window->action(u"testAcquireAction"_s)->isEnabled());
    windowtest::answerNextDialog<TestAcquireDialog>(
        m_window.get(), this, m_answer, [](TestAcquireDialog *dialog) {
            dialog->findChild<QLineEdit *>(u"holder"_s)->setText(u"admin@test (probe)"_s);
            dialog->findChild<QCheckBox *>(u"renew"_s)->setChecked(false);
            dialog->accept();
        });
    m_window->action(u"testAcquireAction"_s)->trigger();
    MessageBar *bar = m_window->messageBar();
    QTRY_VERIFY_WITH_TIMEOUT(bar->text().contains(u"intruder@host-y:999"_s), 5000);
    QVERIFY2(!bar->text().contains(u"Outdated"_s), qPrintable(bar->text()));
    QVERIFY2(bar->expiresInMs() > 0 && bar->expiresInMs() <= MessageBar::ResultTimeoutMs,
             qPrintable(QString::number(bar->expiresInMs()) + u' ' + bar->text()));
    QVERIFY(m_locks->release(u"stuck.d"_s, u"intruder@host-y:999"_s, taken->fence)->released);
    QTRY_VERIFY_WITH_TIMEOUT(bar->text().contains(u"Outdated"_s), 3000);
    QVERIFY2(bar->text().contains(u"free now"_s), qPrintable(bar->text()));
    QVERIFY2(bar->expiresInMs() > 0 && bar->expiresInMs() <= MessageBar::ResultTimeoutMs,
             qPrintable(QString::number(bar->expiresInMs()) + u' ' + bar->text()));
    auto *watch = m_window->findChild<ResultWatch *>();
    QVERIFY(watch);
    watch->setTimeoutMs(300);
    // The next result (a refusal again, by another intruder) goes after its time.
    const auto second = m_locks->acquire(u"stuck.d"_s, u"intruder-2"_s, 600'000);
    QVERIFY(second && second->acquired);
    QVERIFY(windowtest::waitForLock(m_window.get(), u"stuck.d"_s, [](const LockInfo &info) {
        return info.holder == u"intruder-2";
    }));
    windowtest::answerNextDialog<TestAcquireDialog>(
        m_window.get(), this, m_answer, [](TestAcquireDialog *dialog) { dialog->accept(); });
    m_window->action(u"testAcquireAction"_s)->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(bar->text().contains(u"intruder-2"_s), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(bar->isHidden(), 2000);
    QVERIFY(m_locks->release(u"stuck.d"_s, u"intruder-2"_s, second->fence)->released);
}

// Issue 49, defect 7: a failed action's message (told in a box too) does not stay for good.
void WindowOutageTest::failedActionsResultGoes()
{
    if (!TestBackend::instance().isSqlite())
        QSKIP("the same on every backend: run on SQLite only");
    open(TestBackend::instance().spec());
    QVERIFY(windowtest::waitForLock(m_window.get(), u"outage.free"_s));
    auto *watch = m_window->findChild<ResultWatch *>();
    QVERIFY(watch);
    watch->setTimeoutMs(300);
    windowtest::answerNextDialog<QMessageBox>(m_window.get(), this, m_answer,
                                              [](QMessageBox *box) { box->accept(); });
    AdminRequest request; // refused: its time ran out before it was sent
    request.kind = AdminRequest::Kind::Delete;
    request.name = u"outage.free"_s;
    request.deadline = QDeadlineTimer(0);
    m_window->monitor()->submit(request);
    MessageBar *bar = m_window->messageBar();
    QTRY_VERIFY_WITH_TIMEOUT(!bar->isHidden() && bar->kind() == MessageBar::Kind::Error, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(bar->isHidden(), 2000);
}

// Issue 49, defect 13: with a filter on, the status bar says how many rows it shows of all.
void WindowOutageTest::filteredCountsSayHowManyAreShown()
{
    if (!TestBackend::instance().isSqlite())
        QSKIP("the same on every backend: run on SQLite only");
    open(TestBackend::instance().spec());
    QVERIFY(windowtest::waitForLock(m_window.get(), u"outage.held"_s));
    QTRY_VERIFY(countsText().contains(u" held"_s));
    QVERIFY2(!countsText().contains(u"shown"_s), qPrintable(countsText()));
    const int total = m_window->model()->rowCount();
    m_window->findChild<QLineEdit *>(u"filter"_s)->setText(u"outage.held"_s);
    QTRY_VERIFY2(countsText().startsWith(u"1 shown of %1 "_s.arg(total)), qPrintable(countsText()));
    m_window->findChild<QLineEdit *>(u"filter"_s)->clear();
    QTRY_VERIFY2(!countsText().contains(u"shown"_s), qPrintable(countsText()));
}

QTEST_MAIN(WindowOutageTest)
#include "tst_windowoutage.moc"
