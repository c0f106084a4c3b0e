// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "baselinelock.h"
#include "statement.h"

namespace lockcore {
class Session;
} // namespace lockcore

namespace locksim {

// Seed 003's lock held as an open transaction, on <table>_forupdate(name), one row per lock
// created before the run:
//   BEGIN; SELECT name FROM <table>_forupdate WHERE name = ? FOR UPDATE;
//   ... the critical section, inside the transaction ...
//   COMMIT;  -- releases the row lock
// No lease and no fence (0). A waiter blocks in the server, for up to the retry deadline (the
// lock wait timeout: PostgreSQL's lock_timeout, MySQL's innodb_lock_wait_timeout in whole
// seconds). A holder keeps a transaction and a connection for its whole critical section.
// Safe on one server. On a Galera cluster a row lock is its node's own: clients on two nodes
// hold the lock at once, and at COMMIT one of them loses certification (ERROR 1213) after its
// critical section has already run; its hold is recorded as it was observed, with
// commitFailed.
class ForUpdateLock : public BaselineLock
{
public:
    ForUpdateLock(lockcore::LockService &service, const SimSettings &settings);

    // SELECT .. FOR UPDATE and a lock wait timeout exist on this database: not on SQLite,
    // whose only lock is the whole database's (an InvalidInput error saying so).
    static lockcore::Status checkSupported(const lockcore::Session &session);

    // COMMIT, timed by the clock read just before it; a transaction the database had already
    // rolled back (or whose COMMIT failed) is a failed commit, timed when the client learns it.
    lockcore::Result<Release> release(const QString &name) override;
    // The connection of a crashed holder drops and the server rolls its transaction back:
    // rolled back here, at the time read just before.
    qint64 crash() override;
    // The lock's row present.
    lockcore::Status reset(const QString &name) override;

protected:
    lockcore::Result<bool> tryOnce(const QString &name, const QString &holder,
                                   qint64 waitMs) override;
    void abandon() override;

private:
    lockcore::Status begin(qint64 waitMs);
    lockcore::Statement lockStatement(const QString &name, qint64 waitMs) const;
    // The database clock after the transaction is gone (rolled back here first); the grant's
    // time if even that cannot be read.
    qint64 timeAfterRollback();

    QString m_table; // quoted
};

} // namespace locksim
