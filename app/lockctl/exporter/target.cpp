// SPDX-License-Identifier: GPL-3.0-or-later
#include "target.h"

#include "lockctltr.h"
#include "output.h"
#include "targetreader.h"

#include <QMetaObject>
#include <QPointer>

namespace lockctl {

Target::Target(const ExportTarget &target, const lockcore::LockSelection &selection,
               int connectTimeoutS, QObject *parent)
    : QObject(parent)
    , m_config(target)
    , m_reader(new TargetReader(target, selection, connectTimeoutS))
{
    m_reader->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_reader, &QObject::deleteLater);
    m_thread.setObjectName(u"exporter " + target.name);
    m_thread.start();
    m_last = down(0);
}

Target::~Target()
{
    stop(5000); // a stuck read never gets here: the exporter leaves without it (exporter.cpp)
}

quint64 Target::startRead(qint64 stuckAfterMs)
{
    if (m_busy)
        return m_saidNoAnswer || m_since.elapsed() >= stuckAfterMs ? 0 : m_started;
    m_busy = true;
    m_since.start();
    const quint64 read = ++m_started;
    QPointer<Target> self(this);
    TargetReader *reader = m_reader;
    QMetaObject::invokeMethod(reader, [self, reader, read] {
        QElapsedTimer clock;
        clock.start();
        lockcore::TableSnapshot snapshot = reader->read();
        const qint64 elapsed = clock.nsecsElapsed();
        if (!self)
            return; // the exporter is stopping
        QMetaObject::invokeMethod(
            self.data(),
            [self, read, snapshot = std::move(snapshot), elapsed]() mutable {
                if (self)
                    self->finish(read, std::move(snapshot), elapsed);
            },
            Qt::QueuedConnection);
    }, Qt::QueuedConnection);
    return read;
}

void Target::finish(quint64 read, lockcore::TableSnapshot snapshot, qint64 elapsedNs)
{
    m_busy = false;
    m_saidNoAnswer = false;
    snapshot.db = m_config.name;
    snapshot.table = m_config.table;
    snapshot.scrapeDurationSeconds = double(elapsedNs / 1000) / 1e6; // to the microsecond
    if (!snapshot.counts)
        snapshot.counts = m_last.counts;
    m_last = std::move(snapshot);
    emit readDone(read);
}

lockcore::TableSnapshot Target::down(double durationSeconds) const
{
    lockcore::TableSnapshot snapshot;
    snapshot.db = m_config.name;
    snapshot.table = m_config.table;
    snapshot.scrapeDurationSeconds = durationSeconds;
    snapshot.counts = m_last.counts;
    return snapshot;
}

void Target::noteNoAnswer(qint64 timeoutMs)
{
    if (m_saidNoAnswer)
        return;
    m_saidNoAnswer = true;
    cli::Output::writeStderr(Tr::tr("lockctl exporter: %1 table %2 is down: no answer within "
                                    "%3 ms (the database may hang).")
                                 .arg(m_config.name, m_config.table)
                                 .arg(timeoutMs));
}

lockcore::TableSnapshot Target::counted(lockcore::TableSnapshot snapshot)
{
    ++m_scrapes;
    if (!snapshot.up)
        ++m_scrapeErrors;
    snapshot.scrapes = m_scrapes;
    snapshot.scrapeErrors = m_scrapeErrors;
    return snapshot;
}

bool Target::stop(int waitMs)
{
    if (!m_thread.isRunning())
        return true;
    m_thread.quit();
    return m_thread.wait(waitMs);
}

} // namespace lockctl
