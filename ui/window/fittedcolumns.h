// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QTableView;

namespace ui {

// Widths of the lock table's columns whose texts are short and must never be cut, in the
// current language, with the cell's margins: State shows its longest state text whole ("持有者已
// 退出", "not renewing"), Held for its longest ended hold ("23 h 59 min (ended)").
int stateColumnWidth(const QTableView *view);
int heldForColumnWidth(const QTableView *view);

} // namespace ui
