// SPDX-License-Identifier: GPL-3.0-or-later
#include "locktablemodel.h"

#include "lockcells.h"

#include <QDateTime>

#include <algorithm>

using lockcore::LockInfo;
using lockcore::LockState;

namespace ui {

namespace {

constexpr int OwnerChecksPerTick = 256;

constexpr quint32 bit(int column)
{
    return 1u << column;
}

int lowestBit(quint32 mask)
{
    int column = 0;
    while (!(mask & 1u)) {
        mask >>= 1;
        ++column;
    }
    return column;
}

int highestBit(quint32 mask)
{
    int column = -1;
    while (mask) {
        mask >>= 1;
        ++column;
    }
    return column;
}

} // namespace

// What the countdown made of a row at the last merge or tick.
struct LockTableModel::Live
{
    LockDisplayState state = LockDisplayState::Free;
    lockcells::Shown shown; // the countdown cells as last announced

    // The countdown cells at `dbNow`; true when either text changed.
    bool recount(const PreparedLocks::Row &row, qint64 dbNow)
    {
        const lockcells::Shown next = lockcells::Shown::at(row.info, row.lease, state, dbNow);
        const bool changed = next != shown;
        shown = next;
        return changed;
    }
};

// A run of contiguous rows with the same changed column span, emitted as one dataChanged.
struct LockTableModel::Run
{
    int first = -1;
    int last = -1;
    int firstColumn = 0;
    int lastColumn = 0;
};

LockTableModel::LockTableModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_localNow(&QDateTime::currentMSecsSinceEpoch)
    , m_ownerGone(&isLocalHolderGone)
{
}

LockTableModel::~LockTableModel() = default;

int LockTableModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    if (m_old)
        return int(m_live.size() + (m_old->size() - m_oldPos));
    return int(m_live.size());
}

int LockTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

LockTableModel::RowRef LockTableModel::rowAt(int row) const
{
    if (row < m_live.size())
        return {m_data.row(row), m_live.at(row)};
    const qsizetype old = m_oldPos + (row - m_live.size());
    return {m_old->row(int(old)), m_oldLive->at(old)};
}

LockDisplayState LockTableModel::displayState(int row) const
{
    return rowAt(row).live.state;
}

Qt::ItemFlags LockTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

QVariant LockTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.model() != this || index.row() >= rowCount()
        || index.column() >= ColumnCount)
        return {};
    const RowRef ref = rowAt(index.row());
    const lockcells::Lease &lease = ref.row.lease;
    const qint64 held = lockcells::heldAt(ref.row.info, ref.live.state, m_nowMs);
    const lockcells::Row row{ref.row.info, ref.live.state,
                             lockcells::remainingAt(lease, ref.live.state, m_nowMs),
                             lease.leaseMs, held,
                             held > 0 ? m_longHolds.exceeded(ref.row.info.name, held) : nullptr,
                             lockcells::renewedAgoAt(lease, ref.row.info, m_nowMs), m_asOf,
                             lease.heldSinceSeen};
    return lockcells::data(row, index.column(), role);
}

QVariant LockTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    return lockcells::headerData(section, role);
}

qint64 LockTableModel::dbNowMs() const
{
    return m_localNow() + m_offsetMs;
}

void LockTableModel::setClockOffset(qint64 dbMinusLocalMs)
{
    m_offsetMs = dbMinusLocalMs;
}

void LockTableModel::setLocalClock(std::function<qint64()> localNowMs)
{
    m_localNow = localNowMs ? std::move(localNowMs)
                            : std::function<qint64()>(&QDateTime::currentMSecsSinceEpoch);
}

void LockTableModel::setOwnerGoneCheck(OwnerGoneCheck check)
{
    m_ownerGone = std::move(check);
}

bool LockTableModel::ownerGone(const QString &holder) const
{
    return m_ownerGone && !holder.isEmpty() && m_ownerGone(holder);
}

LockTableModel::Live LockTableModel::evaluate(const PreparedLocks::Row &row,
                                              const QList<char> &gone, qint64 dbNow) const
{
    Live live;
    live.state = lockcells::stateAt(row.info, row.lease, dbNow,
                                    row.holder >= 0 && gone.at(row.holder));
    live.recount(row, dbNow);
    return live;
}

void LockTableModel::addChange(Run &run, int row, int firstColumn, int lastColumn)
{
    if (run.first >= 0 && row == run.last + 1 && run.firstColumn == firstColumn
        && run.lastColumn == lastColumn) {
        run.last = row;
        return;
    }
    flush(run);
    run = {row, row, firstColumn, lastColumn};
}

void LockTableModel::flush(Run &run)
{
    if (run.first < 0)
        return;
    emit dataChanged(index(run.first, run.firstColumn), index(run.last, run.lastColumn));
    run = {};
}

void LockTableModel::merge(const QList<LockInfo> &locks)
{
    merge(PreparedLocks::prepare(locks, m_data));
}

void LockTableModel::merge(const PreparedLocks &prepared)
{
    Q_ASSERT_X(!m_old, "LockTableModel::merge", "called from a slot during a merge");
    if (m_old)
        return;
    const PreparedLocks next = prepared.baseId() == m_data.id()
                                   ? prepared
                                   : PreparedLocks::rebased(prepared, m_data);
    const qint64 now = dbNowMs();
    m_nowMs = now;
    m_readMs = now;

    // Whose owner is gone: asked once per holder whose lease still runs.
    QList<char> gone(next.holderCount(), 0);
    for (int h = 0; h < next.holderCount(); ++h)
        if (next.holderLeaseEndMs(h) > now)
            gone[h] = ownerGone(next.holder(h));

    // The new rows are announced front to back: those before m_live.size() are the new ones,
    // the old rows not yet visited follow from m_oldPos on (rowAt() shows both as one list), so
    // each signal sees the model exactly as it announces it. Walking the steps costs a few
    // comparisons per row; only changed rows cost more.
    const PreparedLocks old = std::exchange(m_data, next);
    const QList<Live> oldLive = std::exchange(m_live, {});
    m_live.reserve(next.size());
    m_gone = std::move(gone);
    m_old = &old;
    m_oldLive = &oldLive;
    m_oldPos = 0;
    Run changed;
    for (const PreparedLocks::Step &step : next.steps()) {
        switch (step.kind) {
        case PreparedLocks::Step::Keep:
            for (int k = 0; k < step.count; ++k) {
                const int at = int(m_live.size());
                Live live = oldLive.at(m_oldPos++);
                const LockDisplayState state =
                    lockcells::stateAt(next.row(at).info, next.row(at).lease, now,
                                       next.row(at).holder >= 0 && m_gone.at(next.row(at).holder));
                if (state != live.state) {
                    live = evaluate(next.row(at), m_gone, now);
                    m_live.append(live);
                    addChange(changed, at, State, HeldFor);
                } else {
                    m_live.append(live);
                }
            }
            break;
        case PreparedLocks::Step::Remove: {
            flush(changed);
            const int at = int(m_live.size());
            beginRemoveRows({}, at, at + step.count - 1);
            m_oldPos += step.count;
            endRemoveRows();
            break;
        }
        case PreparedLocks::Step::Insert: {
            flush(changed);
            const int at = int(m_live.size());
            beginInsertRows({}, at, at + step.count - 1);
            for (int k = 0; k < step.count; ++k)
                m_live.append(evaluate(next.row(at + k), m_gone, now));
            endInsertRows();
            break;
        }
        case PreparedLocks::Step::Change:
            for (int k = 0; k < step.count; ++k) {
                const int at = int(m_live.size());
                const Live before = oldLive.at(m_oldPos++);
                Live live = evaluate(next.row(at), m_gone, now);
                quint32 mask = step.columns;
                if (live.state != before.state)
                    mask |= bit(State) | bit(Remaining) | bit(HeldFor);
                if (!(mask & bit(Remaining)))
                    live.shown.remainingMs = before.shown.remainingMs; // not announced
                if (!(mask & bit(HeldFor)))
                    live.shown.heldMs = before.shown.heldMs;
                if (!(mask & bit(LastRenewed)))
                    live.shown.renewedAgoMs = before.shown.renewedAgoMs;
                m_live.append(live);
                addChange(changed, at, lowestBit(mask), highestBit(mask));
            }
            break;
        }
    }
    flush(changed);
    m_old = nullptr;
    m_oldLive = nullptr;
    m_oldPos = 0;
    m_ownerCursor = 0;

    const QList<int> &byExpiry = m_data.byExpiry();
    m_expired = std::partition_point(byExpiry.cbegin(), byExpiry.cend(),
                                     [this, now](int row) {
                                         return m_data.row(row).lease.expiresMs <= now;
                                     })
                - byExpiry.cbegin();
    const QList<int> &byStale = m_data.byStale();
    m_stale = std::partition_point(byStale.cbegin(), byStale.cend(),
                                   [this, now](int row) {
                                       return m_data.row(row).lease.staleMs < now;
                                   })
              - byStale.cbegin();
}

void LockTableModel::clear()
{
    if (m_old)
        return;
    beginResetModel();
    m_data = PreparedLocks();
    m_live.clear();
    m_gone.clear();
    m_expired = 0;
    m_stale = 0;
    m_ownerCursor = 0;
    endResetModel();
}

void LockTableModel::tick()
{
    if (!isStale())
        tickRows(nullptr, dbNowMs());
}

void LockTableModel::tick(const QList<int> &shownRows)
{
    if (!isStale())
        tickRows(&shownRows, dbNowMs());
}

void LockTableModel::setStale(const QDateTime &readAt)
{
    if (readAt == m_asOf)
        return;
    const bool wasStale = isStale();
    m_asOf = readAt;
    if (m_old || m_live.isEmpty())
        return;
    // Stale: back to the time of the read, whatever the countdown made of it since; live
    // again: the time now (the countdown's state transitions, if any, are announced).
    if (isStale() != wasStale)
        tickRows(nullptr, isStale() ? m_readMs : dbNowMs());
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void LockTableModel::tickRows(const QList<int> *shownRows, qint64 now)
{
    if (m_old || m_live.isEmpty())
        return;
    m_nowMs = now;
    QList<int> stateRows;
    QList<int> remainingRows;
    const auto setState = [&](int row, LockDisplayState state) {
        Live &live = m_live[row];
        if (live.state == state)
            return;
        live.state = state;
        live.recount(m_data.row(row), now);
        stateRows.append(row);
        remainingRows.append(row);
    };
    const auto runningState = [this, now](int row) { return this->runningState(row, now); };

    // Holders that became late to renew (or, should the clock have gone back, are not), whose
    // lease still runs; before the leases that ran out, which may be among them.
    const QList<int> &byStale = m_data.byStale();
    while (m_stale < byStale.size() && m_data.row(byStale.at(m_stale)).lease.staleMs < now) {
        const int row = byStale.at(m_stale++);
        if (isLeaseRunning(m_live.at(row).state))
            setState(row, runningState(row));
    }
    while (m_stale > 0 && m_data.row(byStale.at(m_stale - 1)).lease.staleMs >= now) {
        const int row = byStale.at(--m_stale);
        if (isLeaseRunning(m_live.at(row).state))
            setState(row, runningState(row));
    }

    // Leases that ran out since the last tick (or, should the clock have gone back, run again).
    const QList<int> &byExpiry = m_data.byExpiry();
    while (m_expired < byExpiry.size()
           && m_data.row(byExpiry.at(m_expired)).lease.expiresMs <= now)
        setState(byExpiry.at(m_expired++), LockDisplayState::Expired);
    while (m_expired > 0 && m_data.row(byExpiry.at(m_expired - 1)).lease.expiresMs > now) {
        const int row = byExpiry.at(--m_expired);
        setState(row, runningState(row));
    }

    // Owners that vanished (or are back), among the holders whose lease still runs: a fifth
    // of them per tick (at least OwnerChecksPerTick), so each is asked about once a second.
    const int holders = m_data.holderCount();
    const int checks = qMin(holders, qMax(OwnerChecksPerTick, (holders + 4) / 5));
    for (int k = 0; k < checks; ++k) {
        const int h = m_ownerCursor;
        m_ownerCursor = (m_ownerCursor + 1) % holders;
        if (m_data.holderLeaseEndMs(h) <= now)
            continue;
        const char gone = ownerGone(m_data.holder(h));
        if (gone == m_gone.at(h))
            continue;
        m_gone[h] = gone;
        for (auto row = m_data.holderRowsBegin(h); row != m_data.holderRowsEnd(h); ++row)
            if (isLeaseRunning(m_live.at(*row).state))
                setState(*row, runningState(*row));
    }

    // The countdown texts.
    const auto recount = [&](int row) {
        Live &live = m_live[row];
        if (live.state != LockDisplayState::Free && live.recount(m_data.row(row), now))
            remainingRows.append(row);
    };
    if (shownRows) {
        for (const int row : *shownRows)
            if (row >= 0 && row < m_live.size())
                recount(row);
    } else {
        for (int row = 0; row < m_live.size(); ++row)
            if (m_data.row(row).info.state != LockState::Free) // the others change on refresh
                recount(row);
    }

    emitRuns(stateRows, State, State);
    emitRuns(remainingRows, Remaining, LastRenewed);
}

// The state of a row whose lease runs at `dbNow`: lost owner, not renewing or held.
LockDisplayState LockTableModel::runningState(int row, qint64 dbNow) const
{
    const PreparedLocks::Row &r = m_data.row(row);
    if (r.holder >= 0 && m_gone.at(r.holder))
        return LockDisplayState::LostOwner;
    return dbNow > r.lease.staleMs ? LockDisplayState::NotRenewing : LockDisplayState::Held;
}

// dataChanged for columns [firstColumn, lastColumn] of `rows` (in any order, repeats allowed),
// neighbours as one.
void LockTableModel::emitRuns(QList<int> &rows, int firstColumn, int lastColumn)
{
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    Run run;
    for (const int row : std::as_const(rows))
        addChange(run, row, firstColumn, lastColumn);
    flush(run);
}

void LockTableModel::setLongHoldRules(const LongHoldRules &rules)
{
    if (rules == m_longHolds)
        return;
    m_longHolds = rules;
    if (rowCount() > 0)
        emit dataChanged(index(0, HeldFor), index(rowCount() - 1, HeldFor));
}

LockTableModel::Counts LockTableModel::counts() const
{
    Counts counts;
    const int rows = rowCount();
    counts.total = rows;
    for (int r = 0; r < rows; ++r) {
        switch (rowAt(r).live.state) {
        case LockDisplayState::Free: ++counts.free; break;
        case LockDisplayState::Held: ++counts.held; break;
        case LockDisplayState::Expired: ++counts.expired; break;
        case LockDisplayState::LostOwner:
            ++counts.held;
            ++counts.lostOwner;
            break;
        case LockDisplayState::NotRenewing:
            ++counts.held;
            ++counts.notRenewing;
            break;
        }
    }
    return counts;
}

int LockTableModel::count(LockDisplayState state) const
{
    const Counts c = counts();
    switch (state) {
    case LockDisplayState::Free: return c.free;
    case LockDisplayState::Held: return c.held - c.lostOwner - c.notRenewing;
    case LockDisplayState::NotRenewing: return c.notRenewing;
    case LockDisplayState::Expired: return c.expired;
    case LockDisplayState::LostOwner: return c.lostOwner;
    }
    return 0;
}

int LockTableModel::rowOf(const QString &name) const
{
    // Rows are in name order (also mid-merge: the new part and the old rest both are).
    int low = 0;
    int high = rowCount();
    while (low < high) {
        const int mid = low + (high - low) / 2;
        if (rowAt(mid).row.info.name < name)
            low = mid + 1;
        else
            high = mid;
    }
    return low < rowCount() && rowAt(low).row.info.name == name ? low : -1;
}

qint64 LockTableModel::remainingMs(const QString &name) const
{
    const int row = rowOf(name);
    if (row < 0)
        return 0;
    const RowRef ref = rowAt(row);
    return lockcells::remainingAt(ref.row.lease, ref.live.state, m_nowMs);
}

void LockTableModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (const int rows = rowCount(); rows > 0) {
        emit dataChanged(index(0, 0), index(rows - 1, ColumnCount - 1),
                         {Qt::DisplayRole, Qt::ToolTipRole});
    }
}

} // namespace ui
