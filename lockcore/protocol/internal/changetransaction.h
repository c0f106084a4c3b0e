// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "session.h"

namespace lockcore {

// A change of a lock and what goes with it (its history event, the claim of its fence) as one
// transaction: committed together or not at all. An acknowledged grant, renewal or release
// then always has its event, and events take their ids in the order of the changes on one lock
// (the change holds the lock's row until the commit). Without anything going with it
// (`together` false) the change runs as it is: one autocommit statement.
//
// A failed change is rolled back; so is one whose commit failed (a commit whose answer was
// lost is ConnectionLost: the outcome is unknown, as for an autocommit statement).
template<typename Change>
auto inOneTransaction(Session &session, bool together, Change change) -> decltype(change())
{
    if (!together)
        return change();
    if (Status begun = session.begin(); !begun)
        return begun.error();
    auto result = change();
    if (!result) {
        session.rollback();
        return result;
    }
    if (Status committed = session.commit(); !committed) {
        session.rollback();
        return committed.error();
    }
    return result;
}

} // namespace lockcore
