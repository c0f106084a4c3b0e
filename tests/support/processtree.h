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

} // namespace testsupport
