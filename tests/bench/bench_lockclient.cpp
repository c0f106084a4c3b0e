// SPDX-License-Identifier: GPL-3.0-or-later
// bench_lockclient: what one acquire and release costs an application (issue 37): a guard of
// its own (LockGuard: a connection and a thread per guard, today's form), a guard from a
// shared LockClient (one connection and thread for all), the client from several threads at
// once, and LockService's bare statements on one connection (the floor). Not a test: it prints
// the median, p99 and slowest cycle of each in ms, and the cycles per second. Last, the
// hand-off: the threads contend for ONE lock through the client (the default backoff, 50 ms
// doubling up to 2 s), each taking it `cycles / 10` times; it prints the median and p99 time
// from a release() called to the grant to another thread.
//
//   bench_lockclient --backend postgresql|mariadb|sqlite [--cycles 300] [--threads 8]
//
// The servers' URLs come from LOCKSCOPE_TEST_POSTGRESQL_URL and LOCKSCOPE_TEST_MARIADB_URL
// (scripts/dev-servers env); SQLite uses a file in a temporary directory.

#include "benchresult.h"
#include "benchurl.h"
#include "lockclient.h"
#include "lockguard.h"
#include "lockservice.h"
#include "session.h"
#include "testbackend.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMutex>
#include <QTemporaryDir>

#include <atomic>
#include <cstdio>
#include <functional>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace {

// Runs `cycle(thread, i)` `cycles` times on each of `threads` threads; prints the cycle times.
bool measure(const char *what, int threads, int cycles,
             const std::function<bool(int, int)> &cycle)
{
    QMutex mutex;
    QList<double> samples;
    bool ok = true;
    QElapsedTimer wall;
    wall.start();
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            QList<double> mine;
            bool allOk = true;
            for (int i = 0; i < cycles; ++i) {
                QElapsedTimer timer;
                timer.start();
                allOk = cycle(t, i) && allOk;
                mine.append(timer.nsecsElapsed() / 1e6);
            }
            QMutexLocker locked(&mutex);
            samples.append(mine);
            ok = ok && allOk;
        });
    }
    for (std::thread &worker : workers)
        worker.join();
    const double seconds = wall.nsecsElapsed() / 1e9;
    const bench::Summary summary = bench::Summary::of(samples);
    std::printf("%-34s threads %2d  cycles %5d  median %8.3f ms  p99 %8.3f ms  max %8.3f ms  "
                "%8.1f cycles/s%s\n",
                what, threads, summary.count, summary.median, summary.p99, summary.max,
                summary.count / seconds, ok ? "" : "  (SOME CYCLES FAILED)");
    return ok;
}

// The threads take one lock in turn through `client`, each taking it again at once after its
// release (as a busy worker does); the time from a release() called to the grant to ANOTHER
// thread that waited (a release its own thread took back at once is no hand-off).
bool measureHandOff(LockClient &client, int threads, int rounds)
{
    QElapsedTimer clock;
    clock.start();
    QMutex mutex;
    qint64 releasedAt = -1; // under `mutex`, as the two below
    int releasedBy = -1;
    QList<double> samples;
    std::atomic_bool ok{true};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            for (int i = 0; i < rounds; ++i) {
                LockResult result = client.tryLock(
                    LockDefinition::of(u"bench.handoff"_s, std::chrono::seconds(30),
                                       std::chrono::seconds(60)));
                const qint64 grantedAt = clock.nsecsElapsed();
                if (!result) {
                    ok = false;
                    continue;
                }
                {
                    QMutexLocker locked(&mutex);
                    if (releasedAt >= 0 && releasedBy != t)
                        samples.append((grantedAt - releasedAt) / 1e6);
                    releasedAt = clock.nsecsElapsed();
                    releasedBy = t;
                }
                ok = result->release().ok() && ok;
            }
        });
    }
    for (std::thread &worker : workers)
        worker.join();
    const bench::Summary summary = bench::Summary::of(samples);
    std::printf("%-34s threads %2d  hand-offs %4d  median %8.3f ms  p99 %8.3f ms  max %8.3f ms"
                "%s\n",
                "LockClient, one lock handed over", threads, summary.count, summary.median,
                summary.p99, summary.max, ok ? "" : "  (SOME WAITS FAILED)");
    return ok;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({u"backend"_s, u"postgresql, mariadb or sqlite"_s, u"name"_s, u"sqlite"_s});
    parser.addOption({u"cycles"_s, u"cycles per thread"_s, u"n"_s, u"300"_s});
    parser.addOption({u"threads"_s, u"threads sharing one client"_s, u"n"_s, u"8"_s});
    parser.process(app);
    const int cycles = parser.value(u"cycles"_s).toInt();
    const int threads = parser.value(u"threads"_s).toInt();
    QTemporaryDir dir;
    auto spec = ConnectionSpec::parse(bench::urlFor(parser.value(u"backend"_s), dir));
    if (!spec) {
        std::fprintf(stderr, "%s\n", qPrintable(spec.error().message));
        return 1;
    }
    const QString table = u"bench_client"_s;
    auto session = Session::open(*spec);
    if (!session) {
        std::fprintf(stderr, "%s\n", qPrintable(session.error().message));
        return 1;
    }
    auto service = LockService::create(**session, table);
    if (service)
        testsupport::execRaw(**session, u"DROP TABLE "_s + service->tables().events);
    if (service)
        testsupport::execRaw(**session, u"DROP TABLE "_s + service->tables().locks);
    if (!service || !service->createSchema()) {
        std::fprintf(stderr, "cannot create the lock table %s\n", qPrintable(table));
        return 1;
    }
    std::printf("backend %s, acquire + release of one free lock per cycle\n",
                qPrintable(parser.value(u"backend"_s)));
    const auto lock = [](int t) {
        return LockDefinition::of(u"bench.%1"_s.arg(t), std::chrono::seconds(30));
    };
    bool ok = measure("LockService, one connection", 1, cycles, [&](int, int) {
        auto grant = service->acquire(u"bench.0"_s, u"bench-holder"_s, 30000);
        return grant && grant->acquired
               && service->release(grant->name, grant->holder, grant->fence).ok();
    });
    GuardOptions guardOptions;
    guardOptions.table = table;
    ok = measure("LockGuard, a connection each", 1, qMax(1, cycles / 10), [&](int t, int) {
        LockGuard guard(*spec, lock(t), guardOptions);
        return guard.isHeld() && guard.release().ok();
    }) && ok;
    ClientOptions clientOptions;
    clientOptions.table = table;
    auto client = LockClient::open(*spec, clientOptions);
    if (!client) {
        std::fprintf(stderr, "%s\n", qPrintable(client.error().message));
        return 1;
    }
    const auto onClient = [&](int t, int) {
        LockResult result = client->tryLock(lock(t));
        return result && result->release().ok();
    };
    ok = measure("LockClient, shared", 1, cycles, onClient) && ok;
    ok = measure("LockClient, shared by threads", threads, cycles, onClient) && ok;
    ok = measureHandOff(client.value(), threads, qMax(1, cycles / 10)) && ok;
    testsupport::execRaw(**session, u"DROP TABLE "_s + service->tables().events);
    testsupport::execRaw(**session, u"DROP TABLE "_s + service->tables().locks);
    return ok ? 0 : 1;
}
