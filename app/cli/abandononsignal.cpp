// SPDX-License-Identifier: GPL-3.0-or-later
#include "abandononsignal.h"

#include "abandoncalls.h"

#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace cli {

namespace {

static_assert(std::atomic_int::is_always_lock_free, "post() reads it in a signal handler");

std::atomic_int postTo{-1}; // the live one's pipe, write end

constexpr char abandonByte = 'a';
constexpr char stopByte = 's';

} // namespace

AbandonOnSignal::AbandonOnSignal()
{
    if (::pipe2(m_pipe, O_CLOEXEC) != 0)
        return; // no pipe: signals only set their flags, as before
    ::fcntl(m_pipe[1], F_SETFL, O_NONBLOCK); // a handler never blocks on a full pipe
    m_thread = std::thread([this] { run(); });
    m_previous = postTo.exchange(m_pipe[1]);
}

AbandonOnSignal::~AbandonOnSignal()
{
    if (!m_thread.joinable())
        return;
    postTo.store(m_previous);
    const char byte = stopByte;
    while (::write(m_pipe[1], &byte, 1) < 0 && errno == EINTR) {
    }
    m_thread.join();
    ::close(m_pipe[0]);
    ::close(m_pipe[1]);
}

void AbandonOnSignal::post()
{
    const int savedErrno = errno; // a handler leaves errno as it found it
    if (const int fd = postTo.load(); fd >= 0) {
        const char byte = abandonByte;
        (void)!::write(fd, &byte, 1);
    }
    errno = savedErrno;
}

void AbandonOnSignal::run()
{
    for (;;) {
        char byte = 0;
        const ssize_t got = ::read(m_pipe[0], &byte, 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0 || byte == stopByte)
            return;
        lockcore::abandonCallsInProgress(graceMs);
    }
}

} // namespace cli
