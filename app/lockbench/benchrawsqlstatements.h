// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dialect.h"
#include "statement.h"

namespace lockbench {

// The statements of a raw-sql cycle: exactly what lockcore sends for an acquire and a release,
// taken from lockcore's Dialect, so that raw-sql is lockcore minus the library around them.
// Kept in this one place: when the dialects change, this is what follows them.
struct RawAcquire
{
    enum class Answer {
        Answered, // lockcore's answer, col::Acquire (granted: col::AGranted, fence:
                  // col::SFence; no row: refused): PostgreSQL's and SQLite's upsert,
                  // MariaDB's INSERT .. RETURNING (10.5 on, read through Connector/C), MySQL's
                  // batch (sent as text in one round trip)
        Affected, // (Oracle) the conditional UPDATE alone: granted when it affected one row;
                  // the fence then costs a SELECT (selectGrant)
    };
    Answer answer = Answer::Answered;
    lockcore::Statement statement; // a batch: its text with the binds written in
    int results = 1;               // statements in the batch
};

// insertReturning: Session::hasFeature(Feature::InsertReturning), where lockcore sends the upsert.
RawAcquire rawAcquire(const lockcore::Dialect &dialect, const lockcore::TableNames &tables,
                      const QString &name, const QString &holder, qint64 ttlMs,
                      bool insertReturning);
// The release; it released when it returns a row (releaseReturnsRow) or affects one row.
lockcore::Statement rawRelease(const lockcore::Dialect &dialect,
                               const lockcore::TableNames &tables, const QString &name,
                               const QString &holder, qint64 fence);
bool releaseReturnsRow(const lockcore::Dialect &dialect);

} // namespace lockbench
