// SPDX-License-Identifier: GPL-3.0-or-later
// Must not compile (tests/CMakeLists.txt, lockresult_nodiscard): a LockResult dropped unread is
// an error under -Werror=unused-result, as [[nodiscard]] promises. The same call kept and
// looked at compiles (checkedlockresult.cpp).

#include "lockclient.h"

void dropsTheResult(lockcore::LockClient &client)
{
    client.tryLock(QStringLiteral("report.daily")); // never looked at: who holds it? held?
}
