// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockstatefilter.h"
#include "locktypes.h"

#include <QIcon>
#include <QSortFilterProxyModel>

#include <functional>
#include <optional>

namespace ui {

// The lock table as the view shows it: filtered by a text (a case-insensitive substring of the
// name, holder or description) and optionally by state, sorted by LockTableModel::SortRole
// (ties in name order).
class LockFilterProxyModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit LockFilterProxyModel(QObject *parent = nullptr);

    QString filterText() const { return m_text; }
    void setFilterText(const QString &text);

    // Only rows in this state (Held also shows every other running lease: lost owners and
    // holders not renewing), or only the problems (LockTableModel::ProblemRole); std::nullopt:
    // every state.
    LockStateFilter stateFilter() const { return m_state; }
    void setStateFilter(LockStateFilter state);

    // Acknowledged problems (ui/alerts): `text` of a lock ("Acknowledged by ann until 14:30:
    // ..."; empty: not acknowledged) is the State cell's tooltip with `icon`, and its
    // AcknowledgedRole on any cell. acknowledgementsChanged() repaints them.
    static constexpr int AcknowledgedRole = Qt::UserRole + 64;
    void setAcknowledgedText(std::function<QString(const lockcore::LockInfo &)> text,
                             const QIcon &icon);
    void acknowledgementsChanged();
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString m_text;
    LockStateFilter m_state;
    std::function<QString(const lockcore::LockInfo &)> m_acknowledged;
    QIcon m_acknowledgedIcon;
};

} // namespace ui
