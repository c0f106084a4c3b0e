// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobthread.h"

#include <QDeadlineTimer>
#include <QThread>

namespace ui {

JobThread::~JobThread()
{
    QPointer<QThread> thread = m_thread;
    stop();
    if (thread)
        thread->wait(QDeadlineTimer(2000));
}

quint64 JobThread::start(QObject *job, const QString &name)
{
    stop();
    auto *thread = new QThread;
    thread->setObjectName(name);
    job->moveToThread(thread);
    m_thread = thread;
    m_job = job;
    thread->start();
    return m_generation;
}

void JobThread::stop()
{
    ++m_generation; // whatever the old thread still sends is dropped
    if (m_job) {
        m_job->disconnect(); // nothing it sends from now on reaches anyone
        m_job->deleteLater(); // on its thread, with its Session, when the thread ends
    }
    if (m_thread) {
        m_thread->quit();
        m_thread->setParent(nullptr);
        // Deletes itself once it ended (a request blocked on a silent server finishes first).
        QObject::connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
    }
    m_job = nullptr;
    m_thread = nullptr;
}

lockcore::Status openOnce(std::unique_ptr<lockcore::Session> &session,
                          const lockcore::ConnectionSpec &spec, int connectTimeoutS)
{
    if (session)
        return {};
    lockcore::SessionOptions options;
    options.connectTimeoutS = connectTimeoutS;
    auto opened = lockcore::Session::open(spec, options);
    if (!opened)
        return opened.error();
    session = std::move(opened).value();
    return {};
}

} // namespace ui
