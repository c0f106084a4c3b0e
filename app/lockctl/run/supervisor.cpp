#include "supervisor.h"

#include "commandgroup.h"
#include "scope.h"
#include "signalrelay.h"
#include "terminal.h"

#include <QDeadlineTimer>
#include <QThread>

#include <csignal>

namespace lockctl {

namespace {

constexpr int pollMs = 20;        // how quickly a signal, a lost lease or its end is acted on
constexpr int remainderPollMs = 50; // how often what is left of a command is looked for
constexpr qint64 reapEveryMs = 1000; // orphans that ended are reaped while the command runs
constexpr int scopeStopSlackMs = 5000;

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

void Supervisor::run(const RunCommand &command, std::promise<bool> started)
{
    ChildProcess child;
    m_end.notStarted = child.start(command, m_setup.terminal);
    if (m_end.notStarted) {
        takeForegroundBack(m_setup.terminal);
        m_ended.store(true);
        started.set_value(false);
        return;
    }
    m_end.pid = child.pid();
    const CommandGroup group(m_end.pid, m_setup.notOurs);
    started.set_value(true);
    while (!child.waitForExit(pollMs))
        check(group, nowMs());
    m_end.exit = child.exit();
    stopRemaining(group);
    takeForegroundBack(m_setup.terminal);
    if (!m_setup.scopeUnit.isEmpty())
        stopScope(m_setup.scopeUnit, int(m_setup.killAfterMs) + scopeStopSlackMs);
    keepUntilReleaseTime();
    m_ended.store(true);
}

void Supervisor::send(const CommandGroup &group, int signalNumber)
{
    group.signal(signalNumber);
    m_end.signalsSent << signalName(signalNumber);
}

void Supervisor::stopping(qint64 now)
{
    if (m_killAt < 0)
        m_killAt = now + m_setup.killAfterMs;
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

// One look at what asks the command to stop: lockctl's signals, a lost lease, the lease's end,
// the time for SIGKILL.
void Supervisor::check(const CommandGroup &group, qint64 now)
{
    while (const int relayed = m_relay.takeToForward())
        send(group, relayed);
    if (m_relay.received().load() && !m_end.interrupted) {
        m_end.interrupted = true;
        stopping(now);
    }
    if (!m_end.stoppedLost && !m_end.stoppedExpired) {
        if (m_lost.load()) {
            m_end.stoppedLost = true;
            terminate(group, now);
        } else if (now >= m_leaseEnd.load()) {
            m_end.stoppedExpired = true;
            terminate(group, now);
        }
    }
    if (m_killAt >= 0 && now >= m_killAt && !m_killed) {
        send(group, SIGKILL);
        m_killed = true;
    }
    reapNowAndThen(group, now);
}

// The command's first process has ended: what it left running gets SIGTERM, then SIGKILL
// --kill-after later, and lockctl waits for all of it (the lease still watched meanwhile).
void Supervisor::stopRemaining(const CommandGroup &group)
{
    group.reapOrphans();
    m_end.leftRunning = group.remaining();
    while (group.remaining() > 0) {
        const qint64 now = nowMs();
        terminate(group, now);
        check(group, now);
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
