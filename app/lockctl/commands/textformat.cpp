// SPDX-License-Identifier: GPL-3.0-or-later
#include "textformat.h"

#include "duration.h"
#include "jsonformat.h"
#include "lockctltr.h"
#include "locktypes.h"
#include "profiletable.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace lockctl {

namespace {

QString orDash(const QString &text)
{
    return text.isEmpty() ? u"-"_s : text;
}

QString stateName(lockcore::LockState state)
{
    switch (state) {
    case lockcore::LockState::Free:
        return Tr::tr("free");
    case lockcore::LockState::Held:
        return Tr::tr("held");
    case lockcore::LockState::Expired:
        return Tr::tr("expired");
    }
    return {};
}

} // namespace

QString textTime(const QDateTime &time)
{
    return orDash(isoTime(time));
}

QString renderTable(const QStringList &headers, const QList<QStringList> &rows)
{
    QList<qsizetype> widths;
    for (const QString &header : headers)
        widths.append(header.size());
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = qMax(widths[i], row.at(i).size());
    }
    const auto line = [&](const QStringList &cells) -> QString {
        QString text;
        for (qsizetype i = 0; i < cells.size(); ++i) {
            if (i + 1 < cells.size())
                text += cells.at(i).leftJustified(widths.value(i)) + u"  "_s;
            else
                text += cells.at(i);
        }
        return text.trimmed() + u'\n';
    };
    QString text = line(headers);
    for (const QStringList &row : rows)
        text += line(row);
    return text;
}

QString lockListText(const QList<lockcore::LockInfo> &locks)
{
    if (locks.isEmpty())
        return Tr::tr("No locks.");
    const QStringList headers
        = {Tr::tr("NAME"),  Tr::tr("STATE"),   Tr::tr("HOLDER"),    Tr::tr("DEPTH"),
           Tr::tr("FENCE"), Tr::tr("EXPIRES"), Tr::tr("REMAINING"), Tr::tr("DESCRIPTION")};
    QList<QStringList> rows;
    for (const lockcore::LockInfo &lock : locks) {
        const bool held = lock.state == lockcore::LockState::Held;
        rows.append({lock.name, stateName(lock.state), orDash(lock.holder),
                     QString::number(lock.depth), QString::number(lock.fence),
                     lock.holder.isEmpty() ? u"-"_s : textTime(lock.expiresAt),
                     held ? lockcore::formatDurationMs(lock.remainingMs()) : u"-"_s,
                     lock.description.simplified()});
    }
    return renderTable(headers, rows);
}

QString lockStateText(const lockcore::LockInfo &lock)
{
    switch (lock.state) {
    case lockcore::LockState::Free:
        return Tr::tr("free");
    case lockcore::LockState::Held:
        return Tr::tr("held by %1 until %2 (%3 left)")
            .arg(lock.holder, textTime(lock.expiresAt),
                 lockcore::formatDurationMs(lock.remainingMs()));
    case lockcore::LockState::Expired:
        return Tr::tr("expired since %1 (last holder %2)")
            .arg(textTime(lock.expiresAt), lock.holder);
    }
    return {};
}

QString lockDetailsText(const lockcore::LockInfo &lock)
{
    const QList<QStringList> rows = {
        {Tr::tr("name:"), lock.name},
        {Tr::tr("state:"), lockStateText(lock)},
        {Tr::tr("holder:"), orDash(lock.holder)},
        {Tr::tr("previous holder:"), orDash(lock.prevHolder)},
        {Tr::tr("depth:"), QString::number(lock.depth)},
        {Tr::tr("fence:"),
         QString::number(lock.fence)},
        {Tr::tr("acquired at:"), textTime(lock.acquiredAt)},
        {Tr::tr("renewed at:"), textTime(lock.renewedAt)},
        {Tr::tr("expires at:"), textTime(lock.expiresAt)},
        {Tr::tr("lease (TTL):"), lockcore::formatDurationMs(lock.ttlMs)},
        {Tr::tr("description:"), orDash(lock.description.simplified())},
        {Tr::tr("database time:"), textTime(lock.dbNow)},
    };
    qsizetype width = 0;
    for (const QStringList &row : rows)
        width = qMax(width, row.at(0).size());
    QString text;
    for (const QStringList &row : rows)
        text += row.at(0).leftJustified(width + 1) + row.at(1) + u'\n';
    return text;
}

QString profileLockText(const lockcore::ProfileLock &lock)
{
    using State = lockcore::ProfileLock::State;
    const QString holder = orDash(lock.holder);
    QString state;
    if (lock.state == State::Free)
        state = Tr::tr("free");
    else if (lock.state == State::Expired)
        state = Tr::tr("expired since %1 (last holder %2)").arg(textTime(lock.expiresAt()), holder);
    else if (const auto remaining = lock.remainingMs())
        state = Tr::tr("held by %1 until %2 (%3 left)")
                    .arg(holder, textTime(lock.expiresAt()),
                         lockcore::formatDurationMs(*remaining));
    else if (const auto held = lock.heldMs())
        state = Tr::tr("held by %1 since %2 (%3 so far, no expiry)")
                    .arg(holder, textTime(lock.lockedAt()), lockcore::formatDurationMs(*held));
    else
        state = Tr::tr("held by %1 (no expiry, no time recorded)").arg(holder);
    QString line = lock.name + u"  "_s + state;
    if (lock.possiblyStuck)
        line += u"  "_s + Tr::tr("POSSIBLY STUCK");
    if (lock.seenTimeMs)
        line += u"  "_s + Tr::tr("(--expect-time %1)").arg(*lock.seenTimeMs);
    return line;
}

QString profileGrantText(const QString &name, const QString &holder,
                         const lockcore::ProfileLock &granted)
{
    const QDateTime expires = granted.expiresAt();
    if (!expires.isValid())
        return Tr::tr("Acquired \"%1\" as %2 (this table has no expiry).").arg(name, holder);
    const QDateTime from = granted.lockedAt().isValid() ? granted.lockedAt() : granted.dbNow();
    return Tr::tr("Acquired \"%1\" as %2, expires at %3 (lease %4).")
        .arg(name, holder, textTime(expires), lockcore::formatDurationMs(from.msecsTo(expires)));
}

QString lostText(const QString &name, qint64 fence, const lockcore::LockInfo &current)
{
    if (current.name.isEmpty())
        return Tr::tr("\"%1\" no longer exists; fence %2 is no longer valid.").arg(name).arg(fence);
    return Tr::tr("\"%1\" is not held with fence %2: its fence is %3 and it is %4.")
        .arg(name)
        .arg(fence)
        .arg(QString::number(current.fence))
        .arg(lockStateText(current));
}

QString historyText(const QList<lockcore::LockEvent> &events)
{
    if (events.isEmpty())
        return Tr::tr("No events.");
    const QStringList headers = {Tr::tr("TIME"),  Tr::tr("EVENT"), Tr::tr("HOLDER"),
                                 Tr::tr("FENCE"), Tr::tr("ACTOR"), Tr::tr("DETAIL")};
    QList<QStringList> rows;
    for (const lockcore::LockEvent &event : events)
        rows.append({textTime(event.at), event.kind, orDash(event.holder),
                     QString::number(event.fence), orDash(event.actor), event.detail.simplified()});
    return renderTable(headers, rows);
}

} // namespace lockctl
