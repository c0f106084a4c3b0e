// SPDX-License-Identifier: Apache-2.0
// The wake-up lock of a waiter that does not wait in a statement of its own: a LockClient's
// waiters pause on their own threads while the client's connection serves everyone else, so
// they cannot queue for the wake-up lock (LockService::queueFor); holding it without waiting
// is enough for a release to NOTIFY them.

#include "lockservice.h"

#include "session.h"

namespace lockcore {

bool LockService::takeWakeLockNow(const QString &name)
{
    const QString wakeLock = wakeLockFor(name);
    if (wakeLock.isEmpty() || m_session->holdsWakeLock(wakeLock))
        return false;
    return waitForWakeLock(wakeLock, 0);
}

void LockService::freeWakeLockOf(const QString &name)
{
    if (const QString wakeLock = wakeLockFor(name); !wakeLock.isEmpty())
        m_session->freeWakeLock(wakeLock);
}

} // namespace lockcore
