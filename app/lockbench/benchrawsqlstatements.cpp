// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchrawsqlstatements.h"

using lockcore::Dialect;
using lockcore::Statement;
using lockcore::TableNames;

namespace lockbench {


RawAcquire rawAcquire(const Dialect &dialect, const TableNames &tables, const QString &name,
                      const QString &holder, qint64 ttlMs, bool insertReturning)
{
    RawAcquire acquire;
    // The statements lockcore sends (the bench's lock rows exist: RawSqlProtocol::setUp
    // initializes them).
    if (dialect.hasFeature(lockcore::Feature::UpsertReturning)) {
        acquire.statement = dialect.acquire(tables, name, holder, ttlMs);
        return acquire;
    }
    // As LockService::acquire on MariaDB 10.5 on, without the wake-up lock (a lockcore
    // addition that raw-sql does not have, as it has no NOTIFY on PostgreSQL).
    if (insertReturning) {
        acquire.statement = dialect.acquireUpsert(tables, name, holder, ttlMs, {},
                                                  Dialect::WakeLockTaking::NotQueued);
        return acquire;
    }
    // As LockService::acquire: the batch where the dialect has one (MySQL), sent as text with
    // its values written in (Session::runBatch does the same).
    if (dialect.hasFeature(lockcore::Feature::Batches)) {
        const Statement batch = dialect.acquireBatch(tables, name, holder, ttlMs);
        acquire.statement << dialect.inlined(batch);
        acquire.results = batch.statements();
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
    return dialect.hasFeature(lockcore::Feature::UpsertReturning);
}

} // namespace lockbench
