#pragma once

#include "lockpageorder.h"
#include "locktypes.h"

#include <optional>

namespace lockcore {

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
};

} // namespace lockcore
