#include "dialects.h"

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

void SqlDialectBase::appendFenceHistory(Statement &st, const TableNames &t, const QString &name,
                                        int plus) const
{
    st << "(SELECT COALESCE(MAX(e.fence), 0)";
    if (plus != 0)
        st << " + " << QString::number(plus);
    st << " FROM " << eventTable(t) << " e WHERE e.lock_name = " << text(name)
       << " AND e.fence >= 0)";
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

Statement SqlDialectBase::acquire(const TableNames &t, const QString &name, const QString &holder,
                                  qint64 ttlMs, NewRowFence) const
{
    // One conditional UPDATE decided by the database clock, read after the row is locked
    // (changeNow). renewed_at is assigned first and the columns the conditions read (holder,
    // expires_at) last, because MySQL evaluates SET assignments left to right.
    const QString now = changeNowAgain();
    Statement st;
    const auto reenter = [&] {
        st << "holder = " << text(holder) << " AND expires_at >= " << now;
    };
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(t) << " SET renewed_at = " << changeNow()
       << ", prev_holder = CASE WHEN ";
    reenter();
    st << " THEN prev_holder ELSE holder END, depth = CASE WHEN ";
    reenter();
    st << " THEN depth + 1 ELSE 1 END, fence = CASE WHEN ";
    reenter();
    st << " THEN fence ELSE fence + 1 END, acquired_at = CASE WHEN ";
    reenter();
    st << " THEN acquired_at ELSE " << now << " END, expires_at = ";
    Statement ttl;
    appendTtl(ttl, ttlMs, u"ttl_ms"_s);
    st.embed(plusMs(now, ttl.text()), ttl.binds());
    // Never an unnumbered row (NewRowFence): acquireUnnumbered() takes that.
    st << ", holder = " << text(holder) << " WHERE name = " << text(name)
       << " AND fence >= 0 AND (" << isFree(u"holder"_s) << " OR expires_at < " << changeNow()
       << " OR holder = " << text(holder) << ")";
    return st;
}

Statement SqlDialectBase::acquireUnnumbered(const TableNames &t, const QString &name,
                                            const QString &holder, qint64 ttlMs) const
{
    // A fresh hold (never a re-entry) with the history's next fence: the row insertAcquire()
    // created, or one another client left unnumbered. renewed_at is assigned first and the
    // columns the conditions read (holder, expires_at) last (MySQL: see acquire()).
    const QString now = changeNowAgain();
    Statement st;
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(t) << " SET renewed_at = " << changeNow()
       << ", prev_holder = CASE WHEN holder = " << text(holder)
       << " THEN prev_holder ELSE holder END, depth = 1, fence = ";
    appendFenceHistory(st, t, name, 1);
    st << ", acquired_at = " << now << ", expires_at = ";
    Statement ttl;
    appendTtl(ttl, ttlMs, u"ttl_ms"_s);
    st.embed(plusMs(now, ttl.text()), ttl.binds());
    st << ", holder = " << text(holder) << " WHERE name = " << text(name) << " AND fence < 0 AND ("
       << isFree(u"holder"_s) << " OR expires_at < " << changeNow() << " OR holder = "
       << text(holder) << ")";
    return st;
}

Statement SqlDialectBase::insertAcquire(const TableNames &t, const QString &name,
                                        const QString &holder, qint64 ttlMs) const
{
    // A lock acquired for the first time, held unnumbered (NewRowFence): acquireUnnumbered(),
    // a statement of its own, gives it the fence after the highest ever recorded for this
    // name, so a deleted and re-created lock never reuses a token. (Its times are those of an
    // unnumbered row, which acquireUnnumbered() sets afresh when it grants it.)
    const QString now = changeNow();
    const QString fallback = QString::number(defaultTtlMs);
    Statement st;
    st << writeVerb(u"INSERT"_s) << " INTO " << lockTable(t) << ' ' << lockColumns << " VALUES ("
       << text(name) << ", " << text(holder) << ", " << freeHolder() << ", 1, "
       << QString::number(unnumberedFence) << ", " << now << ", ";
    Statement ttl;
    appendTtl(ttl, ttlMs, fallback);
    st.embed(plusMs(now, ttl.text()), ttl.binds());
    st << ", " << now << ", ";
    appendTtl(st, ttlMs, fallback);
    st << ", '')";
    return st;
}

Statement SqlDialectBase::selectGrant(const TableNames &t, const QString &name,
                                      const QString &holder) const
{
    Statement st;
    st << "SELECT " << grantColumns(u"l"_s) << " FROM " << lockTable(t) << " l WHERE l.name = "
       << text(name) << " AND l.holder = " << text(holder);
    return st;
}

Statement SqlDialectBase::renew(const TableNames &t, const QString &name, const QString &holder,
                                qint64 fence, qint64 ttlMs) const
{
    // renewed_at first: expires_at is counted from it (MySQL: see acquire()).
    Statement st;
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(t) << " SET renewed_at = " << changeNow()
       << ", expires_at = ";
    Statement ttl;
    appendTtl(ttl, ttlMs, u"ttl_ms"_s);
    st.embed(plusMs(changeNowAgain(), ttl.text()), ttl.binds());
    st << " WHERE name = " << text(name) << " AND holder = " << text(holder)
       << " AND fence = " << bigint(fence);
    return st;
}

Statement SqlDialectBase::release(const TableNames &t, const QString &name, const QString &holder,
                                  qint64 fence) const
{
    // depth is assigned last: MySQL evaluates SET left to right.
    Statement st;
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(t)
       << " SET holder = CASE WHEN depth <= 1 THEN " << freeHolder()
       << " ELSE holder END, expires_at = CASE WHEN depth <= 1 THEN " << changeNow()
       << " ELSE expires_at END, depth = CASE WHEN depth <= 1 THEN 0 ELSE depth - 1 END"
       << " WHERE name = " << text(name) << " AND holder = " << text(holder)
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
    // An unnumbered row stays unnumbered (Dialect::NewRowFence): its holder had no grant, and
    // the next acquire numbers it from the lock's history.
    Statement st;
    st << writeVerb(u"UPDATE"_s) << ' ' << lockTable(t) << " SET prev_holder = holder, holder = "
       << freeHolder()
       << ", depth = 0, fence = CASE WHEN fence < 0 THEN fence ELSE fence + 1 END, expires_at = "
       << changeNow()
       << " WHERE name = " << text(name) << " AND fence = " << bigint(expectedFence) << " AND "
       << isHeld(u"holder"_s);
    return st;
}

Statement SqlDialectBase::initialize(const TableNames &t, const QString &name, qint64 ttlMs,
                                     const QString &description) const
{
    Statement st;
    st << writeVerb(u"INSERT"_s) << " INTO " << lockTable(t) << ' ' << lockColumns << " VALUES ("
       << text(name) << ", " << freeHolder() << ", " << freeHolder() << ", 0, "
       << QString::number(unnumberedFence) << ", NULL, " << changeNow() << ", NULL, "
       << bigint(ttlMs) << ", " << text(description) << ")";
    return st;
}

Statement SqlDialectBase::numberInitialized(const TableNames &t, const QString &name) const
{
    // A statement of its own after initialize()'s INSERT: it reads the history after any
    // delete of the lock's previous row committed (the INSERT waited for that).
    Statement st;
    st << "UPDATE " << lockTable(t) << " SET fence = ";
    appendFenceHistory(st, t, name, 0);
    st << " WHERE name = " << text(name) << " AND fence < 0";
    return st;
}

Statement SqlDialectBase::deleteLock(const TableNames &t, const QString &name, qint64 fence) const
{
    Statement st;
    st << writeVerb(u"DELETE"_s) << " FROM " << lockTable(t) << " WHERE name = " << text(name)
       << " AND fence = " << bigint(fence) << " AND (" << isFree(u"holder"_s)
       << " OR expires_at < " << changeNow() << ")";
    return st;
}

Statement SqlDialectBase::selectState(const TableNames &t, const QString &name) const
{
    Statement st;
    st << "SELECT " << stateColumns(u"l"_s) << " FROM " << lockTable(t) << " l, " << nowSource()
       << " WHERE l.name = " << text(name);
    return st;
}

Statement SqlDialectBase::selectAll(const TableNames &t) const
{
    Statement st;
    st << "SELECT " << stateColumns(u"l"_s) << " FROM " << lockTable(t) << " l, " << nowSource()
       << " ORDER BY l.name";
    return st;
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

} // namespace lockcore
