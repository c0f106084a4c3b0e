// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "profile.h"
#include "profiletable.h"
#include "result.h"

#include <QList>
#include <QString>

namespace lockcore {

class Session;

// For profiles with Profile::rowLockHolder (quartz: QRTZ_LOCKS): fills holder/state of each lock
// from the database's row locks. The table's rows always exist; a lock is held while a database
// session has its row locked (SELECT ... FOR UPDATE), and that session is its holder. `locks`
// come in free (holder empty, State::Free), read from `table` through `profile`; the function
// marks the locked ones Held with their holder. Called by ProfileTable::list and ::lock.
Status readRowLockHolders(Session &session, const Profile &profile, const QString &table,
                          QList<ProfileLock> &locks);

// Why such a lock is not force-released through its table, and what to run instead: the
// holding session's terminate ("... session 4711 (app@10.0.0.5:51234, quartz) has
// lockscope/TRIGGER_ACCESS locked; to end it: lockctl terminate 4711 --reason TEXT"), read
// fresh; or that nobody holds it, or that the database does not name the holder yet.
QString rowLockReleaseAdvice(Session &session, const Profile &profile, const QString &table,
                             const QString &name);

} // namespace lockcore
