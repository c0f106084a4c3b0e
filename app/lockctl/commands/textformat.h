#pragma once

#include "shellquote.h"

#include <QList>
#include <QString>
#include <QStringList>

class QDateTime;

namespace lockcore {
struct LockEvent;
struct LockInfo;
} // namespace lockcore

namespace lockctl {

// Human-readable output: aligned tables and "key: value" blocks.

QString textTime(const QDateTime &time); // ISO 8601 UTC, or "-" when not known
// Columns padded to their widest cell (the last column is not padded).
QString renderTable(const QStringList &headers, const QList<QStringList> &rows);

QString lockListText(const QList<lockcore::LockInfo> &locks);
QString lockDetailsText(const lockcore::LockInfo &lock);
QString historyText(const QList<lockcore::LockEvent> &events);
// "held by X until T (5s left)", "free", "expired since T (last holder X)".
QString lockStateText(const lockcore::LockInfo &lock);

// A word as a POSIX shell reads it back: unchanged when safe, else in single quotes.
using lockcore::shellQuote;
// Why an operation by a holder with `fence` found the lock changed: "... is now held by X
// (fence 7)", "... is free now (fence 7)", "... no longer exists".
QString lostText(const QString &name, qint64 fence, const lockcore::LockInfo &current);

} // namespace lockctl
