// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSet>

namespace lockctl {

// The whole of a command "lockctl run" started, not only its first process: the command runs in
// a process group of its own, and lockctl is a child subreaper (Linux: prctl
// PR_SET_CHILD_SUBREAPER), so that a process of the command whose parent ended becomes
// lockctl's child instead of PID 1's. Every process the command started, in its group or not
// (setsid, setpgid), stays below lockctl while lockctl lives. A signal goes to the group and to
// every such process outside it; lockctl reaps those it inherited.
class CommandGroup
{
public:
    // Makes this process a child subreaper; false where the system has no such thing.
    static bool becomeSubreaper();

    // `leader`: the command's first process, leader of its group; `notOurs`: children of lockctl
    // that are not the command's (its watcher).
    CommandGroup(qint64 leader, const QSet<qint64> &notOurs);

    // The processes of the command still running (not the leader, which lockctl waits for
    // apart): its group's and lockctl's other descendants.
    int remaining() const;
    // Sends the signal to the group and to the command's processes outside it.
    void signal(int signalNumber) const;
    // Reaps the command's processes that ended as lockctl's children (orphans it inherited).
    void reapOrphans() const;
    // Whether a process of the command's group is stopped (Ctrl-Z): the terminal stops the
    // whole group, but a shell caught inside vfork() stops only once its child has run on.
    bool anyStopped() const;

private:
    qint64 m_leader = 0;
    QSet<qint64> m_notOurs;
};

} // namespace lockctl
