#include "sessioninternals.h"

#include "qtstatements.h"
#include "releaselistener.h"
#include "transport.h"

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

} // namespace lockcore
