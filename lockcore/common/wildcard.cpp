// SPDX-License-Identifier: Apache-2.0
#include "wildcard.h"

using namespace Qt::StringLiterals;

namespace lockcore {

QRegularExpression wildcardExpression(const QString &wildcard, QChar anyText, QChar oneChar,
                                      QRegularExpression::PatternOptions options)
{
    QString pattern;
    for (const QChar c : wildcard) {
        if (c == anyText)
            pattern += u".*"_s;
        else if (c == oneChar)
            pattern += u'.';
        else
            pattern += QRegularExpression::escape(QString(c));
    }
    return QRegularExpression(QRegularExpression::anchoredPattern(pattern),
                              options | QRegularExpression::DotMatchesEverythingOption);
}

} // namespace lockcore
