// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchwait.h"

#include <QRandomGenerator>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace lockbench {

namespace {

constexpr qint64 stopCheckMs = 5;

qint64 scaled(qint64 ms, double jitter)
{
    const double j = std::clamp(jitter, 0.0, 1.0);
    const double factor = 1.0 - j + 2.0 * j * uniform01();
    return std::max<qint64>(1, qint64(std::llround(double(ms) * factor)));
}

} // namespace

lockcore::RetryPolicy retryPolicy(const WaitSettings &wait)
{
    lockcore::RetryPolicy policy;
    policy.deadlineMs = 3600 * 1000; // a run ends by its stop flag, not by this
    policy.initialDelayMs = wait.pollMs;
    policy.maxDelayMs = wait.pollMaxMs;
    policy.multiplier = 2.0;
    policy.jitter = wait.jitter;
    return policy;
}

qint64 seed000PauseMs(const WaitSettings &wait)
{
    return wait.pollMs;
}

qint64 seed004PauseMs(const WaitSettings &wait)
{
    return scaled(wait.pollMs, 0.25);
}

qint64 shedlockPauseMs(const WaitSettings &wait)
{
    return scaled(wait.pollMs, wait.jitter);
}

double uniform01()
{
    thread_local QRandomGenerator generator(QRandomGenerator::global()->generate());
    return generator.generateDouble();
}

bool pauseUnlessStopped(qint64 ms, const std::atomic_bool &stop)
{
    using Clock = std::chrono::steady_clock;
    const Clock::time_point end = Clock::now() + std::chrono::milliseconds(ms);
    while (!stop.load()) {
        const auto left = std::chrono::duration_cast<std::chrono::microseconds>(end - Clock::now());
        if (left.count() <= 0)
            return true;
        std::this_thread::sleep_for(std::min<std::chrono::microseconds>(
            left, std::chrono::milliseconds(stopCheckMs)));
    }
    return false;
}

} // namespace lockbench
