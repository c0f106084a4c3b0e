// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace cli {

// True when stdin is a terminal a person can type a password into.
bool canPromptForPassword();
// Shows `prompt` on stderr and reads one line from the terminal without echo. Returns false
// when nothing could be read (end of input, no terminal). A signal during the prompt restores
// the terminal before the process ends.
bool promptForPassword(const QString &prompt, QString *password);

} // namespace cli
