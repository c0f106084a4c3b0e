// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>
#include <QString>

namespace ui {

// A duration as the window says it, in the interface language and the locale's numbers:
// "250 ms", "17.5 s", "5 min 11.1 s", "1 min", "2 h 5 min", "3 d 4 h" (Chinese: "250 毫秒",
// "17.5 秒", "5 分 11.1 秒", "1 分钟", "2 小时 5 分", "3 天 4 小时"). At most two units, rounded
// to the nearest step of the smaller one. Not for fields the user types into: those keep
// lockcore::formatDurationMs, the form parseDurationMs reads (and lockctl prints).
QString durationText(qint64 ms);

} // namespace ui
