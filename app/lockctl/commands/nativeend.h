// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <optional>

namespace lockctl {

class Invocation;

// lockctl cancel PID and lockctl terminate PID without --expect-lock: end a session's statement
// or the session itself, whatever lock it holds or waits for, guarded by --expect-session.

// The one PID argument of cancel and terminate; nullopt after reporting a usage error (whose
// exit code is in *exitCode).
std::optional<qint64> pidArgument(const Invocation &invocation, int *exitCode);
// Asks on the terminal; true only for a "y" or "yes".
bool confirmOnTerminal(const QString &question);
// Without --yes, stdin must be a terminal to ask on: else a usage error (its exit code), or 0.
int needsConfirmation(const Invocation &invocation, const QString &yesMeans);

// --reason, --expect-session, --allow-lockscope-session (terminate adds --expect-lock).
QList<QCommandLineOption> endSessionOptions();
// Ends the statement (cancel = true) or the session PID. Exit code 0 done, 1 refused (it is not
// the session --expect-session names, it ended, it is Lockscope's own), 2 usage, 3 failed.
int runEndSession(Invocation &invocation, bool cancel);

} // namespace lockctl
