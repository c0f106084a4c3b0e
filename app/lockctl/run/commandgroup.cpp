// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandgroup.h"

#include "procscan.h"

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

namespace lockctl {

namespace {

// The command's processes below lockctl that still run, the leader left out.
QList<ProcessEntry> runningBelow(qint64 self, qint64 leader, const QSet<qint64> &notOurs)
{
    QList<ProcessEntry> running;
    for (const ProcessEntry &entry : descendantsOf(self, scanProcesses())) {
        if (entry.pid != leader && !notOurs.contains(entry.pid) && !entry.ended())
            running << entry;
    }
    return running;
}

} // namespace

bool CommandGroup::becomeSubreaper()
{
#ifdef Q_OS_LINUX
    return ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
#else
    return false;
#endif
}

CommandGroup::CommandGroup(qint64 leader, const QSet<qint64> &notOurs)
    : m_leader(leader)
    , m_notOurs(notOurs)
{}

int CommandGroup::remaining() const
{
    return int(runningBelow(::getpid(), m_leader, m_notOurs).size());
}

void CommandGroup::signal(int signalNumber) const
{
    ::kill(-pid_t(m_leader), signalNumber); // ESRCH once the group is empty
    for (const ProcessEntry &entry : runningBelow(::getpid(), m_leader, m_notOurs)) {
        if (entry.pgid != m_leader) // the group had it already
            ::kill(pid_t(entry.pid), signalNumber);
    }
}

void CommandGroup::reapOrphans() const
{
    const qint64 self = ::getpid();
    for (const ProcessEntry &entry : scanProcesses()) {
        if (entry.ppid == self && entry.ended() && entry.pid != m_leader
            && !m_notOurs.contains(entry.pid))
            ::waitpid(pid_t(entry.pid), nullptr, WNOHANG);
    }
}

bool CommandGroup::anyStopped() const
{
    for (const ProcessEntry &entry : scanProcesses()) {
        if (entry.pgid == m_leader && entry.state == 'T')
            return true;
    }
    return false;
}

} // namespace lockctl
