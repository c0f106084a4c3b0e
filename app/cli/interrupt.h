// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "abandononsignal.h"

#include <atomic>

namespace cli {

// While a guard lives, SIGINT and SIGTERM set a flag (async-signal-safe: a lock-free atomic),
// so a wait or a hold can stop and release the lock cleanly, and end the database call in
// progress at once (AbandonOnSignal: a call blocked on a silent server does not keep the
// signal waiting; the clean-up after it gets AbandonOnSignal::graceMs). A second signal ends
// the process the usual way. The previous handlers come back when the guard goes.
class InterruptGuard
{
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard &) = delete;
    InterruptGuard &operator=(const InterruptGuard &) = delete;

    // Set once a signal arrived; suitable for LockService::acquireWithWait's cancel flag.
    static const std::atomic_bool &flag();
    static bool interrupted() { return flag().load(); }

private:
    AbandonOnSignal m_abandon; // (before the handlers are set, gone after they are restored)
};

} // namespace cli
