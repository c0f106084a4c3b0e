// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clusterstatus.h"
#include "connectionspec.h"
#include "lockmonitor.h"

#include <QElapsedTimer>
#include <QObject>

class QAction;
class QMainWindow;

namespace ui {

class ClusterDock;
class ClusterPanel;
class ClusterStatusButton;
class ClusterStatusWorker;

// The window's cluster view: the status bar item and the "Cluster" dock, fed by a
// ClusterStatusWorker (its own thread and connection). Read when a connection opens, on demand
// (Refresh, opening the dock), and with the monitor's refreshes: at each one while the dock is
// shown, otherwise every hiddenRefreshMs, so that the status bar's warning stays current
// without a read of the replication views every second.
class ClusterView : public QObject
{
    Q_OBJECT

public:
    static constexpr int hiddenRefreshMs = 15000;

    // Adds its item to `window`'s status bar and its dock to `window` (hidden).
    ClusterView(QMainWindow *window, LockMonitor *monitor);
    ~ClusterView() override;

    void setConnection(const lockcore::ConnectionSpec &spec, int connectTimeoutS);
    // Reads now, unless a read is under way.
    void refresh();

    ClusterStatusButton *button() const { return m_button; }
    ClusterDock *dock() const { return m_dock; }
    ClusterPanel *panel() const;
    QAction *toggleAction() const; // View > Cluster

signals:
    // For tests: a read's answer (or its failure) is shown.
    void shown();

private:
    void onMonitorRefreshed();
    void onHealth(LockMonitor::Health health);
    void onStatus(const lockcore::ClusterStatus &status);
    void onFailed(const QString &message);

    ClusterStatusWorker *m_worker;
    ClusterStatusButton *m_button;
    ClusterDock *m_dock;
    QElapsedTimer m_sinceRead; // since the last read was asked for
    LockMonitor::Health m_lastHealth = LockMonitor::Health::Ok;
};

} // namespace ui
