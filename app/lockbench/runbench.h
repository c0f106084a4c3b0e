// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchoptions.h"

namespace cli {
class Output;
struct CommonSettings;
} // namespace cli

namespace lockbench {

// Connects, measures every protocol of `settings` and reports; the bench's tables are dropped
// at the end (unless --keep-tables), also after Ctrl-C. Returns the exit code: 1 when a
// violation was observed.
int runBench(const BenchSettings &settings, const cli::CommonSettings &common, cli::Output &out);

} // namespace lockbench
