// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clusterstatus.h"
#include "connectionspec.h"
#include "jobthread.h"

#include <QMetaType>
#include <QObject>

Q_DECLARE_METATYPE(lockcore::ClusterStatus)

namespace ui {

class ClusterStatusJob;

// Reads what the server says about its cluster (lockcore::readClusterStatus) on a thread of its
// own, with its own read-only connection, so that a slow or silent server never blocks the GUI
// thread. read() returns at once; the answer comes back as a queued signal carrying the value.
// A read answered after setConnection() or stop() is dropped (its generation is old), and a
// thread stuck on a silent server is let go, never waited for.
class ClusterStatusWorker : public QObject
{
    Q_OBJECT

public:
    explicit ClusterStatusWorker(QObject *parent = nullptr);
    ~ClusterStatusWorker() override;

    // A new connection (the previous thread, if any, is let go); opened at the first read.
    void setConnection(const lockcore::ConnectionSpec &spec, int connectTimeoutS = 5);
    bool hasConnection() const { return m_jobs.job() != nullptr; }
    void stop();
    // Reads; false (nothing sent) without a connection or while a read is under way.
    bool read();
    bool isReading() const { return m_reading; }

signals:
    void statusRead(const lockcore::ClusterStatus &status);
    void readFailed(const QString &message);

private:
    JobThread m_jobs; // a ClusterStatusJob on its thread
    bool m_reading = false;
};

} // namespace ui
