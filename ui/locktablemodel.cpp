#include "locktablemodel.h"

#include "countdowntext.h"
#include "duration.h"
#include "lockstatepalette.h"

#include <QBrush>
#include <QDateTime>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;
using lockcore::LockInfo;
using lockcore::LockState;

namespace {

const QString NoValue = u"\u2014"_s; // em dash: no running lease

QString localTime(const QDateTime &t)
{
    return t.isValid() ? t.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s) : QString();
}

QString utcTime(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s) : QString();
}

qint64 msOf(const QDateTime &t)
{
    return t.isValid() ? t.toMSecsSinceEpoch() : std::numeric_limits<qint64>::min();
}

constexpr quint32 bit(int column)
{
    return 1u << column;
}

constexpr quint32 AllColumns = (1u << LockTableModel::ColumnCount) - 1;

} // namespace

// One lock as shown: the row as read, and what the countdown made of it.
struct LockTableModel::Row
{
    LockInfo info;
    LockDisplayState state = LockDisplayState::Free;
    qint64 expiresMs = 0;   // info.expiresAt, cached for the countdown
    qint64 leaseMs = 0;     // length of the current lease, for the fraction left
    qint64 remainingMs = 0; // estimated at the last merge or tick; 0 unless the lease runs
    qint64 shownMs = 0;     // roundedRemainingMs(remainingMs): what the text shows
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
    return int(m_rows.size() + (m_pending ? m_pending->size() - m_pendingPos : 0));
}

int LockTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const LockTableModel::Row &LockTableModel::rowAt(int row) const
{
    if (row < m_rows.size())
        return m_rows.at(row);
    return m_pending->at(m_pendingPos + (row - m_rows.size()));
}

LockDisplayState LockTableModel::displayState(int row) const
{
    return rowAt(row).state;
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
    const Row &row = rowAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(row, column);
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case Qt::ForegroundRole:
        if (row.state == LockDisplayState::Free || column == State)
            return QBrush(lockStateForeground(row.state, QGuiApplication::palette()));
        return {};
    case Qt::BackgroundRole:
        if (column == State && row.state != LockDisplayState::Free)
            return QBrush(lockStateBackground(row.state, QGuiApplication::palette()));
        return {};
    case Qt::TextAlignmentRole:
        if (column == Depth || column == Fence || column == Remaining)
            return QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    case LockInfoRole:
        return QVariant::fromValue(row.info);
    case SortRole:
        return sortValue(row, column);
    case RemainingFractionRole:
        if (!isLeaseRunning(row.state) || row.leaseMs <= 0)
            return {};
        return std::clamp(double(row.remainingMs) / double(row.leaseMs), 0.0, 1.0);
    case StateRole:
        return QVariant::fromValue(row.state);
    default:
        return {};
    }
}

QVariant LockTableModel::display(const Row &row, int column) const
{
    const LockInfo &info = row.info;
    switch (column) {
    case Name: return info.name;
    case State: return lockDisplayStateText(row.state);
    case Holder: return info.holder;
    case Depth:
        return row.state == LockDisplayState::Free ? QString() : QString::number(info.depth);
    case Fence: return QString::number(info.fence);
    case AcquiredAt: return localTime(info.acquiredAt);
    case ExpiresAt: return localTime(info.expiresAt);
    case Remaining:
        return isLeaseRunning(row.state) ? formatRemainingMs(row.remainingMs) : NoValue;
    case Description: return info.description.simplified();
    }
    return {};
}

QVariant LockTableModel::toolTip(const Row &row, int column) const
{
    const LockInfo &info = row.info;
    const auto times = [](const QDateTime &t) {
        return tr("%1 (local time)\n%2 UTC").arg(localTime(t), utcTime(t));
    };
    switch (column) {
    case Name:
        return info.name; // in full, should the column elide it
    case State:
        switch (row.state) {
        case LockDisplayState::Free:
            return tr("Free: nobody holds this lock.");
        case LockDisplayState::Held:
            return tr("Held by %1 until %2.").arg(info.holder, localTime(info.expiresAt));
        case LockDisplayState::Expired:
            return tr("Expired: the lease of %1 ended at %2. The next acquirer takes it over.")
                .arg(info.holder, localTime(info.expiresAt));
        case LockDisplayState::LostOwner: {
            const auto process = parseHolderProcess(info.holder);
            return tr("Lost owner: the holder %1 was process %2 on this machine, which no "
                      "longer runs, so nobody will release the lock. The lease still runs "
                      "until %3; a force release frees it now.")
                .arg(info.holder, process ? QString::number(process->pid) : tr("(unknown)"),
                     localTime(info.expiresAt));
        }
        }
        return {};
    case Holder: {
        QString tip = info.holder.isEmpty() ? tr("Nobody holds this lock.")
                                            : tr("Holder: %1").arg(info.holder);
        if (!info.prevHolder.isEmpty())
            tip += u'\n' + tr("Previous holder: %1").arg(info.prevHolder);
        return tip;
    }
    case Depth:
        return tr("Re-entry depth: how many times the holder acquired the lock without "
                  "releasing it.");
    case Fence:
        return tr("Fencing token %1: grows by one on every change of holder and every force "
                  "release. The protected resource refuses tokens lower than the highest it "
                  "has seen.")
            .arg(info.fence);
    case AcquiredAt:
        if (!info.acquiredAt.isValid())
            return tr("Never acquired.");
        return tr("Acquired at\n%1").arg(times(info.acquiredAt));
    case ExpiresAt: {
        if (!info.expiresAt.isValid())
            return {};
        QString tip = row.state == LockDisplayState::Free
                          ? tr("Released or expired at\n%1").arg(times(info.expiresAt))
                          : tr("Expires at\n%1").arg(times(info.expiresAt));
        if (info.renewedAt.isValid())
            tip += u'\n' + tr("Last renewed at\n%1").arg(times(info.renewedAt));
        return tip;
    }
    case Remaining:
        if (!isLeaseRunning(row.state))
            return tr("No lease is running.");
        return tr("%1 left of a %2 lease, estimated in database time.\nExpires at\n%3")
            .arg(formatRemainingMs(row.remainingMs), lockcore::formatDurationMs(row.leaseMs),
                 times(info.expiresAt));
    case Description: {
        // The lock's definition: what it guards and its default lease.
        QString tip = info.description;
        if (info.ttlMs > 0) {
            if (!tip.isEmpty())
                tip += u'\n';
            tip += tr("Default lease: %1").arg(lockcore::formatDurationMs(info.ttlMs));
        }
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    }
    return {};
}

QVariant LockTableModel::sortValue(const Row &row, int column) const
{
    const LockInfo &info = row.info;
    switch (column) {
    case Name: return info.name;
    case State: return lockDisplayStateOrdinal(row.state);
    case Holder: return info.holder;
    case Depth: return info.depth;
    case Fence: return info.fence;
    case AcquiredAt: return msOf(info.acquiredAt);
    case ExpiresAt: return msOf(info.expiresAt);
    case Remaining:
        // Running leases by time left, then expired ones, then free ones.
        if (isLeaseRunning(row.state))
            return row.remainingMs;
        return qint64(row.state == LockDisplayState::Expired ? 0 : -1);
    case Description: return info.description;
    }
    return {};
}

QVariant LockTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Name: return tr("Name");
        case State: return tr("State");
        case Holder: return tr("Holder");
        case Depth: return tr("Depth");
        case Fence: return tr("Fence");
        case AcquiredAt: return tr("Acquired");
        case ExpiresAt: return tr("Expires");
        case Remaining: return tr("Remaining");
        case Description: return tr("Description");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case AcquiredAt:
        case ExpiresAt:
            return tr("Database-clock time, shown in this machine's time zone");
        case Remaining:
            return tr("Time left on the lease, counted down in estimated database time "
                      "between refreshes");
        case Fence:
            return tr("Fencing token: grows with every change of holder");
        default:
            break;
        }
    }
    return {};
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
    m_ownerGoneCache.clear();
}

bool LockTableModel::ownerGone(const QString &holder) const
{
    if (!m_ownerGone || holder.isEmpty())
        return false;
    const auto cached = m_ownerGoneCache.constFind(holder);
    if (cached != m_ownerGoneCache.cend())
        return *cached;
    const bool gone = m_ownerGone(holder);
    m_ownerGoneCache.insert(holder, gone);
    return gone;
}

void LockTableModel::evaluate(Row &row, qint64 dbNow) const
{
    const LockInfo &info = row.info;
    if (info.state != LockState::Held) {
        row.state = info.state == LockState::Free ? LockDisplayState::Free
                                                  : LockDisplayState::Expired;
        row.remainingMs = 0;
        row.shownMs = 0;
        return;
    }
    // The database said held when it was read; the lease may have run out since.
    const qint64 remaining = info.expiresAt.isValid() ? row.expiresMs - dbNow : 0;
    if (info.expiresAt.isValid() && remaining <= 0) {
        row.state = LockDisplayState::Expired;
        row.remainingMs = 0;
    } else {
        row.state = ownerGone(info.holder) ? LockDisplayState::LostOwner
                                           : LockDisplayState::Held;
        row.remainingMs = qMax<qint64>(0, remaining);
    }
    row.shownMs = roundedRemainingMs(row.remainingMs);
}

namespace {

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

// Which columns show something different between two versions of a row (dbNow alone is
// not shown).
quint32 LockTableModel::changedColumns(const Row &a, const Row &b)
{
    using M = LockTableModel;
    const bool aFree = a.state == LockDisplayState::Free;
    if (aFree != (b.state == LockDisplayState::Free))
        return AllColumns; // free rows are muted as a whole
    const LockInfo &x = a.info;
    const LockInfo &y = b.info;
    quint32 mask = 0;
    if (a.state != b.state || x.state != y.state)
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
        mask |= bit(M::ExpiresAt);
    if (a.leaseMs != b.leaseMs || a.shownMs != b.shownMs)
        mask |= bit(M::Remaining);
    if (x.ttlMs != y.ttlMs || x.description != y.description)
        mask |= bit(M::Description);
    return mask;
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

LockTableModel::Row LockTableModel::makeRow(LockInfo info, qint64 dbNow) const
{
    Row row;
    row.info = std::move(info);
    const LockInfo &i = row.info;
    row.expiresMs = i.expiresAt.isValid() ? i.expiresAt.toMSecsSinceEpoch() : 0;
    // The current lease started at the last renewal (an acquire renews too).
    const QDateTime &start = i.renewedAt.isValid() ? i.renewedAt : i.acquiredAt;
    if (start.isValid() && i.expiresAt.isValid())
        row.leaseMs = row.expiresMs - start.toMSecsSinceEpoch();
    if (row.leaseMs <= 0)
        row.leaseMs = i.ttlMs;
    evaluate(row, dbNow);
    return row;
}

void LockTableModel::merge(const QList<LockInfo> &locks)
{
    Q_ASSERT_X(!m_pending, "LockTableModel::merge", "called from a slot during a merge");
    if (m_pending)
        return;
    const auto byName = [](const LockInfo &a, const LockInfo &b) { return a.name < b.name; };
    QList<LockInfo> incoming = locks;
    if (!std::is_sorted(incoming.cbegin(), incoming.cend(), byName))
        std::stable_sort(incoming.begin(), incoming.end(), byName);
    // Names are the table's primary key; should a list repeat one, its first row counts.
    incoming.erase(std::unique(incoming.begin(), incoming.end(),
                               [](const LockInfo &a, const LockInfo &b) {
                                   return a.name == b.name;
                               }),
                   incoming.end());

    m_ownerGoneCache.clear();
    const qint64 now = dbNowMs();

    // The rows are rebuilt front to back into m_rows; the old rows not yet visited stay in
    // `old` from m_pendingPos on, and rowAt() shows both as one list, so each signal sees the
    // model exactly as it announces it. Linear in the number of rows, whatever changed.
    QList<Row> old = std::exchange(m_rows, {});
    m_rows.reserve(incoming.size());
    m_pending = &old;
    m_pendingPos = 0;
    const qsizetype oldCount = old.size();
    const qsizetype newCount = incoming.size();
    qsizetype next = 0; // in incoming
    Run changed;

    // True when the old row at `o` comes before the incoming row at `n` (or nothing remains).
    const auto oldFirst = [&](qsizetype o, qsizetype n) {
        return n == newCount || old.at(o).info.name < incoming.at(n).name;
    };
    const auto newFirst = [&](qsizetype o, qsizetype n) {
        return o == oldCount || incoming.at(n).name < old.at(o).info.name;
    };

    while (m_pendingPos < oldCount || next < newCount) {
        const int at = int(m_rows.size());
        if (m_pendingPos < oldCount && oldFirst(m_pendingPos, next)) {
            qsizetype end = m_pendingPos + 1;
            while (end < oldCount && oldFirst(end, next))
                ++end;
            flush(changed);
            beginRemoveRows({}, at, at + int(end - m_pendingPos) - 1);
            m_pendingPos = end;
            endRemoveRows();
        } else if (newFirst(m_pendingPos, next)) {
            qsizetype end = next + 1;
            while (end < newCount && newFirst(m_pendingPos, end))
                ++end;
            flush(changed);
            beginInsertRows({}, at, at + int(end - next) - 1);
            for (; next < end; ++next)
                m_rows.append(makeRow(std::move(incoming[next]), now));
            endInsertRows();
        } else {
            Row row = makeRow(std::move(incoming[next]), now);
            const quint32 mask = changedColumns(old.at(m_pendingPos), row);
            m_rows.append(std::move(row));
            ++m_pendingPos;
            ++next;
            if (mask)
                addChange(changed, at, lowestBit(mask), highestBit(mask));
        }
    }
    flush(changed);
    m_pending = nullptr;
    m_pendingPos = 0;
}

void LockTableModel::clear()
{
    if (m_pending)
        return;
    beginResetModel();
    m_rows.clear();
    m_ownerGoneCache.clear();
    endResetModel();
}

void LockTableModel::tick()
{
    if (m_pending || m_rows.isEmpty())
        return;
    m_ownerGoneCache.clear();
    const qint64 now = dbNowMs();
    Run stateRun;
    Run remainingRun;
    Row *rows = m_rows.data();
    const int count = int(m_rows.size());
    for (int r = 0; r < count; ++r) {
        Row &row = rows[r];
        if (row.info.state != LockState::Held)
            continue; // free and expired rows only change with a refresh
        const LockDisplayState state = row.state;
        const qint64 shown = row.shownMs;
        evaluate(row, now);
        if (row.state != state)
            addChange(stateRun, r, State, State);
        if (row.state != state || row.shownMs != shown)
            addChange(remainingRun, r, Remaining, Remaining);
    }
    flush(stateRun);
    flush(remainingRun);
}

LockTableModel::Counts LockTableModel::counts() const
{
    Counts counts;
    const int rows = rowCount();
    counts.total = rows;
    for (int r = 0; r < rows; ++r) {
        switch (rowAt(r).state) {
        case LockDisplayState::Free: ++counts.free; break;
        case LockDisplayState::Held: ++counts.held; break;
        case LockDisplayState::Expired: ++counts.expired; break;
        case LockDisplayState::LostOwner:
            ++counts.held;
            ++counts.lostOwner;
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
    case LockDisplayState::Held: return c.held - c.lostOwner;
    case LockDisplayState::Expired: return c.expired;
    case LockDisplayState::LostOwner: return c.lostOwner;
    }
    return 0;
}

int LockTableModel::rowOf(const QString &name) const
{
    // Rows are in name order (also mid-merge: the rebuilt part and the rest both are).
    int low = 0;
    int high = rowCount();
    while (low < high) {
        const int mid = low + (high - low) / 2;
        if (rowAt(mid).info.name < name)
            low = mid + 1;
        else
            high = mid;
    }
    return low < rowCount() && rowAt(low).info.name == name ? low : -1;
}

qint64 LockTableModel::remainingMs(const QString &name) const
{
    const int row = rowOf(name);
    return row < 0 ? 0 : rowAt(row).remainingMs;
}

void LockTableModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (const int rows = rowCount(); rows > 0) {
        emit dataChanged(index(0, 0), index(rows - 1, ColumnCount - 1),
                         {Qt::DisplayRole, Qt::ToolTipRole});
    }
}
