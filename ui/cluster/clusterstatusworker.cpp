// SPDX-License-Identifier: GPL-3.0-or-later
#include "clusterstatusworker.h"

#include "session.h"

#include <memory>

using namespace Qt::StringLiterals;
using namespace lockcore;

namespace ui {

// Lives on the worker thread: owns the Session (opened on first use, on that thread).
class ClusterStatusJob : public QObject
{
    Q_OBJECT

public:
    ClusterStatusJob(const ConnectionSpec &spec, int connectTimeoutS)
        : m_spec(spec), m_timeoutS(connectTimeoutS)
    {
    }

    void read(quint64 generation)
    {
        if (Status open = openOnce(m_session, m_spec, m_timeoutS); !open) {
            emit readFailed(generation, open.error().message);
            return;
        }
        auto status = readClusterStatus(*m_session);
        // A connection that died with its server (a failover, a restart) is found lost by
        // the first statement; the next one reopens it, through the URL's hosts.
        if (!status && (status.error().kind == Error::Kind::ConnectionLost
                        || status.error().kind == Error::Kind::Unavailable))
            status = readClusterStatus(*m_session);
        if (status)
            emit statusRead(generation, *status);
        else
            emit readFailed(generation, status.error().message);
    }

signals:
    void statusRead(quint64 generation, const lockcore::ClusterStatus &status);
    void readFailed(quint64 generation, const QString &message);

private:
    ConnectionSpec m_spec;
    int m_timeoutS;
    std::unique_ptr<Session> m_session;
};

ClusterStatusWorker::ClusterStatusWorker(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<ClusterStatus>();
}

ClusterStatusWorker::~ClusterStatusWorker() = default;

void ClusterStatusWorker::stop()
{
    m_jobs.stop();
    m_reading = false;
}

void ClusterStatusWorker::setConnection(const ConnectionSpec &spec, int connectTimeoutS)
{
    m_reading = false;
    auto *job = new ClusterStatusJob(spec, connectTimeoutS);
    const quint64 generation = m_jobs.start(job, u"clusterStatus"_s);
    connect(job, &ClusterStatusJob::statusRead, this,
            [this, generation](quint64 g, const ClusterStatus &status) {
                if (g != generation || !m_jobs.isCurrent(generation))
                    return;
                m_reading = false;
                emit statusRead(status);
            });
    connect(job, &ClusterStatusJob::readFailed, this,
            [this, generation](quint64 g, const QString &message) {
                if (g != generation || !m_jobs.isCurrent(generation))
                    return;
                m_reading = false;
                emit readFailed(message);
            });
}

bool ClusterStatusWorker::read()
{
    auto *job = static_cast<ClusterStatusJob *>(m_jobs.job());
    if (!job || m_reading)
        return false;
    m_reading = true;
    const quint64 generation = m_jobs.generation();
    QMetaObject::invokeMethod(job, [job, generation] { job->read(generation); },
                              Qt::QueuedConnection);
    return true;
}

} // namespace ui

#include "clusterstatusworker.moc"
