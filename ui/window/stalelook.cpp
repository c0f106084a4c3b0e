// SPDX-License-Identifier: GPL-3.0-or-later
#include "stalelook.h"

#include "lockdetailspane.h"
#include "lockmonitor.h"
#include "locktablepanel.h"
#include "lockwindowmodel.h"

namespace ui {

StaleLook::StaleLook(LockMonitor *monitor, LockTablePanel *panel, LockDetailsPane *details,
                     QObject *parent)
    : QObject(parent), m_monitor(monitor), m_panel(panel), m_details(details)
{
    connect(monitor, &LockMonitor::staleChanged, this, &StaleLook::apply);
    // A read while stale (F5 while paused): as of that read now.
    connect(monitor, &LockMonitor::refreshed, this, &StaleLook::apply);
}

void StaleLook::apply()
{
    const QDateTime readAt = m_monitor->isStale() ? m_monitor->lastRefresh() : QDateTime();
    m_panel->model()->setStale(readAt);
    m_panel->windowModel()->setStale(readAt);
    m_details->setAsOf(readAt);
}

} // namespace ui
