// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>

namespace testsupport {

// The local ports of the TCP connections a process has open (/proc/<pid>/fd and
// /proc/net/tcp, tcp6): what a server sees as that client's port, to tell its sessions from
// the server's side without asking the process.
QList<quint16> localTcpPorts(qint64 pid);

} // namespace testsupport
