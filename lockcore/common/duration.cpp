// SPDX-License-Identifier: Apache-2.0
#include "duration.h"

#include "tr.h"

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

qint64 unitMs(QStringView unit, bool *ok)
{
    *ok = true;
    if (unit == u"ms")
        return 1;
    if (unit == u"s")
        return 1000;
    if (unit == u"m" || unit == u"min")
        return 60 * 1000;
    if (unit == u"h")
        return 60 * 60 * 1000;
    if (unit == u"d")
        return 24 * 60 * 60 * 1000;
    *ok = false;
    return 0;
}

// `message` about `what`, the option or field, where the caller named it.
Error durationError(const QString &what, const QString &message)
{
    return Error::invalidInput(what.isEmpty() ? message : what + u": "_s + message);
}

Error badDuration(const QString &text, const QString &what)
{
    return durationError(
        what, Tr::tr("\"%1\" is not a duration: use a number with a unit, such as 500ms, 30s, "
                     "5m, 2h or 1d.")
                  .arg(text.left(40)));
}

Error needsUnit(const QString &text, const QString &what)
{
    if (what.isEmpty())
        return Error::invalidInput(
            Tr::tr("\"%1\" needs a unit: 5s, 500ms, 2m, 1h (a number alone is not read as "
                   "milliseconds or seconds).")
                .arg(text.left(40)));
    return Error::invalidInput(Tr::tr("%1 needs a unit: 5s, 500ms, 2m, 1h (a number alone, "
                                      "\"%2\", is not read as milliseconds or seconds).")
                                   .arg(what, text.left(40)));
}

Error unitsOutOfOrder(const QString &text, const QString &what)
{
    return durationError(what, Tr::tr("\"%1\" is not a duration: give each unit once, from the "
                                      "largest down, such as 1h30m or 1m30s.")
                                   .arg(text.left(40)));
}

// Digits and dots only: a number someone meant in some unit they did not write.
bool isBareNumber(const QString &text)
{
    return std::all_of(text.begin(), text.end(),
                       [](QChar c) { return c.isDigit() || c == u'.'; });
}

} // namespace

Result<qint64> parseDurationMs(const QString &input, const QString &what)
{
    const QString text = input.trimmed();
    if (text.isEmpty() || text.size() > 40)
        return badDuration(input, what);

    if (isBareNumber(text)) {
        bool isNumber = false;
        const double number = text.toDouble(&isNumber);
        if (!isNumber)
            return badDuration(input, what);
        if (number == 0) // the same in every unit
            return qint64(0);
        return needsUnit(text, what);
    }

    qint64 total = 0;
    qint64 previousFactor = std::numeric_limits<qint64>::max();
    qsizetype i = 0;
    while (i < text.size()) {
        const qsizetype numberStart = i;
        while (i < text.size() && (text[i].isDigit() || text[i] == u'.'))
            ++i;
        const qsizetype unitStart = i;
        while (i < text.size() && text[i].isLetter())
            ++i;
        if (numberStart == unitStart || unitStart == i)
            return badDuration(input, what);
        bool numberOk = false;
        const double number = QStringView(text).mid(numberStart, unitStart - numberStart)
                                  .toDouble(&numberOk);
        bool unitOk = false;
        const qint64 factor = unitMs(QStringView(text).mid(unitStart, i - unitStart), &unitOk);
        if (!numberOk || !unitOk || number < 0)
            return badDuration(input, what);
        // "1h1h" or "5s1m": a slip of the keyboard more likely than a sum someone meant.
        if (factor >= previousFactor)
            return unitsOutOfOrder(input, what);
        previousFactor = factor;
        const double ms = number * double(factor);
        if (ms > double(std::numeric_limits<qint64>::max() / 2) - double(total))
            return badDuration(input, what);
        total += qint64(ms + 0.5);
    }
    return total;
}

QString formatDurationMs(qint64 ms)
{
    if (ms < 0)
        return u'-' + formatDurationMs(-ms);
    if (ms < 1000)
        return QString::number(ms) + u"ms"_s;
    if (ms < 60 * 1000) {
        if (ms % 1000 == 0)
            return QString::number(ms / 1000) + u's';
        QString seconds = QString::number(double(ms) / 1000.0, 'f', 3);
        while (seconds.endsWith(u'0'))
            seconds.chop(1);
        return seconds + u's';
    }
    QString out;
    qint64 rest = ms;
    const struct { qint64 size; char16_t unit; } units[] = {
        {24LL * 3600 * 1000, u'd'}, {3600LL * 1000, u'h'}, {60LL * 1000, u'm'}, {1000, u's'}};
    for (const auto &u : units) {
        if (rest >= u.size) {
            out += QString::number(rest / u.size) + QChar(u.unit);
            rest %= u.size;
        }
    }
    if (rest > 0)
        out += QString::number(rest) + u"ms"_s;
    return out;
}

} // namespace lockcore
