// SPDX-License-Identifier: GPL-3.0-or-later
// sleepInSlices: the one cancellable sleep of a waiting acquirer (LockService::acquireWithWait)
// and of the simulator's clients (issue 34, defect 3). Its clock is a test hook here, so that a
// clock that jumps past the end between two reads is made by the test, not waited for.

#include "slicedsleep.h"

#include <QElapsedTimer>
#include <QtTest>

#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <thread>

using lockcore::sleepInSlices;

namespace {

// Runs one sleep on a thread of its own and waits at most `watchdogMs` for it: a sleep that
// does not return in time is a failure of the test, not a hang (the thread is left behind,
// detached, and dies with the process). Returns the sleep's result, or nothing on time-out.
std::optional<bool> sleptWithin(qint64 watchdogMs, qint64 ms, qint64 sliceMs,
                                std::shared_ptr<std::atomic_bool> stop,
                                std::function<qint64()> clock)
{
    auto done = std::make_shared<std::promise<bool>>();
    std::future<bool> result = done->get_future();
    std::thread sleeper([=] { done->set_value(sleepInSlices(ms, sliceMs, stop.get(), clock)); });
    if (result.wait_for(std::chrono::milliseconds(watchdogMs)) != std::future_status::ready) {
        sleeper.detach();
        return std::nullopt;
    }
    sleeper.join();
    return result.get();
}

} // namespace

class SlicedSleepTest : public QObject
{
    Q_OBJECT

private slots:
    // A sleep whose remaining time goes negative: the clock (a test hook) reads 0 on the first
    // read and jumps past the end on every later one, as for a thread preempted between the
    // check of the time left and the sleep. The old loop read the clock twice per slice and
    // slept quint32(negative) ms (49.7 days); now it returns after the one slice it began.
    void clockJumpingPastTheEndEndsTheSleep()
    {
        auto reads = std::make_shared<std::atomic_int>(0);
        const qint64 ms = 100;
        const auto clock = [reads, ms]() -> qint64 { return (*reads)++ == 0 ? 0 : ms + 1000; };
        QElapsedTimer timer;
        timer.start();
        const std::optional<bool> slept =
            sleptWithin(5000, ms, 20, std::make_shared<std::atomic_bool>(false), clock);
        QVERIFY2(slept.has_value(), "the sleep did not return within 5 s of a 100 ms sleep");
        QVERIFY(*slept); // not stopped: the time is up
        QVERIFY(timer.elapsed() < 5000);
        QVERIFY(reads->load() >= 2);
    }

    // A clock standing still before the end keeps the sleep going slice by slice; `stop`, set
    // here from the third read of the clock on, ends it at the next slice.
    void stopEndsTheSleepWithinASlice()
    {
        auto stop = std::make_shared<std::atomic_bool>(false);
        auto reads = std::make_shared<std::atomic_int>(0);
        const auto stalled = [reads, stop]() -> qint64 {
            if (++*reads >= 3)
                *stop = true;
            return 0;
        };
        const std::optional<bool> slept = sleptWithin(5000, 60000, 10, stop, stalled);
        QVERIFY2(slept.has_value(), "a stopped sleep did not return within 5 s");
        QVERIFY(!*slept); // false: stopped
        QCOMPARE(reads->load(), 3);
    }

    // On the monotonic clock (no hook) it sleeps the whole time asked for.
    void sleepsTheWholeTime()
    {
        QElapsedTimer timer;
        timer.start();
        const std::optional<bool> slept =
            sleptWithin(5000, 120, 20, std::make_shared<std::atomic_bool>(false), {});
        QVERIFY(slept.has_value() && *slept);
        QVERIFY2(timer.elapsed() >= 120, qPrintable(QString::number(timer.elapsed())));
    }

    // Nothing to sleep: returns at once, and a stop set before says so.
    void nothingLeftReturnsAtOnce()
    {
        QVERIFY(sleepInSlices(0, 20, nullptr));
        QVERIFY(sleepInSlices(-5, 20, nullptr));
        std::atomic_bool stop{true};
        QVERIFY(!sleepInSlices(1000, 20, &stop));
    }
};

QTEST_GUILESS_MAIN(SlicedSleepTest)

#include "tst_slicedsleep.moc"
