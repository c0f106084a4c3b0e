#pragma once

#include "error.h"

namespace lockcore {

// Whether a missing-table error explains PostgreSQL's case folding (the table looked for has
// capitals, and a quoted name is not the lower-case one an unquoted CREATE TABLE made): its
// message then says so, and which table to give instead when the server has it. A window that
// words the missing table its own way shows this message instead.
bool explainsCaseFolding(const Error &error);

// Whether that message names the lower-case table the server has, to give instead (so no
// advice to create the table that was given belongs beside it).
bool namesTableToGiveInstead(const Error &error);

} // namespace lockcore
