// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "shellquote.h"

#include <QList>
#include <QString>
#include <QStringList>

class QDateTime;

namespace lockcore {
struct LockEvent;
struct LockInfo;
struct ProfileLock;
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

// A lock of an application's table on one line, in lockStateText's words: "JOB held by X until
// T (5s left)", "held by X since T (2h so far)" without expiry, then "POSSIBLY STUCK" and the
// "(--expect-time N)" a force release needs.
QString profileLockText(const lockcore::ProfileLock &lock);
// "Acquired "JOB" as X, expires at T (lease 30s)." for an application's lock just granted.
QString profileGrantText(const QString &name, const QString &holder,
                         const lockcore::ProfileLock &granted);

// A word as a POSIX shell reads it back: unchanged when safe, else in single quotes.
using lockcore::shellQuote;
// Why an operation by a holder with `fence` found the lock changed: "... is now held by X
// (fence 7)", "... is free now (fence 7)", "... no longer exists".
QString lostText(const QString &name, qint64 fence, const lockcore::LockInfo &current);

} // namespace lockctl
