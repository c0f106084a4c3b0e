// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "adminrequest.h"

#include <QObject>
#include <optional>

namespace ui {

class LockMonitor;
class LockTablePanel;
class MessageBar;

// An action's result in the message bar does not outlive what it says: it goes after
// MessageBar::ResultTimeoutMs (a failure too, once its box was acknowledged), and a result
// about one lock ("stuck.d is held by intruder@host-y:999") is marked outdated as soon as a
// refresh shows that lock with another holder, fence or state.
class ResultWatch : public QObject
{
    Q_OBJECT

public:
    ResultWatch(LockMonitor *monitor, LockTablePanel *panel, MessageBar *bar, QObject *parent);
    // How long a result stays (MessageBar::ResultTimeoutMs; tests shorten it).
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

private:
    struct Subject
    {
        QString text; // the result as the bar shows it
        lockcore::LockInfo lock; // the lock as the result described it
    };

    void onAdminDone(const AdminResult &result);
    void onRefreshed();
    std::optional<lockcore::LockInfo> shownLock(const QString &name, bool *known) const;
    QString nowText(const std::optional<lockcore::LockInfo> &lock) const;

    LockTablePanel *m_panel;
    MessageBar *m_bar;
    int m_timeoutMs;
    std::optional<Subject> m_subject;
};

} // namespace ui
