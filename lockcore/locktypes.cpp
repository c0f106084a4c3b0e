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

QString fenceText(qint64 fence)
{
    return fence < 0 ? Tr::tr("none yet") : QString::number(fence);
}

qint64 LockInfo::remainingMs() const
{
    if (state != LockState::Held || !expiresAt.isValid() || !dbNow.isValid())
        return 0;
    return qMax<qint64>(0, dbNow.msecsTo(expiresAt));
}

} // namespace lockcore
