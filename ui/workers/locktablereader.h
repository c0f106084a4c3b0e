// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockrefresh.h"
#include "result.h"

namespace lockcore {
class Session;
struct TableNames;
} // namespace lockcore

namespace ui {

// How the monitor reads the lock table, on the database thread, one statement per refresh.
// While the table has at most threshold() rows it is read whole, and prepared against the
// previous refresh so that the GUI thread only merges what changed. Above that, only the
// window the view shows is read, with the view's filter applied by the database, and the
// counts of the whole table. (The table goes back to being read whole below 90 % of the
// threshold, so that a table at the threshold does not switch at every refresh; a refresh that
// switches costs one more statement.)
class LockTableReader
{
public:
    static constexpr int DefaultThreshold = 20000;

    explicit LockTableReader(int threshold = DefaultThreshold);

    int threshold() const { return m_threshold; }
    void setThreshold(int rows);
    bool isWindowed() const { return m_windowed; }
    // Forgets the previous refresh (another connection).
    void reset();

    lockcore::Result<LockRefresh> read(lockcore::Session &session,
                                       const lockcore::TableNames &tables,
                                       const LockTableQuery &query);
    // Every lock that matches `query`'s filter (its window aside), in name order: what an
    // export of a table read a window at a time writes. One statement.
    static lockcore::Result<QList<lockcore::LockInfo>>
    readMatching(lockcore::Session &session, const lockcore::TableNames &tables,
                 const LockTableQuery &query);

private:
    // `maySwitch`: a page on the other side of the threshold switches the mode and is dropped.
    lockcore::Result<LockRefresh> readWhole(lockcore::Session &session,
                                            const lockcore::TableNames &tables, bool maySwitch);
    lockcore::Result<LockRefresh> readWindow(lockcore::Session &session,
                                             const lockcore::TableNames &tables,
                                             const LockTableQuery &query, bool maySwitch);

    int m_threshold;
    bool m_windowed = false;
    PreparedLocks m_previous; // the rows of the last refresh: the base of the next
    PreparedLocks m_retired;  // the ones before: released here rather than on the GUI thread
};

} // namespace ui
