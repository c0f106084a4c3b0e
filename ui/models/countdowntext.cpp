// SPDX-License-Identifier: GPL-3.0-or-later
#include "countdowntext.h"

#include <QCoreApplication>
#include <QLocale>

namespace ui {

namespace {

struct CountdownTr
{
    Q_DECLARE_TR_FUNCTIONS(Countdown)
};

constexpr qint64 Minute = 60'000;
constexpr qint64 Hour = 60 * Minute;

qint64 roundUp(qint64 ms, qint64 step)
{
    return (ms + step - 1) / step * step;
}

} // namespace

qint64 roundedRemainingMs(qint64 ms)
{
    if (ms <= 0)
        return 0;
    if (const qint64 tenths = roundUp(ms, 100); tenths < Minute)
        return tenths;
    if (const qint64 seconds = roundUp(ms, 1000); seconds < Hour)
        return seconds;
    return roundUp(ms, Minute);
}

QString formatRemainingMs(qint64 ms)
{
    const qint64 rounded = roundedRemainingMs(ms);
    if (rounded <= 0)
        return {};
    if (rounded < Minute)
        return CountdownTr::tr("%1 s").arg(QLocale().toString(double(rounded) / 1000.0, 'f', 1));
    if (rounded < Hour) {
        return CountdownTr::tr("%1 min %2 s")
            .arg(rounded / Minute)
            .arg((rounded % Minute) / 1000, 2, 10, QLatin1Char('0'));
    }
    return CountdownTr::tr("%1 h %2 min")
        .arg(rounded / Hour)
        .arg((rounded % Hour) / Minute, 2, 10, QLatin1Char('0'));
}

} // namespace ui
