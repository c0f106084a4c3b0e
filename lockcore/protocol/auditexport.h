// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "locktypes.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace lockcore {

// The admin audit as files, one shape for "lockctl audit" and the window's export. Each event
// has the fields auditFields() names: id, at (ISO 8601 UTC with milliseconds), action
// (auditActionOf), kind (as recorded), lock, holder, fence, actor, detail.
QStringList auditFields();
QJsonObject auditEventToJson(const LockEvent &event); // holder, actor, detail: null when empty
// One JSON array of those objects, indented, ending in a line break.
QByteArray auditJson(const QList<LockEvent> &events);
// RFC 4180: a header line, then one line per event, CRLF, fields quoted when they hold a comma,
// a quote or a line break (quotes doubled); UTF-8. Text a spreadsheet would run as a formula
// (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, as the
// window's lock export does.
QByteArray auditCsv(const QList<LockEvent> &events);

} // namespace lockcore
