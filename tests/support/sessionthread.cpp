// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessionthread.h"

namespace testsupport {

SessionThread::SessionThread()
{
    m_thread.start();
    m_context.moveToThread(&m_thread);
}

SessionThread::~SessionThread()
{
    run([this] { m_session.reset(); });
    m_thread.quit();
    m_thread.wait();
}

void SessionThread::run(const std::function<void()> &fn)
{
    QMetaObject::invokeMethod(&m_context, fn, Qt::BlockingQueuedConnection);
}

void SessionThread::start(const std::function<void()> &fn)
{
    m_done = false;
    QMetaObject::invokeMethod(&m_context, [this, fn] {
        fn();
        m_done = true;
    });
}

} // namespace testsupport
