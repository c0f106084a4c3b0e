// SPDX-License-Identifier: GPL-3.0-or-later
#include "userguidedialog.h"

#include "language.h"

#include <QCoreApplication>
#include <QDialog>
#include <QFile>
#include <QTextBrowser>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

QString guideText()
{
    const QString chinese = u":/docs/user-guide.zh_CN.md"_s;
    QFile file(language::current().startsWith(u"zh"_s) && QFile::exists(chinese)
                   ? chinese
                   : u":/docs/user-guide.md"_s);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace

void showUserGuide(QWidget *parent)
{
    auto *dialog = new QDialog(parent);
    dialog->setObjectName(u"userGuide"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(QCoreApplication::translate("UserGuide", "User guide"));
    auto *text = new QTextBrowser(dialog);
    text->setObjectName(u"userGuideText"_s);
    text->setOpenExternalLinks(true);
    text->setMarkdown(guideText());
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    dialog->resize(720, 640);
    dialog->show();
}

} // namespace ui
