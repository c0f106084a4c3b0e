// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

namespace lockctl {

// One process as /proc/<pid>/stat shows it.
struct ProcessEntry
{
    qint64 pid = 0;
    qint64 ppid = 0;
    qint64 pgid = 0;
    char state = '?';      // 'Z': a zombie, ended but not reaped
    quint64 startTime = 0; // in clock ticks since boot: with the pid, names one process for good
    bool ended() const { return state == 'Z' || state == 'X'; }
};

// Every process in /proc (Linux; empty elsewhere).
QList<ProcessEntry> scanProcesses();
// The processes below `root` (children, theirs, and so on), from one scan.
QList<ProcessEntry> descendantsOf(qint64 root, const QList<ProcessEntry> &all);

} // namespace lockctl
