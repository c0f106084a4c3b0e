// SPDX-License-Identifier: GPL-3.0-or-later
#include "chordless.h"

#include <QPushButton>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ui {

QString withoutMnemonic(const QString &text)
{
    // The mnemonic that Chinese and Japanese texts append: "(&F)", with full-width brackets too.
    static const QRegularExpression appended(u"\\s*[(\uff08]&[^&\\s][)\uff09]"_s);
    QString stripped = text;
    stripped.remove(appended);
    QString out;
    out.reserve(stripped.size());
    for (qsizetype i = 0; i < stripped.size(); ++i) {
        if (stripped.at(i) != u'&')
            out += stripped.at(i);
        else if (i + 1 < stripped.size() && stripped.at(i + 1) == u'&')
            out += stripped.at(++i); // "&&": the ampersand itself
    }
    return out;
}

void makeChordless(QPushButton *button, const QString &text)
{
    button->setText(withoutMnemonic(text));
    button->setAutoDefault(false);
    button->setDefault(false);
}

} // namespace ui
