// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QHeaderView;
class QMainWindow;
class QSettings;
class QSpinBox;
class QSplitter;
class QTableView;

namespace ui {

// What the window remembers between runs, in the "window" group of the settings: its size and
// place, the split between the lock table and the details, the lock table's columns (order,
// widths, hidden ones) and sort, and the refresh interval.
namespace windowlayout {

struct Parts
{
    QMainWindow *window = nullptr;
    QSplitter *splitter = nullptr;
    QTableView *lockTable = nullptr;
    QSpinBox *interval = nullptr;
};

void save(QSettings &settings, const Parts &parts);
// Restores what was saved; a part saved by another version of the table (other columns) is
// left as it is. Returns false when nothing was saved yet.
bool restore(QSettings &settings, const Parts &parts);

} // namespace windowlayout

} // namespace ui
