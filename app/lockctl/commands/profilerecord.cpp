// SPDX-License-Identifier: GPL-3.0-or-later
// The record of an admin's action on an application's table, which keeps no history: where it
// went is said on stderr and in --json, whatever the action's outcome.
#include "profilerecord.h"

#include "commands.h"

#include "holderid.h"
#include "invocation.h"
#include "lockctltr.h"
#include "output.h"
#include "profiletable.h"
#include "validation.h"

using namespace Qt::StringLiterals;

namespace lockctl {

lockcore::Result<QString> profileReason(const Invocation &invocation, bool required)
{
    const QString reason = invocation.args().value(u"reason"_s);
    if (required && reason.trimmed().isEmpty())
        return lockcore::Error::invalidInput(
            Tr::tr("--reason is required; it is recorded with your name (in the event table, "
                   "else in the local audit log)."));
    if (lockcore::Status valid = lockcore::validateDescription(reason, Tr::tr("reason")); !valid)
        return valid.error();
    return reason;
}

lockcore::ProfileAction profileAction(const lockcore::ProfileTable &table, const QString &action,
                                      const QString &lock, const QString &reason)
{
    lockcore::ProfileAction recorded;
    recorded.profile = table.profile().id;
    recorded.table = table.table();
    recorded.lock = lock;
    recorded.action = action;
    recorded.reason = reason;
    recorded.actor = lockcore::actorId(u"lockctl"_s);
    return recorded;
}

QJsonObject recordProfileAction(Invocation &invocation, const lockcore::ProfileAction &action)
{
    using Where = lockcore::ProfileActionRecord::Where;
    lockcore::ProfileActionRecord record;
    auto session = invocation.session();
    if (session) {
        record = lockcore::recordProfileAction(**session, invocation.settings().auditTable,
                                               action);
    } else {
        record.error = session.error().message;
    }
    const QString text = lockcore::profileRecordText(action, record);
    if (record.where == Where::Nowhere)
        invocation.out().warning(text);
    else
        cli::Output::writeStderr(text);
    return lockcore::profileRecordJson(action, record);
}

QString reasonNeedsProfile()
{
    return Tr::tr("--reason is recorded for actions on an application's table (with --profile); "
                  "on Lockscope's own table only force-release takes one.");
}

} // namespace lockctl
