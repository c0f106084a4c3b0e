// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the validators that guard every name before it reaches SQL
// (validateLockName, validateHolder, validateTableName, validateTimeZoneName, validateDescription).
// Properties: no crash; a refusal is a clear InvalidInput error; what is accepted keeps the
// documented rules (so a Dialect may quote it and a statement may bind it; a name has nothing
// invisible in it).

#include "fuzzcheck.h"

#include "validation.h"

#include <QStringList>
#include <cstring>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace {

qsizetype codePoints(const QString &text)
{
    qsizetype count = 0;
    for (const QChar c : text)
        count += c.isLowSurrogate() ? 0 : 1;
    return count;
}

void checkName(const QString &name, const Status &status, const char *what)
{
    if (!status) {
        fuzz::checkClearError(status.error(), what);
        return;
    }
    fuzz::check(!name.isEmpty() && name.isValidUtf16(), what, name);
    fuzz::check(codePoints(name) <= limits::maxNameChars, what, name);
    fuzz::check(name.trimmed() == name, what, name);
    for (const QChar c : name) {
        fuzz::check(c.category() != QChar::Other_Control, what, name);
        // Nothing invisible (but the zero-width joiners), nor U+FFFD.
        const char16_t u = c.unicode();
        const QChar::Category category = c.category();
        const bool invisible = category == QChar::Other_Format
                               || category == QChar::Separator_Line
                               || category == QChar::Separator_Paragraph;
        fuzz::check(u != 0xfffd && (!invisible || u == 0x200c || u == 0x200d), what, name);
    }
}

bool isIdentifierChar(QChar c, bool first)
{
    const char16_t u = c.unicode();
    return (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || u == u'_'
           || (!first && u >= u'0' && u <= u'9');
}

void checkTable(const QString &table)
{
    const Status status = validateTableName(table);
    if (!status) {
        fuzz::checkClearError(status.error(), "table name refused without a clear error");
        return;
    }
    const QStringList parts = table.split(u'.');
    fuzz::check(parts.size() <= 2, "accepted table name with more than two parts", table);
    fuzz::check(parts.constLast().size() <= limits::maxTableChars, "accepted long table", table);
    for (const QString &part : parts) {
        fuzz::check(!part.isEmpty(), "accepted table name with an empty part", table);
        for (qsizetype i = 0; i < part.size(); ++i)
            fuzz::check(isIdentifierChar(part.at(i), i == 0), "accepted table name", table);
    }
}

void checkTimeZone(const QString &zone)
{
    const Status status = validateTimeZoneName(zone);
    if (!status) {
        fuzz::checkClearError(status.error(), "time zone refused without a clear error");
        return;
    }
    fuzz::check(zone.size() <= 64, "accepted long time zone", zone);
    for (const QChar c : zone)
        fuzz::check(isIdentifierChar(c, false) || QStringView(u"/+-:").contains(c),
                    "accepted time zone character", zone);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = fuzz::text(data, size);
    // Also the raw bytes as UTF-16 units, which reach the validators from the GUI unchanged
    // (lone surrogates included).
    QString units(qsizetype(size / 2), Qt::Uninitialized);
    std::memcpy(units.data(), data, size_t(units.size()) * sizeof(QChar)); // data is unaligned
    for (const QString &input : {text, units}) {
        checkName(input, validateLockName(input), "lock name");
        checkName(input, validateHolder(input), "holder id");
        checkTable(input);
        checkTimeZone(input);
        const Status description = validateDescription(input, u"reason"_s);
        if (!description)
            fuzz::checkClearError(description.error(), "description");
        else
            fuzz::check(!input.contains(QChar(0)) && input.isValidUtf16(), "description", input);
        const QString cut = truncatedToCodePoints(input, 7);
        fuzz::check(input.startsWith(cut), "truncation is not a prefix", cut);
        fuzz::check(cut.isEmpty() || cut.size() == input.size() || !cut.back().isHighSurrogate()
                        || !input.at(cut.size()).isLowSurrogate(),
                    "truncation splits a surrogate pair", cut);
        fuzz::check(codePoints(cut) <= 7, "truncation keeps too much", cut);
    }
    return 0;
}
