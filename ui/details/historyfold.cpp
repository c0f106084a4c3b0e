// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyfold.h"

using namespace Qt::StringLiterals;
using lockcore::LockEvent;

namespace ui {

namespace {

bool sameHoldRenewal(const HistoryRow &row, const LockEvent &event)
{
    return event.kind == u"renew" && row.event.kind == u"renew"
           && row.event.holder == event.holder && row.event.fence == event.fence;
}

void fold(HistoryRow &row, const LockEvent &event, const QDateTime &previousAt)
{
    row.longestGapMs = qMax(row.longestGapMs, qAbs(previousAt.msecsTo(event.at)));
    if (event.at > row.event.at) // oldest first given: the row keeps the newest
        row.event = event;
    if (event.id < row.firstId) {
        row.firstId = event.id;
        row.firstAt = event.at;
    }
    ++row.renewals;
}

} // namespace

QList<HistoryRow> historyRowsOf(const QList<LockEvent> &events, bool foldRenewals)
{
    QList<HistoryRow> rows;
    QDateTime previousAt;
    for (const LockEvent &event : events) {
        if (foldRenewals && !rows.isEmpty() && sameHoldRenewal(rows.last(), event))
            fold(rows.last(), event, previousAt);
        else
            rows.append({event, 1, event.at, event.id, 0});
        previousAt = event.at;
    }
    return rows;
}

} // namespace ui
