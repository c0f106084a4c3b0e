// SPDX-License-Identifier: Apache-2.0
#pragma once

// Who blocks whom: the sessions of one read that wait for a lock of the database's own (a row,
// a table, a metadata, an advisory or a user lock) or hold one that another waits for, and the
// tree they make with the root blockers first. buildBlockingTree is pure: it runs on what a
// read found, without a database.
//
// Invariants of a built tree:
// - each session is in `sessions` once; `nodes` is the tree in pre-order (a root, then the
//   sessions it blocks directly at depth + 1, each followed by those it blocks, ...);
// - a root is a session that blocks others and waits for nobody (in a deadlock, where every
//   session waits, one of the cycle is made the root and `deadlock` is set), or a session
//   that waits for a blocker the read could not name (blockedBy empty: e.g. a MariaDB
//   metadata lock wait without the metadata_lock_info plugin);
// - roots come first by how many sessions wait behind them in all, then by the oldest
//   transaction, then by pid: the one session to look at is nodes.first();
// - a session is listed under its blockers nearest a root only (the fewest steps from a
//   session that waits for nobody): a queue of waiters for one lock, which InnoDB names as each
//   waiter blocked by every waiter ahead of it (PostgreSQL likewise for one tuple lock), is
//   listed under the session holding the lock, not as every pair; a chain stays a chain.
//   directWaiters and allWaiters count the tree's pairs;
// - a session blocked by two sessions at the same distance from a root appears under each; the sessions it blocks are
//   listed under its first appearance only (the others have `repeated` set), so the tree has
//   at most one node per (blocker, waiter) pair plus the roots, and a cycle never loops: a
//   session met again on its own path has `cycle` set and nothing under it.

#include "nativelock.h"

#include <QList>

namespace lockcore {

// One session of the blocking graph as read.
struct BlockingSession
{
    // The session (pid, user, state, sessionStart(Us), xactStart(Us), transactionId,
    // statement, lockscopeSession ...) and, when it waits, the lock it waits for: key (what is
    // locked: "public.orders (0,3)", "`db`.`t` PRIMARY", "xid 1234"), mode, granted false,
    // waitStart. A session that only blocks: key empty, granted true.
    NativeLock session;
    // What kind of lock it waits for: PostgreSQL's pg_locks.locktype (transactionid, tuple,
    // relation, advisory, ...); MySQL/MariaDB "record", "table" (InnoDB), "metadata",
    // "user lock". Empty: it waits for none.
    QString lockType;
    // The sessions it waits for (PostgreSQL pg_blocking_pids; InnoDB lock waits; metadata
    // lock holders of its table). Empty while it waits: the blocker is not known.
    QList<qint64> blockedBy;

    // Filled by buildBlockingTree: the sessions that wait for this one directly, and all the
    // sessions behind it (directly or through others), each counted once.
    int directWaiters = 0;
    int allWaiters = 0;

    bool isWaiting() const { return !session.granted; }
};

struct BlockingNode
{
    qsizetype session = -1; // index into BlockingTree::sessions
    qsizetype parent = -1;  // index into BlockingTree::nodes; -1: a root
    int depth = 0;          // 0: a root
    bool repeated = false;  // shown before under another blocker, with what it blocks
    bool cycle = false;     // already on this path: a deadlock; nothing is listed under it
};

struct BlockingTree
{
    QList<BlockingSession> sessions;
    QList<BlockingNode> nodes; // pre-order, the root blockers first
    bool deadlock = false;     // some sessions wait for each other in a cycle

    bool isEmpty() const { return nodes.isEmpty(); }
    const BlockingSession &sessionOf(const BlockingNode &node) const
    {
        return sessions.at(node.session);
    }
    // The session `pid` (nullptr: not in the tree).
    const BlockingSession *find(qint64 pid) const;
    // The root blockers, as indexes into nodes.
    QList<qsizetype> roots() const;
};

// The tree of `sessions` (invariants above). A blocker named in blockedBy that is not among
// `sessions` is added as a session known by its pid only.
BlockingTree buildBlockingTree(QList<BlockingSession> sessions);

} // namespace lockcore
