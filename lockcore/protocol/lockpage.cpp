#include "lockpage.h"

#include "dialect.h"
#include "rows.h"
#include "session.h"
#include "tr.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

using Kind = Dialect::Kind;

// The per-database expressions of SqlDialectBase's dialects (sqlitedialect.cpp,
// postgresdialect.cpp, mysqldialect.cpp, oracledialect.cpp), which keep them protected.
QString nowExpr(Kind kind)
{
    switch (kind) {
    case Kind::SQLite:
        return u"CAST(ROUND((julianday('now') - 2440587.5) * 86400000.0) AS INTEGER)"_s;
    case Kind::PostgreSQL:
        return u"clock_timestamp()"_s;
    case Kind::MySQL:
        return u"UTC_TIMESTAMP(3)"_s;
    case Kind::Oracle:
        return u"SYS_EXTRACT_UTC(SYSTIMESTAMP)"_s;
    }
    return {};
}

QString msOf(Kind kind, const QString &time)
{
    switch (kind) {
    case Kind::SQLite:
        return time;
    case Kind::PostgreSQL:
        return u"CAST(floor(extract(epoch FROM "_s + time + u") * 1000) AS bigint)"_s;
    case Kind::MySQL:
        return u"CAST(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', "_s + time
               + u") DIV 1000 AS SIGNED)"_s;
    case Kind::Oracle: {
        const QString since = u"("_s + time + u" - TIMESTAMP '1970-01-01 00:00:00')"_s;
        return u"(EXTRACT(DAY FROM "_s + since + u") * 86400000 + EXTRACT(HOUR FROM "_s + since
               + u") * 3600000 + EXTRACT(MINUTE FROM "_s + since
               + u") * 60000 + ROUND(EXTRACT(SECOND FROM "_s + since + u") * 1000))"_s;
    }
    }
    return {};
}

QString fromDual(Kind kind)
{
    return kind == Kind::Oracle ? u" FROM dual"_s : QString();
}

// Oracle stores '' as NULL: a free lock has holder IS NULL there.
QString isFree(Kind kind, const QString &column)
{
    return kind == Kind::Oracle ? column + u" IS NULL"_s : column + u" = ''"_s;
}

QString isHeld(Kind kind, const QString &column)
{
    return kind == Kind::Oracle ? column + u" IS NOT NULL"_s : column + u" <> ''"_s;
}

Param bigint(Kind kind, qint64 value)
{
    return kind == Kind::PostgreSQL ? Param{value, u"CAST(? AS bigint)"_s} : Param{value};
}

Param text(Kind kind, const QString &value)
{
    return kind == Kind::PostgreSQL ? Param{value, u"CAST(? AS text)"_s} : Param{value};
}

// The columns of col::State for the lock row `l` at the database time n.t.
QString stateColumns(Kind kind)
{
    return u"l.name, l.holder, l.prev_holder, l.depth, l.fence, "_s
           + msOf(kind, u"l.acquired_at"_s) + u", "_s + msOf(kind, u"l.expires_at"_s) + u", "_s
           + msOf(kind, u"l.renewed_at"_s) + u", l.ttl_ms, l.description, "_s
           + msOf(kind, u"n.t"_s) + u", CASE WHEN "_s + isFree(kind, u"l.holder"_s)
           + u" THEN 0 WHEN l.expires_at < n.t THEN 2 ELSE 1 END"_s;
}

// "<column> contains <text>, ignoring case"; both sides lowered by the database, so that the
// comparison folds case the same way on both.
void appendContains(Statement &st, Kind kind, const QString &column, const QString &needle)
{
    switch (kind) {
    case Kind::SQLite:
        st << "instr(lower(" << column << "), lower(" << text(kind, needle) << ")) > 0";
        break;
    case Kind::PostgreSQL:
        st << "strpos(lower(" << column << "), lower(" << text(kind, needle) << ")) > 0";
        break;
    case Kind::MySQL:
        st << "LOCATE(LOWER(" << text(kind, needle) << "), LOWER(" << column << ")) > 0";
        break;
    case Kind::Oracle:
        st << "INSTR(LOWER(" << column << "), LOWER(" << text(kind, needle) << ")) > 0";
        break;
    }
}

// The request's filter on the lock row `alias` at the database time n.t; "1 = 1" for none.
// The states are decided as stateColumns decides them.
void appendFilter(Statement &st, Kind kind, const QString &alias, const LockPageRequest &request)
{
    const QString a = alias + u'.';
    bool any = false;
    if (!request.text.isEmpty()) {
        st << '(';
        appendContains(st, kind, a + u"name"_s, request.text);
        st << " OR ";
        appendContains(st, kind, a + u"holder"_s, request.text);
        st << " OR ";
        appendContains(st, kind, a + u"description"_s, request.text);
        st << ')';
        any = true;
    }
    if (request.state) {
        if (any)
            st << " AND ";
        switch (*request.state) {
        case LockState::Free:
            st << isFree(kind, a + u"holder"_s);
            break;
        case LockState::Held:
            st << isHeld(kind, a + u"holder"_s) << " AND (" << a << "expires_at IS NULL OR "
               << a << "expires_at >= n.t)";
            break;
        case LockState::Expired:
            st << isHeld(kind, a + u"holder"_s) << " AND " << a << "expires_at < n.t";
            break;
        }
        any = true;
    }
    if (!any)
        st << "1 = 1";
}

void appendWindow(Statement &st, Kind kind, qint64 offset, qint64 limit)
{
    if (kind == Kind::Oracle) {
        st << " OFFSET " << bigint(kind, offset) << " ROWS FETCH NEXT " << bigint(kind, limit)
           << " ROWS ONLY";
    } else {
        st << " LIMIT " << bigint(kind, limit) << " OFFSET " << bigint(kind, offset);
    }
}

// Not a deleted lock's tombstone (Dialect::deletedDepth), which no read shows.
QString notDeleted(const QString &alias)
{
    return alias + u".depth >= 0"_s;
}

enum PageColumn { PTotal = col::SState + 1, PMatching, PFree, PExpired };

} // namespace

Statement lockPageStatement(const Dialect &dialect, const TableNames &tables,
                            const LockPageRequest &request)
{
    const Kind kind = dialect.kind();
    const QString table = dialect.lockTable(tables);
    // The database time is read once (n); "a" counts the whole table in one pass; "p" is the
    // page's names, which the rows are joined to. Starting from the one row of "a" makes an
    // empty page still return the counts and the time.
    Statement st;
    st << "WITH n AS (SELECT " << nowExpr(kind) << " AS t" << fromDual(kind) << ") SELECT "
       << stateColumns(kind) << ", a.total, a.matching, a.free_count, a.expired_count FROM "
       << "(SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN ";
    appendFilter(st, kind, u"x"_s, request);
    st << " THEN 1 ELSE 0 END), 0) AS matching, COALESCE(SUM(CASE WHEN "
       << isFree(kind, u"x.holder"_s) << " THEN 1 ELSE 0 END), 0) AS free_count, "
       << "COALESCE(SUM(CASE WHEN " << isHeld(kind, u"x.holder"_s)
       << " AND x.expires_at < n.t THEN 1 ELSE 0 END), 0) AS expired_count FROM " << table
       << " x CROSS JOIN n WHERE " << notDeleted(u"x"_s) << ") a CROSS JOIN n LEFT JOIN (SELECT y.name FROM "
       << table << " y";
    if (request.state)
        st << " CROSS JOIN n"; // (only a state needs the time: without, an index walk suffices)
    st << " WHERE " << notDeleted(u"y"_s) << " AND ";
    appendFilter(st, kind, u"y"_s, request);
    st << " ORDER BY y.name";
    appendWindow(st, kind, qMax<qint64>(0, request.offset), qMax<qint64>(0, request.limit));
    st << ") p ON 1 = 1 LEFT JOIN " << table << " l ON l.name = p.name ORDER BY p.name";
    return st;
}

Result<LockPage> readLockPage(Session &session, const TableNames &tables,
                              const LockPageRequest &request)
{
    auto query = session.run(lockPageStatement(session.dialect(), tables, request),
                             Tr::tr("listing locks"));
    if (!query)
        return query.error();
    QSqlQuery &q = **query;
    LockPage page;
    page.offset = qMax<qint64>(0, request.offset);
    bool first = true;
    while (q.next()) {
        if (first) {
            page.total = q.value(PTotal).toLongLong();
            page.matching = q.value(PMatching).toLongLong();
            page.free = q.value(PFree).toLongLong();
            page.expired = q.value(PExpired).toLongLong();
            page.dbNow = timeFromMs(q.value(col::SNowMs));
            first = false;
        }
        if (q.value(col::SName).isNull())
            continue; // the page is empty: this row carries the counts only
        page.locks.append(lockInfoFromRow(q));
    }
    q.finish();
    return page;
}

} // namespace lockcore
