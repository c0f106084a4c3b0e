// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "adminrequest.h"
#include "profile.h"
#include "windowconnection.h"

#include <QObject>
#include <QSet>
#include <memory>
#include <optional>

class QAction;
class QDialog;
class QMainWindow;
class QMenu;
class QPoint;

namespace lockcore {
class Dialect;
}

namespace ui {

class LockMonitor;
class LockTablePanel;
class MessageBar;
class TestHolds;

// The admin's actions on locks, in one place: what each one targets, the dialog that shows and
// confirms that target, the request sent, and when each is offered.
//
// The target is the lock the admin chose on the table (LockTablePanel::selectedLock: never a lock
// the selection moved to by itself), read when the action starts, with the fence and holder the
// admin saw; the dialog shows that, and the database checks it (force release and delete are
// refused when the fence moved). Several chosen locks: only a force release, with one reason,
// each checked against its own fence and each outcome reported. Shortcuts that write act only while the lock table has focus
// (Qt::WidgetWithChildrenShortcut on the view; the menus, the toolbar and the table's context
// menu trigger them from anywhere): a text field keeps its own keys.
class LockActions : public QObject
{
    Q_OBJECT

public:
    LockActions(LockTablePanel *panel, LockMonitor *monitor, TestHolds *holds,
                MessageBar *messages, QMainWindow *window);

    // The lock table the actions act on (an application's profile: only what it does itself).
    void setConnection(const WindowConnection &connection,
                       const std::optional<lockcore::Profile> &profile);
    // The actions that change the database, in menu order (hidden on a read-only connection).
    const QList<QAction *> &writeActions() const { return m_writeActions; }
    QAction *copyLockAction() const { return m_copyLock; }
    QAction *copyCommandAction() const { return m_copyCommand; }
    // Enables what the chosen lock, the test holds and the connection's health allow.
    void update();
    void retranslate();

    void initializeLock();
    void testAcquire();
    void renewOwn();
    void releaseOwn();
    void forceRelease();
    void deleteLock();
    void createSchema();
    void copyLock();
    void copyLockCommand();
    // The table's context menu at `at` (the view's viewport coordinates): besides the actions
    // (and the window's `more` after the copies), the cell under it can be copied and the
    // locks of the same holder shown.
    void showContextMenu(const QPoint &at, const QList<QAction *> &more, QAction *refresh);

signals:
    // For tests: a dialog about to be shown (exec'd) by an action.
    void dialogAboutToShow(QDialog *dialog);
    // Show only the locks that match `text` (the filter box's text).
    void filterRequested(const QString &text);
    // For tests: the context menu about to be shown (exec'd).
    void contextMenuAboutToShow(QMenu *menu);

private:
    QAction *onTable(const QString &objectName, const QKeySequence &shortcut,
                     void (LockActions::*slot)());
    int execDialog(QDialog *dialog);
    void forceReleaseMany(const QList<lockcore::LockInfo> &seen);
    bool collectBatch(const AdminResult &result);
    void onAdminDone(const AdminResult &result);
    void onScheduledDone(const AdminResult &result);
    QString tableName() const;
    bool offered(const QString &action) const; // shown on this connection's table
    std::shared_ptr<const lockcore::Dialect> dialect() const;
    QString forceReleaseSql(const lockcore::Dialect &dialect, const lockcore::LockInfo &seen,
                            const QString &reason) const;

    LockTablePanel *m_panel;
    LockMonitor *m_monitor;
    TestHolds *m_holds;
    MessageBar *m_messages;
    QMainWindow *m_window;
    WindowConnection m_connection;
    std::optional<lockcore::Profile> m_profile;
    QList<QAction *> m_writeActions;
    QAction *m_copyLock = nullptr;
    QAction *m_copyCommand = nullptr;
    // A force release of several locks: the requests not answered yet, and each outcome.
    struct Batch
    {
        QSet<quint64> waiting;
        QStringList outcomes;
        int released = 0;
        int total = 0;
    };
    Batch m_batch;
};

} // namespace ui
