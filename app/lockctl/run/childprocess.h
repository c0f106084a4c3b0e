// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcessEnvironment>
#include <QStringList>

#include <optional>

namespace lockctl {

// The command "lockctl run" runs: the program and its arguments, and its environment.
struct RunCommand
{
    QStringList argv; // the program first
    QProcessEnvironment environment;
};

// Why a command could not be started, with a shell's status for it: 127 not found, 126 found
// but not runnable (a directory, no execute permission, not an executable format).
struct StartFailure
{
    int status = 127;
    QString reason;
};

// How a command ended: its exit code, or the signal that ended it.
struct ChildExit
{
    int exitCode = -1; // when it exited
    int signal = 0;    // when a signal ended it
    // As a shell reports it in $?: the exit code, or 128 + the signal.
    int status() const { return signal > 0 ? 128 + signal : exitCode; }
};

// Finds the program as execvp() would (a name with a slash as it is, else on PATH): its path,
// or why it cannot be run.
std::optional<StartFailure> locateProgram(const QString &program, QString *path);

// "SIGTERM" for SIGTERM, and the other signals lockctl sends or relays.
QString signalName(int signalNumber);

} // namespace lockctl
