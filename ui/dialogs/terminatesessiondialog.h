// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "nativelocks.h"
#include "reasonedactiondialog.h"

namespace ui {

// The confirmation of "Terminate holding session": names the session (pid, user, client,
// application) and the lock key as last read, and requires a reason for the audit. The
// terminate itself compares-and-sets: it acts only if that session still holds that lock.
class TerminateSessionDialog : public ReasonedActionDialog
{
    Q_OBJECT

public:
    explicit TerminateSessionDialog(const lockcore::NativeLock &target,
                                    QWidget *parent = nullptr);

    const lockcore::NativeLock &target() const { return m_target; }

private:
    lockcore::NativeLock m_target;
};

} // namespace ui
