// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

class QAction;

namespace ui {

class LockMonitor;

// Pause refresh: a checkable action (View menu and toolbar) that stops the monitor's reads, and
// this status-bar badge that says "Refresh paused" while it is. Resuming reads at once.
class RefreshPauseBadge : public QLabel
{
    Q_OBJECT

public:
    explicit RefreshPauseBadge(LockMonitor *monitor, QWidget *parent = nullptr);

    QAction *action() const { return m_action; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QAction *m_action;
};

} // namespace ui
