// SPDX-License-Identifier: Apache-2.0
#include "dialects.h"
#include "lockpagerequest.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {
const QString lockColumns = u"(name, holder, prev_holder, depth, fence, acquired_at, expires_at, "
                            u"renewed_at, ttl_ms, description)"_s;
const QString eventColumns = u"(at, lock_name, kind, holder, fence, actor, detail)"_s;
} // namespace

QString SqlDialectBase::nowSource() const
{
    return u"(SELECT "_s + nowExpr() + u" AS t"_s + fromDual() + u") n"_s;
}

void SqlDialectBase::appendTtl(Statement &st, qint64 ttlMs, const QString &fallback) const
{
    // Decided here rather than by a CASE in the statement: one bind and no expression for the
    // server to set up on each execution. (A statement is built for one lease anyway.)
    if (ttlMs > 0)
        st << "(" << bigint(ttlMs) << ")";
    else
        st << "(" << fallback << ")";
}

void SqlDialectBase::appendLimit(Statement &st, int limit) const
{
    st << " LIMIT " << bigint(limit);
}

void SqlDialectBase::appendWindow(Statement &st, qint64 offset, qint64 limit) const
{
    st << " LIMIT " << bigint(limit) << " OFFSET " << bigint(offset);
}

QString SqlDialectBase::positionOf(const QString &haystack, const QString &needle) const
{
    return u"INSTR("_s + haystack + u", "_s + needle + u")"_s;
}

QByteArray SqlDialectBase::wakeLockDigest(const TableNames &t, const QString &name)
{
    const QString table = t.schema.isEmpty() ? t.locks : t.schema + u'.' + t.locks;
    const QByteArray key = table.toUtf8() + '\0' + name.toUtf8();
    return QCryptographicHash::hash(key, QCryptographicHash::Sha1);
}

QString SqlDialectBase::stateColumns(const QString &a, const QString &now) const
{
    return a + u".name, "_s + a + u".holder, "_s + a + u".prev_holder, "_s + a + u".depth, "_s + a
           + u".fence, "_s + msOf(a + u".acquired_at"_s) + u", "_s + msOf(a + u".expires_at"_s)
           + u", "_s + msOf(a + u".renewed_at"_s) + u", "_s + a + u".ttl_ms, "_s + a
           + u".description, "_s + msOf(now) + u", CASE WHEN "_s + isFree(a + u".holder"_s)
           + u" THEN 0 WHEN "_s + a + u".expires_at < "_s + now + u" THEN 2 ELSE 1 END"_s;
}

QString SqlDialectBase::grantColumns(const QString &a) const
{
    return a + u".fence, "_s + a + u".depth, "_s + msOf(a + u".acquired_at"_s) + u", "_s
           + msOf(a + u".expires_at"_s) + u", "_s + msOf(a + u".renewed_at"_s) + u", "_s + a
           + u".prev_holder"_s;
}

Statement SqlDialectBase::selectGrant(const TableNames &t, const QString &name,
                                      const QString &holder) const
{
    Statement st;
    st << "SELECT " << grantColumns(u"l"_s) << " FROM " << lockTable(t) << " l WHERE l.name = "
       << text(name) << " AND l.holder = " << text(holder);
    return st;
}

Statement SqlDialectBase::acquireAnswer(const TableNames &t, const QString &name,
                                        const QString &holder) const
{
    Statement st;
    st << "SELECT " << stateColumns(u"l"_s) << ", CASE WHEN l.holder = " << text(holder)
       << " THEN 1 ELSE 0 END, NULL" << " FROM " << lockTable(t) << " l, " << nowSource()
       << " WHERE l.name = " << text(name) << " AND l.depth >= 0";
    return st;
}

Statement SqlDialectBase::renew(const TableNames &t, const QString &name, const QString &holder,
                                qint64 fence, qint64 ttlMs) const
{
    // renewed_at first: expires_at is counted from it (changeNowAgain: MySQL evaluates SET
    // assignments left to right). Only a lease that still runs is renewed: at the boundary
    // where an acquirer may take it over (expires_at < now), a renewal no longer matches, so
    // a lapsed lease stays lost (a renewal would hide the gap in which anyone could take it).
    // The WHERE reads the clock once the row is held (InnoDB locks it before the server
    // tests the rest of the WHERE; SQLite holds the write lock). No expiry: renewable.
    Statement st;
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(t)
       << "\nSET renewed_at = " << changeNow() << ","
          "\n    expires_at = ";
    Statement ttl;
    appendTtl(ttl, ttlMs, u"ttl_ms"_s);
    st.embed(plusMs(changeNowAgain(), ttl.text()), ttl.binds());
    st << "\nWHERE name = " << text(name) << " AND holder = " << text(holder)
       << " AND fence = " << bigint(fence)
       << "\n  AND (expires_at IS NULL OR expires_at >= " << changeNow() << ")";
    return st;
}

Statement SqlDialectBase::release(const TableNames &t, const QString &name, const QString &holder,
                                  qint64 fence) const
{
    // depth is assigned last: MySQL evaluates SET left to right.
    Statement st;
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(t)
       << "\nSET holder = CASE WHEN depth <= 1 THEN " << freeHolder() << " ELSE holder END,"
          "\n    expires_at = CASE WHEN depth <= 1 THEN " << changeNow() << " ELSE expires_at END,"
          "\n    depth = CASE WHEN depth <= 1 THEN 0 ELSE depth - 1 END"
          "\nWHERE name = " << text(name) << " AND holder = " << text(holder)
       << " AND fence = " << bigint(fence);
    st.mark(Statement::Slot::Fence);
    return st;
}

Statement SqlDialectBase::forceRelease(const TableNames &t, const QString &name,
                                       qint64 expectedFence) const
{
    // Compare-and-set on the hold the admin saw: still held (or expired, not released) with the
    // fence the admin saw. Every new holder gets a new fence, so that is the same holder; a
    // lock released meanwhile keeps its fence but is free, and is left alone. The fence moves
    // on so the old holder's token is dead. prev_holder keeps who was released (read by the
    // event insert that follows).
    Statement st;
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(t)
       << "\nSET prev_holder = holder,"
          "\n    holder = " << freeHolder() << ","
          "\n    depth = 0,"
          "\n    fence = fence + 1,"
          "\n    expires_at = " << changeNow()
       << "\nWHERE name = " << text(name) << " AND fence = " << bigint(expectedFence) << " AND "
       << isHeld(u"holder"_s);
    return st;
}

Statement SqlDialectBase::initialize(const TableNames &t, const QString &name, qint64 ttlMs,
                                     const QString &description) const
{
    // A name never used in this table: free, fence 0 (its first grant gets firstFence).
    Statement st;
    st << writeVerb(u"INSERT"_s) << " INTO " << lockTable(t) << ' ' << lockColumns << " VALUES ("
       << text(name) << ", " << freeHolder() << ", " << freeHolder() << ", 0, "
       << QString::number(firstFence - 1) << ", NULL, " << changeNow() << ", NULL, "
       << bigint(ttlMs) << ", " << text(description) << ")";
    return st;
}

Statement SqlDialectBase::reviveDeleted(const TableNames &t, const QString &name, qint64 ttlMs,
                                        const QString &description) const
{
    Statement st;
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(t) << " SET depth = 0, expires_at = "
       << changeNow() << ", ttl_ms = " << bigint(ttlMs) << ", description = " << text(description)
       << " WHERE name = " << text(name) << " AND depth = " << QString::number(deletedDepth);
    return st;
}

Statement SqlDialectBase::deleteLock(const TableNames &t, const QString &name, qint64 fence) const
{
    // The row stays as a tombstone with its fence: free, with the defaults of a lock never
    // initialized, and no lease end (a queued waiter takes it at once, see acquireBatch).
    Statement st;
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(t) << " SET prev_holder = holder, holder = "
       << freeHolder() << ", depth = " << QString::number(deletedDepth)
       << ", acquired_at = NULL, expires_at = NULL, renewed_at = NULL, ttl_ms = "
       << QString::number(defaultTtlMs) << ", description = " << freeHolder()
       << " WHERE name = " << text(name) << " AND fence = " << bigint(fence)
       << " AND depth >= 0 AND (" << isFree(u"holder"_s) << " OR expires_at < " << changeNow()
       << ")";
    return st;
}

QStringList SqlDialectBase::migration(const TableNames &t) const
{
    const QString locks = lockTable(t);
    const QString events = eventTable(t);
    const QString lastFence = u"SELECT MAX(e.fence) FROM "_s + events + u" e WHERE e.lock_name = "_s
                              + locks + u".name AND e.fence >= 0"_s;
    return {
        // Rows an acquire left unnumbered (fence -1): free, above every fence recorded.
        writeVerb(u"UPDATE"_s) + u' ' + locks + u" SET fence = COALESCE(("_s + lastFence
            + u"), 0), holder = "_s + freeHolder() + u", depth = 0, expires_at = "_s + changeNow()
            + u" WHERE fence < 0"_s,
        // Names whose row a delete removed: a tombstone with the last fence recorded.
        writeVerb(u"INSERT"_s) + u" INTO "_s + locks + u' ' + lockColumns
            + u" SELECT e.lock_name, "_s + freeHolder() + u", "_s + freeHolder() + u", "_s
            + QString::number(deletedDepth) + u", MAX(e.fence), NULL, NULL, NULL, "_s
            + QString::number(defaultTtlMs) + u", '' FROM "_s + events
            + u" e WHERE e.fence >= 0 AND NOT EXISTS (SELECT 1 FROM "_s + locks
            + u" l WHERE l.name = e.lock_name) GROUP BY e.lock_name"_s,
    };
}

Statement SqlDialectBase::selectState(const TableNames &t, const QString &name) const
{
    Statement st;
    st << "SELECT " << stateColumns(u"l"_s) << " FROM " << lockTable(t) << " l, " << nowSource()
       << " WHERE l.name = " << text(name) << " AND l.depth >= 0";
    return st;
}

Statement SqlDialectBase::selectAll(const TableNames &t) const
{
    Statement st;
    st << "SELECT " << stateColumns(u"l"_s) << " FROM " << lockTable(t) << " l, " << nowSource()
       << " WHERE l.depth >= 0 ORDER BY l.name";
    return st;
}

Statement SqlDialectBase::lockPage(const TableNames &t, const LockPageRequest &request) const
{
    const QString table = lockTable(t);
    // The database time is read once, by a CTE (n) that all three parts share, not
    // nowSource()'s derived table (PostgreSQL's clock moves within a statement); "a" counts
    // the whole table in one pass; "p" is the page's names, which the rows are joined to.
    // Starting from the one row of "a" makes an empty page still return the counts and the
    // time. No part sees a tombstone (depth < 0).
    Statement st;
    st << "WITH n AS (SELECT " << nowExpr() << " AS t" << fromDual() << ") SELECT "
       << stateColumns(u"l"_s) << ", a.total, a.matching, a.free_count, a.expired_count FROM "
       << "(SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN ";
    appendPageFilter(st, u"x"_s, request);
    st << " THEN 1 ELSE 0 END), 0) AS matching, COALESCE(SUM(CASE WHEN " << isFree(u"x.holder"_s)
       << " THEN 1 ELSE 0 END), 0) AS free_count, COALESCE(SUM(CASE WHEN "
       << isHeld(u"x.holder"_s) << " AND x.expires_at < n.t THEN 1 ELSE 0 END), 0)"
       << " AS expired_count FROM " << table << " x CROSS JOIN n WHERE x.depth >= 0) a"
       << " CROSS JOIN n LEFT JOIN (SELECT y.name FROM " << table << " y";
    if (request.state || request.problems || request.order.by != LockPageSort::Name)
        st << " CROSS JOIN n"; // (only a state, the problems or an order need the time:
                               // without, an index walk suffices)
    st << " WHERE y.depth >= 0 AND ";
    appendPageFilter(st, u"y"_s, request);
    st << pageOrder(u"y"_s, request.order);
    appendWindow(st, qMax<qint64>(0, request.offset), qMax<qint64>(0, request.limit));
    st << ") p ON 1 = 1 LEFT JOIN " << table << " l ON l.name = p.name"
       << (request.order.by == LockPageSort::Name ? pageOrder(u"p"_s, request.order)
                                                  : pageOrder(u"l"_s, request.order));
    return st;
}

void SqlDialectBase::appendPageFilter(Statement &st, const QString &alias,
                                      const LockPageRequest &request) const
{
    const QString a = alias + u'.';
    bool any = false;
    if (!request.text.isEmpty()) {
        st << '(';
        appendContains(st, a + u"name"_s, request.text);
        st << " OR ";
        appendContains(st, a + u"holder"_s, request.text);
        st << " OR ";
        appendContains(st, a + u"description"_s, request.text);
        st << ')';
        any = true;
    }
    if (request.state) {
        if (any)
            st << " AND ";
        // The states as stateColumns() decides them.
        switch (*request.state) {
        case LockState::Free:
            st << isFree(a + u"holder"_s);
            break;
        case LockState::Held:
            st << isHeld(a + u"holder"_s) << " AND (" << a << "expires_at IS NULL OR " << a
               << "expires_at >= n.t)";
            break;
        case LockState::Expired:
            st << isHeld(a + u"holder"_s) << " AND " << a << "expires_at < n.t";
            break;
        }
        any = true;
    }
    if (request.problems) {
        if (any)
            st << " AND ";
        appendProblemFilter(st, alias, *request.problems);
        any = true;
    }
    if (!any)
        st << "1 = 1";
}

void SqlDialectBase::appendProblemFilter(Statement &st, const QString &alias,
                                         const LockPageProblems &problems) const
{
    const QString a = alias + u'.';
    const QString now = msOf(u"n.t"_s);
    // Held, and: expired; or late to renew (2 now > renewed + expires: past the lease's half);
    // or a running lease longer than its rule's threshold.
    st << "(" << isHeld(a + u"holder"_s) << " AND (" << a << "expires_at < n.t OR (" << a
       << "expires_at >= n.t AND " << a << "renewed_at IS NOT NULL AND " << a << "expires_at > "
       << a << "renewed_at AND 2 * " << now << " > " << msOf(a + u"renewed_at"_s) << " + "
       << msOf(a + u"expires_at"_s) << ")";
    if (!problems.longHolds.isEmpty()) {
        st << " OR ((" << a << "expires_at IS NULL OR " << a << "expires_at >= n.t) AND " << a
           << "acquired_at IS NOT NULL AND CASE";
        for (const LockPageProblems::LongHold &rule : problems.longHolds) {
            // The wildcard as LIKE's pattern: its own '%', '_' and '!' escaped by '!'.
            QString like;
            for (const QChar c : rule.pattern) {
                if (c == u'%' || c == u'_' || c == u'!')
                    like += u'!';
                like += c == u'*' ? u'%' : c == u'?' ? u'_' : c;
            }
            st << " WHEN " << a << "name LIKE " << text(like) << " ESCAPE '!' THEN CASE WHEN "
               << now << " - " << msOf(a + u"acquired_at"_s) << " > " << bigint(rule.thresholdMs)
               << " THEN 1 ELSE 0 END";
        }
        st << " ELSE 0 END = 1)";
    }
    st << "))";
}

void SqlDialectBase::appendContains(Statement &st, const QString &column,
                                    const QString &needle) const
{
    // Both sides lowered by the database, so that they fold case the same way; a position,
    // not LIKE, so that the text's '%' and '_' are taken literally.
    Statement lowered;
    lowered << "LOWER(" << text(needle) << ")";
    st.embed(positionOf(u"LOWER("_s + column + u')', lowered.text()) + u" > 0"_s,
             lowered.binds());
}

Statement SqlDialectBase::history(const TableNames &t, const QString &name, int limit) const
{
    Statement st;
    st << "SELECT e.id, " << msOf(u"e.at"_s)
       << ", e.lock_name, e.kind, e.holder, e.fence, e.actor, e.detail FROM " << eventTable(t)
       << " e WHERE e.lock_name = " << text(name) << " ORDER BY e.id DESC";
    appendLimit(st, limit);
    return st;
}

Statement SqlDialectBase::now() const
{
    Statement st;
    st << "SELECT " << msOf(nowExpr()) << fromDual();
    return st;
}

Statement SqlDialectBase::insertEvent(const TableNames &t, const QString &name,
                                      const QString &kind, const QString &holder, qint64 fence,
                                      const QString &actor, const QString &detail,
                                      const QDateTime &at) const
{
    Statement st;
    st << writeVerb(u"INSERT"_s) << " INTO " << eventTable(t) << ' ' << eventColumns << " VALUES (";
    if (at.isValid())
        st.embed(timeFromMs(u"?"_s), {QVariant(at.toMSecsSinceEpoch())});
    else
        st << changeNow();
    st << ", "
       << text(name) << ", " << text(kind) << ", " << text(holder) << ", " << bigint(fence) << ", "
       << text(actor) << ", " << text(detail) << ")";
    return st;
}

Statement SqlDialectBase::insertEventFromRow(const TableNames &t, const QString &name,
                                             const QString &kind, const QString &holderColumn,
                                             const QString &actor, const QString &detail) const
{
    Statement st;
    st << writeVerb(u"INSERT"_s) << " INTO " << eventTable(t) << ' ' << eventColumns
       << " SELECT expires_at, name, " << text(kind) << ", " << holderColumn << ", fence, "
       << text(actor) << ", " << text(detail) << " FROM " << lockTable(t)
       << " WHERE name = " << text(name);
    return st;
}

Statement SqlDialectBase::claimFence(const TableNames &fences, const QString &resource,
                                     qint64 fence) const
{
    Statement st;
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(fences) << " SET fence = " << bigint(fence)
       << " WHERE resource = " << text(resource) << " AND fence <= " << bigint(fence);
    return st;
}

Statement SqlDialectBase::insertFence(const TableNames &fences, const QString &resource,
                                      qint64 fence) const
{
    Statement st;
    st << writeVerb(u"INSERT"_s) << " INTO " << lockTable(fences) << " (resource, fence) VALUES ("
       << text(resource) << ", " << bigint(fence) << ")";
    return st;
}

} // namespace lockcore
