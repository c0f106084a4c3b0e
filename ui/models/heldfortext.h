// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QtGlobal>

// How long the current holder has held a lock, as the lock table's "Held for" column says it:
// rounded down (an age: "59 s" until the minute is full) to the second under a minute, to the
// minute under a day, to the hour beyond, and said by durationText ("12 min", "2 h 5 min").

namespace ui {

// The value the text is made from; two ages show the same text exactly when they round to the
// same value (the countdown repaints a cell only when it changes).
qint64 roundedHeldMs(qint64 ms);
// The text; ms < 0 (a clock behind the grant) counts as 0.
QString formatHeldMs(qint64 ms);

} // namespace ui
