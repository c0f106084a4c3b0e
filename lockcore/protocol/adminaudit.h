// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "auditrequest.h"
#include "locktypes.h"
#include "result.h"

namespace lockcore {

class Session;
struct TableNames;

// The admin-action audit: who force-released, deleted, initialized, terminated, cancelled or
// test-held what, across every lock, from the event table (docs/user-guide.md, "Admin audit").
struct AuditPage
{
    QList<LockEvent> events; // newest first, at most the request's limit
    bool more = false;       // more events match than the limit let through
};

// The largest AuditRequest::limit.
constexpr int maxAuditLimit = 100000;

// Checks the request (an unknown action, a limit out of range, a pattern or actor too long) and
// reads it in one statement, under the session's call deadline like every other read.
Result<AuditPage> readAdminEvents(Session &session, const TableNames &tables,
                                  const AuditRequest &request);
Status validateAuditRequest(const AuditRequest &request);

// The action an event records, as AuditRequest::actionNames() spells it: its kind, or
// "test_hold" for a grant by the window (AuditRequest::windowActorEnd()).
QString auditActionOf(const LockEvent &event);

} // namespace lockcore
