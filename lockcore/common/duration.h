#pragma once

#include "result.h"

#include <QString>

namespace lockcore {

// Durations as people type them: "500ms", "30s", "5m", "2h", "1d", combined ("1m30s"), or a bare
// number of milliseconds. Negative values and overflow are rejected.
Result<qint64> parseDurationMs(const QString &text);

// The shortest exact form: 1500 -> "1.5s", 90000 -> "1m30s", 250 -> "250ms".
QString formatDurationMs(qint64 ms);

} // namespace lockcore
