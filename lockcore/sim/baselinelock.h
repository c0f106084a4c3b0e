// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"
#include "simsettings.h"

#include <QRandomGenerator>
#include <QString>
#include <atomic>
#include <memory>

namespace lockcore {
class LockService;
} // namespace lockcore

namespace locksim {

// A lock design of the seed articles that the simulator runs beside lockcore, to show what the
// verdict catches (UnsafeLock, ForUpdateLock). Its holds are timed with a shrunk interval: the
// database clock read right after the statement that locks and right before the one that
// unlocks, so an overlap found is real. One per client, on the client's own connection.
class BaselineLock
{
public:
    struct Grant
    {
        bool acquired = false;
        int attempts = 0;
        qint64 acquiredDbUs = 0;
        qint64 expiresDbUs = 0; // the holder's own idea of its lease end, a lower bound; 0: none
    };
    struct Release
    {
        qint64 atDbUs = 0;         // the database clock read after the critical section
        bool commitFailed = false; // for-update: the transaction did not commit
    };

    // The design of `settings.protocol` (not lockcore), for one client whose clock is off by
    // `skewMs` (the client-clock design's).
    static std::unique_ptr<BaselineLock> create(lockcore::LockService &service,
                                                const SimSettings &settings, qint64 skewMs);
    virtual ~BaselineLock() = default;

    // Tries per the retry policy until granted, refused after the policy's limit, or `stop`.
    lockcore::Result<Grant> acquire(const QString &name, const QString &holder,
                                    const std::atomic_bool &stop, QRandomGenerator &random);
    // Unlocks (whoever holds it, as the designs do).
    virtual lockcore::Result<Release> release(const QString &name) = 0;
    // The holder vanishes: what the database does about its lock. Returns the database time
    // from which the lock is free again (for-update: its transaction rolled back, as when the
    // connection drops), or 0: it stays until its lease ends, or for ever without one.
    virtual qint64 crash() { return 0; }
    // Before a run: the lock free, its rows as the design needs them.
    virtual lockcore::Status reset(const QString &name) = 0;

protected:
    BaselineLock(lockcore::LockService &service, const SimSettings &settings);

    // One try; true when it locked. `waitMs`: how long the statement may wait for the lock in
    // the server (for-update's lock wait timeout); the other designs never wait there.
    virtual lockcore::Result<bool> tryOnce(const QString &name, const QString &holder,
                                           qint64 waitMs) = 0;
    // A grant that could not be timed is given up where the design can (for-update: rolled
    // back), so that no lock stays held unrecorded.
    virtual void abandon() {}
    // The lease the holder believes it got from a try that started at `beforeDbUs` (0: none).
    virtual qint64 leaseEnd(qint64 /*beforeDbUs*/) const { return 0; }

    lockcore::LockService &m_service;
    const SimSettings &m_settings;
    qint64 m_grantedDbUs = 0; // the last grant's time (acquire())
};

} // namespace locksim
