// SPDX-License-Identifier: Apache-2.0
#include "adminaudit.h"

#include "dialect.h"
#include "rows.h"
#include "session.h"
#include "tr.h"
#include "validation.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace lockcore {

Status validateAuditRequest(const AuditRequest &request)
{
    if (request.limit < 1 || request.limit > maxAuditLimit)
        return Error::invalidInput(Tr::tr("The audit limit must be between 1 and %1; got %2.")
                                       .arg(maxAuditLimit)
                                       .arg(request.limit));
    const QStringList known = AuditRequest::actionNames();
    for (const QString &action : request.actions) {
        if (!known.contains(action))
            return Error::invalidInput(Tr::tr("Unknown admin action \"%1\"; use one of: %2.")
                                           .arg(action, known.join(u", "_s)));
    }
    if (request.actor.size() > limits::maxNameChars)
        return Error::invalidInput(Tr::tr("The actor to look for is longer than %1 characters.")
                                       .arg(limits::maxNameChars));
    if (request.lockPattern.size() > limits::maxNameChars)
        return Error::invalidInput(Tr::tr("The lock pattern is longer than %1 characters.")
                                       .arg(limits::maxNameChars));
    for (const AuditTimeBound *bound : {&request.since, &request.until}) {
        if (bound->agoMs && *bound->agoMs < 0)
            return Error::invalidInput(Tr::tr("A time span back from now cannot be negative."));
    }
    return {};
}

Result<AuditPage> readAdminEvents(Session &session, const TableNames &tables,
                                  const AuditRequest &request)
{
    if (Status valid = validateAuditRequest(request); !valid)
        return valid.error();
    auto query = session.run(session.dialect().adminEvents(tables, request),
                             Tr::tr("reading the admin actions"));
    if (!query)
        return query.error();
    AuditPage page;
    while ((*query)->next()) {
        if (page.events.size() == request.limit) {
            page.more = true; // the one row read beyond the limit
            break;
        }
        page.events.append(eventFromRow(**query));
    }
    (*query)->finish();
    return page;
}

QString auditActionOf(const LockEvent &event)
{
    if (AuditRequest::grantKinds().contains(event.kind)
        && event.actor.endsWith(AuditRequest::windowActorEnd()))
        return u"test_hold"_s;
    return event.kind;
}

} // namespace lockcore
