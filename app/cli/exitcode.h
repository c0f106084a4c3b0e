// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace lockcore {
struct Error;
}

namespace cli {

// The exit status of lockctl and lockbench, for scripts.
enum ExitCode : int {
    ExitDone = 0,     // the command did what was asked
    ExitRefused = 1,  // not acquired, lost, fence moved, lock held or missing
    ExitUsage = 2,    // unknown command or option, missing or invalid argument, or a write
                      // asked of a read-only connection (--read-only, readonly=1)
    ExitDatabase = 3, // could not connect or log in, missing table, statement failed
    // "lockctl run" (which otherwise exits with its command's status, or 128 + the signal that
    // ended it, as shells do):
    ExitRunLost = 75,        // the lease was lost while the command ran (EX_TEMPFAIL: retry)
    ExitCannotExecute = 126, // the command was found but could not be run (as shells do)
    ExitNotFound = 127,      // the command was not found (as shells do)
};

int exitCodeFor(const lockcore::Error &error);

} // namespace cli
