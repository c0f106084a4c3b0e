// SPDX-License-Identifier: GPL-3.0-or-later
#include "clusterview.h"

#include "clusterdock.h"
#include "clusterpanel.h"
#include "clusterstatusbutton.h"
#include "clusterstatusworker.h"
#include "lockmonitor.h"

#include <QMainWindow>
#include <QStatusBar>

namespace ui {

ClusterView::ClusterView(QMainWindow *window, LockMonitor *monitor)
    : QObject(window), m_worker(new ClusterStatusWorker(this)),
      m_button(new ClusterStatusButton(window)), m_dock(new ClusterDock(window))
{
    window->statusBar()->addPermanentWidget(m_button);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    m_dock->hide();
    connect(m_button, &QToolButton::clicked, this, [this] {
        m_dock->setVisible(!m_dock->isVisible());
        if (m_dock->isVisible())
            m_dock->raise();
    });
    connect(m_dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            refresh();
    });
    connect(panel(), &ClusterPanel::refreshRequested, this, &ClusterView::refresh);
    connect(monitor, &LockMonitor::refreshed, this, &ClusterView::onMonitorRefreshed);
    connect(monitor, &LockMonitor::healthChanged, this, &ClusterView::onHealth);
    connect(m_worker, &ClusterStatusWorker::statusRead, this, &ClusterView::onStatus);
    connect(m_worker, &ClusterStatusWorker::readFailed, this, &ClusterView::onFailed);
}

ClusterView::~ClusterView() = default;

ClusterPanel *ClusterView::panel() const
{
    return m_dock->panel();
}

QAction *ClusterView::toggleAction() const
{
    return m_dock->toggleViewAction();
}

void ClusterView::setConnection(const lockcore::ConnectionSpec &spec, int connectTimeoutS)
{
    m_worker->setConnection(spec, connectTimeoutS);
    m_button->showNotConnected();
    panel()->showNotConnected();
    refresh();
}

void ClusterView::refresh()
{
    if (m_worker->read())
        m_sinceRead.start();
}

void ClusterView::onMonitorRefreshed()
{
    if (m_dock->isVisible() || !m_sinceRead.isValid() || m_sinceRead.elapsed() >= hiddenRefreshMs)
        refresh();
}

void ClusterView::onHealth(LockMonitor::Health health)
{
    // Back after an outage (after a failover: on another node): read the cluster again now,
    // not at the next quarter-minute; the status bar still shows the node it had before.
    if (health == LockMonitor::Health::Ok && m_lastHealth != LockMonitor::Health::Ok)
        refresh();
    m_lastHealth = health;
}

void ClusterView::onStatus(const lockcore::ClusterStatus &status)
{
    m_button->showStatus(status);
    panel()->showStatus(status, QDateTime::currentDateTime());
    emit shown();
}

void ClusterView::onFailed(const QString &message)
{
    m_button->showError(message);
    panel()->showError(message);
    emit shown();
}

} // namespace ui
