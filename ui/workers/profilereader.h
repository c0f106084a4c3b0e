// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockrefresh.h"
#include "profiletable.h"
#include "result.h"

#include <QDateTime>
#include <QHash>

namespace lockcore {
class Session;
} // namespace lockcore

namespace ui {

// How the monitor reads an application's lock table (a lockcore::ProfileTable), on the
// database thread: every lock, as LockInfo rows the lock table's models already show, and the
// database clock. Applications that write the database's local time (seed-000's SYSDATE,
// MySQL's now()) are shifted by the database's own UTC offset, read each refresh, so that times
// show correctly on this machine; what a force release compares is shifted back the same way.
// These tables have no fence, depth or history: those cells stay empty.
class ProfileReader
{
public:
    ProfileReader() = default;

    void reset();
    // A lock without expiry held longer than this is marked possibly stuck (LockInfo's
    // description says so).
    void setStuckAfterMs(qint64 ms) { m_stuckAfterMs = ms; }
    qint64 stuckAfterMs() const { return m_stuckAfterMs; }

    lockcore::Result<LockRefresh> read(lockcore::Session &session,
                                       const lockcore::ProfileTable &table);

    // The time a force release compares (the expiry, else the locked-at time) in the form the
    // table stores it, from the row the admin saw. None: the profile has no such time.
    std::optional<qint64> storedSeenTime(const lockcore::Profile &profile,
                                         const lockcore::LockInfo &seen) const;

    // A profile's lock as the lock table shows it, with times moved by `offsetMs`.
    static lockcore::LockInfo toLockInfo(const lockcore::ProfileLock &lock, qint64 offsetMs,
                                         bool hasExpiry);

private:
    qint64 m_stuckAfterMs = 3600 * 1000;
    qint64 m_offsetMs = 0; // the database's UTC offset, for profiles that store local time
    // Tables that record no time (seed-004): when this reader first saw each held lock, by
    // the database clock, so that "held for at least" and "possibly stuck" can still be said.
    QHash<QString, qint64> m_firstSeenMs;
    PreparedLocks m_previous;
    PreparedLocks m_retired;
};

} // namespace ui
