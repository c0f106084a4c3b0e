// SPDX-License-Identifier: GPL-3.0-or-later
#include "locktablepanel.h"

#include "countdowndelegate.h"
#include "lockfilterproxymodel.h"
#include "locktableview.h"
#include "lockwindowmodel.h"
#include "windoworder.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;

namespace ui {

namespace {

constexpr int MinimumWindow = 100; // rows read at least, whatever the view's height

} // namespace

LockTablePanel::LockTablePanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new LockTableModel(this))
    , m_proxy(new LockFilterProxyModel(this))
    , m_window(new LockWindowModel(this))
    , m_view(new LockTableView(this))
    , m_notice(new QLabel(this))
    , m_columnsMenu(new QMenu(this))
{
    m_proxy->setSourceModel(m_model);
    m_notice->setObjectName(u"windowNotice"_s);
    m_notice->setWordWrap(true);
    m_notice->setTextFormat(Qt::PlainText);
    m_notice->setVisible(false);

    m_view->setObjectName(u"lockTable"_s);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(LockTableModel::Name, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Several locks (every lock of a dead host) are force-released with one reason.
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setAlternatingRowColors(true);
    // Tab leaves the table and Ctrl+Tab goes to the next tab: row selection has no use for
    // moving between cells, and Ctrl+Tab there toggled the selected row off.
    m_view->setTabKeyNavigation(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    QHeaderView *header = m_view->horizontalHeader();
    header->setStretchLastSection(true);
    // What an ops person reads first comes first: who holds it and for how much longer.
    header->moveSection(header->visualIndex(LockTableModel::Remaining),
                        header->visualIndex(LockTableModel::Holder) + 1);
    header->moveSection(header->visualIndex(LockTableModel::HeldFor),
                        header->visualIndex(LockTableModel::Remaining) + 1);
    header->moveSection(header->visualIndex(LockTableModel::LastRenewed),
                        header->visualIndex(LockTableModel::HeldFor) + 1);
    // Holder ids differ at their ends: elided in the middle, on one line (a wrapped cell breaks
    // at the first hyphen and shows only the first part).
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->setItemDelegateForColumn(LockTableModel::Remaining, new CountdownDelegate(m_view));
    m_columnsMenu->setObjectName(u"columnsMenu"_s);
    connect(m_columnsMenu, &QMenu::aboutToShow, this, &LockTablePanel::fillColumnsMenu);
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QWidget::customContextMenuRequested, this, [this, header](const QPoint &at) {
        m_columnsMenu->exec(header->mapToGlobal(at));
    });
    connect(header, &QHeaderView::sortIndicatorChanged, this, &LockTablePanel::sortChanged);
    watchSelection();
    // Rows that go, come or move take Qt's selection elsewhere: back to what the admin chose.
    for (QAbstractItemModel *shown : {static_cast<QAbstractItemModel *>(m_proxy),
                                      static_cast<QAbstractItemModel *>(m_window)}) {
        connect(shown, &QAbstractItemModel::rowsRemoved, this, &LockTablePanel::keepChosen);
        connect(shown, &QAbstractItemModel::rowsInserted, this, &LockTablePanel::keepChosen);
        connect(shown, &QAbstractItemModel::rowsMoved, this, &LockTablePanel::keepChosen);
        connect(shown, &QAbstractItemModel::layoutChanged, this, &LockTablePanel::keepChosen);
        connect(shown, &QAbstractItemModel::modelReset, this, &LockTablePanel::keepChosen);
    }
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this,
            &LockTablePanel::checkWindow);
    connect(m_view->verticalScrollBar(), &QScrollBar::rangeChanged, this,
            &LockTablePanel::checkWindow);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_notice);
    layout->addWidget(m_view, 1);
}

LockTablePanel::~LockTablePanel() = default;

QTableView *LockTablePanel::view() const
{
    return m_view;
}

// One checkable entry per column in the order the header shows them; the name stays.
void LockTablePanel::fillColumnsMenu()
{
    m_columnsMenu->clear();
    QHeaderView *header = m_view->horizontalHeader();
    for (int visual = 0; visual < header->count(); ++visual) {
        const int column = header->logicalIndex(visual);
        if (column == LockTableModel::Name)
            continue;
        QAction *toggle = m_columnsMenu->addAction(
            m_view->model()->headerData(column, Qt::Horizontal).toString());
        toggle->setObjectName(u"column_"_s + QString::number(column));
        toggle->setCheckable(true);
        toggle->setChecked(!header->isSectionHidden(column));
        connect(toggle, &QAction::toggled, header, [header, column](bool shown) {
            header->setSectionHidden(column, !shown);
        });
    }
}

void LockTablePanel::setInapplicableColumns(const QList<int> &columns)
{
    for (int column : std::as_const(m_inapplicable))
        m_view->setColumnHidden(column, false);
    m_inapplicable.clear();
    for (int column : columns) {
        if (m_view->isColumnHidden(column))
            continue; // the admin's choice
        m_view->setColumnHidden(column, true);
        m_inapplicable.append(column);
    }
}

// Only the admin's gesture on the table (or selectLock()) chooses; any other change of Qt's
// selection is undone.
void LockTablePanel::watchSelection()
{
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (m_view->isHandlingGesture() || m_choosing)
            choose(selectedNames());
        else
            keepChosen();
    });
}

QStringList LockTablePanel::selectedNames() const
{
    QStringList names;
    for (const LockInfo &lock : selectedLocks())
        names.append(lock.name);
    names.sort(); // a set: compared with m_chosen, whatever order the rows were selected in
    return names;
}

void LockTablePanel::choose(const QStringList &names)
{
    if (names == m_chosen)
        return;
    m_chosen = names;
    emit selectionChanged();
}

void LockTablePanel::setWindowed(bool windowed)
{
    if (windowed == m_windowed)
        return;
    m_windowed = windowed;
    QHeaderView *header = m_view->horizontalHeader();
    const QByteArray columns = header->saveState(); // widths and order survive the switch
    QItemSelectionModel *oldSelection = m_view->selectionModel();
    if (windowed) {
        m_model->clear(); // its rows are of no use now
        m_view->setSortingEnabled(false); // the database sorts (sortChanged)
        m_view->setModel(m_window);
    } else {
        m_window->clear();
        m_view->setModel(m_proxy);
    }
    delete oldSelection;
    m_restoringHeader = true; // the sort the query already has: no sortChanged
    header->restoreState(columns);
    if (windowed) {
        header->setSectionsClickable(true);
        header->setSortIndicatorShown(true);
        header->setSortIndicator(columnOfServerSort(m_query.order.by), sortOrderOf(m_query.order));
    }
    m_restoringHeader = false;
    if (!windowed) {
        const int column = m_sortColumn; // (enabling sorts by the arrow first: sortChanged)
        const Qt::SortOrder order = m_sortOrder;
        m_view->setSortingEnabled(true);
        m_view->sortByColumn(column, order);
    }
    m_notice->setVisible(windowed);
    watchSelection();
    keepChosen();
}

// The header's sort: the proxy sorts a whole table by itself; a windowed one is sorted by the
// database, by the columns it can sort by only (the others keep the arrow where it was). The
// query carries the database's order in both modes, so that the first window read after a
// switch is already in it.
void LockTablePanel::sortChanged(int column, Qt::SortOrder order)
{
    if (m_restoringHeader)
        return;
    if (m_windowed && !serverSortOf(column)) {
        m_restoringHeader = true;
        m_view->horizontalHeader()->setSortIndicator(columnOfServerSort(m_query.order.by),
                                                     sortOrderOf(m_query.order));
        m_restoringHeader = false;
        return;
    }
    m_sortColumn = column;
    m_sortOrder = order;
    const lockcore::LockPageOrder serverOrder = serverOrderOf(column, order);
    if (serverOrder == m_query.order)
        return;
    m_query.order = serverOrder;
    queryFilterChanged();
    updateNotice();
}

void LockTablePanel::applyRefresh(const LockRefresh &refresh)
{
    if (refresh.mode == LockRefresh::Mode::Full) {
        setWindowed(false);
        m_model->setClockOffset(refresh.clock.offsetMs);
        m_model->merge(refresh.rows);
        keepChosen(); // a lock deleted meanwhile takes its selection with it
        return;
    }
    setWindowed(true);
    m_window->setClockOffset(refresh.clock.offsetMs);
    if (!refresh.query.sameFilter(m_query))
        return; // for a filter since replaced: the refresh for the new one follows
    m_window->setPage(refresh.page, refresh.query);
    keepChosen();
    checkWindow();
    updateNotice();
}

// Rows went or moved (a refresh, a filter, a lease that ended under a state filter, a sort, a
// window of another part of the table). When the selected row goes, Qt selects the one that
// takes its place: a lock nobody chose. The selection stays on the locks the admin chose that
// the view still shows; a chosen lock it no longer shows leaves the choice for good.
void LockTablePanel::keepChosen()
{
    if (m_choosing)
        return;
    if (selectedNames() == m_chosen && (!m_chosen.isEmpty() || !currentIsStray()))
        return;
    QItemSelection rows;
    QStringList kept;
    for (const QString &name : std::as_const(m_chosen)) {
        const int row = rowOf(name);
        if (row < 0)
            continue;
        rows.select(m_view->model()->index(row, 0), m_view->model()->index(row, 0));
        kept.append(name);
    }
    {
        const QScopedValueRollback choosing(m_choosing, true);
        if (kept.isEmpty()) {
            m_view->selectionModel()->clear(); // no current row either: nothing to act on
        } else {
            m_view->selectionModel()->select(rows, QItemSelectionModel::ClearAndSelect
                                                       | QItemSelectionModel::Rows);
            m_view->selectionModel()->setCurrentIndex(rows.indexes().constFirst(),
                                                      QItemSelectionModel::NoUpdate);
        }
    }
    choose(kept);
}

// With nothing chosen, a current row Qt moved onto a lock would be one keypress from a choice.
bool LockTablePanel::currentIsStray() const
{
    return m_view->selectionModel()->currentIndex().isValid();
}

// The row the view shows `name` on, -1 if it does not (filtered out, not in the window).
int LockTablePanel::rowOf(const QString &name) const
{
    if (m_windowed)
        return m_window->rowOf(name);
    const int source = m_model->rowOf(name);
    if (source < 0)
        return -1;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(source, 0));
    return index.isValid() ? index.row() : -1;
}

void LockTablePanel::clear()
{
    setWindowed(false);
    m_query.first = 0;
    m_model->merge(QList<LockInfo>());
}

std::pair<int, int> LockTablePanel::shownRows() const
{
    const int rows = m_view->model()->rowCount();
    if (rows == 0)
        return {-1, -1};
    const int first = m_view->rowAt(0);
    if (first < 0)
        return {-1, -1};
    int last = m_view->rowAt(m_view->viewport()->height() - 1);
    if (last < 0)
        last = rows - 1;
    return {first, last};
}

QList<int> LockTablePanel::shownSourceRows() const
{
    const auto [first, last] = shownRows();
    QList<int> rows;
    if (first < 0)
        return rows;
    rows.reserve(last - first + 1);
    for (int row = first; row <= last; ++row)
        rows.append(m_proxy->mapToSource(m_proxy->index(row, 0)).row());
    return rows;
}

void LockTablePanel::tick()
{
    if (m_windowed) {
        m_window->tick();
        checkWindow(); // (a resized view)
    } else {
        m_model->tick(shownSourceRows());
    }
}

// Windowed: asks for the rows around the ones the view shows once they are not all among the
// rows last asked for.
void LockTablePanel::checkWindow()
{
    if (!m_windowed)
        return;
    const auto [first, last] = shownRows();
    updateNotice();
    if (first < 0)
        return;
    if (first >= m_query.first && last < m_query.first + m_query.count)
        return;
    const int shown = last - first + 1;
    m_query.first = qMax(0, first - shown);
    m_query.count = qMax(MinimumWindow, 3 * shown);
    emit queryChanged(m_query);
}

void LockTablePanel::setFilterText(const QString &text)
{
    m_proxy->setFilterText(text);
    keepChosen(); // filtered out: cleared, not moved to the next row
    const QString trimmed = text.trimmed();
    if (trimmed == m_query.filterText)
        return;
    m_query.filterText = trimmed;
    queryFilterChanged();
}

void LockTablePanel::setStateFilter(LockStateFilter state)
{
    m_proxy->setStateFilter(state);
    keepChosen();
    if (state == m_query.state)
        return;
    m_query.state = state;
    queryFilterChanged();
}

// The database filters a windowed table: the next refresh reads the new filter's first rows.
void LockTablePanel::queryFilterChanged()
{
    m_query.first = 0;
    if (m_windowed)
        m_view->scrollToTop();
    emit queryChanged(m_query);
}

void LockTablePanel::setLongHoldRules(const LongHoldRules &rules)
{
    m_model->setLongHoldRules(rules);
    m_window->setLongHoldRules(rules);
    if (rules == m_query.longHolds)
        return;
    m_query.longHolds = rules;
    if (m_query.state.isProblems()) // the database picks the long holds of a windowed table
        queryFilterChanged();
}

std::optional<LockInfo> LockTablePanel::selectedLock() const
{
    const QList<LockInfo> locks = selectedLocks();
    if (locks.size() != 1)
        return std::nullopt;
    return locks.constFirst();
}

QList<LockInfo> LockTablePanel::selectedLocks() const
{
    QList<LockInfo> locks;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    for (const QModelIndex &row : rows) {
        const QVariant info = row.data(LockTableModel::LockInfoRole);
        if (info.canConvert<LockInfo>())
            locks.append(info.value<LockInfo>());
    }
    return locks;
}

bool LockTablePanel::selectLock(const QString &name)
{
    const int row = rowOf(name);
    if (row < 0)
        return false;
    {
        // Not QTableView::selectRow: it reads the keyboard's modifiers, and a Ctrl held
        // meanwhile would add the row to the choice instead of making it the choice.
        const QScopedValueRollback choosing(m_choosing, true);
        const QModelIndex index = m_view->model()->index(row, 0);
        m_view->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    choose({name});
    return true;
}

void LockTablePanel::clearChoice()
{
    {
        const QScopedValueRollback choosing(m_choosing, true);
        m_view->selectionModel()->clear();
    }
    choose({});
}

qint64 LockTablePanel::remainingMs(const QString &name) const
{
    return m_windowed ? m_window->remainingMs(name) : m_model->remainingMs(name);
}

LockTableModel::Counts LockTablePanel::counts() const
{
    if (!m_windowed)
        return m_model->counts();
    const lockcore::LockPage &page = m_window->page();
    LockTableModel::Counts counts;
    counts.total = int(page.total);
    counts.free = int(page.free);
    counts.expired = int(page.expired);
    counts.held = int(page.total - page.free - page.expired);
    return counts;
}

void LockTablePanel::updateNotice()
{
    if (!m_windowed)
        return;
    const lockcore::LockPage &page = m_window->page();
    auto [first, last] = shownRows();
    if (first < 0) { // not laid out yet: the rows read
        first = m_window->loadedFirst();
        last = first + qMax(0, m_window->loadedCount() - 1);
    }
    QString text;
    if (page.matching == 0) {
        text = tr("This table holds %L1 locks, too many to read at every refresh: it is read a "
                  "window at a time. No lock matches the filter (the database applies it).")
                   .arg(page.total);
    } else if (m_query.filterText.isEmpty() && m_query.state.isAny()) {
        text = tr("This table holds %L1 locks, too many to read at every refresh: showing rows "
                  "%L2\u2013%L3 of %L1 %4, read from the database as you scroll.")
                   .arg(page.total)
                   .arg(first + 1)
                   .arg(last + 1)
                   .arg(serverOrderText(m_query.order));
    } else {
        text = tr("This table holds %L1 locks, too many to read at every refresh: showing rows "
                  "%L2\u2013%L3 of the %L4 that match the filter, %5. The database "
                  "applies the filter and the order; the rows are read as you scroll.")
                   .arg(page.total)
                   .arg(first + 1)
                   .arg(last + 1)
                   .arg(page.matching)
                   .arg(serverOrderText(m_query.order));
    }
    m_notice->setText(text);
}

void LockTablePanel::retranslate()
{
    m_model->retranslate();
    m_window->retranslate();
    updateNotice();
}

} // namespace ui
