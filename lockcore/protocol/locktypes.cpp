#include "locktypes.h"

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

qint64 LockInfo::remainingMs() const
{
    if (state != LockState::Held || !expiresAt.isValid() || !dbNow.isValid())
        return 0;
    return qMax<qint64>(0, dbNow.msecsTo(expiresAt));
}

} // namespace lockcore
