// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lockpagerequest.h"
#include "locktypes.h"
#include "result.h"

namespace lockcore {

class Session;
struct TableNames;

// One page of the lock table and the counts it was cut from, as one statement read them.
struct LockPage
{
    QList<LockInfo> locks; // the page, in name order (by the database's collation)
    qint64 offset = 0;     // of locks.first() among the matching rows
    qint64 matching = 0;   // rows that match the request's filter
    qint64 total = 0;      // rows in the table
    qint64 free = 0;       // of the total; held (running or not) = total - free
    qint64 expired = 0;    // of the total: held, but the lease ran out
    QDateTime dbNow;       // the database clock the states were decided by
};

// Reads one page in one statement (one round trip): the dialect's lockPage, whose rows
// tst_lockpage compares with what selectAll reads, on every backend.
Result<LockPage> readLockPage(Session &session, const TableNames &tables,
                              const LockPageRequest &request);

} // namespace lockcore
