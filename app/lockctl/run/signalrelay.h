// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "abandononsignal.h"

#include <atomic>

namespace lockctl {

// While a relay lives, SIGINT, SIGTERM and SIGHUP sent to lockctl are recorded instead of ending
// it, so that "lockctl run" passes them on to its command, waits for it and releases the lock.
// Unlike cli::InterruptGuard, every signal is recorded (a second Ctrl-C does not end lockctl:
// the command decides when it is done, and --kill-after bounds the wait). Each is passed on to
// the whole command, which runs in a process group of its own: the terminal's Ctrl-C reaches
// lockctl only when the command's group did not take the terminal's foreground (terminal.h),
// so it is passed on too. Each also ends the database call in progress at once
// (cli::AbandonOnSignal), so that a call blocked on a silent server does not delay it.
// Async-signal-safe: lock-free atomics, and a write to a pipe.
class SignalRelay
{
public:
    SignalRelay();
    ~SignalRelay();
    SignalRelay(const SignalRelay &) = delete;
    SignalRelay &operator=(const SignalRelay &) = delete;

    // Set by the first signal: a cancel flag for LockService::acquireWithWait.
    const std::atomic_bool &received() const;
    // A signal received and not yet passed on, taken from the queue (0: none).
    int takeToForward();

private:
    cli::AbandonOnSignal m_abandon; // (before the handlers are set, gone after they are restored)
};

} // namespace lockctl
