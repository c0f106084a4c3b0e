// SPDX-License-Identifier: Apache-2.0
#include "audittime.h"

#include "duration.h"
#include "tr.h"

using namespace Qt::StringLiterals;

namespace lockcore {

namespace {

// "2026-12-07" alone or with a time; a zone ("Z", "+01:00") or none (UTC).
QDateTime isoMoment(const QString &text)
{
    QDateTime moment = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!moment.isValid()) {
        const QDate day = QDate::fromString(text, Qt::ISODate);
        if (!day.isValid())
            return {};
        moment = QDateTime(day, QTime(0, 0), Qt::UTC);
    }
    if (moment.timeSpec() == Qt::LocalTime) // no zone given: the event table's UTC
        moment.setTimeSpec(Qt::UTC);
    return moment.toUTC();
}

} // namespace

Result<AuditTimeBound> parseAuditTime(const QString &text, const QString &what)
{
    const QString trimmed = text.trimmed();
    AuditTimeBound bound;
    if (trimmed.isEmpty())
        return bound;
    if (trimmed.front().isDigit() && trimmed.contains(u'-')) {
        bound.at = isoMoment(trimmed);
        if (bound.at.isValid())
            return bound;
    } else if (auto ms = parseDurationMs(trimmed, what)) {
        bound.agoMs = *ms;
        return bound;
    }
    return Error::invalidInput(Tr::tr("%1: \"%2\" is neither a duration back from now (30m, "
                                      "24h, 7d) nor a time (2026-12-07T10:00Z).")
                                   .arg(what, trimmed));
}

} // namespace lockcore
