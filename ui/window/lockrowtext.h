// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QModelIndex;
class QTableView;

namespace ui {

// Edit › Copy of a lock's row, for a ticket or a chat: a header line and the row, tab-separated,
// the columns the view shows in the order it shows them, each cell as shown except times, which
// are ISO 8601 UTC (as lockctl prints them: readable the same in every time zone).
QString lockRowText(const QTableView *view, const QModelIndex &row);

} // namespace ui
