// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace testsupport {

// A TCP port on 127.0.0.1 that accepts connections (the kernel completes the handshake) but
// never says anything: a hung server. port() is 0 if it could not listen.
class SilentListener
{
public:
    SilentListener();
    ~SilentListener();
    SilentListener(const SilentListener &) = delete;
    SilentListener &operator=(const SilentListener &) = delete;
    int port() const { return m_port; }

private:
    int m_fd = -1;
    int m_port = 0;
};

} // namespace testsupport
