#pragma once

#include "connectionspec.h"
#include "nativelocks.h"

#include <QWidget>

class QDialog;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTimer;

namespace ui {

class NativeLocksModel;
class NativeLocksWorker;

// The "Database locks" view: the locks the database itself manages for applications (PostgreSQL
// advisory locks, MySQL/MariaDB user locks), who holds or waits for them, and "Terminate holding
// session…" (compare-and-set, audited). Reads run on the NativeLocksWorker's thread, every 2 s
// while the view is visible; the connection is opened when the view is first shown.
class NativeLocksPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int refreshIntervalMs = 2000;

    explicit NativeLocksPanel(QWidget *parent = nullptr);
    ~NativeLocksPanel() override;

    // The window's connection. Read-only: terminate is not offered. Terminates are audited in
    // the event table of the Lockscope lock table `auditTable` when it exists.
    void setConnection(const lockcore::ConnectionSpec &spec, bool readOnly,
                       int connectTimeoutS = 5,
                       const QString &auditTable = QStringLiteral("dist_lock"));
    void refresh();
    // Asks for confirmation and a reason, then terminates the selected row's session.
    void terminateSelected();
    bool canTerminate() const;
    // From a lock of the lock table to its holder's database session (holdersession.cpp):
    // looks it up on the worker's thread, then selects its row (a session that holds no
    // database lock gets a row of its own), or says why the database cannot tell.
    void showHolderSession(const QString &holder, const QString &lockName);

    NativeLocksModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QString sourceText() const;  // the header line: where the rows come from
    QString messageText() const; // the outcome of the last action or read problem
    QPushButton *terminateButton() const { return m_terminate; }
    // MySQL/MariaDB: user-lock names to look up by name (comma- or space-separated), for a
    // server that cannot list its user locks; hidden for the other databases.
    QLineEdit *namesEdit() const { return m_names; }
    QStringList names() const;
    // Look up only the names given (as a server without performance_schema or the
    // metadata_lock_info plugin answers); tests use it on servers that can list.
    void setNamesOnly(bool namesOnly);

signals:
    // For tests: the confirmation dialog is about to be shown (exec'd).
    void dialogAboutToShow(QDialog *dialog);
    void snapshotShown();
    void terminateFinished();
    void holderSessionShown(); // the answer of showHolderSession() is shown

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void ensureWorker();
    void onSnapshot(const lockcore::NativeLockSnapshot &snapshot);
    void showSnapshot(const lockcore::NativeLockSnapshot &snapshot);
    void onHolderSessions(const QString &lockName, const lockcore::HolderSessions &found);
    void onHolderSessionsFailed(const QString &lockName, const QString &message);
    bool selectHolderRow(); // false: not among the rows (yet)
    void onReadFailed(const QString &message);
    void onTerminated(const lockcore::TerminateOutcome &outcome);
    void onTerminateFailed(const QString &message);
    void showMessage(const QString &text, bool error);
    void updateActions();
    void retranslate();

    NativeLocksModel *m_model;
    NativeLocksWorker *m_worker;
    QLabel *m_source;
    QLabel *m_message;
    QTableView *m_view;
    QPushButton *m_refresh;
    QPushButton *m_terminate;
    QLabel *m_namesLabel;
    QLineEdit *m_names;
    QTimer *m_timer;
    bool m_namesOnly = false;

    std::optional<lockcore::ConnectionSpec> m_spec;
    // What the connection's database offers (before one: NativeLockCapabilities::assumed,
    // so that Terminate shows, disabled).
    lockcore::NativeLockCapabilities m_capabilities = lockcore::NativeLockCapabilities::assumed();
    bool m_readOnly = false;
    int m_connectTimeoutS = 5;
    QString m_auditTable;
    bool m_workerStarted = false;
    bool m_terminating = false;
    std::optional<lockcore::NativeLockSnapshot> m_last;
    // The sessions showHolderSession() found, shown with every read (a PostgreSQL session
    // that holds no database lock is in no read).
    QList<lockcore::NativeLock> m_holderRows;
    bool m_holderToSelect = false; // its row, once a read shows it
    QString m_readError;
};

} // namespace ui
