// SPDX-License-Identifier: Apache-2.0
// The blocking tree of one read (buildBlockingTree): pure, without a database.

#include "blockingtree.h"

#include <QHash>
#include <QSet>
#include <algorithm>

namespace lockcore {

namespace {

class TreeBuilder
{
public:
    explicit TreeBuilder(QList<BlockingSession> sessions)
    {
        m_tree.sessions = std::move(sessions);
        indexSessions();
        linkWaiters();
        countWaiters();
    }

    BlockingTree build()
    {
        QList<qsizetype> roots;
        for (qsizetype i = 0; i < m_tree.sessions.size(); ++i) {
            const BlockingSession &s = m_tree.sessions.at(i);
            const bool blocks = s.directWaiters > 0 && m_blockers.value(i).isEmpty();
            const bool blockerUnknown = s.isWaiting() && s.blockedBy.isEmpty();
            if (blocks || blockerUnknown)
                roots.append(i);
        }
        sortToLookFirst(roots);
        for (qsizetype root : std::as_const(roots))
            place(root, -1, 0);
        // What is left blocks others but waits itself: sessions in a cycle (a deadlock) and
        // those behind them. One of the cycle becomes a root, until none is left.
        for (;;) {
            QList<qsizetype> left;
            for (qsizetype i = 0; i < m_tree.sessions.size(); ++i) {
                if (m_tree.sessions.at(i).directWaiters > 0 && !m_expanded.contains(i))
                    left.append(i);
            }
            if (left.isEmpty())
                break;
            m_tree.deadlock = true;
            sortToLookFirst(left);
            place(left.first(), -1, 0);
        }
        return std::move(m_tree);
    }

private:
    void indexSessions()
    {
        for (qsizetype i = 0; i < m_tree.sessions.size(); ++i)
            m_index.insert(m_tree.sessions.at(i).session.pid, i);
        // Blockers the read did not describe: known by their pid.
        const qsizetype described = m_tree.sessions.size();
        for (qsizetype i = 0; i < described; ++i) {
            const QList<qint64> blockedBy = m_tree.sessions.at(i).blockedBy;
            for (qint64 pid : blockedBy) {
                if (m_index.contains(pid))
                    continue;
                BlockingSession unknown;
                unknown.session.pid = pid;
                m_index.insert(pid, m_tree.sessions.size());
                m_tree.sessions.append(unknown);
            }
        }
    }

    void linkWaiters()
    {
        for (qsizetype i = 0; i < m_tree.sessions.size(); ++i) {
            const BlockingSession &s = m_tree.sessions.at(i);
            for (qint64 pid : s.blockedBy) {
                const qsizetype blocker = m_index.value(pid);
                if (blocker != i && !m_blockers[i].contains(blocker))
                    m_blockers[i].append(blocker);
            }
        }
        keepNearestBlockers();
        for (qsizetype i = 0; i < m_tree.sessions.size(); ++i) {
            for (qsizetype blocker : m_blockers.value(i))
                m_waiters[blocker].append(i);
        }
        for (qsizetype i = 0; i < m_tree.sessions.size(); ++i)
            m_tree.sessions[i].directWaiters = int(m_waiters.value(i).size());
    }

    // A queue of waiters for one lock is named as a web: InnoDB names each waiter blocked by
    // every waiter ahead of it, PostgreSQL likewise for the waiters of one tuple lock. Each
    // session keeps only its blockers nearest a session that waits for nobody, so a queue is
    // listed under the session that holds the lock (or the first in the queue, which holds
    // PostgreSQL's tuple lock), not as n^2/2 pairs; a chain (a waiter that holds what another
    // waits for, alone) stays a chain. Sessions no such session reaches (a deadlock) keep all.
    void keepNearestBlockers()
    {
        QHash<qsizetype, QList<qsizetype>> waitersOf;
        QHash<qsizetype, int> distance;
        QList<qsizetype> level;
        for (qsizetype i = 0; i < m_tree.sessions.size(); ++i) {
            for (qsizetype blocker : m_blockers.value(i))
                waitersOf[blocker].append(i);
            if (m_blockers.value(i).isEmpty()) {
                distance.insert(i, 0);
                level.append(i);
            }
        }
        for (int d = 1; !level.isEmpty(); ++d) {
            QList<qsizetype> next;
            for (qsizetype at : std::as_const(level)) {
                for (qsizetype w : waitersOf.value(at)) {
                    if (!distance.contains(w)) {
                        distance.insert(w, d);
                        next.append(w);
                    }
                }
            }
            level = std::move(next);
        }
        for (auto it = m_blockers.begin(); it != m_blockers.end(); ++it) {
            if (!distance.contains(it.key()))
                continue; // in or behind a cycle
            const int nearest = distance.value(it.key()) - 1;
            it.value().removeIf([&](qsizetype b) { return distance.value(b, -1) != nearest; });
        }
    }

    void countWaiters()
    {
        for (qsizetype i = 0; i < m_tree.sessions.size(); ++i) {
            QSet<qsizetype> seen{i};
            QList<qsizetype> next = m_waiters.value(i);
            while (!next.isEmpty()) {
                const qsizetype w = next.takeLast();
                if (seen.contains(w))
                    continue;
                seen.insert(w);
                next.append(m_waiters.value(w));
            }
            m_tree.sessions[i].allWaiters = int(seen.size() - 1);
        }
    }

    // The one to look at first: the most sessions behind it, then the oldest transaction
    // (then the longest wait), then the lowest pid.
    void sortToLookFirst(QList<qsizetype> &indexes) const
    {
        const auto &sessions = m_tree.sessions;
        std::stable_sort(indexes.begin(), indexes.end(), [&sessions](qsizetype a, qsizetype b) {
            const BlockingSession &x = sessions.at(a);
            const BlockingSession &y = sessions.at(b);
            if (x.allWaiters != y.allWaiters)
                return x.allWaiters > y.allWaiters;
            const QDateTime tx = x.session.xactStart.isValid() ? x.session.xactStart
                                                               : x.session.waitStart;
            const QDateTime ty = y.session.xactStart.isValid() ? y.session.xactStart
                                                               : y.session.waitStart;
            if (tx.isValid() != ty.isValid())
                return tx.isValid();
            if (tx != ty)
                return tx < ty;
            return x.session.pid < y.session.pid;
        });
    }

    void place(qsizetype session, qsizetype parent, int depth)
    {
        BlockingNode node;
        node.session = session;
        node.parent = parent;
        node.depth = depth;
        node.cycle = m_path.contains(session);
        node.repeated = !node.cycle && m_expanded.contains(session);
        const qsizetype at = m_tree.nodes.size();
        m_tree.nodes.append(node);
        if (node.cycle || node.repeated)
            return;
        m_expanded.insert(session);
        m_path.insert(session);
        QList<qsizetype> children = m_waiters.value(session);
        sortToLookFirst(children);
        for (qsizetype child : std::as_const(children))
            place(child, at, depth + 1);
        m_path.remove(session);
    }

    BlockingTree m_tree;
    QHash<qint64, qsizetype> m_index;                 // pid -> session
    QHash<qsizetype, QList<qsizetype>> m_blockers;    // session -> its blockers
    QHash<qsizetype, QList<qsizetype>> m_waiters;     // session -> its direct waiters
    QSet<qsizetype> m_expanded;
    QSet<qsizetype> m_path;
};

} // namespace

const BlockingSession *BlockingTree::find(qint64 pid) const
{
    for (const BlockingSession &s : sessions) {
        if (s.session.pid == pid)
            return &s;
    }
    return nullptr;
}

QList<qsizetype> BlockingTree::roots() const
{
    QList<qsizetype> found;
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        if (nodes.at(i).parent < 0)
            found.append(i);
    }
    return found;
}

BlockingTree buildBlockingTree(QList<BlockingSession> sessions)
{
    return TreeBuilder(std::move(sessions)).build();
}

} // namespace lockcore
