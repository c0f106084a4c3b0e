// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session.h"

#include <QObject>
#include <QPointer>
#include <memory>

class QThread;

namespace ui {

// A worker's job (a QObject that owns a Session and blocks on the network) on a thread of its
// own. A new job lets the previous thread go, never waiting for it: a thread stuck on a silent
// server ends, and deletes its job, on its own. Each start has a generation: an answer the job
// sends carries the generation it was asked under, and one from a thread let go is dropped.
class JobThread
{
public:
    JobThread() = default;
    JobThread(const JobThread &) = delete;
    JobThread &operator=(const JobThread &) = delete;
    ~JobThread(); // a short bounded wait lets the job close its Session on its thread

    // Moves `job` to a new thread named `name` and starts it; returns its generation.
    quint64 start(QObject *job, const QString &name);
    // Lets the thread go: its job is deleted on it when it ends; what it still sends is dropped.
    void stop();

    QObject *job() const { return m_job; }
    bool isCurrent(quint64 generation) const { return m_job && generation == m_generation; }
    quint64 generation() const { return m_generation; }

private:
    QPointer<QThread> m_thread;
    QObject *m_job = nullptr; // on m_thread; deleted there when it ends
    quint64 m_generation = 0;
};

// A job's Session, opened on the job's thread at its first use and kept: `session` is set, or
// the reason it could not be opened is returned (tried again at the next use).
lockcore::Status openOnce(std::unique_ptr<lockcore::Session> &session,
                          const lockcore::ConnectionSpec &spec, int connectTimeoutS);

} // namespace ui
