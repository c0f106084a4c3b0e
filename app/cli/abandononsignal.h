// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

#include <thread>

namespace cli {

// While one lives, a signal handler's post() ends the database calls in progress at once
// (lockcore::abandonCallsInProgress, with a short grace for the clean-up after it), so that a
// signal to lockctl is not left waiting behind a call blocked on a silent server. post() only
// writes a byte to a pipe (async-signal-safe); a thread of its own reads it and asks lockcore,
// which takes a lock, as a signal handler may not. Used by InterruptGuard and
// lockctl::SignalRelay, never by the GUI.
class AbandonOnSignal
{
public:
    // How long the clean-up after a signal may take on the network (a release): each call
    // started within it ends by its end.
    static constexpr qint64 graceMs = 1000;

    AbandonOnSignal();
    ~AbandonOnSignal();
    AbandonOnSignal(const AbandonOnSignal &) = delete;
    AbandonOnSignal &operator=(const AbandonOnSignal &) = delete;

    // From a signal handler: the calls in progress are to end. Does nothing while none lives.
    static void post();

private:
    void run();

    int m_pipe[2] = {-1, -1};
    int m_previous = -1; // the write end of an enclosing one, restored when this one goes
    std::thread m_thread;
};

} // namespace cli
