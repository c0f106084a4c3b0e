// SPDX-License-Identifier: Apache-2.0
#include "shellquote.h"

using namespace Qt::StringLiterals;

namespace lockcore {

QString shellQuote(const QString &word)
{
    bool safe = !word.isEmpty();
    for (const QChar c : word) {
        const bool plain = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z')
                           || (c >= u'0' && c <= u'9') || QStringView(u"@%+=:,./_-").contains(c);
        safe = safe && plain;
    }
    if (safe)
        return word;
    QString quoted = word;
    quoted.replace(u'\'', u"'\\''"_s);
    return u'\'' + quoted + u'\'';
}

} // namespace lockcore
