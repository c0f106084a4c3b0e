// SPDX-License-Identifier: GPL-3.0-or-later
// Who blocks whom, without a database: buildBlockingTree (blockingtree.h) on graphs written by
// hand, each tree checked against every invariant the header states.

#include "blockingtree.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QtTest>

using namespace Qt::StringLiterals;
using lockcore::BlockingNode;
using lockcore::BlockingSession;
using lockcore::BlockingTree;

namespace {

const QDateTime base = QDateTime::fromMSecsSinceEpoch(1700000000000, Qt::UTC);

// A session that holds what others wait for; its transaction began `xactAgeS` before base.
BlockingSession holder(qint64 pid, int xactAgeS = 0)
{
    BlockingSession s;
    s.session.pid = pid;
    s.session.user = u"app"_s;
    s.session.state = u"idle in transaction"_s;
    if (xactAgeS > 0)
        s.session.xactStart = base.addSecs(-xactAgeS);
    return s;
}

// A session waiting for a row lock held by `blockers`.
BlockingSession waiter(qint64 pid, QList<qint64> blockers, int xactAgeS = 1)
{
    BlockingSession s = holder(pid, xactAgeS);
    s.session.state = u"active"_s;
    s.session.granted = false;
    s.session.waitStart = base;
    s.lockType = u"tuple"_s;
    s.blockedBy = std::move(blockers);
    return s;
}

QList<qint64> pidsOf(const BlockingTree &tree, const QList<qsizetype> &nodes)
{
    QList<qint64> pids;
    for (qsizetype n : nodes)
        pids.append(tree.sessionOf(tree.nodes.at(n)).session.pid);
    return pids;
}

// Every session behind `pid`, directly or through others, computed here on its own.
QSet<qint64> behind(const QHash<qint64, QList<qint64>> &waitersOf, qint64 pid)
{
    QSet<qint64> seen;
    QList<qint64> next = waitersOf.value(pid);
    while (!next.isEmpty()) {
        const qint64 w = next.takeLast();
        if (w == pid || seen.contains(w))
            continue;
        seen.insert(w);
        next.append(waitersOf.value(w));
    }
    return seen;
}

// The invariants of blockingtree.h, with the message of the first that does not hold.
// Each session's blockers as the tree lists them: those nearest a session that waits for
// nobody (all of them for a session no such session reaches: a deadlock).
QHash<qint64, QList<qint64>> nearestBlockers(const BlockingTree &tree)
{
    QHash<qint64, int> distance;
    for (const BlockingSession &s : tree.sessions) {
        if (s.blockedBy.isEmpty() || s.blockedBy == QList<qint64>{s.session.pid})
            distance.insert(s.session.pid, 0);
    }
    for (bool grew = true; grew;) {
        grew = false;
        for (const BlockingSession &s : tree.sessions) {
            int best = -1;
            for (qint64 b : s.blockedBy) {
                if (b != s.session.pid && distance.contains(b)
                    && (best < 0 || distance.value(b) + 1 < best))
                    best = distance.value(b) + 1;
            }
            if (best >= 0 && (!distance.contains(s.session.pid) || best < distance.value(s.session.pid))) {
                distance.insert(s.session.pid, best);
                grew = true;
            }
        }
    }
    QHash<qint64, QList<qint64>> kept;
    for (const BlockingSession &s : tree.sessions) {
        for (qint64 b : s.blockedBy) {
            const bool nearest = !distance.contains(s.session.pid)
                                 || distance.value(b, -2) == distance.value(s.session.pid) - 1;
            if (b != s.session.pid && nearest && !kept.value(s.session.pid).contains(b))
                kept[s.session.pid].append(b);
        }
    }
    return kept;
}

QString violation(const BlockingTree &tree)
{
    QHash<qint64, qsizetype> index;
    QHash<qint64, QList<qint64>> waitersOf;
    const QHash<qint64, QList<qint64>> listedBlockers = nearestBlockers(tree);
    for (qsizetype i = 0; i < tree.sessions.size(); ++i) {
        const BlockingSession &s = tree.sessions.at(i);
        if (index.contains(s.session.pid))
            return u"session %1 listed twice"_s.arg(s.session.pid);
        index.insert(s.session.pid, i);
        for (qint64 b : listedBlockers.value(s.session.pid))
            waitersOf[b].append(s.session.pid);
    }
    for (const BlockingSession &s : tree.sessions) {
        for (qint64 b : s.blockedBy) {
            if (!index.contains(b))
                return u"blocker %1 of %2 is not a session"_s.arg(b).arg(s.session.pid);
        }
        const qint64 pid = s.session.pid;
        if (s.directWaiters != waitersOf.value(pid).size())
            return u"session %1: %2 direct waiters, expected %3"_s.arg(pid)
                .arg(s.directWaiters)
                .arg(waitersOf.value(pid).size());
        if (s.allWaiters != behind(waitersOf, pid).size())
            return u"session %1: %2 waiters in all, expected %3"_s.arg(pid)
                .arg(s.allWaiters)
                .arg(behind(waitersOf, pid).size());
    }
    QSet<QPair<qint64, qint64>> edges; // (blocker, waiter) of a node
    QHash<qint64, int> expanded;       // pid -> nodes neither repeated nor cycle
    QList<qsizetype> path;             // pre-order: the current node's ancestors
    for (qsizetype i = 0; i < tree.nodes.size(); ++i) {
        const BlockingNode &node = tree.nodes.at(i);
        if (node.session < 0 || node.session >= tree.sessions.size())
            return u"node %1 names no session"_s.arg(i);
        while (!path.isEmpty() && tree.nodes.at(path.last()).depth >= node.depth)
            path.removeLast();
        const qsizetype parent = path.isEmpty() ? -1 : path.last();
        if (node.parent != parent)
            return u"node %1: parent %2, pre-order says %3"_s.arg(i).arg(node.parent).arg(parent);
        if (node.depth != (parent < 0 ? 0 : tree.nodes.at(parent).depth + 1))
            return u"node %1: depth %2 under its parent"_s.arg(i).arg(node.depth);
        const BlockingSession &s = tree.sessionOf(node);
        if (parent >= 0) {
            const BlockingNode &up = tree.nodes.at(parent);
            if (up.repeated || up.cycle)
                return u"node %1 listed under a repeated or cycle node"_s.arg(i);
            const qint64 blocker = tree.sessionOf(up).session.pid;
            if (!listedBlockers.value(s.session.pid).contains(blocker))
                return u"node %1 (%2) under %3, which is not its nearest blocker"_s.arg(i)
                    .arg(s.session.pid)
                    .arg(blocker);
            const QPair<qint64, qint64> edge{blocker, s.session.pid};
            if (edges.contains(edge))
                return u"the pair %1 <- %2 has two nodes"_s.arg(blocker).arg(s.session.pid);
            edges.insert(edge);
        } else {
            const bool blocksOnly = s.directWaiters > 0 && s.blockedBy.isEmpty();
            const bool blockerUnknown = s.isWaiting() && s.blockedBy.isEmpty();
            if (!blocksOnly && !blockerUnknown && !tree.deadlock)
                return u"root %1 (%2) waits for a known session"_s.arg(i).arg(s.session.pid);
        }
        bool onPath = false;
        for (qsizetype p : std::as_const(path))
            onPath = onPath || tree.nodes.at(p).session == node.session;
        if (node.cycle != onPath)
            return u"node %1: cycle %2, on its own path %3"_s.arg(i).arg(node.cycle).arg(onPath);
        if (!node.cycle && !node.repeated)
            ++expanded[s.session.pid];
        path.append(i);
    }
    for (const BlockingSession &s : tree.sessions) {
        const qint64 pid = s.session.pid;
        if (expanded.value(pid) != 1)
            return u"session %1 listed in full %2 times"_s.arg(pid).arg(expanded.value(pid));
        for (qint64 w : waitersOf.value(pid)) {
            if (!edges.contains({pid, w}))
                return u"%1 waits for %2 but is not listed under it"_s.arg(w).arg(pid);
        }
    }
    // Roots: the most sessions behind them first, then the oldest transaction, then the pid
    // (a root of a deadlock cycle is placed after the others).
    const QList<qsizetype> roots = tree.roots();
    for (qsizetype r = 1; r < roots.size(); ++r) {
        const BlockingSession &a = tree.sessionOf(tree.nodes.at(roots.at(r - 1)));
        const BlockingSession &b = tree.sessionOf(tree.nodes.at(roots.at(r)));
        if (tree.deadlock && !b.blockedBy.isEmpty())
            continue;
        const QDateTime ta = a.session.xactStart.isValid() ? a.session.xactStart
                                                           : a.session.waitStart;
        const QDateTime tb = b.session.xactStart.isValid() ? b.session.xactStart
                                                           : b.session.waitStart;
        const bool ordered = a.allWaiters > b.allWaiters
                             || (a.allWaiters == b.allWaiters
                                 && ((ta.isValid() && !tb.isValid())
                                     || (ta.isValid() == tb.isValid()
                                         && (ta < tb || (ta == tb
                                                         && a.session.pid < b.session.pid)))));
        if (!ordered)
            return u"root %1 before root %2"_s.arg(a.session.pid).arg(b.session.pid);
    }
    return {};
}

#define VERIFY_TREE(tree)                                                                          \
    do {                                                                                           \
        const QString why = violation(tree);                                                       \
        QVERIFY2(why.isEmpty(), qPrintable(why));                                                  \
    } while (false)

} // namespace

class BlockingTreeTest : public QObject
{
    Q_OBJECT

private slots:
    void empty()
    {
        const BlockingTree tree = lockcore::buildBlockingTree({});
        QVERIFY(tree.isEmpty());
        QVERIFY(tree.roots().isEmpty());
        QVERIFY(!tree.deadlock);
        QCOMPARE(tree.find(1), nullptr);
    }

    // An idle transaction holds a row, a session waits for it, a third waits for the second.
    void chainOfThree()
    {
        const BlockingTree tree = lockcore::buildBlockingTree(
            {waiter(30, {20}), holder(10, 43), waiter(20, {10})});
        VERIFY_TREE(tree);
        QCOMPARE(tree.nodes.size(), 3);
        QCOMPARE(pidsOf(tree, {0, 1, 2}), (QList<qint64>{10, 20, 30}));
        QCOMPARE(tree.nodes.at(2).depth, 2);
        QCOMPARE(tree.roots(), (QList<qsizetype>{0}));
        QVERIFY(!tree.deadlock);
        QCOMPARE(tree.find(10)->allWaiters, 2);
        QCOMPARE(tree.find(10)->directWaiters, 1);
        QCOMPARE(tree.find(20)->allWaiters, 1);
        QCOMPARE(tree.find(30)->allWaiters, 0);
        QVERIFY(!tree.find(10)->isWaiting());
        QVERIFY(tree.find(30)->isWaiting());
    }

    // A session blocked by two: listed under each, what it blocks under its first place only.
    void blockedByTwo()
    {
        const BlockingTree tree = lockcore::buildBlockingTree(
            {holder(1, 10), holder(2, 50), waiter(3, {1, 2}), waiter(4, {3})});
        VERIFY_TREE(tree);
        // Both roots have two sessions behind them: the older transaction (2) comes first.
        QCOMPARE(pidsOf(tree, tree.roots()), (QList<qint64>{2, 1}));
        QCOMPARE(tree.find(1)->allWaiters, 2);
        QCOMPARE(tree.find(2)->allWaiters, 2);
        QCOMPARE(tree.find(3)->directWaiters, 1);
        // 2, 3 (with 4 under it), 4, then 1 and 3 again, repeated with nothing under it.
        QCOMPARE(tree.nodes.size(), 5);
        QCOMPARE(pidsOf(tree, {0, 1, 2, 3, 4}), (QList<qint64>{2, 3, 4, 1, 3}));
        QVERIFY(!tree.nodes.at(1).repeated);
        QVERIFY(tree.nodes.at(4).repeated);
        QCOMPARE(tree.nodes.at(4).parent, 3);
    }

    // A deadlock: each waits for the other; a third waits for one of them. It ends.
    void deadlockCycle()
    {
        const BlockingTree tree = lockcore::buildBlockingTree(
            {waiter(1, {2}, 30), waiter(2, {1}, 20), waiter(3, {1}, 10)});
        VERIFY_TREE(tree);
        QVERIFY(tree.deadlock);
        QCOMPARE(tree.roots().size(), 1);
        QCOMPARE(tree.find(1)->allWaiters, 2);
        QCOMPARE(tree.find(2)->allWaiters, 2);
        // The root is met again under its blocker, marked as the cycle, with nothing under it.
        const qint64 root = tree.sessionOf(tree.nodes.first()).session.pid;
        QCOMPARE(root, 1); // the older transaction of the two
        int cycles = 0;
        for (const BlockingNode &node : tree.nodes) {
            if (node.cycle) {
                ++cycles;
                QCOMPARE(tree.sessionOf(node).session.pid, root);
            }
        }
        QCOMPARE(cycles, 1);
        QCOMPARE(tree.nodes.size(), 4); // 1, 2, 1 (cycle), 3
    }

    // A blocker the read could not name, and one named but not described.
    void unknownBlocker()
    {
        const BlockingTree tree = lockcore::buildBlockingTree(
            {waiter(5, {}), waiter(6, {999}), holder(7, 5), waiter(8, {7})});
        VERIFY_TREE(tree);
        QCOMPARE(tree.sessions.size(), 5);
        const lockcore::BlockingSession *added = tree.find(999);
        QVERIFY(added);
        QVERIFY(added->session.user.isEmpty());
        QVERIFY(!added->isWaiting());
        QCOMPARE(added->allWaiters, 1);
        // Roots: 999 and 7 (one behind each; 7's transaction is known, 999's is not), then 5
        // whose blocker is not known (no one behind it).
        QCOMPARE(pidsOf(tree, tree.roots()), (QList<qint64>{7, 999, 5}));
        const qsizetype unknown = tree.roots().last();
        QVERIFY(tree.sessionOf(tree.nodes.at(unknown)).isWaiting());
        QVERIFY(tree.sessionOf(tree.nodes.at(unknown)).blockedBy.isEmpty());
    }

    // Most waiters first, then the oldest transaction, then the lowest pid.
    void rootOrder()
    {
        const BlockingTree tree = lockcore::buildBlockingTree(
            {holder(11, 100), waiter(12, {11}),          // 1 behind, transaction of 100 s
             holder(21, 5), waiter(22, {21}), waiter(23, {22}), waiter(24, {21}), // 3 behind
             holder(31, 300), waiter(32, {31}),          // 1 behind, 300 s: before 11
             holder(42, 300), waiter(43, {42}),          // the same age as 31: by pid
             holder(50), waiter(51, {50})});             // no transaction known: last
        VERIFY_TREE(tree);
        QCOMPARE(pidsOf(tree, tree.roots()), (QList<qint64>{21, 31, 42, 11, 50}));
        QCOMPARE(tree.sessionOf(tree.nodes.first()).session.pid, 21);
        QCOMPARE(tree.find(21)->allWaiters, 3);
        QCOMPARE(tree.find(21)->directWaiters, 2);
    }

    // 200 sessions behind one root, as PostgreSQL names them: each blocked by the first
    // waiter (it holds the row's tuple lock) and by every waiter ahead of it in the queue.
    void twoHundredWaiters()
    {
        QList<BlockingSession> sessions{holder(1, 60)};
        QList<qint64> ahead;
        for (qint64 pid = 100; pid < 300; ++pid) {
            sessions.append(waiter(pid, pid == 100 ? QList<qint64>{1} : ahead));
            ahead.append(pid);
        }
        QElapsedTimer timer;
        timer.start();
        const BlockingTree tree = lockcore::buildBlockingTree(sessions);
        const qint64 ms = timer.elapsed();
        qInfo("200 waiters, %lld nodes: built in %lld ms", qint64(tree.nodes.size()), ms);
        VERIFY_TREE(tree);
        QCOMPARE(tree.roots().size(), 1);
        QCOMPARE(tree.sessionOf(tree.nodes.first()).session.pid, 1);
        QCOMPARE(tree.find(1)->allWaiters, 200);
        QCOMPARE(tree.find(1)->directWaiters, 1);
        QCOMPARE(tree.find(100)->allWaiters, 199);
        QVERIFY2(ms < 2000, qPrintable(u"%1 ms"_s.arg(ms)));
        // Listed as the queue it is: the first waiter (it holds the tuple lock) under the
        // holder, every other one under it, each once; not every pair of the queue.
        QCOMPARE(tree.nodes.size(), 201);
        QCOMPARE(tree.find(100)->directWaiters, 199);
        QCOMPARE(tree.find(101)->directWaiters, 0);
        QCOMPARE(tree.nodes.last().depth, 2);

        // InnoDB names each waiter blocked by the holder and by every waiter ahead of it: the
        // queue is listed under the holder.
        QList<BlockingSession> queue{holder(1, 60)};
        QList<qint64> blockers{1};
        for (qint64 pid = 100; pid < 300; ++pid) {
            queue.append(waiter(pid, blockers));
            blockers.append(pid);
        }
        const BlockingTree innodb = lockcore::buildBlockingTree(queue);
        VERIFY_TREE(innodb);
        QCOMPARE(innodb.nodes.size(), 201);
        QCOMPARE(innodb.find(1)->directWaiters, 200);
        QCOMPARE(innodb.find(1)->allWaiters, 200);
        QCOMPARE(innodb.find(100)->allWaiters, 0);
        QCOMPARE(innodb.nodes.last().depth, 1);

        // And 200 behind the holder directly (InnoDB's waits, MySQL user locks).
        QList<BlockingSession> flat{holder(1, 60)};
        for (qint64 pid = 100; pid < 300; ++pid)
            flat.append(waiter(pid, {1}));
        const BlockingTree wide = lockcore::buildBlockingTree(flat);
        VERIFY_TREE(wide);
        QCOMPARE(wide.nodes.size(), 201);
        QCOMPARE(wide.find(1)->directWaiters, 200);
        QCOMPARE(wide.nodes.last().depth, 1);
    }
};

QTEST_GUILESS_MAIN(BlockingTreeTest)
#include "tst_blockingtree.moc"
