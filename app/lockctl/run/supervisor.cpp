#include "supervisor.h"

#include "signalrelay.h"

#include <QDeadlineTimer>

#include <csignal>

namespace lockctl {

namespace {

constexpr int pollMs = 20; // how quickly a signal, a lost lease or its end is acted on

qint64 nowMs()
{
    return QDeadlineTimer::current().deadline();
}

} // namespace

Supervisor::Supervisor(SignalRelay &relay, qint64 killAfterMs)
    : m_relay(relay)
    , m_killAfterMs(killAfterMs)
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
    m_end.notStarted = child.start(command);
    if (m_end.notStarted) {
        m_ended.store(true);
        started.set_value(false);
        return;
    }
    m_end.pid = child.pid();
    started.set_value(true);
    watch(child);
    m_end.exit = child.exit();
    m_ended.store(true);
}

void Supervisor::send(ChildProcess &child, int signalNumber)
{
    child.signal(signalNumber);
    m_end.signalsSent << signalName(signalNumber);
}

void Supervisor::watch(ChildProcess &child)
{
    qint64 killAt = -1; // when SIGKILL follows (-1: no stop under way)
    bool terminated = false;
    bool killed = false;
    const auto stopping = [&](qint64 now) {
        if (killAt < 0)
            killAt = now + m_killAfterMs;
    };
    const auto terminate = [&](qint64 now) {
        if (!terminated)
            send(child, SIGTERM);
        terminated = true;
        stopping(now);
    };
    while (!child.waitForExit(pollMs)) {
        const qint64 now = nowMs();
        while (const int relayed = m_relay.takeToForward())
            send(child, relayed);
        if (m_relay.received().load() && !m_end.interrupted) {
            m_end.interrupted = true;
            stopping(now);
        }
        if (m_lost.load() && !m_end.stoppedLost && !m_end.stoppedExpired) {
            m_end.stoppedLost = true;
            terminate(now);
        }
        if (now >= m_leaseEnd.load() && !m_end.stoppedLost && !m_end.stoppedExpired) {
            m_end.stoppedExpired = true;
            terminate(now);
        }
        if (killAt >= 0 && now >= killAt && !killed) {
            send(child, SIGKILL);
            killed = true;
        }
    }
}

} // namespace lockctl
