// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonValue>
#include <QString>

namespace lockcore {

// One CSV cell (RFC 4180) of a JSON field, for the exports of the lock table and of the admin
// audit: a number as digits; text quoted when it holds a separator, a quote or a line break
// (quotes doubled); and text that a spreadsheet would run as a formula (starting with = + - @,
// a tab or a carriage return: a lock name such as "=HYPERLINK(...)") given a leading
// apostrophe, which spreadsheets show as text.
QString csvCell(const QJsonValue &value);

} // namespace lockcore
