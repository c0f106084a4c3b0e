#include "locktablepanel.h"

#include "countdowndelegate.h"
#include "lockfilterproxymodel.h"
#include "lockwindowmodel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
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
    , m_view(new QTableView(this))
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
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
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
    watchSelection();
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

void LockTablePanel::watchSelection()
{
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const auto selected = selectedLock();
        m_selectedName = selected ? selected->name : QString();
        emit selectionChanged();
    });
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
        m_sortColumn = header->sortIndicatorSection();
        m_sortOrder = header->sortIndicatorOrder();
        m_model->clear(); // its rows are of no use now
        m_view->setSortingEnabled(false);
        m_view->setModel(m_window);
    } else {
        m_window->clear();
        m_view->setModel(m_proxy);
    }
    delete oldSelection;
    header->restoreState(columns);
    if (windowed) {
        header->setSortIndicator(LockTableModel::Name, Qt::AscendingOrder); // the server's
    } else {
        m_view->setSortingEnabled(true);
        m_view->sortByColumn(m_sortColumn, m_sortOrder);
    }
    m_notice->setVisible(windowed);
    watchSelection();
    emit selectionChanged();
}

void LockTablePanel::applyRefresh(const LockRefresh &refresh)
{
    if (refresh.mode == LockRefresh::Mode::Full) {
        setWindowed(false);
        m_model->setClockOffset(refresh.clock.offsetMs);
        const QString selected = m_selectedName;
        m_model->merge(refresh.rows);
        keepSelection(selected); // a lock deleted meanwhile takes its selection with it
        return;
    }
    setWindowed(true);
    m_window->setClockOffset(refresh.clock.offsetMs);
    if (!refresh.query.sameFilter(m_query))
        return; // for a filter since replaced: the refresh for the new one follows
    m_window->setPage(refresh.page, refresh.query);
    keepSelection(m_selectedName);
    checkWindow();
    updateNotice();
}

// Rows went or moved (a refresh, a filter, a window of another part of the table). When the
// selected row goes, Qt selects the one that takes its place: a lock nobody chose. The selection
// follows the lock it was made on (`name`, taken before the change), or is cleared.
void LockTablePanel::keepSelection(const QString &name)
{
    const auto selected = selectedLock();
    if (selected && selected->name == name)
        return;
    if (name.isEmpty() || !selectLock(name)) {
        m_view->selectionModel()->clear(); // no current row either: nothing to act on
        m_selectedName.clear();
    }
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
    const QString selected = m_selectedName;
    m_proxy->setFilterText(text);
    keepSelection(selected); // filtered out: cleared, not moved to the next row
    const QString trimmed = text.trimmed();
    if (trimmed == m_query.filterText)
        return;
    m_query.filterText = trimmed;
    queryFilterChanged();
}

void LockTablePanel::setStateFilter(LockStateFilter state)
{
    const QString selected = m_selectedName;
    m_proxy->setStateFilter(state);
    keepSelection(selected);
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
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return std::nullopt;
    const QVariant info = rows.first().data(LockTableModel::LockInfoRole);
    if (!info.canConvert<LockInfo>())
        return std::nullopt;
    return info.value<LockInfo>();
}

bool LockTablePanel::selectLock(const QString &name)
{
    if (m_windowed) {
        const int row = m_window->rowOf(name);
        if (row >= 0)
            m_view->selectRow(row);
        return row >= 0;
    }
    const int source = m_model->rowOf(name);
    if (source < 0)
        return false;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(source, 0));
    if (!index.isValid())
        return false; // filtered out
    m_view->selectRow(index.row());
    return true;
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
                  "%L2\u2013%L3 of %L1 in name order, read from the database as you scroll.")
                   .arg(page.total)
                   .arg(first + 1)
                   .arg(last + 1);
    } else {
        text = tr("This table holds %L1 locks, too many to read at every refresh: showing rows "
                  "%L2\u2013%L3 of the %L4 that match the filter, in name order. The database "
                  "applies the filter; the rows are read as you scroll.")
                   .arg(page.total)
                   .arg(first + 1)
                   .arg(last + 1)
                   .arg(page.matching);
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
