// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAction>

class QTabWidget;

namespace ui {

class LockTablePanel;
class NativeLocksPanel;

// "Show database session" (the Lock menu and the table's context menu): from the lock the admin
// selected to its holder's session in the Database locks tab. It takes the lock and holder
// selected when it is triggered, switches to that tab and asks it to find and select the
// session (NativeLocksPanel::showHolderSession), which says why not when the database cannot
// tell. Enabled while a lock with a holder is selected; it writes nothing (read-only too).
class HolderSessionAction : public QAction
{
    Q_OBJECT

public:
    HolderSessionAction(LockTablePanel *locks, NativeLocksPanel *sessions, QTabWidget *tabs,
                        QWidget *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void update();
    void show();
    void retranslate();

    LockTablePanel *m_locks;
    NativeLocksPanel *m_sessions;
    QTabWidget *m_tabs;
};

} // namespace ui
