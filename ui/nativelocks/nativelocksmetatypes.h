// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// lockcore's native-lock values as they travel in queued signals (the worker's thread to the
// panel) and in the panel's own signals: declared once, before any of them.

#include "nativelocks.h"
#include "rowlocker.h"

#include <QMetaType>

Q_DECLARE_METATYPE(lockcore::NativeLock)
Q_DECLARE_METATYPE(lockcore::NativeLockSnapshot)
Q_DECLARE_METATYPE(lockcore::TerminateOutcome)
Q_DECLARE_METATYPE(lockcore::HolderSessions)
Q_DECLARE_METATYPE(lockcore::RowLockers)
