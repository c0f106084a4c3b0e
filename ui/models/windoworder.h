// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockpageorder.h"

#include <QString>

#include <optional>

namespace ui {

// How a table read a window at a time is sorted: by the database (lockcore::LockPageOrder), at
// its clock, by the name, holder, state, remaining and held-for columns only. The others
// (depth, fence, the times, the description) are not sortable then: the view offers no arrow.
std::optional<lockcore::LockPageSort> serverSortOf(int column);
int columnOfServerSort(lockcore::LockPageSort sort);
// The database's order for the view's sort; by name when the column is not one it sorts by.
lockcore::LockPageOrder serverOrderOf(int column, Qt::SortOrder order);
Qt::SortOrder sortOrderOf(const lockcore::LockPageOrder &order);
// What the line above the table says of the order ("in name order", "by held for, longest
// first").
QString serverOrderText(const lockcore::LockPageOrder &order);
// The header's tooltip, added to a column the database does not sort by.
QString notServerSortableText();

} // namespace ui
