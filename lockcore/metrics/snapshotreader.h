// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "eventcounter.h"
#include "lockselection.h"
#include "metricsnapshot.h"
#include "result.h"

namespace lockcore {

class ProfileTable;
class Session;
struct TableNames;

// Reads one lock table into a snapshot (read-only: SELECTs only). The db and table labels and
// the scrape duration are the caller's.
//
// A native table: the locks to report with the table's counts (readLockPage: without include
// patterns, the counts first, then the whole table in one statement if it fits the bound, else
// only as many rows as the bound lets through, a statement per state, expired first; with
// include patterns the whole table in one statement), the history's counters since the last
// update (EventCounter), and the database clock's offset.
Result<TableSnapshot> readNativeSnapshot(Session &session, const TableNames &tables,
                                         const LockSelection &selection, EventCounter &counter);
// An application's table through its profile (ProfileTable::list): no history, no fence or
// depth; times where the profile has the columns for them.
Result<TableSnapshot> readProfileSnapshot(Session &session, const ProfileTable &table,
                                          const LockSelection &selection);

} // namespace lockcore
