// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockrefresh.h"
#include "locktablemodel.h"

#include <QWidget>

#include <optional>

class QLabel;
class QMenu;
class QTableView;

namespace ui {

class LockFilterProxyModel;
class LockTableView;
class LockWindowModel;

// The lock table as the window shows it: a view on the whole table (LockTableModel, filtered
// and sorted on this machine by LockFilterProxyModel) or, when the table is too large to be
// read whole, on a window of it (LockWindowModel: the database filters and sorts, by the
// columns it can sort by, and a line above the table says so). Refreshes come in through
// applyRefresh(); what the view needs read next goes out through queryChanged(). The countdown
// (tick()) repaints only the rows the view shows.
class LockTablePanel : public QWidget
{
    Q_OBJECT

public:
    explicit LockTablePanel(QWidget *parent = nullptr);
    ~LockTablePanel() override;

    QTableView *view() const;
    LockTableModel *model() const { return m_model; }
    LockFilterProxyModel *proxy() const { return m_proxy; }
    LockWindowModel *windowModel() const { return m_window; }
    bool isWindowed() const { return m_windowed; }
    // The line that says the table is shown a window at a time (hidden otherwise).
    QLabel *windowNotice() const { return m_notice; }
    // Show or hide columns (every column but the name): the header's context menu, and the
    // window's View menu.
    QMenu *columnsMenu() const { return m_columnsMenu; }
    // Hides `columns`, which mean nothing for this table (an application's table has no fence
    // and no depth), and shows again the ones hidden so before: a column the admin hid stays
    // hidden either way.
    void setInapplicableColumns(const QList<int> &columns);

    void applyRefresh(const LockRefresh &refresh);
    void clear(); // another connection
    void tick();

    void setFilterText(const QString &text);
    // Only locks in this state (Held includes every running lease), or only the problems;
    // std::nullopt: every state.
    void setStateFilter(ui::LockStateFilter state);
    // Which holds the Held for column highlights as long.
    void setLongHoldRules(const LongHoldRules &rules);
    LockTableQuery query() const { return m_query; }

    // The lock the admin chose (one row selected), as the table shows it now.
    std::optional<lockcore::LockInfo> selectedLock() const;
    // Every lock the admin chose, as the table shows them now.
    QList<lockcore::LockInfo> selectedLocks() const;
    // Chooses `name` as the admin's gesture would; false if the table does not show it.
    bool selectLock(const QString &name);
    // Chooses nothing (the details pane shows a lock the table does not).
    void clearChoice();
    qint64 remainingMs(const QString &name) const;
    // The whole table's counts (from the database's counts when windowed; lost owners are
    // then not known).
    LockTableModel::Counts counts() const;
    void retranslate();

signals:
    // The admin's choice changed: by a gesture on the table, by selectLock(), or because a
    // chosen lock left the view (the selection never moves to a lock nobody chose).
    void selectionChanged();
    // The view needs other rows or another filter than the last query asked for.
    void queryChanged(const ui::LockTableQuery &query);

private:
    void setWindowed(bool windowed);
    void sortChanged(int column, Qt::SortOrder order);
    void watchSelection();
    void checkWindow();
    std::pair<int, int> shownRows() const; // first and last row the view shows; -1 if none
    QList<int> shownSourceRows() const;
    QStringList selectedNames() const;
    void choose(const QStringList &names);
    void keepChosen();
    bool currentIsStray() const;
    int rowOf(const QString &name) const;
    void queryFilterChanged();
    void fillColumnsMenu();
    void updateNotice();

    LockTableModel *m_model;
    LockFilterProxyModel *m_proxy;
    LockWindowModel *m_window;
    LockTableView *m_view;
    QLabel *m_notice;
    QMenu *m_columnsMenu;
    bool m_windowed = false;
    QList<int> m_inapplicable; // hidden by setInapplicableColumns, not by the admin
    LockTableQuery m_query;
    QStringList m_chosen; // the names the admin chose, in selection order
    bool m_choosing = false; // the panel itself is selecting what was chosen
    int m_sortColumn = LockTableModel::Name;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    bool m_restoringHeader = false; // the arrow set here, not by the admin
};

} // namespace ui
