// SPDX-License-Identifier: GPL-3.0-or-later
// The watchdog that ends a database call at its deadline, on socket pairs: it wakes for a call
// whose deadline is earlier than every one it knows of, and not for each call that comes and
// goes (thousands a second on a busy client).

#include "callwatchdog.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>
#include <sys/socket.h>
#include <unistd.h>

using lockcore::CallWatchdog;

namespace {

// Both ends of a connected pair of stream sockets, closed when it goes.
struct SocketPair
{
    int ends[2] = {-1, -1};
    SocketPair() { QVERIFY(::socketpair(AF_UNIX, SOCK_STREAM, 0, ends) == 0); }
    ~SocketPair()
    {
        ::close(ends[0]);
        ::close(ends[1]);
    }
};

// True when `socket` was shut down: a read returns at once with end of stream.
bool isShutDown(int socket)
{
    char byte = 0;
    return ::recv(socket, &byte, 1, MSG_DONTWAIT) == 0;
}

} // namespace

class TestCallWatchdog : public QObject
{
    Q_OBJECT

private slots:
    void anEarlierDeadlineWakesTheWatchdog();
    void laterDeadlinesDoNotWakeTheWatchdog();
};

void TestCallWatchdog::anEarlierDeadlineWakesTheWatchdog()
{
    CallWatchdog &watchdog = CallWatchdog::instance();
    SocketPair slow, quick;
    std::atomic_bool slowAbandoned{false}, quickAbandoned{false};
    // The watchdog sleeps until the first call's deadline, a minute away ...
    const quint64 first = watchdog.arm(slow.ends[0], QDeadlineTimer(60'000), &slowAbandoned);
    // ... and a call due sooner must wake it, or it would run a minute past its deadline.
    const quint64 second = watchdog.arm(quick.ends[0], QDeadlineTimer(200), &quickAbandoned);
    QTRY_VERIFY_WITH_TIMEOUT(quickAbandoned.load(), 10'000);
    QVERIFY(isShutDown(quick.ends[0]));
    QVERIFY(!slowAbandoned.load());
    QVERIFY(!isShutDown(slow.ends[0]));
    watchdog.disarm(second);
    watchdog.disarm(first);
}

void TestCallWatchdog::laterDeadlinesDoNotWakeTheWatchdog()
{
    CallWatchdog &watchdog = CallWatchdog::instance();
    SocketPair pair;
    std::atomic_bool abandoned{false}, others{false};
    const quint64 first = watchdog.arm(pair.ends[0], QDeadlineTimer(60'000), &abandoned);
    const quint64 before = watchdog.wakeUps();
    for (int i = 0; i < 200; ++i) {
        const quint64 call = watchdog.arm(pair.ends[0], QDeadlineTimer(120'000), &others);
        std::this_thread::sleep_for(std::chrono::microseconds(100)); // a call's round trip
        watchdog.disarm(call);
    }
    // The first arm's wake-up may be counted during the loop, and a wait may end spuriously;
    // a wake-up per call (about 200 when every arm woke it) would be a defect.
    QCOMPARE_LE(watchdog.wakeUps() - before, quint64(3));
    QVERIFY(!abandoned.load() && !others.load());
    watchdog.disarm(first);
}

QTEST_GUILESS_MAIN(TestCallWatchdog)
#include "tst_callwatchdog.moc"
