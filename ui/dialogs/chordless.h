// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QPushButton;

namespace ui {

// No key chord confirms a destructive action: the admin moves to its button (Tab, then Space)
// or clicks it. A translation cannot give it back a mnemonic either: the text is stripped of it
// when the button is made.

// `text` without its mnemonic: "&Force release" -> "Force release", the Chinese form
// "强制释放(&F)" -> "强制释放"; "&&" (a literal ampersand) -> "&".
QString withoutMnemonic(const QString &text);
// A confirm button no chord presses: its text without mnemonic, neither default nor
// auto-default (a focused auto-default button is pressed by Enter wherever the focus came from).
void makeChordless(QPushButton *button, const QString &text);

} // namespace ui
