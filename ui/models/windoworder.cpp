// SPDX-License-Identifier: GPL-3.0-or-later
#include "windoworder.h"

#include "locktablemodel.h"

#include <QCoreApplication>

using lockcore::LockPageOrder;
using lockcore::LockPageSort;

namespace ui {

namespace {

struct OrderTr
{
    Q_DECLARE_TR_FUNCTIONS(ui::WindowOrder)
};

} // namespace

std::optional<LockPageSort> serverSortOf(int column)
{
    switch (column) {
    case LockTableModel::Name: return LockPageSort::Name;
    case LockTableModel::Holder: return LockPageSort::Holder;
    case LockTableModel::State: return LockPageSort::State;
    case LockTableModel::Remaining: return LockPageSort::Remaining;
    case LockTableModel::HeldFor: return LockPageSort::HeldFor;
    default: return std::nullopt;
    }
}

int columnOfServerSort(LockPageSort sort)
{
    switch (sort) {
    case LockPageSort::Name: return LockTableModel::Name;
    case LockPageSort::Holder: return LockTableModel::Holder;
    case LockPageSort::State: return LockTableModel::State;
    case LockPageSort::Remaining: return LockTableModel::Remaining;
    case LockPageSort::HeldFor: return LockTableModel::HeldFor;
    }
    return LockTableModel::Name;
}

LockPageOrder serverOrderOf(int column, Qt::SortOrder order)
{
    const auto sort = serverSortOf(column);
    if (!sort)
        return {};
    return {*sort, order == Qt::DescendingOrder};
}

Qt::SortOrder sortOrderOf(const LockPageOrder &order)
{
    return order.descending ? Qt::DescendingOrder : Qt::AscendingOrder;
}

QString serverOrderText(const LockPageOrder &order)
{
    const bool down = order.descending;
    switch (order.by) {
    case LockPageSort::Name:
        return down ? OrderTr::tr("in reverse name order") : OrderTr::tr("in name order");
    case LockPageSort::Holder:
        return down ? OrderTr::tr("by holder, Z to A") : OrderTr::tr("by holder, A to Z");
    case LockPageSort::State:
        return down ? OrderTr::tr("by state, expired first") : OrderTr::tr("by state, free first");
    case LockPageSort::Remaining:
        return down ? OrderTr::tr("by time remaining, most first")
                    : OrderTr::tr("by time remaining, least first");
    case LockPageSort::HeldFor:
        return down ? OrderTr::tr("by held for, longest first")
                    : OrderTr::tr("by held for, shortest first");
    }
    return {};
}

QString notServerSortableText()
{
    return OrderTr::tr("A table this large is sorted by the database: by name, holder, state, "
                       "remaining or held for only.");
}

} // namespace ui
