// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace lockcore {

// One lock as the exporter reports it: its state and times in database time (seconds).
struct LockSample
{
    enum class State { Free, Held, Expired };

    QString name;
    State state = State::Free;
    QString holder;                        // held and expired locks
    std::optional<double> heldSeconds;     // since acquired (none: the table records no time)
    std::optional<double> leaseRemainingSeconds; // while held (none: no expiry)
    std::optional<double> expiredSeconds;  // since the lease ended (state expired)
    // The row's own times as Unix seconds by the database clock (held and expired locks; none
    // when the row has no such time): lockscope_lock_*_timestamp_seconds.
    std::optional<double> acquiredTimestamp;
    std::optional<double> renewedTimestamp;
    std::optional<double> expiresTimestamp;
    std::optional<qint64> fence;           // native tables only
    std::optional<qint64> depth;           // native tables only
};

// What the history recorded, counted from the start of the event table.
struct EventCounts
{
    qint64 acquisitions = 0;   // kinds acquire, reenter, takeover
    qint64 takeovers = 0;      // kind takeover
    qint64 forceReleases = 0;  // kind force_release
    qint64 releasesLost = 0;   // kind lost
};

// One lock table as one scrape read it (or could not).
struct TableSnapshot
{
    QString db;    // the target's name (the "db" label)
    QString table; // the "table" label
    bool up = false;
    double scrapeDurationSeconds = 0;
    // The rest is meaningful when up (counters: also when down, as last read).
    std::optional<double> clockOffsetSeconds; // database clock minus this machine's
    std::optional<double> databaseTimeSeconds; // the database clock at the read, Unix seconds
    qint64 free = 0;
    qint64 held = 0;
    qint64 expired = 0;
    qint64 omitted = 0;        // locks not reported one by one
    QList<LockSample> locks;   // the reported ones
    std::optional<EventCounts> counts; // none: the table has no history (profiles)
    // The exporter's scrapes of this table so far, and those that could not read it (this one
    // included): lockscope_exporter_scrapes_total, lockscope_exporter_scrape_errors_total.
    qint64 scrapes = 0;
    qint64 scrapeErrors = 0;
};

} // namespace lockcore
