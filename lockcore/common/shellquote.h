// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace lockcore {

// A word as a POSIX shell reads it back unchanged: as it is when it holds only characters no
// shell treats specially, else in single quotes (a quote inside as '\''). For the commands
// lockctl's hints print and the window copies.
QString shellQuote(const QString &word);

} // namespace lockcore
