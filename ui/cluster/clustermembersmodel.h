// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clusterstatus.h"

#include <QAbstractTableModel>
#include <QList>

namespace ui {

// The members of a cluster as the connected node lists them (lockcore::ClusterStatus::members):
// one row each, the node this session reads from in bold. A refresh that lists the same
// members changes only the rows that changed; another membership resets the rows.
class ClusterMembersModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Address, Role, Name, State, SyncState, WriteLag, FlushLag, ReplayLag,
                  ColumnCount };
    enum ItemRole { SelfRole = Qt::UserRole }; // bool: the node this session reads from

    explicit ClusterMembersModel(QObject *parent = nullptr);

    void setMembers(const QList<lockcore::ClusterMember> &members);
    const QList<lockcore::ClusterMember> &members() const { return m_members; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The header in the current language (after a language change).
    void retranslate();

private:
    QString text(const lockcore::ClusterMember &member, int column) const;
    static bool sameMembership(const QList<lockcore::ClusterMember> &a,
                               const QList<lockcore::ClusterMember> &b);

    QList<lockcore::ClusterMember> m_members;
};

} // namespace ui
