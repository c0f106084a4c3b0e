// SPDX-License-Identifier: GPL-3.0-or-later
#include "supervisor.h"

#include "commandgroup.h"
#include "duration.h"
#include "lockctltr.h"
#include "output.h"
#include "scope.h"
#include "signalrelay.h"
#include "terminal.h"
#include "watcher.h"

#include <QDeadlineTimer>
#include <QThread>

#include <csignal>
#include <unistd.h>

namespace lockctl {

namespace {

constexpr int pollMs = 20;        // how quickly a signal, a lost lease or its end is acted on
constexpr int remainderPollMs = 50; // how often what is left of a command is looked for
constexpr qint64 reapEveryMs = 1000; // orphans that ended are reaped while the command runs
constexpr int scopeStopSlackMs = 5000;
constexpr qint64 stopLookEveryMs = 100; // at a terminal: is a process of the command stopped?

qint64 nowMs()
{
    return QDeadlineTimer::current().deadline();
}

} // namespace

Supervisor::Supervisor(SignalRelay &relay, const SupervisorSetup &setup)
    : m_relay(relay)
    , m_setup(setup)
{}

Supervisor::~Supervisor()
{
    if (m_thread.joinable())
        m_thread.join();
}

bool Supervisor::start(const RunCommand &command)
{
    std::promise<bool> started;
    std::future<bool> running = started.get_future();
    m_thread = std::thread([this, command, promise = std::move(started)]() mutable {
        run(command, std::move(promise));
    });
    return running.get();
}

CommandEnd Supervisor::wait()
{
    if (m_thread.joinable())
        m_thread.join();
    return m_end;
}

void Supervisor::setLeaseEnd(qint64 monotonicMs, qint64 leaseMs)
{
    m_leaseMs.store(leaseMs);
    m_leaseEnd.store(monotonicMs - killMarginMs(leaseMs)); // nothing of the command runs past it
}

qint64 Supervisor::graceMs() const
{
    const qint64 lease = m_leaseMs.load();
    return lease > 0 ? qMin(m_setup.killAfterMs, lease / 3) : m_setup.killAfterMs;
}

void Supervisor::run(const RunCommand &command, std::promise<bool> started)
{
    Watcher child;
    m_end.notStarted = child.start(command, m_setup.terminal, m_leaseEnd.load());
    if (m_end.notStarted) {
        takeForegroundBack(m_setup.terminal);
        m_ended.store(true);
        started.set_value(false);
        return;
    }
    m_end.pid = child.pid();
    const CommandGroup group(m_end.pid, {child.watcherPid()});
    started.set_value(true);
    watch(child, group);
    stopRemaining(group);
    takeForegroundBack(m_setup.terminal);
    if (!m_setup.scopeUnit.isEmpty())
        stopScope(m_setup.scopeUnit, int(m_setup.killAfterMs) + scopeStopSlackMs);
    keepUntilReleaseTime();
    m_ended.store(true);
}

// Until the command's first process ended: the lease's end passed on to the watcher, the
// command's stops followed, every stop asked for carried out.
void Supervisor::watch(Watcher &child, const CommandGroup &group)
{
    while (!child.waitForExit(pollMs)) {
        child.setLeaseEnd(m_leaseEnd.load());
        if (const int signalNumber = stoppedBy(child, group, nowMs())) {
            stopWithCommand(group, signalNumber);
            continue; // what the watcher did meanwhile is read first
        }
        check(group, nowMs());
    }
    m_end.exit = child.exit();
    noteWatcher(child);
}

// What the watcher did on its own: killed the command at the lease's end (lockctl was stopped
// or late), or was killed itself. Without a watcher nothing would end the command if lockctl
// were killed next, so what is left of it is killed at once.
void Supervisor::noteWatcher(const Watcher &child)
{
    if (child.expired() && !m_end.stoppedLost && !m_end.stoppedExpired) {
        m_end.stoppedExpired = true;
        m_end.killedByWatcher = true;
        m_end.signalsSent << signalName(SIGKILL);
        m_terminated = m_killed = true;
    }
    if (child.watcherGone()) {
        m_end.watcherGone = true;
        m_terminated = true;
        m_killAt = nowMs();
    }
}

// The signal that stopped the command, as its watcher saw it; at a terminal, also SIGTSTP when
// another process of its group is stopped (Ctrl-Z while the command's shell was in vfork()). 0:
// it runs.
int Supervisor::stoppedBy(Watcher &child, const CommandGroup &group, qint64 now)
{
    if (const int signalNumber = child.takeStopped())
        return signalNumber;
    if (m_setup.terminal < 0 || now < m_stopLookAt)
        return 0;
    m_stopLookAt = now + stopLookEveryMs;
    return group.anyStopped() ? SIGTSTP : 0;
}

// The command stopped (Ctrl-Z, SIGTSTP, SIGSTOP): lockctl stops too, renewing nothing, so that
// the shell gets the terminal back and the lock is not held without limit; the watcher kills the
// command when the lease ends. Continued (fg, SIGCONT) within the lease, lockctl continues it.
void Supervisor::stopWithCommand(const CommandGroup &group, int signalNumber)
{
    ++m_end.jobStops;
    takeForegroundBack(m_setup.terminal);
    const qint64 left = qMax<qint64>(0, m_leaseEnd.load() - nowMs());
    cli::Output::writeStderr(
        Tr::tr("lockctl: the command was stopped (%1); lockctl stops with it and does not renew "
               "\"%2\" meanwhile. Continue it within %3 (fg, or kill -CONT %4); after that its "
               "lease ends and the command is killed.")
            .arg(signalName(signalNumber), m_setup.lock, lockcore::formatDurationMs(left))
            .arg(qint64(::getpid())));
    ::kill(::getpid(), SIGSTOP);
    if (nowMs() >= m_leaseEnd.load())
        return; // the watcher has killed it, or check() is about to
    giveForeground(m_setup.terminal, m_end.pid);
    group.signal(SIGCONT); // also discards stop signals still pending in the group
    m_stopLookAt = nowMs() + 2 * stopLookEveryMs; // its processes wake up meanwhile
}

void Supervisor::send(const CommandGroup &group, int signalNumber)
{
    group.signal(signalNumber);
    m_end.signalsSent << signalName(signalNumber);
}

void Supervisor::stopping(qint64 now)
{
    if (m_killAt < 0)
        m_killAt = now + graceMs();
}

void Supervisor::terminate(const CommandGroup &group, qint64 now)
{
    if (!m_terminated)
        send(group, SIGTERM);
    m_terminated = true;
    stopping(now);
}

void Supervisor::reapNowAndThen(const CommandGroup &group, qint64 now)
{
    if (now - m_reapedAt < reapEveryMs)
        return;
    group.reapOrphans();
    m_reapedAt = now;
}

// One look at what asks the command to stop: lockctl's signals, a lost lease, the lease's end
// coming within the grace, the time for SIGKILL (never after the lease's end).
void Supervisor::check(const CommandGroup &group, qint64 now)
{
    while (const int relayed = m_relay.takeToForward())
        send(group, relayed);
    if (m_relay.received().load() && !m_end.interrupted) {
        m_end.interrupted = true;
        stopping(now);
    }
    const qint64 leaseEnd = m_leaseEnd.load();
    if (!m_end.stoppedLost && !m_end.stoppedExpired) {
        if (m_lost.load()) {
            m_end.stoppedLost = true;
            terminate(group, now);
        } else if (now >= leaseEnd - graceMs()) {
            m_end.stoppedExpired = true;
            terminate(group, now);
        }
    }
    if (m_killAt >= 0 && (now >= m_killAt || now >= leaseEnd) && !m_killed) {
        send(group, SIGKILL);
        m_killed = true;
    }
    reapNowAndThen(group, now);
}

// The command's first process has ended: what it left running gets SIGTERM, then SIGKILL a
// grace later, and lockctl waits for all of it (the lease still watched meanwhile).
void Supervisor::stopRemaining(const CommandGroup &group)
{
    group.reapOrphans();
    m_end.leftRunning = group.remaining();
    while (group.remaining() > 0) {
        const qint64 now = nowMs();
        terminate(group, now);
        check(group, now);
        if (m_end.watcherGone) // nothing would end what is left if lockctl were killed now
            group.signal(SIGKILL);
        group.reapOrphans();
        QThread::msleep(remainderPollMs);
    }
    group.reapOrphans();
}

// --hold-at-least: the lock stays held (renewed) until then, unless lockctl is told to stop or
// the lease is lost.
void Supervisor::keepUntilReleaseTime()
{
    while (nowMs() < m_releaseNotBefore.load() && !m_relay.received().load() && !m_lost.load()
           && nowMs() < m_leaseEnd.load())
        QThread::msleep(pollMs);
}

} // namespace lockctl
