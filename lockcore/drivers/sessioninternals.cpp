// SPDX-License-Identifier: Apache-2.0
#include "sessioninternals.h"

#include "qtstatements.h"
#include "releaselistener.h"
#include "transport.h"

#ifdef Q_OS_UNIX
#include <poll.h>
#endif

namespace lockcore {

ReleaseListener &SessionInternals::releaseListener(Session &session)
{
    return *session.m_listener;
}

void SessionInternals::forceMySqlPath(Session &session, bool force)
{
    session.m_forceMySqlPath = force;
    session.chooseTransport();
}

void SessionInternals::forceBatchAcquire(Session &session, bool force)
{
    session.m_forceBatchAcquire = force;
}

void SessionInternals::forceQtDriver(Session &session, bool force)
{
    session.m_forceQtDriver = force;
    session.chooseTransport();
}

bool SessionInternals::isPrepared(const Session &session, const QString &text)
{
    return (session.m_qt && session.m_qt->isPrepared(text))
           || (session.m_direct && session.m_direct->isPrepared(text));
}

bool SessionInternals::closedByServer(Session &session)
{
#ifdef Q_OS_UNIX
    const int fd = session.socket();
    if (fd < 0)
        return false;
    pollfd socket{fd, POLLRDHUP, 0}; // no wait: what the socket shows now
    if (::poll(&socket, 1, 0) <= 0 || !(socket.revents & (POLLRDHUP | POLLHUP | POLLERR)))
        return false;
    session.m_broken = true;
    return true;
#else
    Q_UNUSED(session);
    return false;
#endif
}

} // namespace lockcore
