// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace lockbench {

// Parses `lockbench [options]` and runs the benchmark. Returns the exit code (exitcode.h).
int run(const QStringList &arguments);

} // namespace lockbench
