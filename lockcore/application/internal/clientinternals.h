// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "clientcore.h"
#include "lockclient.h"

namespace lockcore {

// What a LockClient has that is not lockcore's API (lockclient.h is installed, this header is
// not): for the tests, its core, to run a statement on the client's own connection.
class ClientInternals
{
public:
    static ClientCore &core(const LockClient &client) { return *client.m_core; }
    // Its waiters past their first refusal, pausing until a release or their interval's end.
    static int pausing(const LockClient &client)
    {
        std::lock_guard lock(client.m_core->m_mutex);
        return client.m_core->m_pausing;
    }
};

} // namespace lockcore
