#pragma once

#include <QString>

// A word as a POSIX shell reads it back unchanged: as it is when it holds only characters no
// shell treats specially, else in single quotes (a quote inside as '\''). The same rule as
// lockctl's own hints, so that a command copied from the window reads like one lockctl prints.
QString shellQuote(const QString &word);
