// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"

#include <QString>
#include <atomic>
#include <thread>
#include <vector>

namespace ui {

// The demonstration that runs behind the demo database: a few simulated clients, each on its
// own thread with its own connection, take and give back a handful of locks so that the
// window has live holders, countdowns, hand-overs and now and then an expired lease (a client
// that "crashes" without releasing).
class DemoWorkload
{
public:
    static QStringList lockNames();
    // sqlite:<the user's data directory>/demo.sqlite; the directory is created.
    static lockcore::Result<lockcore::ConnectionSpec> defaultSpec();
    // Creates the schema and the demo locks (idempotent). Returns an error message or empty.
    static QString prepare(const lockcore::ConnectionSpec &spec, const QString &table);

    DemoWorkload() = default;
    ~DemoWorkload();
    DemoWorkload(const DemoWorkload &) = delete;
    DemoWorkload &operator=(const DemoWorkload &) = delete;

    void start(const lockcore::ConnectionSpec &spec, const QString &table, int clients = 4);
    void stop();
    bool isRunning() const { return !m_threads.empty(); }

private:
    void runClient(int id, lockcore::ConnectionSpec spec, QString table);

    std::atomic_bool m_stop{false};
    std::vector<std::thread> m_threads;
};

} // namespace ui
