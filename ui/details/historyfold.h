// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "locktypes.h"

#include <QList>

namespace ui {

// The rows of the details pane's history list: one event each, or, folded, the consecutive
// renewals of one hold as one row ("renewed 37 times, 10:01:02–10:04:10"), since a live
// holder writes one every few seconds and they would drown the rest.
struct HistoryRow
{
    lockcore::LockEvent event; // the row's event; of folded renewals, the newest
    int renewals = 1;          // > 1: this many renewals folded into the row
    QDateTime firstAt;         // the oldest folded renewal (the event's own time otherwise)
    qint64 firstId = 0;        // its id: the row's key, which newer renewals do not move
    qint64 longestGapMs = 0;   // the longest time between two folded renewals

    bool isFolded() const { return renewals > 1; }
};

// In the order given (the history comes newest first). Unfolded: one row per event.
QList<HistoryRow> historyRowsOf(const QList<lockcore::LockEvent> &events, bool foldRenewals);

} // namespace ui
