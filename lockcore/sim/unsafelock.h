#pragma once

#include "result.h"
#include "simsettings.h"

#include <QRandomGenerator>
#include <QString>
#include <atomic>

namespace lockcore {
class LockService;
} // namespace lockcore

namespace locksim {

// The two unsafe designs of the seed articles, for teaching, on <table>_unsafe(name, holder,
// expires_ms). Their holds are timed with a shrunk interval (the database clock read right
// after the lock statement and right before the unlock), so an overlap found is real.
// - UnsafeNoExpiry (seed 004): INSERT the row to lock (a duplicate key means held), DELETE it
//   to unlock, without checking the owner. No expiry: a crashed holder's row stays for ever.
// - UnsafeClientClock (seed 002): UPDATE .. SET expires_ms = clientNow + ttl WHERE
//   expires_ms <= clientNow, with the client's own (skewed) clock; unlock sets expires_ms to a
//   second ago, without checking the owner. No fence.
class UnsafeLock
{
public:
    struct Grant
    {
        bool acquired = false;
        int attempts = 0;
        qint64 acquiredDbUs = 0;
        qint64 expiresDbUs = 0; // the holder's own idea of its lease end, a lower bound; 0: none
    };

    UnsafeLock(lockcore::LockService &service, const SimSettings &settings, qint64 skewMs);

    // Tries per the retry policy until granted, refused after the policy's limit, or `stop`.
    lockcore::Result<Grant> acquire(const QString &name, const QString &holder,
                                    const std::atomic_bool &stop, QRandomGenerator &random);
    // Unlocks (whoever holds it). Returns the database time read just before.
    lockcore::Result<qint64> release(const QString &name);
    // Before a run: the row removed (no expiry) or present and free (client clock).
    lockcore::Status reset(const QString &name);

private:
    lockcore::Result<bool> tryOnce(const QString &name, const QString &holder);
    qint64 clientNowMs() const;

    lockcore::LockService &m_service;
    const SimSettings &m_settings;
    qint64 m_skewMs;
    QString m_table; // quoted
};

} // namespace locksim
