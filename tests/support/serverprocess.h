// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QTimer>
#include <sys/types.h>

namespace testsupport {

// The database server's processes (PostgreSQL: the postmaster and its children; MariaDB:
// mariadbd), found through the server itself so that a test stops the right one. Empty for
// SQLite or when they cannot be found.
QList<pid_t> serverProcesses(lockcore::Session &session);

// Sends `signal` (SIGSTOP, SIGCONT) to every process in `pids`.
void signalAll(const QList<pid_t> &pids, int signal);
// A server stopped (SIGSTOP) until resume() or the end of this object's life, and at most
// `atMostS` seconds whatever becomes of the test: a process of its own resumes it then (a test
// that died with the server stopped would leave it stopped for every later suite).
class StoppedServer
{
public:
    StoppedServer(const QList<pid_t> &pids, int atMostS);
    ~StoppedServer();
    StoppedServer(const StoppedServer &) = delete;
    StoppedServer &operator=(const StoppedServer &) = delete;
    void resume();

private:
    static bool waitUntilStopped(pid_t pid, int timeoutMs);

    QList<pid_t> m_pids;
    pid_t m_resumer = 0;
};

// The largest gap between ticks of a 10 ms timer: how long the event loop of the thread it
// lives on was kept from processing events.
class LatencyProbe : public QObject
{
public:
    LatencyProbe();
    qint64 worstGapMs() const { return m_worst; }
    void reset() { m_worst = 0; m_clock.invalidate(); }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_worst = 0;
};

} // namespace testsupport
