// SPDX-License-Identifier: GPL-3.0-or-later
#include "heldfortext.h"

#include "durationtext.h"

namespace ui {

namespace {

constexpr qint64 Second = 1000;
constexpr qint64 Minute = 60 * Second;
constexpr qint64 Hour = 60 * Minute;
constexpr qint64 Day = 24 * Hour;

qint64 roundDown(qint64 ms, qint64 step)
{
    return ms / step * step;
}

} // namespace

qint64 roundedHeldMs(qint64 ms)
{
    ms = qMax<qint64>(0, ms);
    if (ms < Second)
        return roundDown(ms, 100);
    if (ms < Minute)
        return roundDown(ms, Second);
    if (ms < Day)
        return roundDown(ms, Minute);
    return roundDown(ms, Hour);
}

QString formatHeldMs(qint64 ms)
{
    return durationText(roundedHeldMs(ms));
}

} // namespace ui
