// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchtable.h"

#include "session.h"

#include <QRandomGenerator>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace bench {

namespace {

constexpr int RowsPerStatement = 200;

// "The database clock plus ? milliseconds", written for the benchmark (as the dialects do).
QString nowPlusMs(Dialect::Kind kind)
{
    switch (kind) {
    case Dialect::Kind::SQLite:
        return u"(CAST(ROUND((julianday('now') - 2440587.5) * 86400000.0) AS INTEGER) + ?)"_s;
    case Dialect::Kind::PostgreSQL:
        return u"(clock_timestamp() + CAST(? AS bigint) * interval '1 millisecond')"_s;
    case Dialect::Kind::MySQL:
        return u"TIMESTAMPADD(MICROSECOND, 1000 * ?, UTC_TIMESTAMP(3))"_s;
    case Dialect::Kind::Oracle:
        return u"(SYS_EXTRACT_UTC(SYSTIMESTAMP) + NUMTODSINTERVAL(? / 1000, 'SECOND'))"_s;
    }
    return {};
}

struct Lock
{
    QString name;
    QString holder;
    int depth = 0;
    qint64 fence = 0;
    qint64 acquiredInMs = 0; // relative to the database clock
    qint64 expiresInMs = 0;
    qint64 ttlMs = 30000;
    QString description;
};

Lock makeLock(int i, QRandomGenerator &random)
{
    Lock lock;
    lock.name = u"lock-%1"_s.arg(i, 7, 10, QLatin1Char('0'));
    lock.fence = 1 + random.bounded(1000);
    lock.ttlMs = 30000;
    lock.description = u"guards resource #%1 of the nightly batch"_s.arg(i);
    const int kind = random.bounded(100);
    if (kind < 40) { // free: released a while ago
        lock.acquiredInMs = -600000 - random.bounded(600000);
        lock.expiresInMs = lock.acquiredInMs + random.bounded(30000);
        return lock;
    }
    const int owner = i / 20;
    lock.holder = u"svc%1@app-host-%2:%3:%4"_s.arg(owner % 7)
                      .arg(owner % 50)
                      .arg(1000 + owner)
                      .arg(owner * 2654435761u % 0xffffff, 6, 16, QLatin1Char('0'));
    lock.depth = 1;
    if (kind < 85) { // held, ends in 5 s .. 10 min
        lock.expiresInMs = 5000 + random.bounded(595000);
    } else { // expired up to 10 min ago
        lock.expiresInMs = -1000 - random.bounded(600000);
    }
    lock.acquiredInMs = lock.expiresInMs - lock.ttlMs;
    return lock;
}

} // namespace

Status fillLockTable(Session &session, const TableNames &tables, int count)
{
    const Dialect &dialect = session.dialect();
    const QString time = nowPlusMs(dialect.kind());
    QRandomGenerator random(20240229u);
    if (Status begun = session.begin(); !begun)
        return begun;
    for (int first = 0; first < count; first += RowsPerStatement) {
        const int rows = qMin(RowsPerStatement, count - first);
        Statement st;
        st << "INSERT INTO " << dialect.lockTable(tables)
           << " (name, holder, prev_holder, depth, fence, acquired_at, expires_at, renewed_at, "
              "ttl_ms, description) VALUES ";
        for (int r = 0; r < rows; ++r) {
            const Lock lock = makeLock(first + r, random);
            if (r > 0)
                st << ", ";
            st << '(' << Param{lock.name} << ", " << Param{lock.holder} << ", '', "
               << Param{lock.depth} << ", " << Param{lock.fence} << ", ";
            st.embed(time, {lock.acquiredInMs});
            st << ", ";
            st.embed(time, {lock.expiresInMs});
            st << ", ";
            st.embed(time, {lock.acquiredInMs});
            st << ", " << Param{lock.ttlMs} << ", " << Param{lock.description} << ')';
        }
        if (auto done = session.run(st, u"filling the benchmark's lock table"_s); !done) {
            session.rollback();
            return done.error();
        }
    }
    return session.commit();
}

void dropLockTable(Session &session, const TableNames &tables)
{
    const Dialect &dialect = session.dialect();
    QSqlQuery query(session.database());
    query.exec(u"DROP TABLE "_s + dialect.eventTable(tables));
    query.exec(u"DROP TABLE "_s + dialect.lockTable(tables));
}

} // namespace bench
