// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultwatch.h"

#include "lockmonitor.h"
#include "locktablepanel.h"
#include "lockwindowmodel.h"
#include "messagebar.h"

using lockcore::LockInfo;
using lockcore::LockState;

namespace ui {

ResultWatch::ResultWatch(LockMonitor *monitor, LockTablePanel *panel, MessageBar *bar,
                         QObject *parent)
    : QObject(parent), m_panel(panel), m_bar(bar),
      m_timeoutMs(MessageBar::ResultTimeoutMs)
{
    setObjectName(QStringLiteral("resultWatch"));
    // After the window's own slots: the result is on the bar, the refresh in the table.
    connect(monitor, &LockMonitor::adminDone, this, &ResultWatch::onAdminDone);
    connect(monitor, &LockMonitor::refreshed, this, &ResultWatch::onRefreshed);
}

void ResultWatch::onAdminDone(const AdminResult &result)
{
    if (result.request.automatic) // a test hold's own renewal: said with its own timeout
        return;
    const QString said = result.error ? result.error->message : result.summary;
    if (m_bar->isHidden() || said.isEmpty() || !m_bar->text().contains(said))
        return; // not what the bar shows (a batch still collecting, or replaced)
    m_bar->expireIn(m_timeoutMs);
    m_subject.reset();
    // One lock's result (not a batch's list): watched until the table shows it changed.
    if (m_bar->text() == said && !result.current.name.isEmpty())
        m_subject = Subject{said, result.current};
}

void ResultWatch::onRefreshed()
{
    if (!m_subject)
        return;
    if (m_bar->isHidden() || m_bar->text() != m_subject->text) {
        m_subject.reset(); // gone or replaced
        return;
    }
    bool known = false;
    const std::optional<LockInfo> now = shownLock(m_subject->lock.name, &known);
    if (!known)
        return; // a window of a large table without it: nothing to compare with
    const LockInfo &was = m_subject->lock;
    const bool same = now && now->holder == was.holder && now->fence == was.fence
                      && (now->state == LockState::Free) == (was.state == LockState::Free);
    if (same)
        return;
    m_bar->markOutdated(tr("Outdated: \"%1\" has changed since; %2")
                            .arg(was.name, nowText(now)));
    m_subject.reset();
}

// The lock as the table shows it now; `known` false when the table cannot tell (a windowed
// table reads only some rows), std::nullopt when it is not in the table.
std::optional<LockInfo> ResultWatch::shownLock(const QString &name, bool *known) const
{
    if (m_panel->isWindowed()) {
        const int row = m_panel->windowModel()->rowOf(name);
        *known = row >= 0;
        if (row < 0)
            return std::nullopt;
        return m_panel->windowModel()->index(row, 0).data(LockTableModel::LockInfoRole)
            .value<LockInfo>();
    }
    *known = true; // the whole table is read (whatever the filter shows)
    const int row = m_panel->model()->rowOf(name);
    if (row < 0)
        return std::nullopt;
    return m_panel->model()->index(row, 0).data(LockTableModel::LockInfoRole).value<LockInfo>();
}

QString ResultWatch::nowText(const std::optional<LockInfo> &lock) const
{
    if (!lock)
        return tr("it is no longer in the table.");
    if (lock->state == LockState::Free)
        return tr("it is free now (fence %1).").arg(lock->fence);
    return tr("it is held by %1 now (fence %2).").arg(lock->holder).arg(lock->fence);
}

} // namespace ui
