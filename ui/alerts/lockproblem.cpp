// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockproblem.h"

#include "lockdisplaystate.h"

#include <QCoreApplication>

namespace ui {

namespace {

struct ProblemTr
{
    Q_DECLARE_TR_FUNCTIONS(LockProblem)
};

} // namespace

QString lockProblemText(LockProblem problem)
{
    switch (problem) {
    case LockProblem::Expired: return lockDisplayStateText(LockDisplayState::Expired);
    case LockProblem::LostOwner: return lockDisplayStateText(LockDisplayState::LostOwner);
    case LockProblem::NotRenewing: return lockDisplayStateText(LockDisplayState::NotRenewing);
    case LockProblem::LongHold: return ProblemTr::tr("long hold");
    }
    return {};
}

} // namespace ui
