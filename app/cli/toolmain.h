// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace cli {

// The main() of a command-line tool: a QCoreApplication named `name` on a copy of the
// arguments, the originals (what `ps` shows) with their passwords blanked out, lockcore's log
// lines prefixed with the name like the tool's own, Qt's own messages (its drivers' warnings)
// dropped; then `run(arguments)`, whose result is the exit code, with the arguments exactly as
// given (argumentsAsText: one that is not valid UTF-8 is a usage error, exit code 2, and
// nothing runs).
int toolMain(int argc, char **argv, const QString &name, int (*run)(const QStringList &));

} // namespace cli
