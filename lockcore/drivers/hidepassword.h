// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace lockcore {

// Overwrites, in the process's own argument strings, the password of every argument that holds
// a URL with one ("--db=postgresql://user:secret@host/db" or the argument after "--db"), so
// that `ps` and /proc/<pid>/cmdline show "user:xxxxxx@" instead. Call it after the arguments
// were copied (Q(Core)Application gets the copy); the password is visible only until then. lockctl and lockscope do it first thing in main().
void hidePasswordsInArguments(int argc, char **argv);

} // namespace lockcore
