// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session.h"

#include <QObject>
#include <QThread>
#include <atomic>
#include <functional>
#include <memory>

namespace testsupport {

// A client whose Session lives on a thread of its own (a connection belongs to the thread that
// opened it): the test runs its operations there, blocking or not, and meanwhile looks at the
// server or at the network under it. The suite's main() needs a QCoreApplication.
class SessionThread
{
public:
    SessionThread();
    ~SessionThread(); // closes the session on its thread
    SessionThread(const SessionThread &) = delete;
    SessionThread &operator=(const SessionThread &) = delete;

    // Runs `fn` on the session's thread and waits for it.
    void run(const std::function<void()> &fn);
    // Starts `fn` there; done() tells when it has returned.
    void start(const std::function<void()> &fn);
    bool done() const { return m_done; }
    std::unique_ptr<lockcore::Session> &session() { return m_session; }

private:
    QThread m_thread;
    QObject m_context;
    std::unique_ptr<lockcore::Session> m_session;
    std::atomic_bool m_done{false};
};

} // namespace testsupport
