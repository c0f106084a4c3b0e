// SPDX-License-Identifier: GPL-3.0-or-later
#include "preparedlocks.h"

#include "locktablemodel.h"

#include <QHash>

#include <algorithm>
#include <atomic>
#include <limits>

using lockcore::LockInfo;
using lockcore::LockState;

namespace ui {

struct PreparedLocks::Data
{
    quint64 id = 0;
    quint64 baseId = 0;
    QList<Row> rows;
    QList<Step> steps;
    QStringList holders;
    QList<int> holderStart; // rows of holder h: holderRows[holderStart[h] .. holderStart[h+1])
    QList<int> holderRows;
    QList<qint64> holderLeaseEnd;
    QList<int> byExpiry;
    QList<int> byStale;
};

namespace {

std::atomic<quint64> lastId{0};

constexpr quint32 bit(int column)
{
    return 1u << column;
}

constexpr quint32 AllColumns = (1u << LockTableModel::ColumnCount) - 1;

void addStep(QList<PreparedLocks::Step> &steps, PreparedLocks::Step::Kind kind, int count,
             quint32 columns = 0)
{
    if (!steps.isEmpty() && steps.last().kind == kind && steps.last().columns == columns) {
        steps.last().count += count;
        return;
    }
    steps.append({kind, count, columns});
}

// The steps from `before` to `after`, both in name order with unique names.
QList<PreparedLocks::Step> diff(const QList<PreparedLocks::Row> &before,
                                const QList<PreparedLocks::Row> &after)
{
    using Step = PreparedLocks::Step;
    QList<Step> steps;
    qsizetype o = 0;
    qsizetype n = 0;
    const qsizetype oldCount = before.size();
    const qsizetype newCount = after.size();
    while (o < oldCount || n < newCount) {
        if (n == newCount || (o < oldCount && before.at(o).info.name < after.at(n).info.name)) {
            addStep(steps, Step::Remove, 1);
            ++o;
        } else if (o == oldCount || after.at(n).info.name < before.at(o).info.name) {
            addStep(steps, Step::Insert, 1);
            ++n;
        } else {
            const quint32 mask = PreparedLocks::changedColumns(before.at(o), after.at(n));
            addStep(steps, mask ? Step::Change : Step::Keep, 1, mask);
            ++o;
            ++n;
        }
    }
    return steps;
}

} // namespace

PreparedLocks::PreparedLocks()
{
    static const auto empty = std::make_shared<const Data>();
    d = empty;
}

PreparedLocks::PreparedLocks(std::shared_ptr<const Data> data) : d(std::move(data)) {}

quint32 PreparedLocks::changedColumns(const Row &before, const Row &after)
{
    using M = LockTableModel;
    const LockInfo &x = before.info;
    const LockInfo &y = after.info;
    if ((x.state == LockState::Free) != (y.state == LockState::Free))
        return AllColumns; // free rows are muted as a whole
    quint32 mask = 0;
    if (x.state != y.state)
        mask |= bit(M::State) | bit(M::Remaining);
    if (x.holder != y.holder)
        mask |= bit(M::Holder) | bit(M::State); // the state's tooltip names the holder
    if (x.prevHolder != y.prevHolder)
        mask |= bit(M::Holder);
    if (x.depth != y.depth)
        mask |= bit(M::Depth);
    if (x.fence != y.fence)
        mask |= bit(M::Fence);
    if (x.acquiredAt != y.acquiredAt)
        mask |= bit(M::AcquiredAt);
    if (x.expiresAt != y.expiresAt)
        mask |= bit(M::ExpiresAt) | bit(M::Remaining) | bit(M::State);
    if (x.renewedAt != y.renewedAt)
        mask |= bit(M::ExpiresAt) | bit(M::LastRenewed) | bit(M::State);
    if (before.lease.leaseMs != after.lease.leaseMs)
        mask |= bit(M::Remaining);
    if (x.ttlMs != y.ttlMs || x.description != y.description)
        mask |= bit(M::Description);
    if (mask & (bit(M::Remaining) | bit(M::AcquiredAt)))
        mask |= bit(M::HeldFor); // a new grant, or a lease that started or ended
    return mask;
}

PreparedLocks PreparedLocks::prepare(const QList<LockInfo> &read, const PreparedLocks &base,
                                     const QSet<QString> &seenSince)
{
    // The list is usually in name order with unique names (the refresh reads it so): then it
    // is not copied.
    const auto byName = [](const LockInfo &a, const LockInfo &b) { return a.name < b.name; };
    const auto sameName = [](const LockInfo &a, const LockInfo &b) { return a.name == b.name; };
    QList<LockInfo> locks = read;
    if (!std::is_sorted(locks.cbegin(), locks.cend(), byName))
        std::stable_sort(locks.begin(), locks.end(), byName);
    if (std::adjacent_find(locks.cbegin(), locks.cend(), sameName) != locks.cend())
        locks.erase(std::unique(locks.begin(), locks.end(), sameName), locks.end());

    auto data = std::make_shared<Data>();
    data->id = ++lastId;
    data->baseId = base.id();
    data->rows.reserve(locks.size());
    QHash<QString, int> holderIndex;
    QList<int> holderOfRow;
    for (const LockInfo &info : std::as_const(locks)) {
        Row row;
        row.lease = lockcells::Lease::of(info);
        row.lease.heldSinceSeen = !seenSince.isEmpty() && seenSince.contains(info.name);
        if (info.state == LockState::Held && row.lease.expiresValid)
            data->byExpiry.append(int(data->rows.size()));
        if (info.state == LockState::Held
            && row.lease.staleMs != std::numeric_limits<qint64>::max())
            data->byStale.append(int(data->rows.size()));
        if (info.state == LockState::Held && !info.holder.isEmpty()) {
            auto it = holderIndex.constFind(info.holder);
            if (it == holderIndex.cend()) {
                it = holderIndex.insert(info.holder, int(data->holders.size()));
                data->holders.append(info.holder);
                data->holderLeaseEnd.append(std::numeric_limits<qint64>::min());
            }
            row.holder = *it;
            qint64 &end = data->holderLeaseEnd[row.holder];
            end = qMax(end, row.lease.expiresValid ? row.lease.expiresMs
                                                   : std::numeric_limits<qint64>::max());
        }
        row.info = info;
        data->rows.append(std::move(row));
    }

    // The rows of each holder, grouped (a counting sort by holder).
    const int holders = int(data->holders.size());
    data->holderStart.fill(0, holders + 1);
    for (const Row &row : std::as_const(data->rows))
        if (row.holder >= 0)
            ++data->holderStart[row.holder + 1];
    for (int h = 0; h < holders; ++h)
        data->holderStart[h + 1] += data->holderStart[h];
    data->holderRows.resize(data->holderStart.isEmpty() ? 0 : data->holderStart.last());
    QList<int> next = data->holderStart;
    for (int r = 0; r < data->rows.size(); ++r)
        if (const int h = data->rows.at(r).holder; h >= 0)
            data->holderRows[next[h]++] = r;

    const QList<Row> &rows = data->rows;
    std::stable_sort(data->byExpiry.begin(), data->byExpiry.end(), [&rows](int a, int b) {
        return rows.at(a).lease.expiresMs < rows.at(b).lease.expiresMs;
    });
    std::stable_sort(data->byStale.begin(), data->byStale.end(), [&rows](int a, int b) {
        return rows.at(a).lease.staleMs < rows.at(b).lease.staleMs;
    });
    data->steps = diff(base.d->rows, data->rows);
    return PreparedLocks(std::move(data));
}

PreparedLocks PreparedLocks::rebased(const PreparedLocks &prepared, const PreparedLocks &base)
{
    auto data = std::make_shared<Data>(*prepared.d); // the lists are shared, not copied
    data->baseId = base.id();
    data->steps = diff(base.d->rows, data->rows);
    return PreparedLocks(std::move(data));
}

quint64 PreparedLocks::id() const
{
    return d->id;
}

quint64 PreparedLocks::baseId() const
{
    return d->baseId;
}

int PreparedLocks::size() const
{
    return int(d->rows.size());
}

const PreparedLocks::Row &PreparedLocks::row(int index) const
{
    return d->rows.at(index);
}

const QList<PreparedLocks::Step> &PreparedLocks::steps() const
{
    return d->steps;
}

int PreparedLocks::holderCount() const
{
    return int(d->holders.size());
}

const QString &PreparedLocks::holder(int index) const
{
    return d->holders.at(index);
}

QList<int>::const_iterator PreparedLocks::holderRowsBegin(int index) const
{
    return d->holderRows.cbegin() + d->holderStart.at(index);
}

QList<int>::const_iterator PreparedLocks::holderRowsEnd(int index) const
{
    return d->holderRows.cbegin() + d->holderStart.at(index + 1);
}

qint64 PreparedLocks::holderLeaseEndMs(int index) const
{
    return d->holderLeaseEnd.at(index);
}

const QList<int> &PreparedLocks::byExpiry() const
{
    return d->byExpiry;
}

const QList<int> &PreparedLocks::byStale() const
{
    return d->byStale;
}

QList<LockInfo> PreparedLocks::locks() const
{
    QList<LockInfo> locks;
    locks.reserve(d->rows.size());
    for (const Row &row : d->rows)
        locks.append(row.info);
    return locks;
}

} // namespace ui
