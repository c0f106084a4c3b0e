// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "exporteroptions.h"
#include "lockselection.h"
#include "metricsnapshot.h"

#include <QElapsedTimer>
#include <QObject>
#include <QThread>

namespace lockctl {

class TargetReader;

// One target as the HTTP thread sees it: its reader on a thread of its own, whether a read is
// under way (and since when), and the last read's result. A read that is under way is shared by
// every scrape that comes meanwhile; one that has run longer than the scrape timeout (a hung
// server) is not waited for: a scrape reports the target down at once, and no second read is
// queued behind it.
class Target : public QObject
{
    Q_OBJECT
public:
    Target(const ExportTarget &target, const lockcore::LockSelection &selection,
           int connectTimeoutS, QObject *parent = nullptr);
    ~Target() override;

    // Starts a read unless one is under way. Returns the read's number (readDone's), or 0 when
    // the read under way is stuck: a scrape gave up waiting for it (noteNoAnswer), or it has run
    // `stuckAfterMs` or longer.
    quint64 startRead(qint64 stuckAfterMs);
    // The last finished read, its duration set; counters kept from the last read that had them.
    const lockcore::TableSnapshot &lastSnapshot() const { return m_last; }
    // A down snapshot with this target's labels (and its last counters).
    lockcore::TableSnapshot down(double durationSeconds) const;
    // A scrape gave up waiting for the read under way: it is stuck until it ends. Said once on
    // stderr (again only after the target answered).
    void noteNoAnswer(qint64 timeoutMs);
    // This scrape's result of the target with the scrapes (and those that could not read the
    // table) counted so far, this one included.
    lockcore::TableSnapshot counted(lockcore::TableSnapshot snapshot);
    // Stops the thread; false when its read is still stuck after `waitMs`.
    bool stop(int waitMs);

signals:
    void readDone(quint64 read);

private:
    void finish(quint64 read, lockcore::TableSnapshot snapshot, qint64 elapsedNs);

    ExportTarget m_config;
    QThread m_thread;
    TargetReader *m_reader; // lives on m_thread, deleted when it finishes
    quint64 m_started = 0;  // the number of the last read started
    bool m_busy = false;
    bool m_saidNoAnswer = false; // the read under way is stuck
    QElapsedTimer m_since;
    lockcore::TableSnapshot m_last;
    qint64 m_scrapes = 0;
    qint64 m_scrapeErrors = 0;
};

} // namespace lockctl
