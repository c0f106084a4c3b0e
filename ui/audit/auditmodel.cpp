// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditmodel.h"

#include "adminaudit.h"

using namespace Qt::StringLiterals;
using lockcore::LockEvent;

namespace ui {

AuditModel::AuditModel(QObject *parent) : QAbstractTableModel(parent) {}

void AuditModel::setEvents(const QList<LockEvent> &events)
{
    beginResetModel();
    m_events = events;
    endResetModel();
}

int AuditModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int AuditModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString AuditModel::actionText(const QString &action)
{
    if (action == u"init")
        return tr("Initialize");
    if (action == u"force_release")
        return tr("Force release");
    if (action == u"delete")
        return tr("Delete");
    if (action == u"terminate")
        return tr("Terminate session");
    if (action == u"cancel")
        return tr("Cancel statement");
    if (action == u"test_hold")
        return tr("Test hold");
    return action;
}

QString AuditModel::text(const LockEvent &event, int column) const
{
    switch (column) {
    case Time:
        return event.at.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s);
    case Action:
        return actionText(lockcore::auditActionOf(event));
    case Lock:
        return event.lockName;
    case Actor:
        return event.actor;
    case Holder:
        return event.holder;
    case Fence:
        return QString::number(event.fence);
    case Detail:
        return event.detail.simplified();
    }
    return {};
}

QVariant AuditModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_events.size())
        return {};
    const LockEvent &event = m_events.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return text(event, index.column());
    case Qt::ToolTipRole:
        if (index.column() == Time)
            return event.at.toUTC().toString(Qt::ISODateWithMs);
        if (index.column() == Detail)
            return event.detail;
        return text(event, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() == Fence)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case EventRole:
        return QVariant::fromValue(event);
    case LockNameRole:
        return event.lockName;
    }
    return {};
}

QVariant AuditModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Time:
        return tr("Time");
    case Action:
        return tr("Action");
    case Lock:
        return tr("Lock");
    case Actor:
        return tr("Actor");
    case Holder:
        return tr("Holder");
    case Fence:
        return tr("Fence");
    case Detail:
        return tr("Reason / detail");
    }
    return {};
}

} // namespace ui
