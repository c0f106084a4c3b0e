// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessiontext.h"

#include "durationtext.h"

using namespace Qt::StringLiterals;

namespace ui::sessiontext {

QString age(const QDateTime &since, const QDateTime &now)
{
    if (!since.isValid() || !now.isValid())
        return {};
    // Tenths of a second would change on every read and say nothing an admin acts on.
    const qint64 ms = qMax<qint64>(0, since.msecsTo(now));
    return durationText(ms / 1000 * 1000);
}

QString state(const lockcore::NativeLock &session, const QDateTime &now)
{
    const QString since = age(session.stateSince, now);
    if (session.state.isEmpty())
        return {};
    return since.isEmpty() ? session.state : session.state + u' ' + since;
}

QString pid(const lockcore::NativeLock &session)
{
    return session.serial != 0 ? u"%1,%2"_s.arg(session.pid).arg(session.serial)
                               : QString::number(session.pid);
}

bool isIdle(const lockcore::NativeLock &session)
{
    // As lockcore's refusal of a cancel tells it (nativeendsession.cpp).
    return session.state.startsWith(u"idle"_s) || session.state.startsWith(u"Sleep"_s);
}

} // namespace ui::sessiontext
