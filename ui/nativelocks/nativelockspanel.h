// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"
#include "nativelocksmetatypes.h"

#include <QWidget>

class QDialog;
class QLabel;
class QLineEdit;
class QMenu;
class QPushButton;
class QTableView;
class QTimer;
class QTreeView;

namespace ui {

class BlockingTreeModel;
class NativeLocksModel;
class NativeLocksWorker;

// The "Database locks" view: who blocks whom (every session that waits for a lock of the
// database's own, rows, tables, metadata, advisory and user locks, under the session it waits
// for; the root blockers first), with "Cancel statement…" and "Terminate session…" on a session
// of it (blockingsessions.cpp); below it the locks the database manages for applications
// (PostgreSQL advisory locks, MySQL/MariaDB user locks), who holds or waits for them, and
// "Terminate holding session…". Every action compares-and-sets and is audited. Reads run on the
// NativeLocksWorker's thread, every 2 s while the view is visible; the connection is opened when
// the view is first shown (or a lock's row is looked up, rowlockerlookup.cpp). When a read
// fails, what is shown stays, greyed, "as of" the last read.
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

    // Who blocks whom (blockingsessions.cpp).
    BlockingTreeModel *blockingModel() const { return m_treeModel; }
    QTreeView *blockingView() const { return m_tree; }
    QString blockingEmptyText() const; // the one line shown when nothing blocks; else empty
    QPushButton *cancelStatementButton() const { return m_cancelStatement; }
    QPushButton *terminateSessionButton() const { return m_endSession; }
    // Why the selected session of the tree cannot be cancelled or terminated now; empty: it
    // can (the buttons' and menu entries' tooltips say it when they are disabled).
    QString whyNotEnd(lockcore::SessionAction action) const;
    // Asks for confirmation and a reason, then cancels the statement of, or terminates, the
    // tree's selected session as shown.
    void endSelectedSession(lockcore::SessionAction action);
    // Selects the session `pid` in the tree (after the next read when not shown yet).
    void showSession(qint64 pid);
    // Who holds the row of `lockName` in the lock table locked (on the worker's thread,
    // at most one look-up at a time: a name asked meanwhile is looked up next). Answered
    // with rowLockersFound or rowLockersFailed. Nothing for SQLite.
    void lookUpRowLockers(const QString &lockName);

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
    void endSessionFinished(); // the answer of a cancel or terminate of the tree is shown
    void rowLockersFound(const QString &lockName, const lockcore::RowLockers &lockers);
    void rowLockersFailed(const QString &lockName, const QString &message);

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
    void setStale(bool stale);
    void ensureConnection(); // the worker's connection, without reading
    // The tree (blockingsessions.cpp).
    void setUpBlockingTree();
    void showBlocking(const lockcore::NativeLockSnapshot &snapshot);
    void showTreeMenu(const QPoint &at);
    void onEndSessionDone(const lockcore::TerminateOutcome &outcome);
    void onEndSessionFailed(const QString &message);
    void updateTreeActions();
    void retranslateTree();
    // The row look-ups (rowlockerlookup.cpp).
    void onRowLockersAnswered();
    void onTerminated(const lockcore::TerminateOutcome &outcome);
    void onTerminateFailed(const QString &message);
    void showMessage(const QString &text, bool error);
    // The dialog's result: shown modally, unless a test answered it (dialogAboutToShow).
    int answerOf(QDialog &dialog);
    // A cancel's or terminate's outcome in the message line; `doneText` when it was done.
    void showOutcome(const lockcore::TerminateOutcome &outcome, const QString &doneText);
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
    BlockingTreeModel *m_treeModel;
    QTreeView *m_tree;
    QLabel *m_treeTitle;
    QLabel *m_treeEmpty;
    QLabel *m_listTitle;
    QPushButton *m_cancelStatement;
    QPushButton *m_endSession;

    std::optional<lockcore::ConnectionSpec> m_spec;
    // What the connection's database offers (before one: NativeLockCapabilities::assumed,
    // so that Terminate shows, disabled).
    lockcore::NativeLockCapabilities m_capabilities = lockcore::NativeLockCapabilities::assumed();
    bool m_readOnly = false;
    int m_connectTimeoutS = 5;
    QString m_auditTable;
    bool m_workerStarted = false;
    bool m_terminating = false;
    bool m_ending = false; // a cancel or terminate of the tree is under way
    qint64 m_sessionToSelect = 0; // showSession(), until a read shows it
    QString m_rowLookUp;          // the name being looked up; empty: none
    QString m_rowLookUpNext;      // asked meanwhile
    std::optional<lockcore::NativeLockSnapshot> m_last;
    // The sessions showHolderSession() found, shown with every read (a PostgreSQL session
    // that holds no database lock is in no read).
    QList<lockcore::NativeLock> m_holderRows;
    bool m_holderToSelect = false; // its row, once a read shows it
    QString m_readError;
    QString m_databaseText; // the connection's redacted URL, for the dialogs
};

} // namespace ui
