// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

namespace ui {

class LockDetailsPane;
class LockMonitor;
class LockTablePanel;

// Stale is never shown as live: while the monitor says what was read is stale (a refresh
// failed or is overdue, or refresh is paused), the lock table's rows and the details pane are
// shown as of the last successful read (greyed, countdowns stopped, "as of 05:57:58"); a read
// that succeeds brings the live look back.
class StaleLook : public QObject
{
    Q_OBJECT

public:
    StaleLook(LockMonitor *monitor, LockTablePanel *panel, LockDetailsPane *details,
              QObject *parent);

private:
    void apply();

    LockMonitor *m_monitor;
    LockTablePanel *m_panel;
    LockDetailsPane *m_details;
};

} // namespace ui
