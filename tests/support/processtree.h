// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QSet>

namespace testsupport {

// The processes whose parent is one of `parents`, as /proc/<pid>/stat says.
QList<qint64> childProcesses(const QSet<qint64> &parents);

// The command line of a process as /proc/<pid>/cmdline holds it (each argument ended by a NUL
// byte); empty when the process is gone or a zombie.
QByteArray commandLine(qint64 pid);

// The state letter /proc/<pid>/stat gives ('T': stopped, 'Z': a zombie); '?' when it is gone.
char processState(qint64 pid);

// The processes still running (not zombies) whose command line contains `marker`: a test's
// processes, wherever they went in the process tree.
QList<qint64> processesMarked(const QByteArray &marker);
// Kills them (SIGKILL): a test's clean-up, whatever the test found.
void killProcessesMarked(const QByteArray &marker);

} // namespace testsupport
