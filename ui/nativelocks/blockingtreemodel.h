// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "nativelocks.h"

#include <QAbstractItemModel>
#include <QDateTime>
#include <QList>

namespace ui {

// Who blocks whom (lockcore::BlockingTree) as a tree: the root blockers at the top level, the
// sessions each one blocks under it. A read with the same shape as the last (the same sessions
// at the same places) only changes cells, so that the selection and what is expanded stay; a
// new shape resets the model (the panel expands it again and selects the session it had).
class BlockingTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column {
        Session, State, Transaction, WaitsFor, Blocks, User, Application, Client, Statement,
        ColumnCount
    };
    enum Role {
        PidRole = Qt::UserRole, // qint64
        LockscopeRole,          // bool: one of Lockscope's own connections
        OwnSessionRole,         // bool: the connection this tab reads with
    };

    explicit BlockingTreeModel(QObject *parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // Returns true when the shape changed (the model was reset).
    bool setSnapshot(const lockcore::NativeLockSnapshot &snapshot);
    void clear();
    // Greyed: what is shown is older than the last refresh, which failed.
    void setStale(bool stale);
    bool isStale() const { return m_stale; }

    bool isEmpty() const { return m_tree.isEmpty(); }
    const lockcore::BlockingTree &tree() const { return m_tree; }
    const lockcore::BlockingSession *sessionAt(const QModelIndex &index) const;
    // The first place of the session `pid` in the tree (invalid: not in it).
    QModelIndex indexOfPid(qint64 pid) const;
    qint64 ownPid() const { return m_ownPid; }
    QDateTime dbNow() const { return m_dbNow; }

private:
    QModelIndex indexOfNode(qsizetype node, int column = 0) const;
    QString cellText(const lockcore::BlockingSession &s, const lockcore::BlockingNode &node,
                     int column) const;
    QString toolTip(const lockcore::BlockingSession &s, const lockcore::BlockingNode &node,
                    int column) const;
    void index_();
    void emitAllChanged(const QList<int> &roles);

    lockcore::BlockingTree m_tree;
    QDateTime m_dbNow;
    qint64 m_ownPid = 0;
    bool m_stale = false;
    // For each node, its row under its parent; for each parent (-1: the roots), its children.
    QList<int> m_rowOf;
    QList<QList<qsizetype>> m_children; // index node + 1
};

} // namespace ui
