// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"

#include <QString>

namespace lockcore {

// Durations as people type them: "500ms", "30s", "5m", "2h", "1d", combined from the largest
// unit down, each unit once ("1m30s"), with decimals ("1.5s"). A number without a unit is
// refused (is "5" five milliseconds or five seconds?), except "0", which is the same in every
// unit. Negative values and overflow are refused. `what` names the option or field in the error
// ("--ttl", "\"lease\""); without it the error quotes the text.
Result<qint64> parseDurationMs(const QString &text, const QString &what = QString());

// The shortest exact form: 1500 -> "1.5s", 90000 -> "1m30s", 250 -> "250ms".
QString formatDurationMs(qint64 ms);

} // namespace lockcore
