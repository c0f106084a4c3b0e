#include "mainwindow.h"

#include "clusterview.h"
#include "connectiondialog.h"
#include "connectionband.h"
#include "demoworkload.h"
#include "dialogexec.h"
#include "lockactions.h"
#include "holdersessionaction.h"
#include "language.h"
#include "lockdetailspane.h"
#include "lockexport.h"
#include "locktablemodel.h"
#include "locktablepanel.h"
#include "connectionprofile.h"
#include "messagebar.h"
#include "nativelockspanel.h"
#include "problemalerts.h"
#include "simulatorpanel.h"
#include "testholds.h"
#include "userguidedialog.h"
#include "longholddialog.h"
#include "refreshpausebadge.h"
#include "statecolumnwidth.h"
#include "statefiltercombo.h"
#include "windowlayout.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_monitor(new LockMonitor(this)),
      m_testHolds(new TestHolds(m_monitor, this))
{
    setObjectName(u"mainWindow"_s);
    createActions();
    createCentral();
    m_actions = new LockActions(m_panel, m_monitor, m_testHolds, m_messageBar, this);
    connect(m_actions, &LockActions::dialogAboutToShow, this, &MainWindow::dialogAboutToShow);
    connect(m_actions, &LockActions::filterRequested, m_filter, &QLineEdit::setText);
    createExportAction();
    new HolderSessionAction(m_panel, m_nativeLocks, m_tabs, this); // showSessionAction
    createMenus();
    createToolBar();

    m_counts = new QLabel(this);
    m_clock = new QLabel(this);
    m_refreshed = new QLabel(this);
    m_health = new QLabel(this);
    m_counts->setObjectName(u"counts"_s);
    m_health->setObjectName(u"health"_s);
    m_clock->setObjectName(u"clock"_s);
    m_refreshed->setObjectName(u"refreshed"_s);
    // Read-only, in sight all the time: nothing the window offers can change the database.
    m_readOnlyBadge = new QLabel(this);
    m_readOnlyBadge->setObjectName(u"readOnlyBadge"_s);
    m_readOnlyBadge->setStyleSheet(
        u"QLabel { background: #1f6feb; color: white; border-radius: 3px; padding: 1px 6px; }"_s);
    m_readOnlyBadge->hide();
    statusBar()->addWidget(m_readOnlyBadge);
    m_pause = new RefreshPauseBadge(m_monitor, this);
    statusBar()->addWidget(m_pause);
    m_viewMenu->addAction(m_pause->action());
    findChild<QToolBar *>(u"mainToolBar"_s)->addAction(m_pause->action());
    statusBar()->addWidget(m_health, 1);
    statusBar()->addPermanentWidget(m_counts);
    statusBar()->addPermanentWidget(m_clock);
    statusBar()->addPermanentWidget(m_refreshed);
    // The database's cluster, read on a thread of its own: the last item of the status bar.
    m_cluster = new ClusterView(this, m_monitor);
    m_viewMenu->insertAction(m_languageMenu->menuAction(), m_cluster->toggleAction());

    connect(m_monitor, &LockMonitor::refreshed, this, &MainWindow::onRefresh);
    // Locks that enter a problem: the tray icon's message (or the message bar), after onRefresh.
    m_alerts = new ProblemAlerts(m_messageBar, this);
    m_alerts->setLongHoldRules(m_longHolds);
    connect(m_monitor, &LockMonitor::refreshed, m_alerts, &ProblemAlerts::onRefresh);
    connect(m_alerts, &ProblemAlerts::openLockRequested, this, &MainWindow::openLock);
    connect(m_panel, &LockTablePanel::queryChanged, m_monitor, &LockMonitor::setQuery);
    connect(m_monitor, &LockMonitor::healthChanged, this, &MainWindow::onHealth);
    connect(m_monitor, &LockMonitor::detected, this, &MainWindow::onDetected);
    connect(m_monitor, &LockMonitor::historyReady, this,
            [this](const QString &name, const QList<LockEvent> &events) {
                m_details->showHistory(name, events, m_lastClock.dbNow);
            });
    connect(m_monitor, &LockMonitor::matchingReady, this, &MainWindow::onMatchingRead);
    connect(m_monitor, &LockMonitor::matchingFailed, this, &MainWindow::onMatchingFailed);
    connect(m_monitor, &LockMonitor::historyFailed, this,
            [this](const QString &name, const Error &error) {
                m_details->showHistoryError(name, error.message);
            });
    // The history of any name: a lock in the table is selected; one it no longer shows (a
    // deleted lock) has its history in the details pane, with the selection cleared.
    connect(m_details, &LockDetailsPane::historyRequested, this, [this](const QString &name) {
        if (selectLock(name))
            return;
        m_panel->clearChoice();
        m_details->showUnlisted(name);
        m_monitor->requestHistory(name);
    });
    connect(m_testHolds, &TestHolds::changed, this, &MainWindow::updateActions);
    connect(m_testHolds, &TestHolds::lapsed, this, [this](const QString &name, qint64 fence) {
        m_messageBar->showMessage(
            MessageBar::Kind::Warning,
            tr("Your test hold on \"%1\" (fence %2) lapsed: no renewal was confirmed before "
               "its lease ended on this computer's clock. It is no longer yours to renew; it "
               "was released if it still was. Test-acquire it again for a new fence.")
                .arg(name)
                .arg(fence));
    });

    // The countdown: estimated database time, only the remaining-time cells shown repaint.
    m_tick = new QTimer(this);
    m_tick->setInterval(200);
    connect(m_tick, &QTimer::timeout, m_panel, &LockTablePanel::tick);
    m_tick->start();

    retranslate();
    sizeColumns();
    updateActions();
    showNotConnected();
    resize(1360, 760);
}

void MainWindow::showNotConnected()
{
    m_messageBar->showMessage(MessageBar::Kind::Info,
                              tr("Not connected. Choose Connect\u2026 to open a lock table, or "
                                 "File \u203a Open the demo database to try Lockscope."));
}

MainWindow::~MainWindow()
{
    m_demo.reset();
}

QAction *MainWindow::action(const QString &objectName) const
{
    return findChild<QAction *>(objectName);
}

void MainWindow::createActions()
{
    auto *connectAction = new QAction(this);
    connectAction->setObjectName(u"connectAction"_s);
    connectAction->setShortcut(QKeySequence::Open);
    connect(connectAction, &QAction::triggered, this, &MainWindow::showConnectionDialog);
    auto *demo = new QAction(this);
    demo->setObjectName(u"demoAction"_s);
    connect(demo, &QAction::triggered, this, [this] {
        if (const QString problem = openDemo(); !problem.isEmpty()) {
            QMessageBox box(QMessageBox::Warning, tr("The demo database could not be opened"),
                            problem, QMessageBox::Ok, this);
            execDialog(&box);
        }
    });
    auto *refresh = new QAction(this);
    refresh->setObjectName(u"refreshAction"_s);
    refresh->setShortcut(QKeySequence::Refresh);
    connect(refresh, &QAction::triggered, m_monitor, &LockMonitor::refreshNow);
    QWidget::addAction(refresh);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(action(u"connectAction"_s));
    auto *another = m_fileMenu->addAction(QString(), this, [this] { newWindow(); });
    another->setObjectName(u"newWindowAction"_s);
    another->setShortcut(QKeySequence(u"Ctrl+Shift+N"_s)); // Ctrl+N initializes a lock
    m_fileMenu->addAction(action(u"demoAction"_s));
    m_fileMenu->addAction(action(u"refreshAction"_s));
    m_fileMenu->addAction(action(u"exportAction"_s));
    m_applicationTablesMenu = m_fileMenu->addMenu(QString());
    m_applicationTablesMenu->setObjectName(u"applicationTablesMenu"_s);
    m_applicationTablesMenu->setEnabled(false);
    m_fileMenu->addSeparator();
    auto *quit = m_fileMenu->addAction(QString(), this, &QWidget::close);
    quit->setObjectName(u"quitAction"_s);
    quit->setShortcut(QKeySequence::Quit);

    m_lockMenu = menuBar()->addMenu(QString());
    for (QAction *write : m_actions->writeActions()) {
        if (write->objectName() == u"createSchemaAction")
            m_lockMenu->addSeparator();
        m_lockMenu->addAction(write);
    }
    m_lockMenu->addSeparator();
    m_lockMenu->addAction(m_actions->copyLockAction());
    m_lockMenu->addAction(m_actions->copyCommandAction());
    m_lockMenu->addAction(action(u"showSessionAction"_s));

    m_viewMenu = menuBar()->addMenu(QString());
    createViewMenu();
    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languages = new QActionGroup(this);
    for (const QString &code : language::available()) {
        QAction *choice = m_languageMenu->addAction(language::displayName(code));
        choice->setObjectName(u"language_"_s + code);
        choice->setCheckable(true);
        choice->setChecked(code == language::current());
        choice->setData(code);
        m_languages->addAction(choice);
        connect(choice, &QAction::triggered, this, [this, code] {
            if (!language::apply(code))
                m_messageBar->showMessage(MessageBar::Kind::Warning,
                                          tr("No translation for %1 was found.")
                                              .arg(language::displayName(code)));
        });
    }

    m_helpMenu = menuBar()->addMenu(QString());
    auto *guide = m_helpMenu->addAction(QString(), this, [this] { showUserGuide(this); });
    guide->setObjectName(u"userGuideAction"_s);
    guide->setShortcut(QKeySequence::HelpContents);
    auto *about = m_helpMenu->addAction(QString(), this, [this] {
        QMessageBox::about(this, tr("About Lockscope"),
                           tr("<p><b>Lockscope</b> %1</p><p>Monitor and manage distributed locks "
                              "stored in database tables.</p>")
                               .arg(QApplication::applicationVersion()));
    });
    about->setObjectName(u"aboutAction"_s);
}

void MainWindow::createViewMenu()
{
    QMenu *columns = m_panel->columnsMenu();
    m_viewMenu->addMenu(columns);
    auto *longHolds = m_viewMenu->addAction(QString(), this, &MainWindow::editLongHolds);
    longHolds->setObjectName(u"longHoldsAction"_s);
    m_viewMenu->addSeparator();
}

void MainWindow::createToolBar()
{
    QToolBar *tools = addToolBar(QString());
    tools->setObjectName(u"mainToolBar"_s);
    tools->setMovable(false);
    tools->setToolButtonStyle(Qt::ToolButtonTextOnly);
    tools->addAction(action(u"connectAction"_s));
    tools->addAction(action(u"refreshAction"_s));
    tools->addSeparator();
    for (QAction *write : m_actions->writeActions())
        tools->addAction(write);
}

void MainWindow::createCentral()
{
    auto *left = new QWidget(this);
    m_messageBar = new MessageBar(left);
    m_filter = new QLineEdit(left);
    m_filter->setObjectName(u"filter"_s);
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(m_filter->fontMetrics().horizontalAdvance(u'M') * 8);
    m_filterLabel = new QLabel(left);
    m_filterLabel->setBuddy(m_filter);
    m_interval = new QSpinBox(left);
    m_interval->setObjectName(u"interval"_s);
    m_interval->setRange(100, 60000);
    m_interval->setSingleStep(500);
    m_interval->setValue(1000);
    m_intervalLabel = new QLabel(left);
    m_intervalLabel->setBuddy(m_interval);
    m_panel = new LockTablePanel(left);
    connect(m_filter, &QLineEdit::textChanged, m_panel, &LockTablePanel::setFilterText);
    m_stateFilter = new StateFilterCombo(left);
    connect(m_stateFilter, &StateFilterCombo::stateChosen, m_panel,
            &LockTablePanel::setStateFilter);
    m_panel->setLongHoldRules(m_longHolds);
    auto *find = new QAction(this);
    find->setObjectName(u"findAction"_s);
    find->setShortcut(QKeySequence::Find);
    connect(find, &QAction::triggered, this, [this] {
        m_tabs->setCurrentWidget(m_splitter); // from any tab: the lock table's filter
        m_filter->setFocus(Qt::ShortcutFocusReason);
        m_filter->selectAll();
    });
    QWidget::addAction(find);
    connect(m_interval, &QSpinBox::valueChanged, m_monitor, &LockMonitor::setInterval);

    QTableView *table = m_panel->view();
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        m_actions->showContextMenu(at, {action(u"showSessionAction"_s)},
                                   action(u"refreshAction"_s));
    });
    connect(m_panel, &LockTablePanel::selectionChanged, this, &MainWindow::onSelectionChanged);

    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(m_filterLabel);
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(m_stateFilter);
    filterRow->addWidget(m_intervalLabel);
    filterRow->addWidget(m_interval);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_messageBar);
    leftLayout->addLayout(filterRow);
    leftLayout->addWidget(m_panel, 1);

    m_details = new LockDetailsPane(this);
    auto *splitter = new QSplitter(this);
    splitter->setObjectName(u"lockSplitter"_s);
    splitter->addWidget(left);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setSizes({900, 420});
    m_splitter = splitter;
    // The lock table and the contention simulator, as two tabs.
    m_simulator = new SimulatorPanel(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"mainTabs"_s);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(splitter, QString());
    m_tabs->addTab(m_simulator, QString());
    m_nativeLocks = new NativeLocksPanel(this); // the database's own locks, read when shown
    m_tabs->addTab(m_nativeLocks, QString());
    m_band = new ConnectionBand(this);
    setCentralWidget(m_band->above(m_tabs));
}

void MainWindow::sizeColumns()
{
    // Wide enough for typical values and for the header in the current language.
    QHeaderView *header = view()->horizontalHeader();
    const QFontMetrics metrics = view()->fontMetrics();
    const int em = metrics.horizontalAdvance(u'M');
    const int stamp = metrics.horizontalAdvance(u"2026-12-31 23:59:59.999"_s) + em;
    const std::pair<int, int> widths[] = {
        {LockTableModel::Name, 15 * em},
        {LockTableModel::State, stateColumnWidth(view())},
        {LockTableModel::Holder, 20 * em},    {LockTableModel::Remaining, 10 * em},
        {LockTableModel::HeldFor, 7 * em},
        {LockTableModel::Fence, 4 * em},      {LockTableModel::Depth, 4 * em},
        {LockTableModel::ExpiresAt, stamp},   {LockTableModel::AcquiredAt, stamp}};
    for (const auto &[column, width] : widths)
        header->resizeSection(column, qMax(width, header->sectionSizeHint(column)));
}

QString MainWindow::tableName() const
{
    return shownTable(m_connection, m_profile);
}

void MainWindow::retranslate()
{
    // Qt adds the application's display name ("... \u2014 Lockscope"): not written again here.
    const bool connected = !m_connection.title.isEmpty();
    setWindowTitle(m_band->titleFor(!connected ? QString()
                                    : m_profile ? tr("%1 \u2014 %2 (%3)")
                                                      .arg(m_connection.title, tableName(),
                                                           m_profile->id)
                                                : m_connection.title));
    auto set = [this](const QString &name, const QString &text, const QString &tip) {
        if (QAction *a = action(name)) {
            a->setText(text);
            a->setToolTip(a->shortcut().isEmpty()
                              ? tip
                              : tip + u" ("_s + a->shortcut().toString(QKeySequence::NativeText)
                                    + u')');
        }
    };
    set(u"connectAction"_s, tr("&Connect\u2026"), tr("Open another lock table"));
    set(u"demoAction"_s, tr("Open the &demo database"),
        tr("An embedded SQLite database with simulated clients, to try things safely"));
    set(u"refreshAction"_s, tr("Re&fresh"), tr("Read the lock table now"));
    set(u"exportAction"_s, tr("&Export locks\u2026"),
        tr("Save the locks the table shows (after the filter) as CSV or JSON"));
    set(u"newWindowAction"_s, tr("New &window"),
        tr("Another window, to watch a second database beside this one"));
    set(u"longHoldsAction"_s, tr("&Long holds…"),
        tr("Set how long a hold may last, per lock name pattern, before the Held for column "
           "highlights it"));
    m_panel->columnsMenu()->setTitle(tr("&Columns"));
    m_actions->retranslate();
    set(u"quitAction"_s, tr("&Quit"), tr("Quit Lockscope"));
    set(u"aboutAction"_s, tr("&About Lockscope"), tr("About Lockscope"));
    m_fileMenu->setTitle(tr("&File"));
    m_applicationTablesMenu->setTitle(tr("&Application lock tables"));
    m_lockMenu->setTitle(tr("&Lock"));
    m_viewMenu->setTitle(tr("&View"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_readOnlyBadge->setText(tr("Read-only"));
    m_readOnlyBadge->setToolTip(tr("This connection only looks: the window offers no action that "
                                   "changes the database, and the database session itself is "
                                   "read-only."));
    action(u"userGuideAction"_s)->setText(tr("&User guide: a lock is stuck\u2026"));
    m_tabs->setTabText(0, tr("Locks"));
    m_tabs->setTabText(1, tr("Simulator"));
    m_tabs->setTabText(m_tabs->indexOf(m_nativeLocks), tr("Database locks"));
    m_filterLabel->setText(tr("F&ilter:"));
    m_filter->setPlaceholderText(tr("Name, holder or description"));
    m_stateFilter->setAccessibleName(tr("State filter"));
    m_intervalLabel->setText(tr("Refresh &every:"));
    m_interval->setSuffix(tr(" ms"));
    for (QAction *choice : m_languages->actions())
        choice->setChecked(choice->data().toString() == language::current());

    updateStatus();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        m_panel->retranslate();
        sizeColumns();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_remembersLayout) {
        m_panel->setInapplicableColumns({}); // the admin's choice of columns is saved
        const auto store = settings();
        windowlayout::save(*store, {this, m_splitter, view(), m_interval});
    }
    m_testHolds->releaseAll();
    QMainWindow::closeEvent(event);
}

void MainWindow::openConnection(const WindowConnection &connection)
{
    if (m_demo && connection.spec.path != m_connection.spec.path)
        m_demo.reset(); // the simulated clients belong to the demo database only
    // A filter typed for another database's lock names would hide this one's without a word.
    if (connection.spec.redacted() != m_connection.spec.redacted()
        || connection.spec.path != m_connection.spec.path || connection.table != m_connection.table)
        m_filter->clear();
    m_connection = connection;
    if (m_connection.title.isEmpty())
        m_connection.title = connection.spec.redacted();
    // "Not connected", or the previous database's news, no longer applies.
    m_messageBar->hide();
    m_lastClock = {};
    m_clock->clear();
    m_refreshed->clear();
    m_panel->clear();
    m_alerts->start(connection.notifyProblems);
    m_details->clear();
    m_readOnlyBadge->setVisible(connection.readOnly);
    m_band->setConnection(connection.colour, m_connection.title);
    m_monitor->setInterval(m_interval->value());
    m_profile.reset();
    if (!connection.lockProfile.isEmpty()) {
        if (auto profile = Profile::fromMap(connection.lockProfile))
            m_profile = *profile;
    }
    // Application tables have no fence, no re-entry depth and no history; Lockscope does there
    // only what the application itself does.
    m_panel->setInapplicableColumns(m_profile ? QList<int>{LockTableModel::Fence,
                                                           LockTableModel::Depth}
                                              : QList<int>{});
    m_details->setApplicationProfile(m_profile ? m_profile->id : QString());
    m_actions->setConnection(m_connection, m_profile);
    if (connection.spec.redacted() != m_detectedOn.spec.redacted()
        || connection.spec.path != m_detectedOn.spec.path) {
        m_detected.clear(); // another database
        rebuildApplicationTablesMenu();
    }
    m_monitor->start(connection.spec, connection.table, connection.connectTimeoutS,
                     connection.readOnly, connection.lockProfile);
    m_simulator->setConnection(connection.spec, connection.readOnly);
    // Terminates are audited in this Lockscope table's events (an application's table: dist_lock).
    m_nativeLocks->setConnection(connection.spec, connection.readOnly, connection.connectTimeoutS,
                                 connection.lockProfile.isEmpty() ? connection.table
                                                                  : u"dist_lock"_s);
    m_cluster->setConnection(connection.spec, connection.connectTimeoutS);
    retranslate();
    updateActions();
}

QString MainWindow::openDemo()
{
    auto spec = DemoWorkload::defaultSpec();
    if (!spec)
        return spec.error().message;
    const QString table = ConnectionProfile::defaultTable();
    if (const QString problem = DemoWorkload::prepare(*spec, table); !problem.isEmpty())
        return tr("The demo database %1 could not be prepared: %2").arg(spec->path, problem);
    WindowConnection connection;
    connection.spec = *spec;
    connection.table = table;
    connection.title = tr("Demo (simulated clients) \u2014 %1").arg(spec->path);
    openConnection(connection);
    m_demo = std::make_unique<DemoWorkload>();
    m_demo->start(*spec, table);
    m_messageBar->showMessage(
        MessageBar::Kind::Info,
        tr("This is the demo database: simulated clients take and give back its locks, and now "
           "and then one \u201c" "crashes\u201d so that its lease expires. Try a test-acquire or a "
           "force release."));
    return {};
}

bool MainWindow::isDemoRunning() const
{
    return m_demo && m_demo->isRunning();
}

void MainWindow::setProfileStore(ProfileStore *store, PasswordVault *vault)
{
    m_profiles = store;
    m_vault = vault;
}

void MainWindow::setSettingsFile(const QString &iniFile)
{
    m_settingsFile = iniFile;
}

std::unique_ptr<QSettings> MainWindow::settings() const
{
    if (!m_settingsFile.isEmpty())
        return std::make_unique<QSettings>(m_settingsFile, QSettings::IniFormat);
    return std::make_unique<QSettings>(u"Lockscope"_s, u"lockscope"_s);
}

void MainWindow::restoreLayout()
{
    const auto store = settings();
    windowlayout::restore(*store, {this, m_splitter, view(), m_interval});
    setLongHoldRules(LongHoldRules::load(*store));
    m_remembersLayout = true;
}

void MainWindow::setLongHoldRules(const LongHoldRules &rules)
{
    m_longHolds = rules;
    m_panel->setLongHoldRules(rules);
    m_alerts->setLongHoldRules(rules);
}

void MainWindow::editLongHolds()
{
    LongHoldDialog dialog(m_longHolds, this);
    if (execDialog(&dialog) != QDialog::Accepted)
        return;
    setLongHoldRules(dialog.rules());
    if (m_remembersLayout) {
        const auto store = settings();
        m_longHolds.save(*store);
    }
}

MainWindow *MainWindow::newWindow()
{
    auto *window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setSettingsFile(m_settingsFile);
    window->setProfileStore(m_profiles, m_vault);
    window->setLongHoldRules(m_longHolds);
    window->m_interval->setValue(m_interval->value());
    window->move(pos() + QPoint(40, 40)); // beside this one, not on top of it
    window->show();
    QTimer::singleShot(0, window, [window, start = m_connection] {
        window->showConnectionDialogOn(start);
    });
    return window;
}

void MainWindow::showConnectionDialog()
{
    showConnectionDialogOn(m_connection);
}

void MainWindow::showConnectionDialogOn(const WindowConnection &start)
{
    auto *dialog = new ConnectionDialog(m_profiles, m_vault, this);
    if (!start.title.isEmpty())
        dialog->setProfile(start.profile());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { openConnection(WindowConnection::of(dialog->profile())); });
    emit dialogAboutToShow(dialog);
    dialog->open();
}

LockTableModel *MainWindow::model() const
{
    return m_panel->model();
}

QTableView *MainWindow::view() const
{
    return m_panel->view();
}

void MainWindow::setWindowThreshold(int rows)
{
    m_monitor->setWindowThreshold(rows);
}

std::optional<LockInfo> MainWindow::selectedLock() const
{
    return m_panel->selectedLock();
}

bool MainWindow::selectLock(const QString &name)
{
    return m_panel->selectLock(name);
}

void MainWindow::openLock(const QString &name)
{
    if (isMinimized())
        showNormal();
    raise();
    activateWindow();
    if (name.isEmpty() || selectLock(name))
        return;
    m_filter->clear(); // the filters hid it: show every lock
    m_stateFilter->setState(std::nullopt);
    selectLock(name);
}

void MainWindow::onRefresh(const LockRefresh &refresh)
{
    m_lastClock = refresh.clock;
    m_panel->applyRefresh(refresh);
    if (auto selected = selectedLock()) {
        m_details->showLock(*selected);
        // The history follows the selection, and refreshes every few seconds.
        if (m_historyFor != selected->name || !m_historyAsked.isValid()
            || m_historyAsked.secsTo(QDateTime::currentDateTimeUtc()) >= 5) {
            m_historyFor = selected->name;
            m_historyAsked = QDateTime::currentDateTimeUtc();
            if (!m_profile) // application tables keep no history
                m_monitor->requestHistory(selected->name);
        }
    }
    updateStatus();
    updateActions();
}

void MainWindow::onHealth(LockMonitor::Health health, const QString &text)
{
    m_health->setText(text);
    switch (health) {
    case LockMonitor::Health::Ok:
        if (m_messageBar->isVisible() && m_messageBar->kind() != MessageBar::Kind::Success
            && m_messageBar->kind() != MessageBar::Kind::Info)
            m_messageBar->showMessage(MessageBar::Kind::Success,
                                      tr("The database answers again."),
                                      MessageBar::ResultTimeoutMs);
        break;
    case LockMonitor::Health::Slow:
        m_messageBar->showMessage(MessageBar::Kind::Warning, text);
        break;
    case LockMonitor::Health::Down:
        m_messageBar->showMessage(MessageBar::Kind::Error, text);
        break;
    case LockMonitor::Health::LoginRefused:
        m_messageBar->showMessage(MessageBar::Kind::Error, text);
        askForPassword();
        break;
    default:
        break;
    }
    updateStatus();
    updateActions();
}

void MainWindow::askForPassword()
{
    if (m_passwordPrompt)
        return; // already asking
    auto *prompt = new QInputDialog(this);
    prompt->setObjectName(u"passwordPrompt"_s);
    prompt->setAttribute(Qt::WA_DeleteOnClose);
    prompt->setWindowModality(Qt::WindowModal);
    prompt->setWindowTitle(tr("Password"));
    prompt->setLabelText(tr("The server refused the login of \"%1\" at %2.\nPassword:")
                             .arg(m_connection.spec.user, m_connection.spec.redacted()));
    prompt->setTextEchoMode(QLineEdit::Password);
    m_passwordPrompt = prompt;
    connect(prompt, &QInputDialog::textValueSelected, this, [this](const QString &password) {
        WindowConnection connection = m_connection;
        connection.spec.password = password;
        openConnection(connection);
    });
    emit dialogAboutToShow(prompt);
    prompt->open();
}

void MainWindow::onSelectionChanged()
{
    if (auto selected = selectedLock()) {
        m_details->showLock(*selected);
        m_historyFor = selected->name;
        m_historyAsked = QDateTime::currentDateTimeUtc();
        if (!m_profile) // application tables keep no history
            m_monitor->requestHistory(selected->name);
    } else {
        m_details->clear();
    }
    updateActions();
}

void MainWindow::updateStatus()
{
    const LockTableModel::Counts counts = m_panel->counts();
    if (m_monitor->health() == LockMonitor::Health::Connecting) // no count known yet
        m_counts->setText(tr("Connecting\u2026"));
    else
        m_counts->setText(tr("%n lock(s): %1 held, %2 expired, %3 free", nullptr, counts.total)
                              .arg(counts.held)
                              .arg(counts.expired)
                              .arg(counts.free));
    if (m_lastClock.dbNow.isValid()) {
        const QString offset = (m_lastClock.offsetMs >= 0 ? u"+"_s : u"\u2212"_s)
                               + QString::number(qAbs(m_lastClock.offsetMs));
        m_clock->setText(tr("Database clock %1 ms from this computer's (\u00b1%2 ms)")
                             .arg(offset)
                             .arg(m_lastClock.roundTripMs / 2 + 1));
        m_clock->setToolTip(tr("Only the database clock decides when a lease expires. The "
                               "countdowns run on this computer's clock corrected by this "
                               "offset."));
    }
    if (m_monitor->lastRefresh().isValid())
        m_refreshed->setText(tr("Refreshed %1").arg(
            m_monitor->lastRefresh().toString(u"HH:mm:ss"_s)));
}

void MainWindow::updateActions()
{
    m_actions->update();
    action(u"exportAction"_s)->setEnabled(view()->model()->rowCount() > 0);
}

int MainWindow::execDialog(QDialog *dialog)
{
    emit dialogAboutToShow(dialog);
    return execAnswerable(dialog);
}

void MainWindow::onDetected(const QList<DetectedTable> &tables)
{
    m_detected = tables;
    m_detectedOn = m_connection;
    rebuildApplicationTablesMenu();
    QStringList found;
    for (const DetectedTable &table : tables)
        found << tr("%1 (%2)").arg(table.table, table.profile);
    m_messageBar->showMessage(
        MessageBar::Kind::Info,
        tr("This database also has lock tables of other applications: %1. Open one from "
           "File \u25b8 Application lock tables to see and manage its locks the way that "
           "application does.")
            .arg(found.join(u", "_s)));
}

void MainWindow::rebuildApplicationTablesMenu()
{
    if (!m_applicationTablesMenu)
        return;
    m_applicationTablesMenu->clear();
    m_applicationTablesMenu->setEnabled(!m_detected.isEmpty());
    if (m_detected.isEmpty())
        return;
    QAction *own = m_applicationTablesMenu->addAction(
        tr("Lockscope's table (%1)").arg(m_detectedOn.table), this, [this] {
            openConnection(m_detectedOn);
        });
    own->setObjectName(u"openLockscopeTable"_s);
    m_applicationTablesMenu->addSeparator();
    for (const DetectedTable &table : std::as_const(m_detected)) {
        QAction *open = m_applicationTablesMenu->addAction(
            tr("%1 \u2014 %2").arg(table.table, table.profile), this, [this, table] {
                const auto profile = Profile::builtIn(table.profile);
                if (!profile)
                    return;
                WindowConnection connection = m_detectedOn;
                connection.table = table.table;
                connection.lockProfile = profile->toMap();
                openConnection(connection);
            });
        open->setObjectName(u"openApplicationTable_"_s + table.table);
    }
}

void MainWindow::createExportAction()
{
    auto *exportAction = new QAction(this);
    exportAction->setObjectName(u"exportAction"_s);
    connect(exportAction, &QAction::triggered, this, &MainWindow::exportLocksAs);
    connect(m_filter, &QLineEdit::textChanged, this, &MainWindow::updateActions);
}

QList<LockInfo> MainWindow::shownLocks() const
{
    // In the order the table shows them; a windowed table: the rows read so far.
    const QAbstractItemModel *shown = view()->model();
    QList<LockInfo> locks;
    for (int row = 0; row < shown->rowCount(); ++row) {
        const QVariant info = shown->index(row, 0).data(LockTableModel::LockInfoRole);
        if (info.canConvert<LockInfo>())
            locks.append(info.value<LockInfo>());
    }
    return locks;
}

QString MainWindow::exportLocks(const QString &path)
{
    if (!m_panel->isWindowed())
        return writeExport(path, shownLocks());
    // Only a window of the table is here: every matching lock is read on the database thread
    // and written when it arrives (exportFinished).
    m_exportPath = path;
    m_exportRequest = m_monitor->requestMatching(m_panel->query());
    m_messageBar->showMessage(MessageBar::Kind::Info,
                              tr("Reading the %L1 matching locks from the database to export "
                                 "them\u2026")
                                  .arg(m_panel->view()->model()->rowCount()));
    return {};
}

QString MainWindow::writeExport(const QString &path, const QList<LockInfo> &locks)
{
    if (const QString problem = lockexport::write(path, tableName(), locks); !problem.isEmpty()) {
        const QString text = tr("The locks could not be exported to %1: %2").arg(path, problem);
        m_messageBar->showMessage(MessageBar::Kind::Error, text);
        emit exportFinished(path, text);
        return text;
    }
    m_messageBar->showMessage(MessageBar::Kind::Success,
                              tr("Exported %Ln lock(s) to %1.", nullptr, int(locks.size()))
                                  .arg(path),
                              MessageBar::ResultTimeoutMs);
    emit exportFinished(path, QString());
    return {};
}

void MainWindow::onMatchingRead(quint64 id, const QList<LockInfo> &locks)
{
    if (id == m_exportRequest)
        writeExport(std::exchange(m_exportPath, QString()), locks);
}

void MainWindow::onMatchingFailed(quint64 id, const Error &error)
{
    if (id != m_exportRequest)
        return;
    const QString text = tr("The locks could not be read for the export: %1")
                             .arg(error.fullText());
    m_messageBar->showMessage(MessageBar::Kind::Error, text);
    emit exportFinished(std::exchange(m_exportPath, QString()), text);
}

void MainWindow::exportLocksAs()
{
    QFileDialog dialog(this, tr("Export locks"));
    dialog.setObjectName(u"exportDialog"_s);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    const QString csv = tr("CSV (*.csv)");
    const QString json = tr("JSON, as lockctl list --json (*.json)");
    dialog.setNameFilters({csv, json});
    dialog.selectFile(u"locks.csv"_s);
    // The file's extension decides the format: it follows the chosen filter.
    connect(&dialog, &QFileDialog::filterSelected, &dialog, [&dialog, json](const QString &f) {
        const QString suffix = f == json ? u"json"_s : u"csv"_s;
        dialog.setDefaultSuffix(suffix);
        const QStringList files = dialog.selectedFiles();
        const QFileInfo file(files.isEmpty() ? QString() : files.constFirst());
        if (file.suffix() == u"csv" || file.suffix() == u"json")
            dialog.selectFile(file.completeBaseName() + u'.' + suffix);
    });
    dialog.setDefaultSuffix(u"csv"_s);
    if (execDialog(&dialog) != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString problem = exportLocks(dialog.selectedFiles().constFirst());
    if (!problem.isEmpty()) {
        QMessageBox box(QMessageBox::Warning, tr("Export locks"), problem, QMessageBox::Ok, this);
        execDialog(&box);
    }
}

} // namespace ui
