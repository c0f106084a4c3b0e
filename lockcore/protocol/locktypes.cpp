// SPDX-License-Identifier: Apache-2.0
#include "locktypes.h"

#include "duration.h"
#include "lockjson.h"
#include "tr.h"

using namespace Qt::StringLiterals;

namespace lockcore {

QString lockStateName(LockState state)
{
    switch (state) {
    case LockState::Free: return u"free"_s;
    case LockState::Held: return u"held"_s;
    case LockState::Expired: return u"expired"_s;
    }
    return {};
}

QString forceReleaseRefusal(const QString &name, qint64 seenFence, const LockInfo &current)
{
    if (current.name.isEmpty())
        return Tr::tr("Not released: \"%1\" was deleted since you looked. Nothing was changed.")
            .arg(name);
    if (current.holder.isEmpty())
        return Tr::tr("Not released: \"%1\" was released since you looked; it is free now "
                      "(fence %2). Nothing was changed.")
            .arg(name, QString::number(current.fence));
    if (current.fence != seenFence)
        return Tr::tr("Not released: \"%1\" is held by %2 now (fence %3), not by the holder "
                      "you saw (fence %4). Nothing was changed.")
            .arg(name, current.holder, QString::number(current.fence), QString::number(seenFence));
    return Tr::tr("Not released: \"%1\" could not be force-released. Nothing was changed.")
        .arg(name);
}

QString renewLapsedText(const QString &name, const RenewOutcome &outcome)
{
    const qint64 lateMs = outcome.dbNow.isValid()
                              ? qMax<qint64>(0, outcome.leaseEndedAt.msecsTo(outcome.dbNow))
                              : 0;
    return Tr::tr("the lease of \"%1\" ended at %2, %3 before this renewal; acquire again (a "
                  "new fence).")
        .arg(name, isoTime(outcome.leaseEndedAt), formatDurationMs(lateMs));
}

qint64 LockInfo::remainingMs() const
{
    if (state != LockState::Held || !expiresAt.isValid() || !dbNow.isValid())
        return 0;
    return qMax<qint64>(0, dbNow.msecsTo(expiresAt));
}

} // namespace lockcore
