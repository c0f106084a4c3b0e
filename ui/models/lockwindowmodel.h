// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "holderliveness.h"
#include "lockdisplaystate.h"
#include "lockrefresh.h"
#include "longholdrules.h"

#include <QAbstractTableModel>
#include <QDateTime>

#include <functional>

namespace ui {

// A window onto a lock table too large to be read whole: one row per lock that matches the
// database-side filter (rowCount() is their number), in the database's order (the query's), of
// which only the window last read from the database is known; the other rows are placeholders
// until the view scrolls to them and they are read. Same columns, roles, texts and countdown as
// LockTableModel, whose enums it uses.
class LockWindowModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit LockWindowModel(QObject *parent = nullptr);
    ~LockWindowModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    // Shows `page`, the answer to `query`. Another filter than the one shown resets the model;
    // the same filter inserts or removes rows at the end as the count changed and repaints the
    // rows of the old and the new window that show something else now.
    void setPage(const lockcore::LockPage &page, const LockTableQuery &query);
    void clear();

    const lockcore::LockPage &page() const { return m_page; }
    const LockTableQuery &query() const { return m_query; }
    // Rows [loadedFirst(), loadedFirst() + loadedCount()) are known.
    int loadedFirst() const { return int(m_page.offset); }
    int loadedCount() const { return int(m_page.locks.size()); }
    bool isLoaded(int row) const;
    // The row of a lock among the loaded rows, -1 if not loaded.
    int rowOf(const QString &name) const;
    qint64 remainingMs(const QString &name) const;
    LockDisplayState displayState(int row) const; // Free for a placeholder

    // As LockTableModel's.
    void setClockOffset(qint64 dbMinusLocalMs);
    qint64 dbNowMs() const;
    void setLocalClock(std::function<qint64()> localNowMs);
    void setOwnerGoneCheck(OwnerGoneCheck check);
    // The countdown of the loaded rows: dataChanged for the State cells whose state changed
    // and the Remaining cells whose text changed.
    // Does nothing while stale (setStale).
    void tick();
    // As LockTableModel::setStale.
    void setStale(const QDateTime &readAt);
    bool isStale() const { return m_asOf.isValid(); }
    void retranslate();
    // As LockTableModel::setLongHoldRules.
    void setLongHoldRules(const LongHoldRules &rules);

private:
    struct Live;

    void evaluateAll(qint64 dbNow, QList<int> *stateRows, QList<int> *remainingRows);
    void emitRuns(const QList<int> &rows, int firstColumn, int lastColumn);

    lockcore::LockPage m_page;
    LockTableQuery m_query;
    bool m_hasPage = false;
    int m_rows = 0; // rowCount()
    QList<Live> m_live; // per loaded row
    qint64 m_nowMs = 0;
    qint64 m_readMs = 0; // the database time of the last page
    QDateTime m_asOf;    // valid while stale: when the rows shown were read
    qint64 m_offsetMs = 0;
    std::function<qint64()> m_localNow;
    OwnerGoneCheck m_ownerGone;
    LongHoldRules m_longHolds;
};

} // namespace ui
