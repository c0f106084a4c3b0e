// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connectionspec.h"
#include "lockservice.h"
#include "result.h"
#include "session.h"

#include <QHash>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace lockcore {

class LockHold;
struct ClientOptions;

// A LockClient's one thread: it opens the client's Session and LockService, and is the only
// thread that uses them (a connection belongs to the thread that opened it). Application
// threads post their statements to it and wait for the answer (call()); between statements it
// renews the leases of every hold the client has, at a third of each lease, and looks for
// release notifications (PostgreSQL) as a guard's own thread does. A waiter's pauses between
// attempts are spent on its own thread, so that nobody's wait holds up the others' statements
// or the renewals.
class ClientCore
{
public:
    // Starts the thread and waits until it has opened the connection, or could not.
    static Result<std::shared_ptr<ClientCore>> open(const ConnectionSpec &spec,
                                                    const ClientOptions &options);
    ~ClientCore(); // stops the thread, which closes the connection

    // Runs `work(service)` on the client's thread and returns what it returned. Never from
    // that thread itself (onThread()): it would wait for itself.
    template<typename F>
    auto call(F &&work) -> std::invoke_result_t<F, LockService &>
    {
        using R = std::invoke_result_t<F, LockService &>;
        std::packaged_task<R(LockService &)> task(std::forward<F>(work));
        auto answer = task.get_future();
        post([&task](LockService &service) { task(service); });
        return answer.get();
    }

    bool onThread() const { return std::this_thread::get_id() == m_threadId; }
    std::thread::id threadId() const { return m_threadId; }
    const QString &holder() const { return m_holder; }
    // A guard's own holder id: the client's, then "#" and a number, one per guard, so that two
    // guards of one client (two threads) exclude each other as two processes do.
    QString nextHolder();
    std::chrono::milliseconds lease() const { return m_lease; }

    // A waiter's pause (clientwaiters.cpp). releases(name) counts the releases of `name` seen
    // so far: by a guard of this client, a lease of it lost, or (PostgreSQL) notified by the
    // table's channel, which the client's thread listens on while someone pauses (Waiting:
    // from before a waiter's first attempt; awaitRelease() after its first refusal).
    // pauseUntilReleased waits on the caller's thread until that count passes `seen`, `ms`
    // ends (true), the client's connection is lost (true: connectionLost() says so) or
    // `cancel` is set (false).
    class Waiting
    {
    public:
        Waiting(ClientCore &core, const QString &name);
        ~Waiting();
        Waiting(const Waiting &) = delete;
        Waiting &operator=(const Waiting &) = delete;
        void pausing();
        const QString &name() const { return m_name; }
        // The server closed the client's connection since this wait began (the client's
        // thread looks while someone pauses): the wait ends with Error::Kind::ConnectionLost.
        bool connectionLost() const;

    private:
        friend class ClientCore;
        ClientCore &m_core;
        QString m_name;
        bool m_pausing = false;
        quint64 m_losses = 0; // the client's connection losses when the wait began
    };
    quint64 releases(const QString &name);
    bool pauseUntilReleased(const Waiting &waiting, quint64 seen, qint64 ms,
                            const std::atomic_bool *cancel);
    // On the client's thread, after a refusal of a waiter that will pause: it counts as
    // pausing, and on PostgreSQL the connection LISTENs and holds the lock's wake-up lock (a
    // release by anyone then NOTIFYs). True when either was new: a release just before was
    // not heard, so the waiter tries again at once.
    bool awaitRelease(LockService &service, Waiting &waiting);
    // On the client's thread: `name` was released; its waiters try again at once.
    void noteReleased(const QString &name);

    // On the client's thread only: the holds whose leases it renews.
    void watch(LockHold *hold);
    void unwatch(LockHold *hold);

private:
    friend class ClientInternals; // the tests' look at the waiters
    ClientCore() = default;
    void post(std::function<void(LockService &)> task);
    void run(const ConnectionSpec &spec, const ClientOptions &options);
    Status openService(const ConnectionSpec &spec, const ClientOptions &options);
    void serve();
    // Renews what is due in every hold; how long until the next renewal or notification poll.
    qint64 keepAll();
    // While someone waits, LISTENs on the release channel and reads what came; UNLISTENs once
    // nobody waits and no hold is kept (a connection is not subscribed for life). How long the
    // thread may sleep at most before looking again.
    qint64 listenForWaiters(qint64 sleepMs);
    static constexpr qint64 waiterPollMs = 10; // reading the socket: no round trip
    // While someone pauses: whether the server closed the connection (its socket, no round
    // trip); if so the waiters end their waits at once. How long the thread may sleep.
    qint64 watchConnection(qint64 sleepMs, bool waiting);
    static constexpr qint64 lostPollMs = 50;

    QString m_holder;
    std::chrono::milliseconds m_lease{0};
    std::atomic<qint64> m_guards{0};
    std::unique_ptr<Session> m_session; // the client thread's own, as are the two below
    std::optional<LockService> m_service;
    std::vector<LockHold *> m_holds;
    bool m_notifies = false;
    bool m_mayListen = false; // a LISTEN may be on: UNLISTEN when nobody needs it
    QString m_channel;

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::function<void(LockService &)>> m_tasks;
    std::condition_variable m_released;
    QHash<QString, quint64> m_releases; // name -> releases seen
    QHash<QString, int> m_waiting;      // name -> waiters
    int m_pausing = 0;                  // waiters past their first refusal
    quint64 m_losses = 0;               // connections closed by the server under waiters
    bool m_opened = false;
    bool m_stop = false;
    Error m_openError;
    std::thread m_thread;
    std::thread::id m_threadId;
};

} // namespace lockcore
