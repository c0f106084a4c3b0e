// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace ui {

// The interface language: English (the source) or Chinese. Installs the application's and
// Qt's own translations; widgets retranslate on QEvent::LanguageChange.
namespace language {

QStringList available();                // "en", "zh_CN"
QString displayName(const QString &code); // in its own language: "English", "简体中文"
QString systemDefault();                // from the system locale, one of available()
bool apply(const QString &code);        // false: no translation found for it
QString current();

} // namespace language

} // namespace ui
