// SPDX-License-Identifier: Apache-2.0
#pragma once

class QSqlDatabase;
class QString;

namespace lockcore {

// The user lock that names a MySQL/MariaDB connection after its process
// (mysqlSessionLockName, in sessionname.h), so that a lock's holder's sessions can be found
// from its holder id (NativeLockReader::holderSessions). Taken once per connection, with the
// session's settings (again after a reopen, once forgotten): one statement,
// GET_LOCK(name, 0), in the lowest slot no other connection of this process has; it goes with
// the connection. Nothing on the acquire/release path. A refusal or an error leaves the
// connection unnamed, nothing more. Returns the round trips made (0: named already).
int nameMySqlSession(const QSqlDatabase &db);
// The connection `connectionName` is closed, or was lost (its lock went with it): its slot is
// free, and a reopened connection is named again.
void forgetMySqlSession(const QString &connectionName);

} // namespace lockcore
