// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"
#include "locktypes.h"

#include <QString>

namespace ui {

// What an ops person types at a shell for the lock the window shows: "lockctl ... show NAME"
// and, for a held or expired lock, the force release with the fence the window saw (a reason to
// fill in). The database URL never carries the password (lockctl asks for it, or reads
// $LOCKSCOPE_PASSWORD); every word that needs it is shell-quoted.
struct LockctlTarget
{
    lockcore::ConnectionSpec spec;
    QString table;
    QString profile;            // an application's table: its profile id, else empty
    bool profileNeedsTime = false; // its force release takes --expect-time (not known here)
};

// One command a line; `reason` is the placeholder text of --reason.
QString lockctlCommands(const LockctlTarget &target, const lockcore::LockInfo &lock,
                        const QString &reason);

} // namespace ui
