// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "profile.h"

#include <QCoreApplication>
#include <QString>

namespace ui {

// How the connection dialog names the kinds of lock table: Lockscope's own, each built-in
// application profile (a human label and a one-line description of its table and columns),
// and a custom mapping.
struct LockProfileText
{
    // "ShedLock", "Spring Integration JDBC lock", ...; the id itself for an unknown one.
    static QString label(const QString &profileId);
    // "seed-000: TBL_PESSIMISTIC_LOCK (LOCK_STATUS flag, EXPIRED_TIME)": the id, the table
    // and what decides whether a lock is held.
    static QString description(const lockcore::Profile &profile);
    // What Lockscope's own table is, for the same place.
    static QString lockscopeDescription(const QString &table);

    Q_DECLARE_TR_FUNCTIONS(LockProfileText)
};

} // namespace ui
