// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace lockctl {

// "lockctl run --scope": the command runs in a transient systemd scope (systemd-run --scope),
// a cgroup of its own that systemd stops as a whole: what the command started, wherever it
// went in the process tree, is stopped with it (systemctl stop).

// Whether systemd manages this system (/run/systemd/system exists, as sd_booted() asks).
bool systemdRunning();
// A unit name unique to this run: lockscope-run-PID-RANDOM.scope.
QString scopeUnit();
// The command, run through systemd-run in the scope `unit` (the user's manager unless root);
// systemd gives it `killAfterMs` between SIGTERM and SIGKILL when the scope is stopped.
QStringList inScope(const QString &unit, qint64 killAfterMs, const QStringList &command);
// Stops what is left in the scope (waits up to `timeoutMs` for systemctl).
void stopScope(const QString &unit, int timeoutMs);

} // namespace lockctl
