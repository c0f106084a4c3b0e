// SPDX-License-Identifier: GPL-3.0-or-later
#include "durationtext.h"

#include <QCoreApplication>
#include <QLocale>

namespace ui {

namespace {

struct DurationTr
{
    Q_DECLARE_TR_FUNCTIONS(Duration)
};

constexpr qint64 Second = 1000;
constexpr qint64 Minute = 60 * Second;
constexpr qint64 Hour = 60 * Minute;
constexpr qint64 Day = 24 * Hour;

qint64 roundTo(qint64 ms, qint64 step)
{
    return (ms + step / 2) / step * step;
}

// Seconds to a tenth, without a trailing ".0": "17.5", "30".
QString secondsText(qint64 ms)
{
    const QLocale locale;
    return ms % Second == 0 ? locale.toString(ms / Second)
                            : locale.toString(double(ms) / Second, 'f', 1);
}

// "<big> <unit>" alone, or "<big> <unit> <small> <unit>"; the small part is dropped when zero.
// The single-unit forms are separate messages: Chinese says "1 分钟" alone but "5 分 11 秒".
QString twoUnits(const QString &alone, const QString &both, const QString &big,
                 const QString &small)
{
    return small.isEmpty() ? alone.arg(big) : both.arg(big, small);
}

QString count(qint64 n)
{
    return n == 0 ? QString() : QLocale().toString(n);
}

} // namespace

QString durationText(qint64 ms)
{
    const QLocale locale;
    ms = qMax<qint64>(0, ms);
    if (ms < Second)
        return DurationTr::tr("%1 ms").arg(locale.toString(ms));
    // Each range rounds to its own step; a value that rounds up into the next range is
    // said in that range's units ("59.96 s" is "1 min", not "60 s").
    const qint64 tenths = roundTo(ms, 100);
    if (tenths < Minute)
        return DurationTr::tr("%1 s").arg(secondsText(tenths));
    if (tenths < Hour) {
        const qint64 rest = tenths % Minute;
        return twoUnits(DurationTr::tr("%1 min"), DurationTr::tr("%1 min %2 s"),
                        locale.toString(tenths / Minute), rest ? secondsText(rest) : QString());
    }
    if (const qint64 minutes = roundTo(ms, Minute); minutes < Day) {
        return twoUnits(DurationTr::tr("%1 h"), DurationTr::tr("%1 h %2 min"),
                        locale.toString(minutes / Hour), count(minutes % Hour / Minute));
    }
    const qint64 hours = roundTo(ms, Hour);
    return twoUnits(DurationTr::tr("%1 d"), DurationTr::tr("%1 d %2 h"),
                    locale.toString(hours / Day), count(hours % Day / Hour));
}

} // namespace ui
