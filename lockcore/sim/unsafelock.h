// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "baselinelock.h"

namespace locksim {

// The two unsafe designs of the seed articles, for teaching, on <table>_unsafe(name, holder,
// expires_ms):
// - UnsafeNoExpiry (seed 004): INSERT the row to lock (a duplicate key means held), DELETE it
//   to unlock, without checking the owner. No expiry: a crashed holder's row stays for ever.
// - UnsafeClientClock (seed 002): UPDATE .. SET expires_ms = clientNow + ttl WHERE
//   expires_ms <= clientNow, with the client's own (skewed) clock; unlock sets expires_ms to a
//   second ago, without checking the owner. No fence.
class UnsafeLock : public BaselineLock
{
public:
    UnsafeLock(lockcore::LockService &service, const SimSettings &settings, qint64 skewMs);

    lockcore::Result<Release> release(const QString &name) override;
    // The row removed (no expiry) or present and free (client clock).
    lockcore::Status reset(const QString &name) override;

protected:
    lockcore::Result<bool> tryOnce(const QString &name, const QString &holder,
                                   qint64 waitMs) override;
    qint64 leaseEnd(qint64 beforeDbUs) const override;

private:
    qint64 clientNowMs() const;

    qint64 m_skewMs;
    QString m_table; // quoted
};

} // namespace locksim
