// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "locktypes.h"

#include <QVariant>

class QSqlQuery;

namespace lockcore {

// Reading the dialect-independent result columns (see col:: in dialect.h).
QDateTime timeFromMs(const QVariant &ms); // invalid for NULL
LockInfo lockInfoFromRow(const QSqlQuery &query);
LockInfo lockInfoFromRow(const QVariantList &row); // a row of Session::runRows()
Grant grantFromRow(const QSqlQuery &query, const QString &name, const QString &holder);
Grant grantFromRow(const QVariantList &row, const QString &name, const QString &holder);
// A grant read back as the lock's state row (the statement that granted it set renewed_at).
Grant grantFromState(const LockInfo &row, const QString &holder);
LockEvent eventFromRow(const QSqlQuery &query);

} // namespace lockcore
