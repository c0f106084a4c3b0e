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
class LockWindowModel;

// The lock table as the window shows it: a view on the whole table (LockTableModel, filtered
// and sorted on this machine by LockFilterProxyModel) or, when the table is too large to be
// read whole, on a window of it (LockWindowModel: the database filters, the rows come in name
// order, and a line above the table says so). Refreshes come in through applyRefresh(); what
// the view needs read next goes out through queryChanged(). The countdown (tick()) repaints
// only the rows the view shows.
class LockTablePanel : public QWidget
{
    Q_OBJECT

public:
    explicit LockTablePanel(QWidget *parent = nullptr);
    ~LockTablePanel() override;

    QTableView *view() const { return m_view; }
    LockTableModel *model() const { return m_model; }
    LockFilterProxyModel *proxy() const { return m_proxy; }
    LockWindowModel *windowModel() const { return m_window; }
    bool isWindowed() const { return m_windowed; }
    // The line that says the table is shown a window at a time (hidden otherwise).
    QLabel *windowNotice() const { return m_notice; }
    // Show or hide columns (every column but the name): the header's context menu, and the
    // window's View menu.
    QMenu *columnsMenu() const { return m_columnsMenu; }

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

    std::optional<lockcore::LockInfo> selectedLock() const;
    bool selectLock(const QString &name);
    qint64 remainingMs(const QString &name) const;
    // The whole table's counts (from the database's counts when windowed; lost owners are
    // then not known).
    LockTableModel::Counts counts() const;
    void retranslate();

signals:
    void selectionChanged();
    // The view needs other rows or another filter than the last query asked for.
    void queryChanged(const ui::LockTableQuery &query);

private:
    void setWindowed(bool windowed);
    void watchSelection();
    void checkWindow();
    std::pair<int, int> shownRows() const; // first and last row the view shows; -1 if none
    QList<int> shownSourceRows() const;
    void keepSelection(const QString &name);
    void queryFilterChanged();
    void fillColumnsMenu();
    void updateNotice();

    LockTableModel *m_model;
    LockFilterProxyModel *m_proxy;
    LockWindowModel *m_window;
    QTableView *m_view;
    QLabel *m_notice;
    QMenu *m_columnsMenu;
    bool m_windowed = false;
    LockTableQuery m_query;
    QString m_selectedName;
    int m_sortColumn = LockTableModel::Name;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
};

} // namespace ui
