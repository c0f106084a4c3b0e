// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"
#include "jobthread.h"
#include "nativelocksmetatypes.h"

#include <QObject>

namespace ui {

class NativeLocksJob;

// Reads the database's own locks and who blocks whom, cancels and terminates sessions, and looks
// up who holds a lock-table row locked, on a thread of its own, with its own connection. Requests return at once; results come back as queued signals carrying values.
// Reads carry a generation: a read answered after setConnection() is dropped. Nothing here
// waits for the database on the calling (GUI) thread, also not in the destructor: a thread
// stuck on a silent server is left to end on its own.
class NativeLocksWorker : public QObject
{
    Q_OBJECT

public:
    explicit NativeLocksWorker(QObject *parent = nullptr);
    ~NativeLocksWorker() override;

    // A new connection (the previous thread, if any, is let go). Terminates are recorded in
    // the event table of the Lockscope lock table `auditTable` when it exists (else the log).
    void setConnection(const lockcore::ConnectionSpec &spec, int connectTimeoutS = 5,
                       const QString &auditTable = QStringLiteral("dist_lock"));
    bool hasConnection() const { return m_jobs.job() != nullptr; }
    // Lets the connection go (its thread closes it); nothing it still reports arrives.
    void stop();
    // Reads; false (nothing sent) while a read is still under way. MySQL/MariaDB: `names` are
    // looked up by name (IS_USED_LOCK) besides what the server lists; with `namesOnly`, only
    // they are (what a server without performance_schema or the plugin can answer).
    bool read(const QStringList &names = {}, bool namesOnly = false);
    bool isReading() const { return m_reading; }
    // Terminates the holder of `expected` if it still holds it; `reason` goes to the audit.
    void terminate(const lockcore::NativeLock &expected, const QString &reason);
    // Looks for the sessions of `holder`, the holder of `lockName` in the lock table given to
    // setConnection() (NativeLockReader::holderSessions).
    void findHolderSessions(const QString &holder, const QString &lockName);
    // Cancels the statement of, or terminates, the session `expected` exactly as a read showed
    // it (NativeLockReader::endSession: refused when it changed since); `reason` goes to the
    // audit. Answered with endSessionDone or endSessionFailed.
    void endSession(const lockcore::NativeLock &expected, lockcore::SessionAction action,
                    const QString &reason);
    // Who holds the row of `lockName` in the lock table given to setConnection() locked
    // (lockcore::findRowLockers): one row, read-only. Answered with rowLockersFound or
    // rowLockersFailed.
    void findRowLockers(const QString &lockName);

signals:
    void snapshotRead(const lockcore::NativeLockSnapshot &snapshot);
    void readFailed(const QString &message);
    void terminateDone(const lockcore::TerminateOutcome &outcome);
    void terminateFailed(const QString &message);
    void holderSessionsFound(const QString &lockName, const lockcore::HolderSessions &found);
    void holderSessionsFailed(const QString &lockName, const QString &message);
    void endSessionDone(const lockcore::TerminateOutcome &outcome);
    void endSessionFailed(const QString &message);
    void rowLockersFound(const QString &lockName, const lockcore::RowLockers &lockers);
    void rowLockersFailed(const QString &lockName, const QString &message);

private:
    JobThread m_jobs; // a NativeLocksJob on its thread
    bool m_reading = false;
};

} // namespace ui
