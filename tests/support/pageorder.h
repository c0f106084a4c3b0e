// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockpageorder.h"
#include "locktypes.h"

#include <QStringList>

namespace testsupport {

// The names of `all` (as LockService::list() reads them: in the database's name order) in
// `order`, worked out here from each lock's state, times and holder as lockcore::LockPageOrder
// documents them, independently of the statement; ties in the database's name order, reversed
// when descending.
QStringList inPageOrder(const QList<lockcore::LockInfo> &all, const lockcore::LockPageOrder &order);

} // namespace testsupport
