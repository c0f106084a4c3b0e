// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lockpageorder.h"
#include "locktypes.h"

#include <QList>

#include <optional>

namespace lockcore {

// The locks that need someone, by the database clock (lockscope's "Problems" filter): held
// locks whose lease ended (expired, not released); held locks whose holder has not renewed for
// more than half of its lease (renewed_at recorded) though the lease runs; and running leases
// held longer than the threshold of the first long-hold rule whose pattern matches the name.
// Whether a holder's process is gone (lost owner) only its machine can tell: such a holder
// shows here once it is late to renew.
struct LockPageProblems
{
    struct LongHold
    {
        QString pattern; // a wildcard over the whole name: `*` any text, `?` one character
        qint64 thresholdMs = 0;
    };
    QList<LongHold> longHolds; // in order: the first pattern that matches a name decides
};

// Which part of the lock table to read: the rows that match a filter, in `order`, from
// `offset` on, at most `limit` of them. For a monitor that cannot hold a huge table. Here, not
// in lockpage.h, because the dialect builds the statement (Dialect::lockPage).
struct LockPageRequest
{
    QString text; // a case-insensitive substring of the name, holder or description; empty: any
                  // (SQLite folds the case of ASCII letters only)
    std::optional<LockState> state; // only rows in this state by the database clock; none: any
    qint64 offset = 0;
    qint64 limit = 200;
    LockPageOrder order; // by name unless told
    std::optional<LockPageProblems> problems; // only the problems; none: no such filter
};

} // namespace lockcore
