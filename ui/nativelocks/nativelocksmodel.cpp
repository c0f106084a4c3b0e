// SPDX-License-Identifier: GPL-3.0-or-later
#include "nativelocksmodel.h"

#include <QFont>

using namespace Qt::StringLiterals;
using lockcore::NativeLock;

namespace ui {

namespace {

bool sameRow(const NativeLock &a, const NativeLock &b)
{
    return a.pid == b.pid && a.key == b.key && a.granted == b.granted && a.serial == b.serial
           && a.mode == b.mode;
}

bool sameContent(const NativeLock &a, const NativeLock &b)
{
    return sameRow(a, b) && a.user == b.user
           && a.application == b.application && a.client == b.client && a.state == b.state
           && a.database == b.database && a.sessionStart == b.sessionStart
           && a.xactStart == b.xactStart && a.stateSince == b.stateSince
           && a.waitStart == b.waitStart && a.waiters == b.waiters
           && a.wakeLockOf == b.wakeLockOf && a.holderOf == b.holderOf;
}

QString stamp(const QDateTime &time)
{
    return time.isValid() ? time.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s) : QString();
}

} // namespace

NativeLocksModel::NativeLocksModel(QObject *parent) : QAbstractTableModel(parent) {}

int NativeLocksModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_locks.size());
}

int NativeLocksModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QDateTime NativeLocksModel::since(const NativeLock &lock)
{
    if (!lock.granted && lock.waitStart.isValid())
        return lock.waitStart;
    if (lock.granted && lock.xactStart.isValid())
        return lock.xactStart;
    if (lock.stateSince.isValid())
        return lock.stateSince;
    return lock.sessionStart;
}

QVariant NativeLocksModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const NativeLock &lock = m_locks.at(index.row());
    const bool own = m_ownPid != 0 && lock.pid == m_ownPid;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Key:
            if (lock.key.isEmpty() && !lock.holderOf.isEmpty())
                return tr("no database lock: the holder of \"%1\"").arg(lock.holderOf);
            return lock.wakeLockOf.isEmpty()
                       ? lock.key
                       : tr("%1 (Lockscope wake-up lock of \"%2\")").arg(lock.key, lock.wakeLockOf);
        case Mode: return lock.mode;
        case Status:
            if (lock.key.isEmpty() && !lock.holderOf.isEmpty())
                return tr("connected");
            return lock.granted ? tr("held") : tr("waiting");
        case Pid:
            if (own)
                return tr("%1 (this connection)").arg(lock.pid);
            if (lock.lockscopeSession)
                return tr("%1 (Lockscope)").arg(lock.pid);
            return lock.serial != 0 ? u"%1,%2"_s.arg(lock.pid).arg(lock.serial)
                                    : QString::number(lock.pid);
        case User: return lock.user;
        case Application: return lock.application;
        case Client: return lock.client;
        case Since: return stamp(since(lock));
        case Waiters: return lock.granted ? QVariant(int(lock.waiters.size())) : QVariant();
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Since: {
            QStringList lines;
            auto add = [&lines](const QString &what, const QDateTime &time) {
                if (time.isValid())
                    lines << what.arg(stamp(time));
            };
            add(tr("session started %1"), lock.sessionStart);
            add(tr("transaction started %1"), lock.xactStart);
            add(tr("state since %1"), lock.stateSince);
            add(tr("waiting since %1"), lock.waitStart);
            if (!lock.state.isEmpty())
                lines << tr("state: %1").arg(lock.state);
            return lines.join(u'\n');
        }
        case Key:
            if (!lock.wakeLockOf.isEmpty())
                return tr("Lockscope holds this lock while it holds \"%1\" in the lock table, so "
                          "that waiters for \"%1\" queue in the database. The release frees "
                          "it.")
                    .arg(lock.wakeLockOf);
            return lock.database.isEmpty() ? QVariant() : tr("Database: %1").arg(lock.database);
        case Pid:
            if (lock.lockscopeSession && !own)
                return tr("A connection of Lockscope's own: a window, lockctl, or an "
                          "application using lockcore. Ending it ends that program's holds.");
            return lock.database.isEmpty() ? QVariant() : tr("Database: %1").arg(lock.database);
        case Waiters: {
            QStringList pids;
            for (qint64 pid : lock.waiters)
                pids << QString::number(pid);
            return pids.isEmpty() ? QVariant() : tr("Waiting: %1").arg(pids.join(u", "_s));
        }
        default:
            return lock.database.isEmpty() ? QVariant() : tr("Database: %1").arg(lock.database);
        }
    case Qt::FontRole:
        if (own || !lock.granted) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Pid || index.column() == Waiters)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case PidRole: return lock.pid;
    case KeyRole: return lock.key;
    case GrantedRole: return lock.granted;
    case OwnSessionRole: return own;
    case LockscopeRole: return lock.lockscopeSession;
    }
    return {};
}

QVariant NativeLocksModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Key: return tr("Lock key");
    case Mode: return tr("Mode");
    case Status: return tr("Status");
    case Pid: return tr("Session (pid)");
    case User: return tr("User");
    case Application: return tr("Application");
    case Client: return tr("Client");
    case Since: return tr("Since");
    case Waiters: return tr("Waiting sessions");
    }
    return {};
}

int NativeLocksModel::rowOf(qint64 pid, const QString &key, bool granted) const
{
    for (int row = 0; row < m_locks.size(); ++row) {
        const NativeLock &lock = m_locks.at(row);
        if (lock.pid == pid && lock.key == key && lock.granted == granted)
            return row;
    }
    return -1;
}

void NativeLocksModel::setSnapshot(const lockcore::NativeLockSnapshot &snapshot)
{
    const QList<NativeLock> &next = snapshot.locks;
    if (snapshot.ownPid != m_ownPid) {
        m_ownPid = snapshot.ownPid;
        if (!m_locks.isEmpty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    }
    // Rows gone since the last read, bottom up.
    for (int row = int(m_locks.size()) - 1; row >= 0; --row) {
        const NativeLock &old = m_locks.at(row);
        const bool kept = std::any_of(next.begin(), next.end(),
                                      [&old](const NativeLock &n) { return sameRow(old, n); });
        if (!kept) {
            beginRemoveRows({}, row, row);
            m_locks.removeAt(row);
            endRemoveRows();
        }
    }
    // Then the new order: update in place, move or insert.
    for (int i = 0; i < next.size(); ++i) {
        const NativeLock &want = next.at(i);
        int at = -1;
        for (int row = i; row < m_locks.size(); ++row) {
            if (sameRow(m_locks.at(row), want)) {
                at = row;
                break;
            }
        }
        if (at < 0) {
            beginInsertRows({}, i, i);
            m_locks.insert(i, want);
            endInsertRows();
            continue;
        }
        if (at != i) {
            beginMoveRows({}, at, at, {}, i);
            m_locks.move(at, i);
            endMoveRows();
        }
        if (!sameContent(m_locks.at(i), want)) {
            m_locks[i] = want;
            emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
        }
    }
}

void NativeLocksModel::clear()
{
    if (m_locks.isEmpty())
        return;
    beginResetModel();
    m_locks.clear();
    m_ownPid = 0;
    endResetModel();
}

} // namespace ui
