// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

namespace lockcore {

// Ends every database call in progress in the process at once, as if its deadline had passed
// (an open too): its connection's socket is shut down and the call fails (ConnectionLost,
// "Interrupted while ..."; an open: Cancelled); the next call reconnects. The calls that start
// in the next `graceMs` end by then at the latest, so that the clean-up after it (a release)
// cannot hang either. For a command-line tool's SIGINT/SIGTERM: call it from a thread, never
// from a signal handler (it takes a lock). Nothing else of the process changes.
void abandonCallsInProgress(qint64 graceMs);

} // namespace lockcore
