// SPDX-License-Identifier: Apache-2.0
#include "validation.h"

#include "duration.h"
#include "tr.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// Characters that are there but cannot be seen, or that stand for bytes lost in a conversion:
// a name with one looks like another name and is a different lock, or stands for several.
// Format characters (Unicode category Cf: the byte order mark U+FEFF, zero-width spaces,
// direction marks and overrides, the soft hyphen), line and paragraph separators, and U+FFFD.
// The zero-width (non-)joiner, U+200C and U+200D, are allowed: words of some scripts and
// emoji sequences need them.
bool isInvisible(char16_t u, QChar::Category category)
{
    if (u == 0x200c || u == 0x200d)
        return false;
    return u == 0xfffd || category == QChar::Other_Format || category == QChar::Separator_Line
           || category == QChar::Separator_Paragraph;
}

Error controlCharacter(QChar c, qsizetype position, const QString &what)
{
    return Error::invalidInput(Tr::tr("The %1 contains a control character (code %2) at "
                                      "position %3; tabs, newlines and NUL are not allowed.")
                                   .arg(what)
                                   .arg(c.unicode())
                                   .arg(position));
}

// Why `c`, at `position` (in characters, from 1), makes the text unusable.
Error invisibleCharacter(QChar c, qsizetype position, const QString &what)
{
    if (c.unicode() == 0xfffd)
        return Error::invalidInput(
            Tr::tr("The %1 contains U+FFFD, the replacement character, at position %2: it "
                   "stands for bytes that were not valid UTF-8, so names whose bytes differ "
                   "there would be one lock. Give it as valid UTF-8 text.")
                .arg(what)
                .arg(position));
    if (c.unicode() == 0xfeff)
        return Error::invalidInput(
            Tr::tr("The %1 contains U+FEFF, an invisible byte order mark, at position %2: it "
                   "would look the same without it and be another. Remove it.")
                .arg(what)
                .arg(position));
    const QString code
        = u"U+"_s + QString::number(c.unicode(), 16).toUpper().rightJustified(4, u'0');
    return Error::invalidInput(
        Tr::tr("The %1 contains the invisible character %2 (a format or separator character) "
               "at position %3: it would look the same without it and be another. Remove it.")
            .arg(what, code)
            .arg(position));
}

// Below U+0300 every character is its own composed form and none combines with the one before:
// most names need no normalization to be checked.
bool mayBeDecomposed(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() >= 0x300; });
}

// The first character of `composed` (the NFC form of `text`) that `text` writes otherwise, as
// "U+00E9 at position 4" (in characters, from 1).
QString firstComposedCharacter(const QString &text, const QString &composed)
{
    qsizetype i = 0;
    while (i < composed.size() && i < text.size() && composed.at(i) == text.at(i))
        ++i;
    i = qMin(i, composed.size() - 1);
    if (i > 0 && composed.at(i).isLowSurrogate()) // (the pair's first half matched)
        --i;
    const QStringView before = QStringView(composed).left(i);
    const qsizetype position = 1 + std::count_if(before.begin(), before.end(), [](QChar c) {
                                       return !c.isLowSurrogate();
                                   });
    const char32_t code = QStringView(composed).mid(i).toUcs4().value(0);
    return Tr::tr("U+%1 at position %2")
        .arg(QString::number(code, 16).toUpper().rightJustified(4, u'0'))
        .arg(position);
}

// Why `text` (valid, without control characters) is refused: it is not in NFC, so another
// spelling that looks the same would be another row.
Error notComposed(const QString &text, const QString &composed, bool isHolder)
{
    const QString where = firstComposedCharacter(text, composed);
    if (isHolder)
        return Error::invalidInput(
            Tr::tr("The holder id is not in composed Unicode form (NFC); write \"%1\" (%2) "
                   "instead, so that one id means one holder.")
                .arg(composed, where));
    return Error::invalidInput(
        Tr::tr("The lock name is not in composed Unicode form (NFC); write \"%1\" (%2) "
               "instead, so that one name means one lock.")
            .arg(composed, where));
}

// Text that every supported database stores and compares exactly, and that people can read:
// valid UTF-16, no control characters (NUL cannot be stored by PostgreSQL; newlines and
// escapes garble logs and terminals), no invisible ones (isInvisible). `what` names the text in
// a message; called only when there is one to write (translating costs more than checking a
// short name).
Status validateText(const QString &text, QString (*what)(), int maxChars, bool allowEmpty)
{
    if (text.isEmpty()) {
        if (allowEmpty)
            return {};
        return Error::invalidInput(Tr::tr("The %1 is empty.").arg(what()));
    }
    if (!text.isValidUtf16())
        return Error::invalidInput(Tr::tr("The %1 is not valid Unicode text.").arg(what()));
    qsizetype codePoints = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (!c.isLowSurrogate())
            ++codePoints;
        // (Below 0x80 the control characters are 0x00-0x1F and 0x7F: no table look-up.)
        const char16_t u = c.unicode();
        const QChar::Category category = u < 0x80 ? QChar::Other_NotAssigned : c.category();
        if (u < 0x80 ? (u < 0x20 || u == 0x7f) : category == QChar::Other_Control)
            return controlCharacter(c, codePoints, what());
        if (u >= 0x80 && isInvisible(u, category))
            return invisibleCharacter(c, codePoints, what());
    }
    if (codePoints > maxChars)
        return Error::invalidInput(Tr::tr("The %1 is %2 characters long; the limit is %3.")
                                       .arg(what())
                                       .arg(codePoints)
                                       .arg(maxChars));
    if (text.front().isSpace() || text.back().isSpace()) // (QString::trimmed's white space)
        return Error::invalidInput(
            Tr::tr("The %1 starts or ends with white space, which some databases ignore when "
                   "comparing; remove it.")
                .arg(what()));
    return {};
}

bool isIdentifier(QStringView part)
{
    if (part.isEmpty())
        return false;
    for (qsizetype i = 0; i < part.size(); ++i) {
        const char16_t c = part[i].unicode();
        const bool letter = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'_';
        const bool digit = c >= u'0' && c <= u'9';
        if (!(letter || (digit && i > 0)))
            return false;
    }
    return true;
}

} // namespace

Status validateStoredLockName(const QString &name)
{
    return validateText(name, [] { return Tr::tr("lock name"); }, limits::maxNameChars, false);
}

Status validateStoredHolder(const QString &holder)
{
    return validateText(holder, [] { return Tr::tr("holder id"); }, limits::maxNameChars, false);
}

Status validateLockName(const QString &name)
{
    if (Status valid = validateStoredLockName(name); !valid)
        return valid;
    if (!mayBeDecomposed(name))
        return {};
    const QString composed = name.normalized(QString::NormalizationForm_C);
    return composed == name ? Status() : Status(notComposed(name, composed, false));
}

Status validateHolder(const QString &holder)
{
    if (Status valid = validateStoredHolder(holder); !valid)
        return valid;
    if (!mayBeDecomposed(holder))
        return {};
    const QString composed = holder.normalized(QString::NormalizationForm_C);
    return composed == holder ? Status() : Status(notComposed(holder, composed, true));
}

Status validateDescription(const QString &text, const QString &what)
{
    if (text.isEmpty())
        return {};
    if (!text.isValidUtf16())
        return Error::invalidInput(Tr::tr("The %1 is not valid Unicode text.").arg(what));
    // Code points, like names: the columns are sized in characters, not UTF-16 units.
    qsizetype codePoints = 0;
    for (const QChar c : text)
        codePoints += c.isLowSurrogate() ? 0 : 1;
    if (codePoints > limits::maxDescriptionChars)
        return Error::invalidInput(Tr::tr("The %1 is %2 characters long; the limit is %3.")
                                       .arg(what)
                                       .arg(codePoints)
                                       .arg(limits::maxDescriptionChars));
    if (text.contains(QChar(0)))
        return Error::invalidInput(Tr::tr("The %1 contains a NUL character.").arg(what));
    return {};
}

Status validateTtl(qint64 ttlMs)
{
    if (ttlMs < limits::minTtlMs)
        return Error::invalidInput(
            Tr::tr("The lease time (TTL) must be at least 1 ms; got %1 ms.").arg(ttlMs));
    if (ttlMs > limits::maxTtlMs)
        return Error::invalidInput(
            Tr::tr("The lease time (TTL) %1 is longer than the limit of %2; a job that runs "
                   "longer should renew its lease.")
                .arg(formatDurationMs(ttlMs), formatDurationMs(limits::maxTtlMs)));
    return {};
}

Status validateTableName(const QString &table)
{
    const QStringList parts = table.split(u'.');
    bool valid = parts.size() <= 2 && table.size() <= limits::maxTableChars * 2 + 1;
    for (const QString &part : parts)
        valid = valid && isIdentifier(part);
    if (valid && parts.constLast().size() > limits::maxTableChars)
        valid = false;
    if (!valid)
        return Error::invalidInput(
            Tr::tr("\"%1\" is not a valid table name: use letters, digits and underscores "
                   "(not starting with a digit, at most %2 characters), optionally prefixed "
                   "by a schema name and a dot.")
                .arg(table.left(80))
                .arg(limits::maxTableChars));
    return {};
}

Status validateTimeZoneName(const QString &zone)
{
    bool valid = zone.size() <= 64;
    for (const QChar c : zone) {
        const char16_t u = c.unicode();
        valid = valid
                && ((u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9')
                    || u == u'/' || u == u'_' || u == u'+' || u == u'-' || u == u':');
    }
    if (!valid)
        return Error::invalidInput(
            Tr::tr("\"%1\" is not a time zone: give a name such as Asia/Shanghai or UTC, or an "
                   "offset such as +08:00.")
                .arg(zone.left(80)));
    return {};
}

QString truncatedToCodePoints(const QString &text, int maxCodePoints)
{
    int codePoints = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i).isLowSurrogate())
            continue;
        if (++codePoints > maxCodePoints)
            return text.left(i);
    }
    return text;
}

} // namespace lockcore
