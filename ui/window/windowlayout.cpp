// SPDX-License-Identifier: GPL-3.0-or-later
#include "windowlayout.h"

#include <QHeaderView>
#include <QMainWindow>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

const QString Group = u"window"_s;

// The columns' state is only taken back by a table with the same columns.
int columnCount(const QTableView *table)
{
    return table->model() ? table->model()->columnCount() : 0;
}

void restoreColumns(QSettings &settings, QTableView *table)
{
    if (settings.value(u"lockColumnCount"_s).toInt() != columnCount(table))
        return;
    QHeaderView *header = table->horizontalHeader();
    if (!header->restoreState(settings.value(u"lockColumns"_s).toByteArray()))
        return;
    if (table->isSortingEnabled())
        table->sortByColumn(header->sortIndicatorSection(), header->sortIndicatorOrder());
}

} // namespace

namespace windowlayout {

void save(QSettings &settings, const Parts &parts)
{
    settings.beginGroup(Group);
    settings.setValue(u"geometry"_s, parts.window->saveGeometry());
    settings.setValue(u"state"_s, parts.window->saveState());
    settings.setValue(u"splitter"_s, parts.splitter->saveState());
    settings.setValue(u"lockColumnCount"_s, columnCount(parts.lockTable));
    settings.setValue(u"lockColumns"_s, parts.lockTable->horizontalHeader()->saveState());
    settings.setValue(u"intervalMs"_s, parts.interval->value());
    settings.endGroup();
}

bool restore(QSettings &settings, const Parts &parts)
{
    settings.beginGroup(Group);
    const bool saved = settings.contains(u"geometry"_s);
    if (saved) {
        parts.window->restoreGeometry(settings.value(u"geometry"_s).toByteArray());
        parts.window->restoreState(settings.value(u"state"_s).toByteArray());
        parts.splitter->restoreState(settings.value(u"splitter"_s).toByteArray());
        restoreColumns(settings, parts.lockTable);
        const int interval = settings.value(u"intervalMs"_s).toInt();
        if (interval >= parts.interval->minimum() && interval <= parts.interval->maximum())
            parts.interval->setValue(interval);
    }
    settings.endGroup();
    return saved;
}

} // namespace windowlayout

} // namespace ui
