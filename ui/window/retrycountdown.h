// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

class QTimer;

namespace ui {

class LockMonitor;

// After a failed refresh, the status bar's "Next try in 4 s — F5 tries now", counting down
// (hidden when no try is waiting). It also tells the monitor whether the admin can see the
// window (shown, not minimised): the monitor keeps its waits short then.
class RetryCountdown : public QLabel
{
    Q_OBJECT

public:
    // `window`: the window whose visibility counts (this label's parent widget's window).
    RetryCountdown(LockMonitor *monitor, QWidget *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();

    LockMonitor *m_monitor;
    QWidget *m_window;
    QTimer *m_timer;
};

} // namespace ui
