// SPDX-License-Identifier: GPL-3.0-or-later
// Compiles (tests/CMakeLists.txt, lockresult_nodiscard): the result of tryLock looked at, under
// -Werror=unused-result; droppedlockresult.cpp, the same call dropped, does not.

#include "lockclient.h"

#include <chrono>

bool checksTheResult(lockcore::LockClient &client)
{
    using namespace std::chrono_literals;
    if (auto lock = client.tryLock(QStringLiteral("report.daily"), 10s))
        return lock->fence(QStringLiteral("report.daily")) > 0;
    return false;
}
