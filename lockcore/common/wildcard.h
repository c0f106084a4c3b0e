// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QChar>
#include <QRegularExpression>
#include <QString>

namespace lockcore {

// A wildcard over a whole text as a regular expression: `anyText` matches any run of
// characters (line breaks too), `oneChar` any one character, everything else itself. The
// glob of the exporter's --include and the long-hold rules (`*`, `?`), a LIKE pattern (`%`, `_`).
QRegularExpression wildcardExpression(const QString &wildcard, QChar anyText, QChar oneChar,
                                      QRegularExpression::PatternOptions options = {});

} // namespace lockcore
