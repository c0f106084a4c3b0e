// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "error.h"

namespace lockcore {

// Whether a missing-table error explains PostgreSQL's case folding (the table looked for has
// capitals, and a quoted name is not the lower-case one an unquoted CREATE TABLE made): its
// message then says so, and which table to give instead when the server has it
// (Error::tableInstead). A window that words the missing table its own way shows this message
// instead.
bool explainsCaseFolding(const Error &error);

} // namespace lockcore
