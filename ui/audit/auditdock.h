// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "adminaudit.h"
#include "lockmonitor.h"

#include <QDockWidget>
#include <functional>

class QMainWindow;

namespace ui {

class AuditPanel;

// The "Admin audit" dock of the main window (View › Admin audit), hidden until asked for: the
// admin actions across every lock, read through the window's LockMonitor on its database
// thread (the GUI thread never waits). Read when shown, on Refresh or Enter in a filter, after
// this window's own admin actions while shown, and when a connection opens while shown; an
// answer to a superseded read is dropped. A double-click selects the row's lock in the lock
// table through `selectLock` (false: it is not there).
class AuditDock : public QDockWidget
{
    Q_OBJECT

public:
    AuditDock(QMainWindow *window, LockMonitor *monitor,
              std::function<bool(const QString &)> selectLock);

    AuditPanel *panel() const { return m_panel; }
    // Reads with the panel's filters now (a bad "since" is said, nothing is read).
    void read();

signals:
    // For tests: a read's answer (or its failure) is shown.
    void shown();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void onHealth(LockMonitor::Health health);
    void onReady(quint64 id, const lockcore::AuditPage &page);
    void onFailed(quint64 id, const lockcore::Error &error);

    LockMonitor *m_monitor;
    AuditPanel *m_panel;
    quint64 m_pending = 0; // the read whose answer is awaited; 0: none
    LockMonitor::Health m_lastHealth = LockMonitor::Health::Idle;
};

} // namespace ui
