// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyfold.h"

#include <QString>

namespace ui {

// The details pane's history in words: times, a row's event (folded renewals as "renewed 37
// times, 10:01:02–10:04:10"), its detail line and tooltip, and the text Copy puts on the
// clipboard. Event kinds always in words (eventKindText), never as stored.
namespace historytext {

// The time column: the time of day for today's events, with the date for older ones.
QString listTime(const QDateTime &at);
// Date, time and milliseconds in local time (tooltips).
QString fullTime(const QDateTime &at);
QString eventText(const HistoryRow &row);
QString eventToolTip(const HistoryRow &row);
// The line under a row for its detail: a force release's reason, a deleted lock's
// description, why an operation was lost; empty when the event has none.
QString detailLine(const lockcore::LockEvent &event);
// Column titles, and a row's cells, for Copy: tab-separated like Edit › Copy of a lock, with
// times in ISO 8601 UTC (folded renewals: first/last).
QStringList copyTitles();
QStringList copyCells(const HistoryRow &row);

} // namespace historytext

} // namespace ui
