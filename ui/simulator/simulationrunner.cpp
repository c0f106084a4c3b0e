// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulationrunner.h"

#include <QThread>

using namespace Qt::StringLiterals;

namespace ui {

// Carries the worker thread's results to the runner. It lives on the GUI thread and outlives
// the runner if need be (it is deleted when the worker thread ends), so the worker can always
// emit; a deleted runner simply is no longer connected.
class SimulationRelay : public QObject
{
    Q_OBJECT

signals:
    void progress(const locksim::SimProgress &progress);
    void finished(const locksim::SimReport &report);
    void failed(const QString &message);
};

SimulationRunner::SimulationRunner(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<locksim::SimProgress>();
    qRegisterMetaType<locksim::SimReport>();
}

SimulationRunner::~SimulationRunner()
{
    if (!m_thread)
        return;
    if (m_stop)
        m_stop->store(true);
    if (m_relay)
        m_relay->disconnect(this);
    // Most runs end within a progress period of the stop; one blocked on a database that does
    // not answer keeps its thread, which deletes itself when it ends.
    if (!m_thread->wait(QDeadlineTimer(3000)))
        m_thread->setParent(nullptr);
}

bool SimulationRunner::start(const QList<lockcore::ConnectionSpec> &nodes,
                             const locksim::SimSettings &settings)
{
    if (m_running)
        return false;
    if (m_relay)
        m_relay->disconnect(this); // a stopped run that has not ended yet no longer reports
    auto stop = std::make_shared<std::atomic_bool>(false);
    auto *relay = new SimulationRelay;
    QThread *thread = QThread::create([nodes, settings, stop, relay] {
        locksim::Simulator simulator(nodes, settings);
        if (const lockcore::Status prepared = simulator.prepare(); !prepared) {
            emit relay->failed(prepared.error().message);
            return;
        }
        auto report = simulator.run(*stop, [relay](const locksim::SimProgress &batch) {
            emit relay->progress(batch);
        });
        if (report)
            emit relay->finished(*report);
        else
            emit relay->failed(report.error().message);
    });
    thread->setObjectName(u"simulation"_s);
    connect(relay, &SimulationRelay::progress, this, &SimulationRunner::progress);
    connect(relay, &SimulationRelay::finished, this, &SimulationRunner::onFinished);
    connect(relay, &SimulationRelay::failed, this, &SimulationRunner::onFailed);
    connect(thread, &QThread::finished, relay, &QObject::deleteLater);
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    m_stop = stop;
    m_relay = relay;
    m_thread = thread;
    m_running = true;
    thread->start();
    return true;
}

void SimulationRunner::stop()
{
    if (m_running && m_stop)
        m_stop->store(true);
}

void SimulationRunner::onFinished(const locksim::SimReport &report)
{
    m_running = false;
    emit finished(report);
}

void SimulationRunner::onFailed(const QString &message)
{
    m_running = false;
    emit failed(message);
}

} // namespace ui

#include "simulationrunner.moc"
