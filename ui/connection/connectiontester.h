// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionprofile.h"
#include "error.h"

#include <QMetaType>
#include <QObject>
#include <functional>
#include <optional>

namespace ui {

// What a connection test found.
struct ConnectionTestResult
{
    quint64 generation = 0;
    bool connected = false;
    bool fileMissing = false;  // SQLite: the file does not exist yet (the test did not create it)
    QString databaseName;      // "PostgreSQL", "MySQL / MariaDB", "PostgreSQL through ODBC"
    bool lockTableFound = false;
    bool eventTableFound = false;
    // An application's table (ConnectionProfile::lockProfile): the profile's id; found means
    // the table has the profile's columns (such tables have no event table).
    QString profileId;
    std::optional<lockcore::Error> error; // could not connect, or could not read the table
    qint64 elapsedMs = 0;
};

} // namespace ui

Q_DECLARE_METATYPE(ui::ConnectionTestResult)

namespace ui {

// Tests a connection profile on a thread of its own, so the dialog never waits on the network.
// The Session is opened, used and destroyed on that thread. Only the latest test counts: a
// result that arrives after cancel() or after a newer start() is dropped (generation id). A
// test that cannot be interrupted runs out on its own, bounded by the connect timeout.
class ConnectionTester : public QObject
{
    Q_OBJECT

public:
    // Runs on the test's thread.
    using Probe = std::function<ConnectionTestResult(const ConnectionProfile &)>;

    explicit ConnectionTester(QObject *parent = nullptr);
    ~ConnectionTester() override;

    quint64 start(const ConnectionProfile &profile);
    void cancel();
    bool isRunning() const { return m_running; }
    quint64 generation() const { return m_generation; }

    // Replaces what a test does (tests inject slow or scripted probes).
    void setProbe(Probe probe);
    // Opens a Session, looks for the lock table and its event table (an application's table:
    // for the table with the profile's columns), closes the Session.
    static ConnectionTestResult probe(const ConnectionProfile &profile);
    // The result in a sentence or two, for the dialog.
    static QString describe(const ConnectionTestResult &result, const QString &table);

signals:
    void started(quint64 generation);
    void finished(const ui::ConnectionTestResult &result); // the current test only
    void dropped(quint64 generation);                  // a superseded test's late result

private:
    void deliver(const ConnectionTestResult &result);

    Probe m_probe;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace ui
