// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "error.h"

#include <QJsonObject>
#include <QString>
#include <optional>

namespace lockcore {

class Session;

// The record of an admin's action on an application's lock table (a profile's table), which
// keeps no history of its own (docs/user-guide.md, "What an admin's action leaves behind").
struct ProfileAction
{
    QString profile;  // "shedlock", "knex", "custom", ...
    QString table;    // the application's table
    QString lock;     // the lock's name in that table
    QString action;   // "force_release", "acquire", "release", "init"
    QString reason;   // the admin's reason; empty: none given
    QString outcome;  // "released", "refused", "acquired", "created", "exists", ...
    QString actor;    // "user@host (tool)" (lockcore::actorId)
    QString holder;   // force release: the holder the admin saw; otherwise the holder acting
    std::optional<qint64> expectTimeMs; // force release: the time the admin saw
};

// False for an error raised before anything was sent (invalid input, a read-only session):
// no action took place, there is nothing to record.
bool actionWasTried(const Error &error);

// Where the record went.
struct ProfileActionRecord
{
    enum class Where { EventTable, LocalLog, Nowhere };
    Where where = Where::Nowhere;
    QString place; // the event table's name, or the local log's path
    QString error; // Nowhere: why; LocalLog: why not the event table, when it exists but failed
    QString whereName() const; // "event_table", "local_log", "nowhere"
};

// The event's lock_name: "<profile>:<table>/<lock>", as native terminations are "native:<key>".
QString profileEventLockName(const ProfileAction &action);

// Records the action, after it was done: as an event in the event table of Lockscope's lock
// table `lockTable` in the same database (kind = action, lock_name = profileEventLockName, fence
// 0, detail = outcome and reason) when that table exists, else (no table there, the name longer
// than the column, or the insert refused) as a line in the local audit log. Never undoes the
// action: when neither can be written, says so (Where::Nowhere) and the caller tells the admin.
ProfileActionRecord recordProfileAction(Session &session, const QString &lockTable,
                                        const ProfileAction &action);

// The local log's line for the action (time UTC ISO with ms, os_user, admin, database with its
// password removed, profile, table, lock, action, reason, outcome, holder (acquire, release,
// init) or expect_holder and expect_time (force_release); null where they do not apply).
QJsonObject profileActionEntry(const Session &session, const ProfileAction &action);

// One line for stderr or a message bar: "Recorded: ..." or "Not recorded: ...".
QString profileRecordText(const ProfileAction &action, const ProfileActionRecord &record);
// {"where", "place", "reason", "error"} for --json.
QJsonObject profileRecordJson(const ProfileAction &action, const ProfileActionRecord &record);

} // namespace lockcore
