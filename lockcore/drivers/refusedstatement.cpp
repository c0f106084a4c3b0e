// SPDX-License-Identifier: Apache-2.0
#include "refusedstatement.h"

#include "postgresstatements.h"
#include "tr.h"

#include <QSqlDatabase>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

QString who(const QString &user)
{
    return user.isEmpty() ? Tr::tr("This database user") : Tr::tr("User \"%1\"").arg(user);
}

} // namespace

Error lackingPrivilege(const QString &server, const QString &user, const QString &what,
                       const QString &driverText, const QString &nativeCode)
{
    return {Error::Kind::PermissionDenied,
            Tr::tr("%1 lacks a privilege on %2 for this (while %3); nothing was changed: %4. "
                   "Reading locks needs SELECT on the lock table and its event table; changing "
                   "them also needs INSERT, UPDATE and DELETE on the lock table and INSERT on "
                   "the event table.")
                .arg(who(user), server, what, driverText),
            nativeCode,
            driverText};
}

Error readOnlyUser(const QString &server, const QString &user, const QString &what,
                   const QString &driverText, const QString &nativeCode)
{
    return {Error::Kind::PermissionDenied,
            Tr::tr("%1 may only read on %2: its sessions are read-only "
                   "(default_transaction_read_only is on for the user, its database or the "
                   "server), so it lacks the privilege to change locks (while %3); nothing was "
                   "changed: %4. Connect as a user that may write: INSERT, UPDATE and DELETE on "
                   "the lock table and INSERT on its event table.")
                .arg(who(user), server, what, driverText),
            nativeCode,
            driverText};
}

bool readOnlyBySettings(const QSqlDatabase &db)
{
    return PostgresStatements::serverParameter(db, "in_hot_standby") == u"off"
           && PostgresStatements::serverParameter(db, "default_transaction_read_only") == u"on";
}

} // namespace lockcore
