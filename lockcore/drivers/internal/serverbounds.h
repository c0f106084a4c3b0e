// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

namespace lockcore {

// The bounds a session sets on the server for its statements (Dialect::serverBounds), below
// the client's call deadline by a margin: a server that answers at all ends a statement with
// its own timeout error (the statement changed nothing) before the client gives up on the
// call and reports the outcome unknown, and a statement the client gave up on cannot apply
// later. docs/reliability.md, "Deadlines that reach the server", gives the figures.
struct ServerBounds
{
    qint64 statementMs = 0; // the statement timeout
    qint64 lockMs = 0;      // a wait for a lock: shorter, so that a lock wait is named as such

    // The margin left to the network and the client: a tenth of the call, at least 250 ms
    // (half of a call shorter than 500 ms), at most 2 s.
    static qint64 marginMs(qint64 callMs);
    // For a call of `callMs`: the statement ends `marginMs` before the call's deadline, a
    // lock wait a twentieth of that earlier again (250 ms to 1 s; half of it when short).
    static ServerBounds below(qint64 callMs);
};

} // namespace lockcore
