// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "locktypes.h"

#include <QAbstractTableModel>

namespace ui {

// The admin actions an audit read (lockcore::readAdminEvents), newest first: one row each, in
// the window's words and local time (the time in UTC as the tooltip). Each read replaces the
// rows: an audit is a record asked for, not live data.
class AuditModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Time, Action, Lock, Actor, Holder, Fence, Detail, ColumnCount };
    enum Role { EventRole = Qt::UserRole, LockNameRole };

    explicit AuditModel(QObject *parent = nullptr);

    void setEvents(const QList<lockcore::LockEvent> &events);
    const QList<lockcore::LockEvent> &events() const { return m_events; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // An audit action (lockcore::auditActionOf) in words, translated.
    static QString actionText(const QString &action);

private:
    QString text(const lockcore::LockEvent &event, int column) const;

    QList<lockcore::LockEvent> m_events;
};

} // namespace ui
