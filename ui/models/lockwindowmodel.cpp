// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockwindowmodel.h"

#include "lockcells.h"
#include "locktablemodel.h"
#include "windoworder.h"

#include <QBrush>
#include <QDateTime>
#include <QGuiApplication>
#include <QHash>
#include <QPalette>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;
using lockcore::LockPage;

namespace ui {

namespace {

// The same lock, as read, in every column (the database time it was read at aside).
bool sameLock(const LockInfo &a, const LockInfo &b)
{
    return a.name == b.name && a.holder == b.holder && a.prevHolder == b.prevHolder
           && a.depth == b.depth && a.fence == b.fence && a.acquiredAt == b.acquiredAt
           && a.expiresAt == b.expiresAt && a.renewedAt == b.renewedAt && a.ttlMs == b.ttlMs
           && a.description == b.description && a.state == b.state;
}

} // namespace

// What the countdown made of a loaded row.
struct LockWindowModel::Live
{
    lockcells::Lease lease;
    LockDisplayState state = LockDisplayState::Free;
    lockcells::Shown shown; // the countdown cells as last announced
};

LockWindowModel::LockWindowModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_localNow(&QDateTime::currentMSecsSinceEpoch)
    , m_ownerGone(&isLocalHolderGone)
{
}

LockWindowModel::~LockWindowModel() = default;

int LockWindowModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int LockWindowModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : LockTableModel::ColumnCount;
}

Qt::ItemFlags LockWindowModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    if (!isLoaded(index.row()))
        return Qt::ItemIsEnabled | Qt::ItemNeverHasChildren;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

bool LockWindowModel::isLoaded(int row) const
{
    return row >= loadedFirst() && row - loadedFirst() < loadedCount() && row < m_rows;
}

QVariant LockWindowModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.model() != this || index.row() >= m_rows
        || index.column() >= LockTableModel::ColumnCount)
        return {};
    if (!isLoaded(index.row())) {
        // A row not read yet: the view shows it while the window that holds it is read.
        if (index.column() != LockTableModel::Name)
            return {};
        switch (role) {
        case Qt::DisplayRole:
            return u"\u2026"_s;
        case Qt::ToolTipRole:
            return tr("Not read yet: the rows of a large table are read from the database as "
                      "you scroll to them.");
        case Qt::ForegroundRole:
            return QBrush(QGuiApplication::palette().color(QPalette::PlaceholderText));
        default:
            return {};
        }
    }
    const int at = index.row() - loadedFirst();
    const Live &live = m_live.at(at);
    const LockInfo &info = m_page.locks.at(at);
    const qint64 held = lockcells::heldAt(info, live.state, m_nowMs);
    const lockcells::Row row{info, live.state,
                             lockcells::remainingAt(live.lease, live.state, m_nowMs),
                             live.lease.leaseMs, held,
                             held > 0 ? m_longHolds.exceeded(info.name, held) : nullptr,
                             lockcells::renewedAgoAt(live.lease, info, m_nowMs), m_asOf,
                             false}; // a window onto Lockscope's own table: times recorded
    return lockcells::data(row, index.column(), role);
}

QVariant LockWindowModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= LockTableModel::ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QVariant value = lockcells::headerData(section, role);
    if (role != Qt::ToolTipRole || serverSortOf(section))
        return value;
    const QString text = value.toString();
    return text.isEmpty() ? notServerSortableText() : text + u'\n' + notServerSortableText();
}

void LockWindowModel::setPage(const lockcore::LockPage &page, const LockTableQuery &query)
{
    const int rows = int(std::clamp<qint64>(page.matching, 0, std::numeric_limits<int>::max()));
    m_nowMs = dbNowMs();
    m_readMs = m_nowMs;
    if (!m_hasPage || !query.sameFilter(m_query)) {
        beginResetModel();
        m_page = page;
        m_query = query;
        m_rows = rows;
        m_hasPage = true;
        m_live.clear();
        evaluateAll(m_nowMs, nullptr, nullptr);
        endResetModel();
        return;
    }
    const int oldFirst = loadedFirst();
    const int oldEnd = oldFirst + loadedCount();
    const LockPage oldPage = m_page;
    const QList<Live> oldLive = m_live;
    if (rows < m_rows) {
        beginRemoveRows({}, rows, m_rows - 1);
        m_rows = rows;
        endRemoveRows();
    }
    m_page = page;
    m_query = query;
    m_live.clear();
    evaluateAll(m_nowMs, nullptr, nullptr);
    if (rows > m_rows) {
        beginInsertRows({}, m_rows, rows - 1);
        m_rows = rows;
        endInsertRows();
    }
    // Repaint the rows of the old and the new window that show something else now.
    const int newFirst = loadedFirst();
    const int last = qMin(qMax(oldEnd, newFirst + loadedCount()), m_rows) - 1;
    QList<int> changed;
    for (int row = qMin(oldFirst, newFirst); row <= last; ++row) {
        const bool before = row >= oldFirst && row < oldEnd;
        const bool after = isLoaded(row);
        if (before && after && sameLock(oldPage.locks.at(row - oldFirst),
                                        m_page.locks.at(row - newFirst))) {
            const Live &was = oldLive.at(row - oldFirst);
            Live &now = m_live[row - newFirst];
            if (was.state == now.state) {
                now.shown = was.shown; // as announced: the next tick compares with it
                continue;
            }
        }
        if (before || after)
            changed.append(row);
    }
    emitRuns(changed, 0, LockTableModel::ColumnCount - 1);
}

void LockWindowModel::clear()
{
    beginResetModel();
    m_page = {};
    m_query = {};
    m_hasPage = false;
    m_rows = 0;
    m_live.clear();
    endResetModel();
}

// The state and countdown of every loaded row at `dbNow`, the owner check asked once per
// holder. With lists given: the rows whose state or countdown text changed.
void LockWindowModel::evaluateAll(qint64 dbNow, QList<int> *stateRows,
                                  QList<int> *remainingRows)
{
    QHash<QString, bool> gone;
    const auto ownerGone = [&](const QString &holder) {
        if (!m_ownerGone || holder.isEmpty())
            return false;
        auto it = gone.constFind(holder);
        if (it == gone.cend())
            it = gone.insert(holder, m_ownerGone(holder));
        return *it;
    };
    const qsizetype count = m_page.locks.size();
    if (m_live.size() != count) {
        m_live.resize(count);
        for (qsizetype i = 0; i < count; ++i)
            m_live[i].lease = lockcells::Lease::of(m_page.locks.at(i));
    }
    for (qsizetype i = 0; i < count; ++i) {
        const LockInfo &info = m_page.locks.at(i);
        Live &live = m_live[i];
        const bool running = info.state == lockcore::LockState::Held && live.lease.expiresValid
                             && live.lease.expiresMs > dbNow;
        const LockDisplayState state =
            lockcells::stateAt(info, live.lease, dbNow, running && ownerGone(info.holder));
        const lockcells::Shown shown = lockcells::Shown::at(info, live.lease, state, dbNow);
        const int row = loadedFirst() + int(i);
        if (state != live.state && stateRows) {
            stateRows->append(row);
            remainingRows->append(row);
        } else if (shown != live.shown && remainingRows) {
            remainingRows->append(row);
        }
        live.state = state;
        live.shown = shown;
    }
}

void LockWindowModel::setLongHoldRules(const LongHoldRules &rules)
{
    if (rules == m_longHolds)
        return;
    m_longHolds = rules;
    if (m_rows > 0)
        emit dataChanged(index(0, LockTableModel::HeldFor),
                         index(m_rows - 1, LockTableModel::HeldFor));
}

void LockWindowModel::setStale(const QDateTime &readAt)
{
    if (readAt == m_asOf)
        return;
    const bool wasStale = isStale();
    m_asOf = readAt;
    if (m_rows == 0)
        return;
    if (isStale() != wasStale) { // as in LockTableModel::setStale
        m_nowMs = isStale() ? m_readMs : dbNowMs();
        evaluateAll(m_nowMs, nullptr, nullptr);
    }
    emit dataChanged(index(0, 0), index(m_rows - 1, LockTableModel::ColumnCount - 1));
}

void LockWindowModel::tick()
{
    if (m_live.isEmpty() || isStale())
        return;
    m_nowMs = dbNowMs();
    QList<int> stateRows;
    QList<int> remainingRows;
    evaluateAll(m_nowMs, &stateRows, &remainingRows);
    emitRuns(stateRows, LockTableModel::State, LockTableModel::State);
    emitRuns(remainingRows, LockTableModel::Remaining, LockTableModel::LastRenewed);
}

// dataChanged for columns [firstColumn, lastColumn] of `rows` (ascending), neighbours as one.
void LockWindowModel::emitRuns(const QList<int> &rows, int firstColumn, int lastColumn)
{
    for (qsizetype i = 0; i < rows.size();) {
        qsizetype end = i + 1;
        while (end < rows.size() && rows.at(end) == rows.at(end - 1) + 1)
            ++end;
        if (rows.at(i) < m_rows)
            emit dataChanged(index(rows.at(i), firstColumn),
                             index(qMin(rows.at(end - 1), m_rows - 1), lastColumn));
        i = end;
    }
}

int LockWindowModel::rowOf(const QString &name) const
{
    for (qsizetype i = 0; i < m_page.locks.size(); ++i)
        if (m_page.locks.at(i).name == name)
            return isLoaded(loadedFirst() + int(i)) ? loadedFirst() + int(i) : -1;
    return -1;
}

qint64 LockWindowModel::remainingMs(const QString &name) const
{
    const int row = rowOf(name);
    if (row < 0)
        return 0;
    const Live &live = m_live.at(row - loadedFirst());
    return lockcells::remainingAt(live.lease, live.state, m_nowMs);
}

LockDisplayState LockWindowModel::displayState(int row) const
{
    return isLoaded(row) ? m_live.at(row - loadedFirst()).state : LockDisplayState::Free;
}

void LockWindowModel::setClockOffset(qint64 dbMinusLocalMs)
{
    m_offsetMs = dbMinusLocalMs;
}

qint64 LockWindowModel::dbNowMs() const
{
    return m_localNow() + m_offsetMs;
}

void LockWindowModel::setLocalClock(std::function<qint64()> localNowMs)
{
    m_localNow = localNowMs ? std::move(localNowMs)
                            : std::function<qint64()>(&QDateTime::currentMSecsSinceEpoch);
}

void LockWindowModel::setOwnerGoneCheck(OwnerGoneCheck check)
{
    m_ownerGone = std::move(check);
}

void LockWindowModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, LockTableModel::ColumnCount - 1);
    if (m_rows > 0) {
        emit dataChanged(index(0, 0), index(m_rows - 1, LockTableModel::ColumnCount - 1),
                         {Qt::DisplayRole, Qt::ToolTipRole});
    }
}

} // namespace ui
