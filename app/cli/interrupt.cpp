// SPDX-License-Identifier: GPL-3.0-or-later
#include "interrupt.h"

#include <csignal>

namespace cli {

namespace {

static_assert(std::atomic_bool::is_always_lock_free,
              "the interrupt flag must be lock-free to be set from a signal handler");

std::atomic_bool interruptFlag{false};
struct sigaction previousInt;
struct sigaction previousTerm;

void onSignal(int signalNumber)
{
    if (interruptFlag.exchange(true)) {
        // The second signal: stop waiting for the clean exit.
        struct sigaction fallback = {};
        fallback.sa_handler = SIG_DFL;
        sigaction(signalNumber, &fallback, nullptr);
        raise(signalNumber);
        return;
    }
    AbandonOnSignal::post(); // the database call in progress ends now
}

} // namespace

InterruptGuard::InterruptGuard()
{
    interruptFlag.store(false);
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART; // database I/O in progress carries on
    sigaction(SIGINT, &action, &previousInt);
    sigaction(SIGTERM, &action, &previousTerm);
}

InterruptGuard::~InterruptGuard()
{
    sigaction(SIGINT, &previousInt, nullptr);
    sigaction(SIGTERM, &previousTerm, nullptr);
}

const std::atomic_bool &InterruptGuard::flag()
{
    return interruptFlag;
}

} // namespace cli
