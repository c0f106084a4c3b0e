// SPDX-License-Identifier: GPL-3.0-or-later
#include "signalrelay.h"

#include <csignal>

namespace lockctl {

namespace {

static_assert(std::atomic_int::is_always_lock_free && std::atomic_bool::is_always_lock_free,
              "the relay's state is set from a signal handler");

constexpr int relayed[] = {SIGINT, SIGTERM, SIGHUP};
constexpr int relayedCount = int(sizeof(relayed) / sizeof(relayed[0]));

std::atomic_bool receivedFlag{false};
std::atomic_int pending[relayedCount]; // per signal: received, not yet passed on
struct sigaction previous[relayedCount];

void onSignal(int signalNumber, siginfo_t *, void *)
{
    receivedFlag.store(true);
    for (int i = 0; i < relayedCount; ++i) {
        if (relayed[i] == signalNumber)
            pending[i].fetch_add(1);
    }
    cli::AbandonOnSignal::post();
}

} // namespace

SignalRelay::SignalRelay()
{
    receivedFlag.store(false);
    struct sigaction action = {};
    action.sa_sigaction = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO | SA_RESTART; // database I/O in progress carries on
    for (int i = 0; i < relayedCount; ++i) {
        pending[i].store(0);
        sigaction(relayed[i], &action, &previous[i]);
    }
}

SignalRelay::~SignalRelay()
{
    for (int i = 0; i < relayedCount; ++i)
        sigaction(relayed[i], &previous[i], nullptr);
}

const std::atomic_bool &SignalRelay::received() const
{
    return receivedFlag;
}

int SignalRelay::takeToForward()
{
    for (int i = 0; i < relayedCount; ++i) {
        int count = pending[i].load();
        while (count > 0) {
            if (pending[i].compare_exchange_weak(count, count - 1))
                return relayed[i];
        }
    }
    return 0;
}

} // namespace lockctl
