// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockfilterproxymodel.h"

#include "locktablemodel.h"

namespace ui {

LockFilterProxyModel::LockFilterProxyModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(LockTableModel::SortRole);
    setDynamicSortFilter(true);
}

void LockFilterProxyModel::setFilterText(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_text)
        return;
    m_text = trimmed;
    invalidateFilter();
}

void LockFilterProxyModel::setStateFilter(LockStateFilter state)
{
    if (state == m_state)
        return;
    m_state = state;
    invalidateFilter();
}

void LockFilterProxyModel::setAcknowledgedText(
    std::function<QString(const lockcore::LockInfo &)> text, const QIcon &icon)
{
    m_acknowledged = std::move(text);
    m_acknowledgedIcon = icon;
    acknowledgementsChanged();
}

void LockFilterProxyModel::acknowledgementsChanged()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                         {Qt::DecorationRole, Qt::ToolTipRole, AcknowledgedRole});
}

QVariant LockFilterProxyModel::data(const QModelIndex &index, int role) const
{
    const bool stateCell = index.column() == LockTableModel::State;
    const bool asked = role == AcknowledgedRole
                       || (stateCell && (role == Qt::DecorationRole || role == Qt::ToolTipRole));
    if (!m_acknowledged || !asked || !index.isValid())
        return QSortFilterProxyModel::data(index, role);
    const QString text = m_acknowledged(
        index.data(LockTableModel::LockInfoRole).value<lockcore::LockInfo>());
    if (role == AcknowledgedRole)
        return text;
    if (text.isEmpty())
        return QSortFilterProxyModel::data(index, role);
    if (role == Qt::DecorationRole)
        return m_acknowledgedIcon;
    const QString tip = QSortFilterProxyModel::data(index, role).toString();
    return tip.isEmpty() ? text : text + u'\n' + tip;
}

bool LockFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *source = sourceModel();
    const QModelIndex stateCell = source->index(sourceRow, LockTableModel::State, sourceParent);
    if (m_state.isProblems() && !stateCell.data(LockTableModel::ProblemRole).toBool())
        return false;
    if (const std::optional<LockDisplayState> only = m_state.oneState()) {
        const auto state = stateCell.data(LockTableModel::StateRole).value<LockDisplayState>();
        const bool held = *only == LockDisplayState::Held && isLeaseRunning(state);
        if (state != *only && !held)
            return false;
    }
    if (m_text.isEmpty())
        return true;
    for (const int column :
         {LockTableModel::Name, LockTableModel::Holder, LockTableModel::Description}) {
        const QString text = source->index(sourceRow, column, sourceParent).data().toString();
        if (text.contains(m_text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool LockFilterProxyModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant l = left.data(sortRole());
    const QVariant r = right.data(sortRole());
    int order = 0;
    if (l.typeId() == QMetaType::QString || r.typeId() == QMetaType::QString) {
        const QString ls = l.toString();
        const QString rs = r.toString();
        order = QString::compare(ls, rs, Qt::CaseInsensitive);
        if (order == 0)
            order = QString::compare(ls, rs, Qt::CaseSensitive);
    } else {
        const qint64 ln = l.toLongLong();
        const qint64 rn = r.toLongLong();
        order = ln < rn ? -1 : (ln > rn ? 1 : 0);
    }
    if (order != 0)
        return order < 0;
    return left.row() < right.row(); // the source keeps name order
}

} // namespace ui
