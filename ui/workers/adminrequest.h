// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "locktypes.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QMetaType>
#include <QString>
#include <optional>

namespace ui {

// An admin action asked for in the window, run by the DatabaseWorker on its own thread.
struct AdminRequest
{
    enum class Kind { Initialize, Acquire, Renew, Release, ForceRelease, Delete, CreateSchema };

    Kind kind = Kind::Initialize;
    quint64 id = 0; // matches the AdminResult
    QString name;
    QString holder;
    qint64 fence = 0;
    qint64 ttlMs = 0;
    QString text; // description (Initialize) or reason (ForceRelease)
    // ForceRelease on an application's table (no fence): what the admin saw, compared with
    // the holder (in `holder`) before anything is changed.
    QDateTime seenAcquiredAt = {};
    QDateTime seenExpiresAt = {};
    // The latest the database may still act on it (a test hold's renewal: the lease's end on
    // the window's clock). Past it, the request is not sent; a statement still waiting then is
    // abandoned (Session::DeadlineScope). Forever: the session's own statement deadline.
    QDeadlineTimer deadline = QDeadlineTimer(QDeadlineTimer::Forever);
    // Not the admin's gesture but a test hold's own schedule (a renewal, the release at the end
    // of its hold time or after it lapsed): the window reports it without a box to acknowledge.
    bool automatic = false;
};

// What came of it. `done` false with no error: the database refused (held by someone else,
// fence moved, lock lost); `current` then shows the lock as it is now.
struct AdminResult
{
    AdminRequest request;
    bool done = false;
    std::optional<lockcore::Error> error;
    lockcore::Grant grant;        // Acquire
    lockcore::LockInfo current;   // the lock after the action, or as it is now when refused
    QString summary;              // one translated sentence for the message bar
    // A force release on an application's table: the time it compared (as stored), for the
    // action's record (lockcore::recordProfileAction; the summary says where it went).
    std::optional<qint64> seenTimeMs;
};

} // namespace ui

Q_DECLARE_METATYPE(ui::AdminRequest)
Q_DECLARE_METATYPE(ui::AdminResult)
