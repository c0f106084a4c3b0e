// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "error.h"

#include <QThread>

namespace lockcore {

// Runs `attempt` again while it fails because the database was busy: a deadlock victim, or a
// write that lost a Galera certification conflict to a write on another node. Such a statement
// changed nothing, so running it again is the same operation, and it then sees the winner's
// change (a refusal, a lost release) instead of showing an error. At most `runs` runs, a few
// milliseconds apart; the last failure is returned. Not a statement the server ended at its
// own time limit (Error::serverEnded): run again, it would wait as long again.
template<typename Attempt>
auto retriedWhileBusy(Attempt attempt, int runs = 4) -> decltype(attempt())
{
    auto result = attempt();
    for (int run = 1; run < runs && !result && result.error().kind == Error::Kind::Busy
                      && !result.error().serverEnded;
         ++run) {
        QThread::msleep(quint32(2 * run));
        result = attempt();
    }
    return result;
}

} // namespace lockcore
