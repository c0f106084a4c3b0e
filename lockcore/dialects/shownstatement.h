// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "dialect.h"
#include "statement.h"

#include <QList>
#include <QString>

namespace lockcore {

// A statement as a person reads it before it runs (the window's "SQL" of a confirmation, for a
// DBA to check or copy): its text with each bound value written in as the dialect's literal, so
// that the text means what the bound statement does. Strings are quoted whatever the server's
// settings: PostgreSQL's E'' form when a backslash is in them (standard_conforming_strings
// either way), MySQL's hex form then (NO_BACKSLASH_ESCAPES either way), else '' doubled.
// For reading only: what is sent stays the statement with its binds.
QString shownStatement(const Dialect &dialect, const Statement &statement);
// Several, in the order they run, each ended by ";" and separated by a blank line.
QString shownStatements(const Dialect &dialect, const QList<Statement> &statements);
// One value as shownStatement() writes it.
QString shownLiteral(const Dialect &dialect, const QVariant &value);

} // namespace lockcore
