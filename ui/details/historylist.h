// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "historyfold.h"

#include <QTreeWidget>

namespace ui {

// The details pane's history as a list, newest first: one row per HistoryRow, and under a row
// whose event has a detail (a force release's reason, ...) a line of its own across the whole
// width, so it can be read without a tooltip (elided at the right; whole in the tooltip).
// A refresh keeps the selection and the scroll position. Copy (Ctrl+C, context menu) puts the
// selected rows, or all, on the clipboard.
class HistoryList : public QTreeWidget
{
    Q_OBJECT

public:
    enum Column { Time, Event, Holder, Fence, Actor, ColumnCount };

    explicit HistoryList(QWidget *parent = nullptr);

    void setRows(const QList<HistoryRow> &rows);
    // A title line and one line per selected row (all rows when none is selected).
    QString copyText() const;
    void copy() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    QTreeWidgetItem *itemOf(const HistoryRow &row) const;
    static qint64 keyOf(const QTreeWidgetItem *item);
    QList<int> selectedRows() const;

    QList<HistoryRow> m_rows;
    QAction *m_copy;
};

} // namespace ui
