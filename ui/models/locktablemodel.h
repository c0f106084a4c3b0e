// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "holderliveness.h"
#include "lockdisplaystate.h"
#include "locktypes.h"
#include "longholdrules.h"
#include "preparedlocks.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>

#include <functional>

namespace ui {

// The lock table: one row per lock, kept in name order. Refreshes are merged in place (rows
// inserted, removed and changed, never a reset), from rows prepared off the GUI thread
// (PreparedLocks) so that the GUI thread only walks the steps that changed something. A
// countdown estimated in database time runs between refreshes: tick() finds the leases that
// ran out through their order of expiry and repaints the remaining-time cells of the rows the
// view shows, whatever the size of the table.
class LockTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    // Remaining, HeldFor and LastRenewed are neighbours: the countdown repaints them as one
    // span.
    enum Column { Name, State, Holder, Depth, Fence, AcquiredAt, ExpiresAt, Remaining, HeldFor,
                  LastRenewed, Description, ColumnCount };
    Q_ENUM(Column)

    // Besides these: Display, ToolTip, TextAlignment, and Foreground/Background in the
    // colours of lockstatepalette.h, taken from the application's palette.
    enum Role {
        // lockcore::LockInfo as last read (any column). Qt 6 puts any copyable type in a
        // QVariant. (A Q_DECLARE_METATYPE here breaks the build: the ui moc code instantiates
        // the type's metatype first; lockcore/protocol/locktypes.h would be the place for one.)
        LockInfoRole = Qt::UserRole,
        SortRole,              // raw values: names, ms since the epoch, ms left, ordinals
        RemainingFractionRole, // double 0..1 of the lease left; invalid unless running
        StateRole,             // LockDisplayState (any column; notified with the State cell)
        ProblemRole,           // bool: a problem state or a long hold (lockcells::isProblem)
        StaleRole,             // bool: shown as of the last successful read (setStale)
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
        int notRenewing = 0; // counted in `held` too
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
    // The same from rows prepared elsewhere (on the database thread, with the steps from the
    // rows this model shows; if they were prepared from other rows, the steps are redone here).
    void merge(const PreparedLocks &prepared);
    // Drops every row at once (a new connection): the one place the model resets.
    void clear();

    // Database time = this machine's time + offset (lockcore::DbClock::offsetMs). Taken into
    // account at the next merge or tick.
    void setClockOffset(qint64 dbMinusLocalMs);
    qint64 clockOffset() const { return m_offsetMs; }
    // The estimated database time now, in ms since the epoch.
    qint64 dbNowMs() const;
    // Recomputes the countdown of running leases: dataChanged for the State and Remaining
    // cells of leases that ran out or whose owner vanished anywhere in the table, and for the
    // Remaining cells whose text changed among all rows (tick()) or among the given rows only
    // (the ones a view shows: the other rows show the new time when they are painted, as
    // data() always answers for the time of the last tick).
    // Stale data never looks live: does nothing while the model is stale (setStale).
    void tick();
    void tick(const QList<int> &shownRows);

    // `readAt` valid: no read has succeeded since the rows were read at `readAt` (this
    // computer's time), and none is expected now (a refresh failed or is overdue, or refresh
    // is paused). The rows go back to the state and countdown of that read, stop there, and
    // are shown greyed (StaleRole, lockstatepalette's stale colours, "as of" tooltips) until
    // setStale({}) when a read succeeds again.
    void setStale(const QDateTime &readAt);
    bool isStale() const { return m_asOf.isValid(); }
    QDateTime staleSince() const { return m_asOf; }

    // How "this machine's time" is read (ms since the epoch); tests inject a fake clock.
    void setLocalClock(std::function<qint64()> localNowMs);
    // Which holders count as gone; an empty function turns the lost-owner state off. Asked
    // once per distinct holder with a running lease per merge, and per tick about a fifth of
    // them in turn (all of them up to 256 holders).
    void setOwnerGoneCheck(OwnerGoneCheck check);

    // Which holds count as long (the Held for cell is highlighted); none by default.
    void setLongHoldRules(const LongHoldRules &rules);
    const LongHoldRules &longHoldRules() const { return m_longHolds; }

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
    struct Live; // what the countdown made of a row, and what its text was last announced as
    struct RowRef
    {
        const PreparedLocks::Row &row;
        const Live &live;
    };
    struct Run;

    RowRef rowAt(int row) const;
    Live evaluate(const PreparedLocks::Row &row, const QList<char> &gone, qint64 dbNow) const;
    bool ownerGone(const QString &holder) const;
    void tickRows(const QList<int> *shownRows, qint64 now);
    LockDisplayState runningState(int row, qint64 dbNow) const;
    void addChange(Run &run, int row, int firstColumn, int lastColumn);
    void flush(Run &run);
    void emitRuns(QList<int> &rows, int firstColumn, int lastColumn);

    PreparedLocks m_data;
    QList<Live> m_live;    // per row of m_data
    QList<char> m_gone;    // per holder of m_data: its owner is gone
    qsizetype m_expired = 0; // in m_data.byExpiry(): the leases before it had ended at m_nowMs
    qsizetype m_stale = 0;   // in m_data.byStale(): the holders before it were late at m_nowMs
    int m_ownerCursor = 0;   // the holder whose owner the next tick asks about first
    qint64 m_nowMs = 0;    // the database time of the last merge or tick
    qint64 m_readMs = 0;   // the database time of the last merge
    QDateTime m_asOf;      // valid while stale: when the rows shown were read (setStale)

    // While a merge runs: the old rows not yet visited, shown after the new ones (see merge()).
    const PreparedLocks *m_old = nullptr;
    const QList<Live> *m_oldLive = nullptr;
    qsizetype m_oldPos = 0;

    qint64 m_offsetMs = 0;
    std::function<qint64()> m_localNow;
    OwnerGoneCheck m_ownerGone;
    LongHoldRules m_longHolds;
};

} // namespace ui
