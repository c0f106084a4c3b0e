// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "acknowledgeaction.h"
#include "acknowledgementline.h"
#include "auditdock.h"
#include "clusterview.h"
#include "connectionband.h"
#include "demoworkload.h"
#include "dialogexec.h"
#include "holdersessionaction.h"
#include "lockactions.h"
#include "lockdetailspane.h"
#include "locktablemodel.h"
#include "locktablepanel.h"
#include "longholddialog.h"
#include "messagebar.h"
#include "nativelockspanel.h"
#include "problemalerts.h"
#include "refreshpausebadge.h"
#include "resultwatch.h"
#include "retrycountdown.h"
#include "sameholderaction.h"
#include "simulatorpanel.h"
#include "elidedlabel.h"
#include "fittedcolumns.h"
#include "stalelook.h"
#include "statefiltercombo.h"
#include "statuscounts.h"
#include "testholds.h"
#include "windowlayout.h"

#include <QCloseEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScreen>
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
    createMappingAction();
    new HolderSessionAction(m_panel, m_nativeLocks, m_tabs, this); // showSessionAction
    auto *sameHolder = new SameHolderAction(m_panel, this); // showHolderLocksAction
    connect(sameHolder, &SameHolderAction::holderChosen, m_filter, &QLineEdit::setText);
    createMenus();
    createToolBar();

    m_counts = new QLabel(this);
    m_clock = new QLabel(this);
    m_refreshed = new QLabel(this);
    m_health = new ElidedLabel(this);
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
    statusBar()->addPermanentWidget(new RetryCountdown(m_monitor, this)); // "Next try in 4 s"
    statusBar()->addPermanentWidget(m_counts);
    statusBar()->addPermanentWidget(m_clock);
    statusBar()->addPermanentWidget(m_refreshed);
    // The database's cluster, read on a thread of its own: the last item of the status bar.
    m_cluster = new ClusterView(this, m_monitor);
    m_viewMenu->insertAction(m_languageMenu->menuAction(), m_cluster->toggleAction());
    // The admin actions across every lock, read through the monitor: View > Admin audit.
    m_audit = new AuditDock(this, m_monitor, [this](const QString &name) {
        m_tabs->setCurrentWidget(m_splitter);
        return selectLock(name);
    });
    m_viewMenu->insertAction(m_languageMenu->menuAction(), m_audit->toggleViewAction());

    connect(m_monitor, &LockMonitor::refreshed, this, &MainWindow::onRefresh);
    // Stale is never shown as live: rows, details and counts as of the last read meanwhile.
    new StaleLook(m_monitor, m_panel, m_details, this);
    connect(m_monitor, &LockMonitor::staleChanged, this, &MainWindow::updateStatus);
    new ResultWatch(m_monitor, m_panel, m_messageBar, this); // results go, or say they're old
    // Locks that enter a problem: the tray icon's message (or the message bar), after onRefresh.
    m_alerts = new ProblemAlerts(m_messageBar, this);
    m_alerts->setLongHoldRules(m_longHolds);
    connect(m_monitor, &LockMonitor::refreshed, m_alerts, &ProblemAlerts::onRefresh);
    connect(m_alerts, &ProblemAlerts::openLockRequested, this, &MainWindow::openLock);
    connect(m_alerts, &ProblemAlerts::problemsRequested, this, [this] {
        openLock({}); // a message about several locks: the window, on its Problems filter
        m_stateFilter->setState(LockStateFilter::problems());
    });
    // Problems the admin has seen: acknowledged from the Lock menu, the table's context menu
    // and the details pane, marked in the table.
    auto *acknowledge = new AcknowledgeAction(m_panel, m_alerts, this); // acknowledgeAction
    connect(acknowledge, &AcknowledgeAction::dialogAboutToShow, this,
            &MainWindow::dialogAboutToShow);
    m_lockMenu->addAction(acknowledge);
    m_details->addLine(new AcknowledgementLine(m_panel, m_alerts, acknowledge, m_details));
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
    // A hold the database shows lost (taken, freed, its lease ended): said at once.
    connect(m_testHolds, &TestHolds::lost, this, [this](const QString &, const QString &why) {
        m_messageBar->showMessage(MessageBar::Kind::Warning, why);
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
    // The default size, or the screen's when smaller (a 1280x800 laptop): nothing off-screen.
    resize(QSize(1360, 760).boundedTo(screen()->availableGeometry().size()));
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
    // The status bar's "N shown of M" follows the filters.
    connect(m_filter, &QLineEdit::textChanged, this, &MainWindow::updateStatus);
    connect(m_stateFilter, &StateFilterCombo::stateChosen, this, &MainWindow::updateStatus);
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
        m_actions->showContextMenu(at, {action(u"showSessionAction"_s),
                                         action(u"acknowledgeAction"_s)},
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
    // Tab follows the row as it reads (the state filter was made after the table).
    setTabOrder(m_filter, m_stateFilter);
    setTabOrder(m_stateFilter, m_interval);
    setTabOrder(m_interval, table);

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
    // The selected lock's row locked by a session: looked up on the Database locks tab's
    // thread, for the selected lock only; "Show database session" goes to that session there.
    connect(m_details, &LockDetailsPane::rowLockersWanted, m_nativeLocks,
            &NativeLocksPanel::lookUpRowLockers);
    connect(m_nativeLocks, &NativeLocksPanel::rowLockersFound, m_details,
            &LockDetailsPane::showRowLockers);
    connect(m_nativeLocks, &NativeLocksPanel::rowLockersFailed, m_details,
            &LockDetailsPane::showRowLockersError);
    connect(m_details, &LockDetailsPane::sessionRequested, this, [this](qint64 pid) {
        m_tabs->setCurrentWidget(m_nativeLocks);
        m_nativeLocks->showSession(pid);
    });
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
        {LockTableModel::HeldFor, heldForColumnWidth(view())},
        {LockTableModel::Fence, 4 * em},      {LockTableModel::Depth, 4 * em},
        {LockTableModel::ExpiresAt, stamp},   {LockTableModel::AcquiredAt, stamp}};
    for (const auto &[column, width] : widths)
        header->resizeSection(column, qMax(width, header->sectionSizeHint(column)));
}

QString MainWindow::tableName() const
{
    return shownTable(m_connection, m_profile);
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

void MainWindow::setSettingsFile(const QString &iniFile)
{
    m_settingsFile = iniFile;
    m_alerts->setSettingsFile(iniFile); // the acknowledgements too
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
    if (selectLock(name))
        return;
    // Gone since the notice (deleted): no other lock stays chosen in its place, where the
    // admin would take it for the one the notice named.
    m_panel->clearChoice();
    m_messageBar->showMessage(MessageBar::Kind::Info,
                              tr("\"%1\" is no longer in the table.").arg(name),
                              MessageBar::ResultTimeoutMs);
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
    m_health->setFullText(text);
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
        m_counts->setText(statusCountsText(
            counts, shownCount(*m_panel),
            m_monitor->isStale() ? m_monitor->lastRefresh() : QDateTime()));
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

} // namespace ui
