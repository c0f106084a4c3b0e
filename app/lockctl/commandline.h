// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace lockctl {

// Parses `lockctl [global options] COMMAND [options] [arguments]` and runs the command.
// Global options may also follow the command. Returns the exit code (see exitcode.h).
int run(const QStringList &arguments);

} // namespace lockctl
