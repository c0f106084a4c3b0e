// SPDX-License-Identifier: GPL-3.0-or-later
#include "arguments.h"

#include "clitr.h"

#include <QStringDecoder>

using namespace Qt::StringLiterals;

namespace cli {

namespace {

// How many bytes the sequence led by `lead` has (0: not a lead byte), and the range its second
// byte must be in (the narrower ranges exclude overlong forms, surrogates and > U+10FFFF).
struct Lead
{
    int length = 0;
    uchar low = 0x80;
    uchar high = 0xbf;
};

Lead leadOf(uchar lead)
{
    if (lead < 0x80)
        return {1};
    if (lead >= 0xc2 && lead <= 0xdf)
        return {2};
    if (lead >= 0xe0 && lead <= 0xef)
        return {3, uchar(lead == 0xe0 ? 0xa0 : 0x80), uchar(lead == 0xed ? 0x9f : 0xbf)};
    if (lead >= 0xf0 && lead <= 0xf4)
        return {4, uchar(lead == 0xf0 ? 0x90 : 0x80), uchar(lead == 0xf4 ? 0x8f : 0xbf)};
    return {};
}

} // namespace

qsizetype firstInvalidUtf8Byte(QByteArrayView bytes)
{
    qsizetype i = 0;
    while (i < bytes.size()) {
        const Lead lead = leadOf(uchar(bytes[i]));
        if (lead.length == 0)
            return i;
        for (int k = 1; k < lead.length; ++k) {
            if (i + k >= bytes.size()) // cut short
                return i;
            const uchar next = uchar(bytes[i + k]);
            const uchar low = k == 1 ? lead.low : 0x80;
            const uchar high = k == 1 ? lead.high : 0xbf;
            if (next < low || next > high)
                return i + k;
        }
        i += lead.length;
    }
    return -1;
}

namespace {

// Argument `index` is not UTF-8; `bad` is where (-1: only the decoder saw it).
lockcore::Error notUtf8(size_t index, const QByteArray &bytes, qsizetype bad)
{
    const QString at = bad < 0 ? QString()
                               : Tr::tr(" (byte %1 of it, 0x%2)")
                                     .arg(bad + 1)
                                     .arg(uint(uchar(bytes[bad])), 2, 16, QChar(u'0'));
    return lockcore::Error::invalidInput(
        Tr::tr("Argument %1 is not valid UTF-8 text%2. Arguments are read as UTF-8 and kept as "
               "given: a lock name whose bytes are not UTF-8 would stand for other names too. "
               "Nothing was done.")
            .arg(index)
            .arg(at));
}

} // namespace

lockcore::Result<QStringList> argumentsAsText(const std::vector<QByteArray> &arguments)
{
    QStringList text;
    // The program's own path is only shown: whatever its bytes, it names no lock.
    if (!arguments.empty())
        text << QString::fromLocal8Bit(arguments.front());
    for (size_t i = 1; i < arguments.size(); ++i) {
        QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless
                                                      | QStringDecoder::Flag::ConvertInitialBom);
        QString argument = utf8.decode(arguments[i]);
        const qsizetype bad = firstInvalidUtf8Byte(arguments[i]);
        if (utf8.hasError() || bad >= 0)
            return notUtf8(i, arguments[i], bad);
        text << argument;
    }
    return text;
}

} // namespace cli
