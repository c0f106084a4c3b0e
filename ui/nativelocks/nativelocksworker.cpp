// SPDX-License-Identifier: GPL-3.0-or-later
#include "nativelocksworker.h"

#include "holderid.h"
#include "session.h"

#include <memory>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

// Lives on the worker thread: owns the Session (opened on first use, on that thread).
class NativeLocksJob : public QObject
{
    Q_OBJECT

public:
    NativeLocksJob(const ConnectionSpec &spec, int connectTimeoutS, const QString &auditTable)
        : m_spec(spec), m_timeoutS(connectTimeoutS), m_auditTable(auditTable)
    {
    }

    void read(quint64 generation, const QStringList &names, bool namesOnly)
    {
        if (Status open = openOnce(m_session, m_spec, m_timeoutS); !open) {
            emit readFailed(generation, open.error().fullText());
            return;
        }
        NativeLockReader r = reader();
        r.setNames(names);
        r.setNamesOnly(namesOnly);
        auto snapshot = r.read();
        if (snapshot)
            emit snapshotRead(generation, *snapshot);
        else
            emit readFailed(generation, snapshot.error().fullText());
    }

    void terminate(quint64 generation, const NativeLock &expected, const QString &reason)
    {
        if (Status open = openOnce(m_session, m_spec, m_timeoutS); !open) {
            emit terminateFailed(generation, open.error().fullText());
            return;
        }
        NativeLockReader r = reader();
        r.setReason(reason);
        auto outcome = r.terminate(expected);
        if (outcome)
            emit terminateDone(generation, *outcome);
        else
            emit terminateFailed(generation, outcome.error().fullText());
    }

    void endSession(quint64 generation, const NativeLock &expected, SessionAction action,
                    const QString &reason)
    {
        if (Status open = openOnce(m_session, m_spec, m_timeoutS); !open) {
            emit endSessionFailed(generation, open.error().fullText());
            return;
        }
        NativeLockReader r = reader();
        r.setReason(reason);
        auto outcome = r.endSession(expected, action);
        if (outcome)
            emit endSessionDone(generation, *outcome);
        else
            emit endSessionFailed(generation, outcome.error().fullText());
    }

    void rowLockers(quint64 generation, const QString &lockName)
    {
        if (Status open = openOnce(m_session, m_spec, m_timeoutS); !open) {
            emit rowLockersFailed(generation, lockName, open.error().fullText());
            return;
        }
        auto found = lockcore::findRowLockers(*m_session, TableNames::fromTable(m_auditTable),
                                              lockName);
        if (found)
            emit rowLockersFound(generation, lockName, *found);
        else
            emit rowLockersFailed(generation, lockName, found.error().fullText());
    }

    void holderSessions(quint64 generation, const QString &holder, const QString &lockName)
    {
        if (Status open = openOnce(m_session, m_spec, m_timeoutS); !open) {
            emit holderSessionsFailed(generation, lockName, open.error().fullText());
            return;
        }
        auto found = reader().holderSessions(holder, lockName);
        if (found)
            emit holderSessionsFound(generation, lockName, *found);
        else
            emit holderSessionsFailed(generation, lockName, found.error().fullText());
    }

signals:
    void snapshotRead(quint64 generation, const lockcore::NativeLockSnapshot &snapshot);
    void readFailed(quint64 generation, const QString &message);
    void terminateDone(quint64 generation, const lockcore::TerminateOutcome &outcome);
    void terminateFailed(quint64 generation, const QString &message);
    void holderSessionsFound(quint64 generation, const QString &lockName,
                             const lockcore::HolderSessions &found);
    void holderSessionsFailed(quint64 generation, const QString &lockName,
                              const QString &message);
    void endSessionDone(quint64 generation, const lockcore::TerminateOutcome &outcome);
    void endSessionFailed(quint64 generation, const QString &message);
    void rowLockersFound(quint64 generation, const QString &lockName,
                         const lockcore::RowLockers &lockers);
    void rowLockersFailed(quint64 generation, const QString &lockName, const QString &message);

private:
    NativeLockReader reader()
    {
        NativeLockReader r(*m_session);
        r.setAuditTable(m_auditTable); // its event table, when Lockscope's schema exists
        r.setActor(actorId(u"lockscope"_s));
        return r;
    }

    ConnectionSpec m_spec;
    int m_timeoutS;
    QString m_auditTable;
    std::unique_ptr<Session> m_session;
};

NativeLocksWorker::NativeLocksWorker(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<NativeLock>();
    qRegisterMetaType<NativeLockSnapshot>();
    qRegisterMetaType<TerminateOutcome>();
    qRegisterMetaType<HolderSessions>();
    qRegisterMetaType<RowLockers>();
}

NativeLocksWorker::~NativeLocksWorker() = default;

void NativeLocksWorker::stop()
{
    m_jobs.stop();
    m_reading = false;
}

void NativeLocksWorker::setConnection(const ConnectionSpec &spec, int connectTimeoutS,
                                      const QString &auditTable)
{
    m_reading = false;
    auto *job = new NativeLocksJob(spec, connectTimeoutS, auditTable);
    const quint64 generation = m_jobs.start(job, u"nativeLocks"_s);
    const auto current = [this, generation](quint64 g) {
        return g == generation && m_jobs.isCurrent(generation);
    };
    connect(job, &NativeLocksJob::snapshotRead, this,
            [this, current](quint64 g, const NativeLockSnapshot &snapshot) {
                if (!current(g))
                    return;
                m_reading = false;
                emit snapshotRead(snapshot);
            });
    connect(job, &NativeLocksJob::readFailed, this,
            [this, current](quint64 g, const QString &message) {
                if (!current(g))
                    return;
                m_reading = false;
                emit readFailed(message);
            });
    connect(job, &NativeLocksJob::terminateDone, this,
            [this, current](quint64 g, const TerminateOutcome &outcome) {
                if (current(g))
                    emit terminateDone(outcome);
            });
    connect(job, &NativeLocksJob::terminateFailed, this,
            [this, current](quint64 g, const QString &message) {
                if (current(g))
                    emit terminateFailed(message);
            });
    connect(job, &NativeLocksJob::endSessionDone, this,
            [this, current](quint64 g, const TerminateOutcome &outcome) {
                if (current(g))
                    emit endSessionDone(outcome);
            });
    connect(job, &NativeLocksJob::endSessionFailed, this,
            [this, current](quint64 g, const QString &message) {
                if (current(g))
                    emit endSessionFailed(message);
            });
    connect(job, &NativeLocksJob::rowLockersFound, this,
            [this, current](quint64 g, const QString &lockName, const RowLockers &lockers) {
                if (current(g))
                    emit rowLockersFound(lockName, lockers);
            });
    connect(job, &NativeLocksJob::rowLockersFailed, this,
            [this, current](quint64 g, const QString &lockName, const QString &message) {
                if (current(g))
                    emit rowLockersFailed(lockName, message);
            });
    connect(job, &NativeLocksJob::holderSessionsFound, this,
            [this, current](quint64 g, const QString &lockName, const HolderSessions &found) {
                if (current(g))
                    emit holderSessionsFound(lockName, found);
            });
    connect(job, &NativeLocksJob::holderSessionsFailed, this,
            [this, current](quint64 g, const QString &lockName, const QString &message) {
                if (current(g))
                    emit holderSessionsFailed(lockName, message);
            });
}

bool NativeLocksWorker::read(const QStringList &names, bool namesOnly)
{
    auto *job = static_cast<NativeLocksJob *>(m_jobs.job());
    if (!job || m_reading)
        return false;
    m_reading = true;
    const quint64 generation = m_jobs.generation();
    QMetaObject::invokeMethod(
        job, [job, generation, names, namesOnly] { job->read(generation, names, namesOnly); },
        Qt::QueuedConnection);
    return true;
}

void NativeLocksWorker::terminate(const NativeLock &expected, const QString &reason)
{
    auto *job = static_cast<NativeLocksJob *>(m_jobs.job());
    if (!job) {
        emit terminateFailed(tr("Not connected."));
        return;
    }
    const quint64 generation = m_jobs.generation();
    QMetaObject::invokeMethod(
        job, [job, generation, expected, reason] { job->terminate(generation, expected, reason); },
        Qt::QueuedConnection);
}

void NativeLocksWorker::findHolderSessions(const QString &holder, const QString &lockName)
{
    auto *job = static_cast<NativeLocksJob *>(m_jobs.job());
    if (!job) {
        emit holderSessionsFailed(lockName, tr("Not connected."));
        return;
    }
    const quint64 generation = m_jobs.generation();
    QMetaObject::invokeMethod(
        job, [job, generation, holder, lockName] {
            job->holderSessions(generation, holder, lockName);
        },
        Qt::QueuedConnection);
}

void NativeLocksWorker::endSession(const NativeLock &expected, SessionAction action,
                                   const QString &reason)
{
    auto *job = static_cast<NativeLocksJob *>(m_jobs.job());
    if (!job) {
        emit endSessionFailed(tr("Not connected."));
        return;
    }
    const quint64 generation = m_jobs.generation();
    QMetaObject::invokeMethod(
        job,
        [job, generation, expected, action, reason] {
            job->endSession(generation, expected, action, reason);
        },
        Qt::QueuedConnection);
}

void NativeLocksWorker::findRowLockers(const QString &lockName)
{
    auto *job = static_cast<NativeLocksJob *>(m_jobs.job());
    if (!job) {
        emit rowLockersFailed(lockName, tr("Not connected."));
        return;
    }
    const quint64 generation = m_jobs.generation();
    QMetaObject::invokeMethod(
        job, [job, generation, lockName] { job->rowLockers(generation, lockName); },
        Qt::QueuedConnection);
}

} // namespace ui

#include "nativelocksworker.moc"
