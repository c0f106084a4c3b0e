// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockrowtext.h"

#include "lockjson.h"
#include "locktablemodel.h"

#include <QHeaderView>
#include <QTableView>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;

namespace ui {

namespace {

// One line per cell: tabs and line breaks in a description would break the columns apart.
QString oneLine(const QString &text)
{
    QString line = text;
    line.replace(u'\t', u' ').replace(u'\n', u' ').replace(u'\r', u' ');
    return line;
}

QString cellText(const QModelIndex &cell, const LockInfo &lock)
{
    const QString shown = cell.data(Qt::DisplayRole).toString();
    if (shown.isEmpty())
        return shown; // a time the table leaves blank (never held) stays blank
    switch (cell.column()) {
    case LockTableModel::AcquiredAt:
        return lockcore::isoTime(lock.acquiredAt);
    case LockTableModel::ExpiresAt:
        return lockcore::isoTime(lock.expiresAt);
    default:
        return shown;
    }
}

} // namespace

QString lockRowText(const QTableView *view, const QModelIndex &row)
{
    const QAbstractItemModel *model = view->model();
    const QHeaderView *header = view->horizontalHeader();
    const LockInfo lock = row.data(LockTableModel::LockInfoRole).value<LockInfo>();
    QStringList titles;
    QStringList cells;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int column = header->logicalIndex(visual);
        if (header->isSectionHidden(column))
            continue;
        titles.append(oneLine(model->headerData(column, Qt::Horizontal).toString()));
        cells.append(oneLine(cellText(model->index(row.row(), column), lock)));
    }
    return titles.join(u'\t') + u'\n' + cells.join(u'\t') + u'\n';
}

} // namespace ui
