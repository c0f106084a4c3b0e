// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockpage.h"
#include "lockpageorder.h"
#include "lockstatefilter.h"
#include "longholdrules.h"
#include "preparedlocks.h"

#include <optional>

namespace ui {

// What the lock table's view asks of the next refresh: its filter, and the rows it shows. The
// window matters only when the table is too large to be read whole (LockTableReader).
struct LockTableQuery
{
    QString filterText;    // as LockFilterProxyModel takes it
    LockStateFilter state; // as LockFilterProxyModel takes it
    LongHoldRules longHolds; // what counts as a long hold, for the problems filter
    int first = 0;   // the first row to fetch, among the rows that match
    int count = 200; // how many
    lockcore::LockPageOrder order; // the view's sort, as the database sorts a window

    // The same rows in the same order (the window aside).
    bool sameFilter(const LockTableQuery &other) const
    {
        return filterText == other.filterText && state == other.state && order == other.order
               && (!state.isProblems() || longHolds == other.longHolds);
    }
    bool operator==(const LockTableQuery &other) const
    {
        return sameFilter(other) && first == other.first && count == other.count;
    }
};

// One refresh of the lock table, as the database thread hands it to the GUI thread.
struct LockRefresh
{
    enum class Mode {
        Full,     // the whole table: `page.locks` holds every lock and `rows` is prepared
        Windowed, // a large table: `page` holds the window `query` asked for and the counts
    };

    Mode mode = Mode::Full;
    lockcore::LockPage page;
    PreparedLocks rows;   // Full: the locks made ready for LockTableModel
    LockTableQuery query; // the query this refresh answers
    lockcore::DbClock clock;
    quint64 statements = 0; // statements the refresh sent to the database
    qint64 workerMs = 0;    // time on the database thread: the statements and preparing the rows
};

} // namespace ui
