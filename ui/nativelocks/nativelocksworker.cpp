#include "nativelocksworker.h"

#include "holderid.h"
#include "session.h"

#include <QThread>
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
        if (Status open = ensureOpen(); !open) {
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
        if (Status open = ensureOpen(); !open) {
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

signals:
    void snapshotRead(quint64 generation, const lockcore::NativeLockSnapshot &snapshot);
    void readFailed(quint64 generation, const QString &message);
    void terminateDone(quint64 generation, const lockcore::TerminateOutcome &outcome);
    void terminateFailed(quint64 generation, const QString &message);

private:
    Status ensureOpen()
    {
        if (m_session)
            return {};
        SessionOptions options;
        options.connectTimeoutS = m_timeoutS;
        auto session = Session::open(m_spec, options);
        if (!session)
            return session.error();
        m_session = std::move(session).value();
        return {};
    }

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
}

NativeLocksWorker::~NativeLocksWorker()
{
    // At teardown only: a short bounded wait lets the Session close on its thread; a thread
    // stuck on a silent server is left to end (and delete itself) on its own.
    QPointer<QThread> thread = m_thread;
    stopThread();
    if (thread)
        thread->wait(QDeadlineTimer(2000));
}

void NativeLocksWorker::stopThread()
{
    ++m_generation; // whatever the old thread still reports is dropped
    m_reading = false;
    if (m_job) {
        m_job->disconnect(this);
        m_job->deleteLater(); // on its thread, with its Session, when the thread ends
    }
    if (m_thread) {
        m_thread->quit();
        m_thread->setParent(nullptr);
        // Deletes itself once it ended (a request blocked on a silent server finishes first).
        connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
    }
    m_job = nullptr;
    m_thread = nullptr;
}

void NativeLocksWorker::setConnection(const ConnectionSpec &spec, int connectTimeoutS,
                                      const QString &auditTable)
{
    stopThread();
    auto *thread = new QThread;
    thread->setObjectName(u"nativeLocks"_s);
    auto *job = new NativeLocksJob(spec, connectTimeoutS, auditTable);
    job->moveToThread(thread);
    const quint64 generation = m_generation;
    connect(job, &NativeLocksJob::snapshotRead, this,
            [this, generation](quint64 g, const NativeLockSnapshot &snapshot) {
                if (g != generation || generation != m_generation)
                    return;
                m_reading = false;
                emit snapshotRead(snapshot);
            });
    connect(job, &NativeLocksJob::readFailed, this,
            [this, generation](quint64 g, const QString &message) {
                if (g != generation || generation != m_generation)
                    return;
                m_reading = false;
                emit readFailed(message);
            });
    connect(job, &NativeLocksJob::terminateDone, this,
            [this, generation](quint64 g, const TerminateOutcome &outcome) {
                if (g == generation && generation == m_generation)
                    emit terminateDone(outcome);
            });
    connect(job, &NativeLocksJob::terminateFailed, this,
            [this, generation](quint64 g, const QString &message) {
                if (g == generation && generation == m_generation)
                    emit terminateFailed(message);
            });
    m_thread = thread;
    m_job = job;
    thread->start();
}

bool NativeLocksWorker::read(const QStringList &names, bool namesOnly)
{
    if (!m_job || m_reading)
        return false;
    m_reading = true;
    const quint64 generation = m_generation;
    NativeLocksJob *job = m_job;
    QMetaObject::invokeMethod(
        job, [job, generation, names, namesOnly] { job->read(generation, names, namesOnly); },
        Qt::QueuedConnection);
    return true;
}

void NativeLocksWorker::terminate(const NativeLock &expected, const QString &reason)
{
    if (!m_job) {
        emit terminateFailed(tr("Not connected."));
        return;
    }
    const quint64 generation = m_generation;
    NativeLocksJob *job = m_job;
    QMetaObject::invokeMethod(
        job, [job, generation, expected, reason] { job->terminate(generation, expected, reason); },
        Qt::QueuedConnection);
}

} // namespace ui

#include "nativelocksworker.moc"
