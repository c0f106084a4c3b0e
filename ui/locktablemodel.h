#pragma once

#include "holderliveness.h"
#include "lockdisplaystate.h"
#include "locktypes.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

#include <functional>

// The lock table: one row per lock, kept in name order. Refreshes are merged in place (rows
// inserted, removed and changed, never a reset), and a countdown estimated in database time
// runs between refreshes: tick() repaints only the remaining-time cells whose text changed.
class LockTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Name, State, Holder, Depth, Fence, AcquiredAt, ExpiresAt, Remaining,
                  Description, ColumnCount };
    Q_ENUM(Column)

    // Besides these: Display, ToolTip, TextAlignment, and Foreground/Background in the
    // colours of lockstatepalette.h, taken from the application's palette.
    enum Role {
        // lockcore::LockInfo as last read (any column). Qt 6 puts any copyable type in a
        // QVariant. (A Q_DECLARE_METATYPE here breaks the build: the ui moc code instantiates
        // the type's metatype first; lockcore/locktypes.h would be the place for one.)
        LockInfoRole = Qt::UserRole,
        SortRole,              // raw values: names, ms since the epoch, ms left, ordinals
        RemainingFractionRole, // double 0..1 of the lease left; invalid unless running
        StateRole,             // LockDisplayState (any column; notified with the State cell)
    };
    Q_ENUM(Role)

    // Rows per state, for the status bar. `held` counts every running lease, including those
    // whose owner is gone (`lostOwner`), so free + held + expired == total.
    struct Counts
    {
        int total = 0;
        int free = 0;
        int held = 0;
        int expired = 0;
        int lostOwner = 0;
    };

    explicit LockTableModel(QObject *parent = nullptr);
    ~LockTableModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    // Brings the rows to `locks` (any order; names are unique): inserts and removes rows in
    // contiguous runs and emits dataChanged only for rows (and the column span) that changed.
    // A change of dbNow alone is taken in silently. An empty list removes every row.
    void merge(const QList<lockcore::LockInfo> &locks);
    // Drops every row at once (a new connection): the one place the model resets.
    void clear();

    // Database time = this machine's time + offset (lockcore::DbClock::offsetMs). Taken into
    // account at the next merge or tick.
    void setClockOffset(qint64 dbMinusLocalMs);
    qint64 clockOffset() const { return m_offsetMs; }
    // The estimated database time now, in ms since the epoch.
    qint64 dbNowMs() const;
    // Recomputes the countdown of running leases: dataChanged for the Remaining cells whose
    // text changed, and for the State cells of leases that ran out (or whose owner vanished).
    void tick();

    // How "this machine's time" is read (ms since the epoch); tests inject a fake clock.
    void setLocalClock(std::function<qint64()> localNowMs);
    // Which holders count as gone; an empty function turns the lost-owner state off. Asked at
    // most once per distinct holder per merge or tick.
    void setOwnerGoneCheck(OwnerGoneCheck check);

    Counts counts() const;
    int count(LockDisplayState state) const;
    // The row of a lock, -1 if absent.
    int rowOf(const QString &name) const;
    // The lock's estimated remaining lease at the last tick or merge; 0 when not running or
    // absent.
    qint64 remainingMs(const QString &name) const;
    LockDisplayState displayState(int row) const;

    // Header and cell texts again after the application's language changed.
    void retranslate();

private:
    struct Row;
    struct Run;

    const Row &rowAt(int row) const;
    Row makeRow(lockcore::LockInfo info, qint64 dbNow) const;
    void evaluate(Row &row, qint64 dbNow) const;
    bool ownerGone(const QString &holder) const;
    QVariant display(const Row &row, int column) const;
    QVariant toolTip(const Row &row, int column) const;
    QVariant sortValue(const Row &row, int column) const;
    static quint32 changedColumns(const Row &a, const Row &b);
    void addChange(Run &run, int row, int firstColumn, int lastColumn);
    void flush(Run &run);

    QList<Row> m_rows;
    // While a merge runs: the old rows not yet visited, shown after m_rows (see merge()).
    const QList<Row> *m_pending = nullptr;
    qsizetype m_pendingPos = 0;

    qint64 m_offsetMs = 0;
    std::function<qint64()> m_localNow;
    OwnerGoneCheck m_ownerGone;
    mutable QHash<QString, bool> m_ownerGoneCache; // per merge or tick
};
