// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "adminrequest.h"
#include "connectionspec.h"
#include "lockmonitor.h"
#include "longholdrules.h"
#include "profile.h"
#include "windowconnection.h"

#include <QMainWindow>
#include <QPointer>
#include <memory>
#include <optional>

class QAction;
class QActionGroup;
class QLabel;
class QLineEdit;
class QMenu;
class QSettings;
class QSpinBox;
class QSplitter;
class QTabWidget;
class QTableView;

namespace ui {

class ConnectionBand;
class RefreshPauseBadge;

class AuditDock;
class ClusterView;
class ConnectionDialog;
class ConnectionTester;
struct ConnectionTestResult;
class DemoWorkload;
class ElidedLabel;
class LockActions;
class LockDetailsPane;
class LockTableModel;
class LockTablePanel;
class MessageBar;
class NativeLocksPanel;
class PasswordVault;
class ProblemAlerts;
class ProfileStore;
class StateFilterCombo;
class SimulatorPanel;
class TestHolds;

// The monitor: live lock table, details of the selected lock, admin actions. All database work
// runs on the LockMonitor's thread; this class only shows results. Its parts, one file each:
// mainwindow.cpp (layout, refreshes, health, status), windowmenus.cpp (menus, toolbar, texts),
// windowconnecting.cpp (connections, passwords, other windows), windowexport.cpp (export). What
// an admin action targets and confirms is LockActions' (ui/actions), never this class's.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Starts monitoring `connection` (stops the demo's simulated clients if they run).
    void openConnection(const WindowConnection &connection);
    // The embedded SQLite demo database in the user's data directory, with simulated clients.
    // Returns an error message, or empty when it is open.
    QString openDemo();
    bool isDemoRunning() const;
    // Where the connection dialog keeps profiles and passwords (not owned; default: the
    // application's settings and the system keychain).
    void setProfileStore(ProfileStore *store, PasswordVault *vault);
    // Opens the connection dialog over the window (window-modal, does not block the caller),
    // filled in with the current connection; Connect opens the chosen lock table.
    void showConnectionDialog();
    // The same, filled in with `start` (lockscope --profile without a database: the profile used
    // last with that mapping; saving it keeps the mapping).
    void showConnectionDialogWith(const ConnectionProfile &start);
    const WindowConnection &connection() const { return m_connection; }
    LockMonitor *monitor() const { return m_monitor; }
    LockTableModel *model() const;
    QTableView *view() const;
    LockTablePanel *lockTable() const { return m_panel; }
    MessageBar *messageBar() const { return m_messageBar; }
    LockDetailsPane *detailsPane() const { return m_details; }
    TestHolds *testHolds() const { return m_testHolds; }
    SimulatorPanel *simulatorPanel() const { return m_simulator; }
    NativeLocksPanel *nativeLocksPanel() const { return m_nativeLocks; }
    ClusterView *clusterView() const { return m_cluster; }
    AuditDock *auditDock() const { return m_audit; }
    bool selectLock(const QString &name);
    // Brings the window up (from minimised too) with `name` selected: what a click on a
    // problem's notice does (ProblemAlerts::openLockRequested).
    void openLock(const QString &name);
    ProblemAlerts *problemAlerts() const { return m_alerts; }
    // Above this many locks the table is read a window at a time (LockTableReader).
    void setWindowThreshold(int rows);
    std::optional<lockcore::LockInfo> selectedLock() const;

    // The actions, by object name, for tests and the context menu.
    QAction *action(const QString &objectName) const;

    // The admin's actions on the chosen lock (their dialogs are announced by
    // dialogAboutToShow, where tests answer them).
    LockActions *lockActions() const { return m_actions; }
    // Writes the locks the table shows (after the filter) to `path`, CSV or JSON by its
    // extension; File > Export locks asks for the path first. Returns why it failed, or empty;
    // exportFinished follows either way. A table read a window at a time: every matching lock
    // is read on the database thread first, and the file is written when they arrive.
    QString exportLocks(const QString &path);
    void exportLocksAs();
    // File > Open mapping: applies the mapping file at `path` (mappingfile.h) to the current
    // connection once a test opened its table with it; else says why, and nothing changes.
    // openMappingAs() asks for the file first.
    void openMapping(const QString &path);
    void openMappingAs();

    // Where the window keeps its layout and the long-hold thresholds (an INI file; default:
    // the application's settings). Takes effect at restoreLayout().
    void setSettingsFile(const QString &iniFile);
    // Takes back the layout, columns, sort, refresh interval and long-hold thresholds saved
    // when a window was last closed, and saves them when this one closes. A window that never
    // called it (tests, by default) leaves the settings alone.
    void restoreLayout();
    // File > New window: another window (for another database), deleted when closed. Its
    // connection dialog opens next, on this window's connection, to be changed from there.
    MainWindow *newWindow();
    // View > Long holds: edits the thresholds; applied and saved on OK.
    void editLongHolds();
    void setLongHoldRules(const LongHoldRules &rules);
    const LongHoldRules &longHoldRules() const { return m_longHolds; }

signals:
    // For tests: a dialog about to be shown (exec'd) by the window or an admin action.
    void dialogAboutToShow(QDialog *dialog);
    // An export is written (`problem` empty) or failed.
    void exportFinished(const QString &path, const QString &problem);
    // File > Open mapping applied the file at `path` (`problem` empty), or did not and why.
    void mappingFinished(const QString &path, const QString &problem);

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createCentral();
    void createExportAction();
    void createMappingAction();
    void onMappingTested(const QString &path, const ConnectionProfile &candidate,
                         const ConnectionTestResult &result);
    void rememberMapping(const WindowConnection &connection);
    void createViewMenu();
    std::unique_ptr<QSettings> settings() const;
    // The connection dialog, opened on `start` (not connected: on the profile used last).
    void showConnectionDialogOn(const WindowConnection &start);
    void openConnectionDialog(ConnectionDialog *dialog); // window-modal, Connect opens
    QList<lockcore::LockInfo> shownLocks() const;
    QString writeExport(const QString &path, const QList<lockcore::LockInfo> &locks);
    void onMatchingRead(quint64 id, const QList<lockcore::LockInfo> &locks);
    void onMatchingFailed(quint64 id, const lockcore::Error &error);
    // The lock table shown: the connection's, or an application's usual one.
    QString tableName() const;
    void retranslate();
    void sizeColumns();
    void updateActions();
    void showNotConnected();
    void updateStatus();
    void onRefresh(const LockRefresh &refresh);
    void onHealth(LockMonitor::Health health, const QString &text);
    // The server refused the login: asks for the password (once), then connects with it.
    void askForPassword();
    // Other applications' lock tables in the database: offered in File > Application tables.
    void onDetected(const QList<lockcore::DetectedTable> &tables);
    void rebuildApplicationTablesMenu();
    void onSelectionChanged();
    int execDialog(QDialog *dialog);

    WindowConnection m_connection;
    std::optional<lockcore::Profile> m_profile; // the connection's application table, if any
    QList<lockcore::DetectedTable> m_detected;  // in this database (same connection)
    WindowConnection m_detectedOn;              // the Lockscope-table connection they came from
    std::unique_ptr<DemoWorkload> m_demo;
    ProfileStore *m_profiles = nullptr;
    PasswordVault *m_vault = nullptr;
    QPointer<QDialog> m_passwordPrompt;
    ConnectionTester *m_mappingTest = nullptr; // File > Open mapping's test of the table
    LockMonitor *m_monitor;
    TestHolds *m_testHolds;
    LockTablePanel *m_panel = nullptr;
    LockDetailsPane *m_details = nullptr;
    QTabWidget *m_tabs = nullptr;
    ConnectionBand *m_band = nullptr;
    RefreshPauseBadge *m_pause = nullptr;
    SimulatorPanel *m_simulator = nullptr;
    NativeLocksPanel *m_nativeLocks = nullptr; // the "Database locks" tab
    ClusterView *m_cluster = nullptr; // the status bar's cluster item and the Cluster dock
    AuditDock *m_audit = nullptr; // View > Admin audit
    MessageBar *m_messageBar = nullptr;
    ProblemAlerts *m_alerts = nullptr;
    QLineEdit *m_filter = nullptr;
    StateFilterCombo *m_stateFilter = nullptr;
    QSplitter *m_splitter = nullptr;
    QString m_settingsFile;
    QString m_exportPath;     // an export waiting for the matching locks
    quint64 m_exportRequest = 0;
    bool m_remembersLayout = false;
    LongHoldRules m_longHolds = LongHoldRules::defaults();
    QSpinBox *m_interval = nullptr;
    QLabel *m_counts = nullptr;
    QLabel *m_readOnlyBadge = nullptr;
    QLabel *m_clock = nullptr;
    QLabel *m_refreshed = nullptr;
    ElidedLabel *m_health = nullptr; // the connection's state, cut in its middle when long
    QLabel *m_filterLabel = nullptr;
    QLabel *m_intervalLabel = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_applicationTablesMenu = nullptr;
    QMenu *m_lockMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QActionGroup *m_languages = nullptr;
    LockActions *m_actions = nullptr;
    QTimer *m_tick = nullptr;
    lockcore::DbClock m_lastClock;
    QDateTime m_historyAsked;
    QString m_historyFor;
};

} // namespace ui
