#include "benchrawsqlstatements.h"

using namespace Qt::StringLiterals;
using lockcore::Dialect;
using lockcore::Statement;
using lockcore::TableNames;

namespace lockbench {

namespace {

// Statements in a batch: its ";" outside quotes, plus one.
int statementCount(const QString &text)
{
    int count = 1;
    QChar quote;
    for (const QChar c : text) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == u'\'' || c == u'"' || c == u'`') {
            quote = c;
        } else if (c == u';') {
            ++count;
        }
    }
    return count;
}

} // namespace

RawAcquire rawAcquire(const Dialect &dialect, const TableNames &tables, const QString &name,
                      const QString &holder, qint64 ttlMs, bool insertReturning)
{
    RawAcquire acquire;
    // The statements lockcore sends (the bench's lock rows exist: RawSqlProtocol::setUp
    // initializes them).
    if (dialect.capabilities().upsertReturning) {
        acquire.answer = RawAcquire::Answer::ReturnedRow;
        acquire.statement = dialect.acquire(tables, name, holder, ttlMs);
        return acquire;
    }
    // As LockService::acquire on MariaDB 10.5 on, without the wake-up lock (a lockcore
    // addition that raw-sql does not have, as it has no NOTIFY on PostgreSQL).
    if (insertReturning) {
        acquire.answer = RawAcquire::Answer::UpsertRow;
        acquire.statement = dialect.acquireUpsert(tables, name, holder, ttlMs, {},
                                                  Dialect::WakeLockTaking::OnFreshGrant);
        return acquire;
    }
    // As LockService::acquire: the batch where the dialect has one (MySQL), sent as text with
    // its values written in (Session::runBatch does the same).
    const Statement batch = dialect.acquireBatch(tables, name, holder, ttlMs);
    if (!batch.text().isEmpty()) {
        acquire.answer = RawAcquire::Answer::StateRow;
        acquire.statement << dialect.inlined(batch);
        acquire.results = statementCount(batch.text());
        return acquire;
    }
    acquire.answer = RawAcquire::Answer::Affected;
    acquire.statement = dialect.acquire(tables, name, holder, ttlMs);
    return acquire;
}

Statement rawRelease(const Dialect &dialect, const TableNames &tables, const QString &name,
                     const QString &holder, qint64 fence)
{
    return dialect.release(tables, name, holder, fence);
}

bool releaseReturnsRow(const Dialect &dialect)
{
    return dialect.capabilities().upsertReturning;
}

} // namespace lockbench
