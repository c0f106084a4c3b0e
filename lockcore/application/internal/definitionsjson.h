// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lockdefinition.h"
#include "result.h"

#include <QByteArray>
#include <QList>

namespace lockcore {

// The definitions file's JSON read into definitions, in the file's order, the values not yet
// validated (LockDefinitions::add does that). Refused: text that is not JSON (with its line and
// column), a shape other than {"locks": [...]}, a key the format does not have, a value of the
// wrong type; each error names `source` and the entry.
Result<QList<LockDefinition>> readDefinitionsJson(const QByteArray &json, const QString &source);

} // namespace lockcore
