// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockdisplaystate.h"

#include <QCoreApplication>

namespace ui {

namespace {

struct LockStateTr
{
    Q_DECLARE_TR_FUNCTIONS(LockDisplayState)
};

} // namespace

int lockDisplayStateOrdinal(LockDisplayState state)
{
    switch (state) {
    case LockDisplayState::Free: return 0;
    case LockDisplayState::Held: return 1;
    case LockDisplayState::NotRenewing: return 2;
    case LockDisplayState::LostOwner: return 3;
    case LockDisplayState::Expired: return 4;
    }
    return 0;
}

QString lockDisplayStateText(LockDisplayState state)
{
    switch (state) {
    case LockDisplayState::Free: return LockStateTr::tr("free");
    case LockDisplayState::Held: return LockStateTr::tr("held");
    case LockDisplayState::Expired: return LockStateTr::tr("expired");
    case LockDisplayState::LostOwner: return LockStateTr::tr("lost owner");
    case LockDisplayState::NotRenewing: return LockStateTr::tr("not renewing");
    }
    return {};
}

} // namespace ui
