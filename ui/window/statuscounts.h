// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "locktablemodel.h"

#include <QDateTime>
#include <QString>

namespace ui {

class LockTablePanel;

// The status bar's counts: "40 locks: 3 held, 1 expired, 36 free", with a filter on
// "12 shown of 40 locks: ...", and while the data is stale (`readAt` valid) "as of 05:57:58"
// before them: the counts of that read, not of a countdown.
// `shown` < 0: no filter on.
// The rows the panel shows when a filter (text or state) is on; -1 with no filter.
int shownCount(const LockTablePanel &panel);
QString statusCountsText(const LockTableModel::Counts &counts, int shown,
                         const QDateTime &readAt);

} // namespace ui
