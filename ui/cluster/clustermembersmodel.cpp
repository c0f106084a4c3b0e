// SPDX-License-Identifier: GPL-3.0-or-later
#include "clustermembersmodel.h"

#include "clustersummary.h"

#include <QFont>

using namespace Qt::StringLiterals;
using lockcore::ClusterMember;

namespace ui {

namespace {

QString orDash(const QString &text)
{
    return text.isEmpty() ? u"-"_s : text;
}

bool sameRow(const ClusterMember &a, const ClusterMember &b)
{
    return a.role == b.role && a.self == b.self && a.name == b.name && a.address == b.address
           && a.state == b.state && a.syncState == b.syncState && a.writeLagMs == b.writeLagMs
           && a.flushLagMs == b.flushLagMs && a.replayLagMs == b.replayLagMs;
}

} // namespace

ClusterMembersModel::ClusterMembersModel(QObject *parent) : QAbstractTableModel(parent) {}

bool ClusterMembersModel::sameMembership(const QList<ClusterMember> &a,
                                         const QList<ClusterMember> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a.at(i).address != b.at(i).address || a.at(i).name != b.at(i).name)
            return false;
    }
    return true;
}

void ClusterMembersModel::setMembers(const QList<ClusterMember> &members)
{
    if (!sameMembership(m_members, members)) {
        beginResetModel();
        m_members = members;
        endResetModel();
        return;
    }
    for (int row = 0; row < int(members.size()); ++row) {
        if (sameRow(m_members.at(row), members.at(row)))
            continue;
        m_members[row] = members.at(row);
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
}

int ClusterMembersModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_members.size());
}

int ClusterMembersModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ClusterMembersModel::text(const ClusterMember &member, int column) const
{
    switch (column) {
    case Address:
        return member.self ? tr("%1 (this node)").arg(orDash(member.address))
                           : orDash(member.address);
    case Role: return ClusterSummary::roleText(member);
    case Name: return orDash(member.name);
    case State: return orDash(member.state);
    case SyncState: return orDash(member.syncState);
    case WriteLag: return ClusterSummary::lagText(member.writeLagMs);
    case FlushLag: return ClusterSummary::lagText(member.flushLagMs);
    case ReplayLag: return ClusterSummary::lagText(member.replayLagMs);
    }
    return {};
}

QVariant ClusterMembersModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const ClusterMember &member = m_members.at(index.row());
    switch (role) {
    case Qt::DisplayRole: return text(member, index.column());
    case SelfRole: return member.self;
    case Qt::FontRole: {
        if (!member.self)
            return {};
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    case Qt::ToolTipRole:
        return member.self ? tr("The node this window's connection reads from") : QVariant();
    default: return {};
    }
}

QVariant ClusterMembersModel::headerData(int section, Qt::Orientation orientation,
                                         int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Address: return tr("Address");
    case Role: return tr("Role");
    case Name: return tr("Name");
    case State: return tr("State");
    case SyncState: return tr("Sync");
    case WriteLag: return tr("Write lag");
    case FlushLag: return tr("Flush lag");
    case ReplayLag: return tr("Replay lag");
    }
    return {};
}

void ClusterMembersModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_members.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace ui
