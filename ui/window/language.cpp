// SPDX-License-Identifier: GPL-3.0-or-later
#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace ui {

namespace language {

namespace {

QTranslator *appTranslator()
{
    static QTranslator *translator = new QTranslator(QCoreApplication::instance());
    return translator;
}

QTranslator *qtTranslator()
{
    static QTranslator *translator = new QTranslator(QCoreApplication::instance());
    return translator;
}

QString &currentCode()
{
    static QString code = u"en"_s;
    return code;
}

} // namespace

QStringList available()
{
    return {u"en"_s, u"zh_CN"_s};
}

QString displayName(const QString &code)
{
    if (code == u"zh_CN")
        return u"\u7b80\u4f53\u4e2d\u6587"_s; // 简体中文
    return u"English"_s;
}

QString systemDefault()
{
    const QLocale locale;
    if (locale.language() == QLocale::Chinese)
        return u"zh_CN"_s;
    return u"en"_s;
}

bool apply(const QString &code)
{
    QCoreApplication::removeTranslator(appTranslator());
    QCoreApplication::removeTranslator(qtTranslator());
    currentCode() = u"en"_s;
    // Numbers, durations and dates follow the chosen language, not the system's locale.
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    if (code == u"en") {
        // English is the source language; its file has only the plural forms ("1 lock").
        if (appTranslator()->load(u":/i18n/lockscope_en.qm"_s))
            QCoreApplication::installTranslator(appTranslator());
        return true;
    }
    if (!available().contains(code))
        return false;
    if (!appTranslator()->load(u":/i18n/lockscope_"_s + code + u".qm"_s))
        return false;
    QCoreApplication::installTranslator(appTranslator());
    // Qt's own strings (standard buttons, context menus), from Debian's qt6-translations-l10n.
    if (qtTranslator()->load(u"qtbase_"_s + code,
                             QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qtTranslator());
    currentCode() = code;
    QLocale::setDefault(QLocale(code));
    return true;
}

QString current()
{
    return currentCode();
}

} // namespace language

} // namespace ui
