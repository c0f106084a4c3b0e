// SPDX-License-Identifier: GPL-3.0-or-later
#include "blockingtreemodel.h"

#include "sessiontext.h"

#include <QApplication>
#include <QFont>
#include <QPalette>

using namespace Qt::StringLiterals;
using lockcore::BlockingNode;
using lockcore::BlockingSession;
using lockcore::BlockingTree;

namespace ui {

namespace {

// The same shape: the same sessions at the same places, so that only cells change.
bool sameShape(const BlockingTree &a, const BlockingTree &b)
{
    if (a.nodes.size() != b.nodes.size())
        return false;
    for (qsizetype i = 0; i < a.nodes.size(); ++i) {
        const BlockingNode &x = a.nodes.at(i);
        const BlockingNode &y = b.nodes.at(i);
        if (x.parent != y.parent || x.repeated != y.repeated || x.cycle != y.cycle
            || a.sessionOf(x).session.pid != b.sessionOf(y).session.pid)
            return false;
    }
    return true;
}

QString oneLine(QString text)
{
    return text.simplified();
}

} // namespace

BlockingTreeModel::BlockingTreeModel(QObject *parent) : QAbstractItemModel(parent)
{
    m_children.append(QList<qsizetype>());
}

void BlockingTreeModel::index_()
{
    m_rowOf.fill(0, m_tree.nodes.size());
    m_children = QList<QList<qsizetype>>(m_tree.nodes.size() + 1);
    for (qsizetype i = 0; i < m_tree.nodes.size(); ++i) {
        QList<qsizetype> &siblings = m_children[m_tree.nodes.at(i).parent + 1];
        m_rowOf[i] = int(siblings.size());
        siblings.append(i);
    }
}

bool BlockingTreeModel::setSnapshot(const lockcore::NativeLockSnapshot &snapshot)
{
    m_dbNow = snapshot.dbNow;
    m_ownPid = snapshot.ownPid;
    if (sameShape(m_tree, snapshot.blocking)) {
        m_tree = snapshot.blocking;
        emitAllChanged({}); // ages move on with every read: every cell may change
        return false;
    }
    beginResetModel();
    m_tree = snapshot.blocking;
    index_();
    endResetModel();
    return true;
}

void BlockingTreeModel::clear()
{
    beginResetModel();
    m_tree = {};
    m_ownPid = 0;
    m_dbNow = {};
    m_stale = false;
    index_();
    endResetModel();
}

void BlockingTreeModel::setStale(bool stale)
{
    if (stale == m_stale)
        return;
    m_stale = stale;
    emitAllChanged({Qt::ForegroundRole});
}

void BlockingTreeModel::emitAllChanged(const QList<int> &roles)
{
    // dataChanged spans siblings only: one signal per parent.
    for (const QList<qsizetype> &siblings : std::as_const(m_children))
        if (!siblings.isEmpty())
            emit dataChanged(indexOfNode(siblings.first()),
                             indexOfNode(siblings.last(), ColumnCount - 1), roles);
}

QModelIndex BlockingTreeModel::indexOfNode(qsizetype node, int column) const
{
    return createIndex(m_rowOf.at(node), column, quintptr(node));
}

QModelIndex BlockingTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const qsizetype parentNode = parent.isValid() ? qsizetype(parent.internalId()) : -1;
    if (column < 0 || column >= ColumnCount || parentNode + 1 >= m_children.size())
        return {};
    const QList<qsizetype> &children = m_children.at(parentNode + 1);
    if (row < 0 || row >= children.size())
        return {};
    return createIndex(row, column, quintptr(children.at(row)));
}

QModelIndex BlockingTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const qsizetype parentNode = m_tree.nodes.at(qsizetype(child.internalId())).parent;
    return parentNode < 0 ? QModelIndex() : indexOfNode(parentNode);
}

int BlockingTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    const qsizetype node = parent.isValid() ? qsizetype(parent.internalId()) : -1;
    return node + 1 < m_children.size() ? int(m_children.at(node + 1).size()) : 0;
}

int BlockingTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

const BlockingSession *BlockingTreeModel::sessionAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    return &m_tree.sessionOf(m_tree.nodes.at(qsizetype(index.internalId())));
}

QModelIndex BlockingTreeModel::indexOfPid(qint64 pid) const
{
    for (qsizetype i = 0; i < m_tree.nodes.size(); ++i)
        if (m_tree.sessionOf(m_tree.nodes.at(i)).session.pid == pid)
            return indexOfNode(i);
    return {};
}

QString BlockingTreeModel::cellText(const BlockingSession &s, const BlockingNode &node,
                                    int column) const
{
    const lockcore::NativeLock &n = s.session;
    switch (column) {
    case Session: {
        QString text = sessiontext::pid(n);
        if (m_ownPid != 0 && n.pid == m_ownPid)
            text = tr("%1 (this tab's connection)").arg(text);
        else if (n.lockscopeSession)
            text = tr("%1 (Lockscope)").arg(text);
        if (node.cycle)
            text = tr("%1, deadlock: waits for its own waiter").arg(text);
        else if (node.repeated)
            text = tr("%1 (also above)").arg(text);
        return text;
    }
    case State: return sessiontext::state(n, m_dbNow);
    case Transaction: return sessiontext::age(n.xactStart, m_dbNow);
    case WaitsFor: {
        if (!s.isWaiting())
            return {};
        QStringList what;
        for (const QString &part : {s.lockType, n.key, n.mode})
            if (!part.isEmpty())
                what << part;
        QString text = what.join(u' ');
        const QString since = sessiontext::age(n.waitStart, m_dbNow);
        if (!since.isEmpty())
            text = tr("%1, for %2").arg(text, since);
        if (s.blockedBy.isEmpty())
            text = tr("%1 (blocker not known)").arg(text);
        return text;
    }
    case Blocks:
        if (s.allWaiters == 0)
            return {};
        return s.allWaiters == s.directWaiters
                   ? QString::number(s.directWaiters)
                   : tr("%1 (%2 in all)").arg(s.directWaiters).arg(s.allWaiters);
    case User: return n.user;
    case Application: return n.application;
    case Client: return n.client;
    case Statement: return oneLine(n.statement);
    }
    return {};
}

QString BlockingTreeModel::toolTip(const BlockingSession &s, const BlockingNode &node,
                                   int column) const
{
    const lockcore::NativeLock &n = s.session;
    switch (column) {
    case Session:
        if (m_ownPid != 0 && n.pid == m_ownPid)
            return tr("The connection this tab reads with: it cannot be cancelled or "
                      "terminated from here.");
        if (n.lockscopeSession)
            return tr("One of Lockscope's own connections (lockctl or a Lockscope window): it "
                      "cannot be cancelled or terminated from here.");
        if (node.repeated)
            return tr("Session %1 waits for more than one session; what it blocks is listed "
                      "under its first place.")
                .arg(n.pid);
        return n.database.isEmpty() ? QString() : tr("Database: %1").arg(n.database);
    case Transaction:
        return n.xactStart.isValid()
                   ? tr("transaction started %1")
                         .arg(n.xactStart.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s))
                   : tr("not in a transaction, or not known");
    case Blocks:
        return tr("%n session(s) wait for it directly", nullptr, s.directWaiters) + u"; "_s
               + tr("%n in all, through others too", nullptr, s.allWaiters);
    case Statement: return n.statement;
    case WaitsFor: {
        QStringList pids;
        for (qint64 pid : s.blockedBy)
            pids << QString::number(pid);
        return pids.isEmpty() ? QString() : tr("Blocked by: %1").arg(pids.join(u", "_s));
    }
    default: return {};
    }
}

QVariant BlockingTreeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const BlockingNode &node = m_tree.nodes.at(qsizetype(index.internalId()));
    const BlockingSession &s = m_tree.sessionOf(node);
    const bool own = m_ownPid != 0 && s.session.pid == m_ownPid;
    switch (role) {
    case Qt::DisplayRole: return cellText(s, node, index.column());
    case Qt::ToolTipRole: {
        const QString tip = toolTip(s, node, index.column());
        return tip.isEmpty() ? QVariant() : tip;
    }
    case Qt::FontRole:
        if (own || s.session.lockscopeSession || node.repeated) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (m_stale)
            return QApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Transaction || index.column() == Blocks)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case PidRole: return s.session.pid;
    case LockscopeRole: return s.session.lockscopeSession;
    case OwnSessionRole: return own;
    }
    return {};
}

QVariant BlockingTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case Session: return tr("Session (pid)");
    case State: return tr("State");
    case Transaction: return tr("Transaction age");
    case WaitsFor: return tr("Waits for");
    case Blocks: return tr("Blocks");
    case User: return tr("User");
    case Application: return tr("Application");
    case Client: return tr("Client");
    case Statement: return tr("Statement");
    }
    return {};
}

} // namespace ui
