// SPDX-License-Identifier: GPL-3.0-or-later
#include "rowlockedby.h"

#include "lockctltr.h"
#include "rowlocker.h"

#include <QJsonValue>

using namespace Qt::StringLiterals;

namespace lockctl {

namespace {

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

QJsonValue msOrNull(qint64 ms)
{
    return ms < 0 ? QJsonValue() : QJsonValue(ms);
}

} // namespace

void addRowLockedBy(QJsonObject *json, const lockcore::RowLockers &lockers)
{
    if (!lockers.note.isEmpty())
        json->insert(u"row_lock_note"_s, lockers.note);
    if (!lockers.locked) {
        json->insert(u"row_locked_by"_s, QJsonValue());
        return;
    }
    // The locker (the first of several: a shared lock, or InnoDB's candidates; `exact` false
    // for candidates); without one, only that the row is locked.
    QJsonObject by{{u"exact"_s, lockers.exact}, {u"sessions"_s, lockers.lockers.size()}};
    if (!lockers.lockers.isEmpty()) {
        const lockcore::RowLocker &locker = lockers.lockers.constFirst();
        by.insert(u"pid"_s, locker.session.pid);
        by.insert(u"state"_s, orNull(locker.session.state));
        by.insert(u"state_age_ms"_s, msOrNull(locker.stateAgeMs));
        by.insert(u"xact_age_ms"_s, msOrNull(locker.xactAgeMs));
        by.insert(u"application"_s, orNull(locker.session.application));
        by.insert(u"user"_s, orNull(locker.session.user));
        by.insert(u"client"_s, orNull(locker.session.client));
        by.insert(u"query"_s, orNull(locker.query));
    }
    json->insert(u"row_locked_by"_s, by);
}

QString rowLockedByText(const lockcore::RowLockers &lockers)
{
    QString text = lockcore::rowLockerText(lockers);
    if (!lockers.note.isEmpty())
        text += (text.isEmpty() ? QString() : u"\n"_s) + lockers.note;
    return text;
}

} // namespace lockctl
