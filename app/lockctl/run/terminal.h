// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace lockctl {

// The command of "lockctl run" runs in a process group of its own. When lockctl runs in the
// foreground of a terminal, the command's group takes the terminal's foreground, as a shell
// gives it to a job: Ctrl-C reaches the command's processes (lockctl, in the background, gets
// nothing from the keyboard) and the command can read the terminal. lockctl takes the
// foreground back once the command ended.

// The descriptor (stdin, stdout or stderr) of a terminal whose foreground is lockctl's process
// group; -1 when there is none.
int foregroundTerminal();
// In the command's process, between fork and exec (async-signal-safe): its group takes `fd`'s
// foreground.
void takeForeground(int fd);
// In lockctl, once the command ended or stopped: lockctl's group takes `fd`'s foreground back.
void takeForegroundBack(int fd);
// In lockctl, when it resumes a stopped command: the command's group `group` takes it again.
void giveForeground(int fd, long long group);

} // namespace lockctl
