// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dialect.h"
#include "result.h"

namespace lockcore {
class Session;
}

namespace bench {

// The locks the benchmark fills its table with: `count` locks named lock-0000000 ..., about
// 40 % free, 45 % held (leases ending in 5 s to 10 min, from default-form holder ids of other
// hosts, about one holder per 20 locks) and 15 % expired, in one transaction, with times
// written against the database clock.
lockcore::Status fillLockTable(lockcore::Session &session, const lockcore::TableNames &tables,
                               int count);

// Drops the lock table and its event table.
void dropLockTable(lockcore::Session &session, const lockcore::TableNames &tables);

} // namespace bench
