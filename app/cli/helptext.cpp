// SPDX-License-Identifier: GPL-3.0-or-later
#include "helptext.h"

#include "clitr.h"

#include <QCommandLineParser>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace cli {

QString wrapped(const QString &text, qsizetype width)
{
    QStringList paragraphs;
    for (const QString &paragraph : text.split(u"\n\n"_s)) {
        QString out;
        qsizetype column = 0;
        for (const QString &word : paragraph.split(u' ', Qt::SkipEmptyParts)) {
            if (column > 0 && column + 1 + word.size() > width) {
                out += u'\n';
                column = 0;
            } else if (column > 0) {
                out += u' ';
                ++column;
            }
            out += word;
            column += word.size();
        }
        paragraphs << out;
    }
    return paragraphs.join(u"\n\n"_s);
}

QCommandLineOption helpOption()
{
    return QCommandLineOption({u"h"_s, u"help"_s}, Tr::tr("Show this help."));
}

QString helpText(const QCommandLineParser &parser, const QString &usage)
{
    const QString text = parser.helpText();
    return Tr::tr("Usage: %1").arg(usage) + text.mid(text.indexOf(u'\n'));
}

} // namespace cli
