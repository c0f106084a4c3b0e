// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSet>

namespace lockctl {

// The file descriptors open in this process (above stderr).
QSet<int> openDescriptors();

// Marks every open descriptor above stderr close-on-exec, except `inherited`: so that the
// command "lockctl run" starts gets what lockctl itself was given (a script's "3>file"), but not
// lockctl's own connection to the database (MariaDB's Connector/C leaves its socket
// inheritable), which a command, or a daemon it leaves behind, would otherwise keep open.
void closeOwnOnExec(const QSet<int> &inherited);

} // namespace lockctl
