#pragma once

#include "adminrequest.h"
#include "connectionspec.h"
#include "lockmonitor.h"
#include "profile.h"

#include <QMainWindow>
#include <QPointer>
#include <memory>
#include <optional>

class DemoWorkload;
class LockDetailsPane;
class LockTableModel;
class LockTablePanel;
class MessageBar;
class NativeLocksPanel;
class PasswordVault;
class ProfileStore;
class QAction;
class QActionGroup;
class QLabel;
class QLineEdit;
class QMenu;
class QSpinBox;
class QTabWidget;
class QTableView;
class SimulatorPanel;
class TestHolds;

// What the window is connected to.
struct WindowConnection
{
    lockcore::ConnectionSpec spec;
    QString table = QStringLiteral("dist_lock");
    bool readOnly = false;
    int connectTimeoutS = 5;
    QString title; // profile name or the redacted URL
    QVariantMap lockProfile; // as ConnectionProfile::lockProfile; empty: Lockscope's own table
};

// The monitor: live lock table, details of the selected lock, admin actions. All database work
// runs on the LockMonitor's thread; this class only shows results.
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
    // Opens the connection dialog over the window (window-modal, does not block the caller);
    // Connect opens the chosen lock table.
    void showConnectionDialog();
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
    bool selectLock(const QString &name);
    // Above this many locks the table is read a window at a time (LockTableReader).
    void setWindowThreshold(int rows);
    std::optional<lockcore::LockInfo> selectedLock() const;

    // The actions, by object name, for tests and the context menu.
    QAction *action(const QString &objectName) const;

    // Admin actions; the dialogs they open can be answered by tests through these hooks.
    void initializeLock();
    void testAcquire();
    void renewOwn();
    void releaseOwn();
    void forceRelease();
    void deleteLock();
    void createSchema();

    // Copy the selected lock's row (as the table shows it) or its lockctl commands.
    void copyLock();
    void copyLockCommand();
    // Writes the rows the table shows (after the filter) to `path`, CSV or JSON by its
    // extension; File > Export locks asks for the path first. Returns why it failed, or empty.
    QString exportLocks(const QString &path);
    void exportLocksAs();

signals:
    // For tests: a dialog about to be shown (exec'd) by an admin action.
    void dialogAboutToShow(QDialog *dialog);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createCentral();
    void createCopyActions();
    QList<lockcore::LockInfo> shownLocks() const;
    void retranslate();
    void sizeColumns();
    void updateActions();
    void showNotConnected();
    void updateStatus();
    void onRefresh(const LockRefresh &refresh);
    void onHealth(LockMonitor::Health health, const QString &text);
    // The server refused the login: asks for the password (once), then connects with it.
    void askForPassword();
    void onAdminDone(const AdminResult &result);
    // Other applications' lock tables in the database: offered in File > Application tables.
    void onDetected(const QList<lockcore::DetectedTable> &tables);
    void rebuildApplicationTablesMenu();
    void onSelectionChanged();
    int execDialog(QDialog *dialog);
    QAction *addAction(const QString &objectName, const QKeySequence &shortcut,
                       void (MainWindow::*slot)());

    WindowConnection m_connection;
    std::optional<lockcore::Profile> m_profile; // the connection's application table, if any
    QList<lockcore::DetectedTable> m_detected;  // in this database (same connection)
    WindowConnection m_detectedOn;              // the Lockscope-table connection they came from
    std::unique_ptr<DemoWorkload> m_demo;
    ProfileStore *m_profiles = nullptr;
    PasswordVault *m_vault = nullptr;
    QPointer<QDialog> m_passwordPrompt;
    LockMonitor *m_monitor;
    TestHolds *m_testHolds;
    LockTablePanel *m_panel = nullptr;
    LockDetailsPane *m_details = nullptr;
    QTabWidget *m_tabs = nullptr;
    SimulatorPanel *m_simulator = nullptr;
    NativeLocksPanel *m_nativeLocks = nullptr; // the "Database locks" tab
    MessageBar *m_messageBar = nullptr;
    QLineEdit *m_filter = nullptr;
    QSpinBox *m_interval = nullptr;
    QLabel *m_counts = nullptr;
    QLabel *m_readOnlyBadge = nullptr;
    QLabel *m_clock = nullptr;
    QLabel *m_refreshed = nullptr;
    QLabel *m_health = nullptr;
    QLabel *m_filterLabel = nullptr;
    QLabel *m_intervalLabel = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_applicationTablesMenu = nullptr;
    QMenu *m_lockMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_languageMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QActionGroup *m_languages = nullptr;
    QList<QAction *> m_writeActions;
    QTimer *m_tick = nullptr;
    lockcore::DbClock m_lastClock;
    QDateTime m_historyAsked;
    QString m_historyFor;
};
