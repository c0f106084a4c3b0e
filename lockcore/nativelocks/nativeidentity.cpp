// SPDX-License-Identifier: Apache-2.0
// A session's identity as a read saw it (NativeLock::identityToken) and, against the session
// as it is now, what changed (NativeLock::changeSince): the guard of cancel and terminate.

#include "nativelock.h"

#include "tr.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

QString usText(qint64 us)
{
    return QDateTime::fromMSecsSinceEpoch(us / 1000, Qt::UTC).toString(Qt::ISODateWithMs);
}

} // namespace

QString NativeLock::identityToken() const
{
    // MariaDB's statement id goes in too: InnoDB's transaction tables are a cache that the
    // server refreshes only when nobody read it for 0.1 s, PROCESSLIST.QUERY_ID is always
    // current (a COMMIT and a BEGIN since the look are statements).
    QString token = QString::number(sessionStartUs) + u'.' + QString::number(xactStartUs) + u'.'
                    + (transactionId.isEmpty() ? u"0"_s : transactionId);
    if (statementId != 0)
        token += u'.' + QString::number(statementId);
    return token;
}

std::optional<QString> NativeLock::changeSince(const QString &token) const
{
    const std::optional<NativeLock> seen = seenAs(token);
    if (!seen)
        return std::nullopt;
    return changeSince(*seen);
}

std::optional<NativeLock> NativeLock::seenAs(const QString &token) const
{
    const QStringList parts = token.trimmed().split(u'.');
    if ((parts.size() != 3 && parts.size() != 4) || parts.at(2).isEmpty())
        return std::nullopt;
    bool startOk = false;
    bool xactOk = false;
    bool statementOk = true;
    NativeLock seen = *this;
    seen.sessionStartUs = parts.at(0).toLongLong(&startOk);
    seen.xactStartUs = parts.at(1).toLongLong(&xactOk);
    seen.transactionId = parts.at(2) == u"0" ? QString() : parts.at(2);
    seen.statementId = parts.size() == 4 ? parts.at(3).toLongLong(&statementOk) : 0;
    if (!startOk || !xactOk || !statementOk || seen.sessionStartUs < 0 || seen.xactStartUs < 0
        || seen.statementId < 0)
        return std::nullopt;
    seen.xactStart = seen.xactStartUs > 0 ? QDateTime::fromMSecsSinceEpoch(
                                                seen.xactStartUs / 1000, Qt::UTC)
                                          : QDateTime();
    return seen;
}

QString NativeLock::changeSince(const NativeLock &seen) const
{
    const QString who = Tr::tr("Session %1").arg(pid);
    if (sessionStartUs != seen.sessionStartUs)
        return Tr::tr("The id %1 now belongs to another session (started at %2), not the one "
                      "you saw (started at %3).")
            .arg(QString::number(pid), usText(sessionStartUs), usText(seen.sessionStartUs));
    if (!seen.user.isEmpty() && user != seen.user)
        return Tr::tr("The id %1 now belongs to user \"%2\", not \"%3\": another session.")
            .arg(QString::number(pid), user, seen.user);
    if (seen.xactStartUs != 0 && xactStartUs == 0)
        return Tr::tr("%1's transaction (started at %2) has ended; the session is %3 now.")
            .arg(who, usText(seen.xactStartUs), state.isEmpty() ? Tr::tr("idle") : state);
    if (seen.xactStartUs == 0 && xactStartUs != 0)
        return Tr::tr("%1 has begun a transaction (at %2) since you looked.")
            .arg(who, usText(xactStartUs));
    if (seen.xactStartUs != xactStartUs || seen.transactionId != transactionId)
        return Tr::tr("%1 is in another transaction now (started at %2), not the one you saw "
                      "(started at %3).")
            .arg(who, usText(xactStartUs), usText(seen.xactStartUs));
    if (seen.statementId != 0 && statementId != 0 && seen.statementId != statementId)
        return Tr::tr("%1 has run another statement since you looked (its transaction may have "
                      "ended and another begun): look again.")
            .arg(who);
    return {};
}

} // namespace lockcore
