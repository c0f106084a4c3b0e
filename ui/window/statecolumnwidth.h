#pragma once

class QTableView;

namespace ui {

// The width of the lock table's State column that shows its longest state text in the
// current language whole ("持有者已退出", "lost owner"), with the cell's margins.
int stateColumnWidth(const QTableView *view);

} // namespace ui
