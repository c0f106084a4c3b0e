// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"
#include "simulator.h"

#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <atomic>
#include <memory>

class QThread;

Q_DECLARE_METATYPE(locksim::SimProgress)
Q_DECLARE_METATYPE(locksim::SimReport)

namespace ui {

class SimulationRelay;

// Runs one locksim::Simulator (prepare, then run) on a thread of its own. Progress batches and
// the result arrive as queued signals; nothing here ever waits for the database on the calling
// (GUI) thread. stop() only raises a flag: the run ends soon after and still reports.
class SimulationRunner : public QObject
{
    Q_OBJECT

public:
    explicit SimulationRunner(QObject *parent = nullptr);
    // Asks a run that is still going to stop and gives it a short while to end; a run stuck on
    // the database is left to finish on its own thread.
    ~SimulationRunner() override;

    // False (and nothing starts) while a run is under way. The clients are spread over the
    // nodes (node 1 first; see locksim::Simulator).
    bool start(const QList<lockcore::ConnectionSpec> &nodes,
               const locksim::SimSettings &settings);
    void stop();
    bool isRunning() const { return m_running; }

signals:
    void progress(const locksim::SimProgress &progress);
    void finished(const locksim::SimReport &report);
    void failed(const QString &message);

private:
    void onFinished(const locksim::SimReport &report);
    void onFailed(const QString &message);

    std::shared_ptr<std::atomic_bool> m_stop;
    QPointer<QThread> m_thread;
    QPointer<SimulationRelay> m_relay;
    bool m_running = false;
};

} // namespace ui
