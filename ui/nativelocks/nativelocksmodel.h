// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "nativelocks.h"

#include <QAbstractTableModel>
#include <QList>

namespace ui {

// The database's own locks (advisory / user locks) as rows: one per session holding or waiting
// for a lock. setSnapshot() merges a new read into the rows (inserts, removes, moves and
// dataChanged for changed rows only), so a selection follows its (pid, key) across refreshes.
class NativeLocksModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Key, Mode, Status, Pid, User, Application, Client, Since, Waiters, ColumnCount };
    enum Role {
        PidRole = Qt::UserRole, // qint64
        KeyRole,                // QString
        GrantedRole,            // bool
        OwnSessionRole,         // bool: the reading connection itself
        LockscopeRole,          // bool: a connection of Lockscope's own (NativeLock::lockscopeSession)
    };

    explicit NativeLocksModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void setSnapshot(const lockcore::NativeLockSnapshot &snapshot);
    void clear();

    const lockcore::NativeLock &lockAt(int row) const { return m_locks.at(row); }
    qint64 ownPid() const { return m_ownPid; }
    // The row of the session `pid` holding (granted) or waiting for `key`; -1: none.
    int rowOf(qint64 pid, const QString &key, bool granted = true) const;
    // When the row's lock was taken or waited for (the best time the database gives).
    static QDateTime since(const lockcore::NativeLock &lock);

private:
    QList<lockcore::NativeLock> m_locks;
    qint64 m_ownPid = 0;
};

} // namespace ui
