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
        ReturnedRow, // granted when the statement returns a row (RETURNING); fence: col::GFence
        StateRow,    // a batch sent as text in one round trip (MySQL: the conditional UPDATE,
                     // then the row's state with ROW_COUNT() as one more column); granted when
                     // that is 1 and the holder is us; fence: col::SFence
        UpsertRow,   // (MariaDB 10.5 on) one prepared INSERT .. RETURNING, its row read
                     // through Connector/C (Session::runRows): the row's state;
                     // granted when the holder is us; fence: col::SFence
        Affected,    // (a dialect without either) the conditional UPDATE alone: granted
                     // when it affected one row; the fence then costs a SELECT (selectGrant)
    };
    Answer answer = Answer::ReturnedRow;
    lockcore::Statement statement; // StateRow: the whole batch, binds written into the text
    int results = 1;               // statements in the batch
};

// insertReturning: Session::supportsInsertReturning(), where lockcore sends the upsert.
RawAcquire rawAcquire(const lockcore::Dialect &dialect, const lockcore::TableNames &tables,
                      const QString &name, const QString &holder, qint64 ttlMs,
                      bool insertReturning);
// The release; it released when it returns a row (releaseReturnsRow) or affects one row.
lockcore::Statement rawRelease(const lockcore::Dialect &dialect,
                               const lockcore::TableNames &tables, const QString &name,
                               const QString &holder, qint64 fence);
bool releaseReturnsRow(const lockcore::Dialect &dialect);

} // namespace lockbench
