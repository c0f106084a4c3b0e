// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// The remaining time of a lease as the lock table shows it: "12.3 s" under a minute,
// "4 min 05 s" under an hour, "2 h 03 min" beyond. Rounded up, so the last tenth shows
// "0.1 s" and the countdown never shows 0 while the lease runs.

namespace ui {

// The value the text is made from: ms rounded up to the shown precision (0 for ms <= 0). Two
// times show the same text exactly when they round to the same value.
qint64 roundedRemainingMs(qint64 ms);
// The text; ms <= 0 gives an empty string (the table shows a dash for no running lease).
QString formatRemainingMs(qint64 ms);

} // namespace ui
