// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchhistory.h"
#include "connectionspec.h"
#include "result.h"

#include <QStringList>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <memory>
#include <optional>
#include <vector>

class QThread;

namespace lockbench {

class Client;
class Protocol;

// One run of all the pool's clients: each client cycles (acquire, release at once) on its lock.
struct RunPlan
{
    QStringList lockOfClient; // the lock of each client (the same name: contended)
    qint64 durationMs = 0;    // > 0: until stopped this long after the start
    int cycles = 0;           // > 0 (durationMs 0): exactly this many cycles per client
    qint64 holdUs = 0;        // time each lock is kept before its release
    qint64 thinkUs = 0;       // time after a release before the client competes again
};

struct RunOutcome
{
    std::vector<Hold> holds; // Hold::lock indexes lockNames
    QStringList lockNames;
    qint64 startNs = 0;
    qint64 stopNs = 0;       // the stop was raised (a run of cycles: the last client finished)
    quint64 roundTrips = 0;  // statements sent by all clients during the run
};

// Client threads of one protocol, each with its own connection opened in its own thread, kept
// for several runs (the warm-up and the measured ones) so that connecting is not measured.
// They are QThreads, with an event dispatcher: a driver's notifications (PostgreSQL LISTEN)
// work in them as in an application's worker threads.
class ClientPool
{
public:
    ClientPool(const Protocol &protocol, const lockcore::ConnectionSpec &spec,
               int connectTimeoutS, int clients, const std::atomic_bool &interrupted);
    ~ClientPool(); // ends and joins the threads (their connections close)
    ClientPool(const ClientPool &) = delete;
    ClientPool &operator=(const ClientPool &) = delete;

    // Starts the threads; fails with the first client's error (connecting, preparing).
    lockcore::Status start();
    // One run. An error of any client stops all of them and is returned; so is an interrupt
    // (Error::Kind::Cancelled). The pool is not usable after an error.
    lockcore::Result<RunOutcome> run(const RunPlan &plan);

private:
    struct Slot
    {
        std::vector<Hold> holds;
        quint64 roundTrips = 0;
        std::optional<lockcore::Error> error;
    };

    void clientThread(int index, const QString &holder);
    void runOnce(int index, Client &client, const RunPlan &plan, Slot &slot);

    const Protocol &m_protocol;
    lockcore::ConnectionSpec m_spec;
    int m_connectTimeoutS;
    int m_clients;
    const std::atomic_bool &m_interrupted;

    std::vector<std::unique_ptr<QThread>> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<Slot> m_slots;
    RunPlan m_plan;
    quint64 m_generation = 0; // one more per run
    int m_ready = 0;          // threads connected (or failed)
    int m_done = 0;           // threads done with the current run
    bool m_quit = false;
    bool m_broken = false; // a client failed: its thread has ended
    std::atomic_bool m_stop{false};
};

} // namespace lockbench
