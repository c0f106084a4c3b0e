// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "result.h"
#include "simhistory.h"

#include <QString>

namespace lockcore {
class LockService;
} // namespace lockcore

namespace locksim {

// The protected resource of one simulation: a row per lock in <table>_resource that keeps the
// highest fence it has accepted and refuses lower ones (what an application should do with
// the fencing token).
class Resource
{
public:
    Resource(lockcore::LockService &service, const QString &table);

    // Makes sure the row exists and sets it back to fence 0.
    lockcore::Status reset(const QString &lockName);
    // One write with `fence`, timed by the database clock read before and after it.
    lockcore::Result<WriteRecord> write(const QString &lockName, qint64 fence,
                                        const QString &writer);

private:
    lockcore::LockService &m_service;
    QString m_table; // quoted
};

} // namespace locksim
