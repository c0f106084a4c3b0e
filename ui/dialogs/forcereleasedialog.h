// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "locktypes.h"
#include "reasonedactiondialog.h"

namespace ui {

// The confirmation of a force release: shows whom the admin is about to cut off (holder, fence,
// time left, as last seen) and requires a reason. The release compares-and-sets on that fence;
// on an application's table (`applicationProfile`, no fence) on the holder and the time shown.
class ForceReleaseDialog : public ReasonedActionDialog
{
    Q_OBJECT

public:
    explicit ForceReleaseDialog(const lockcore::LockInfo &seen, qint64 remainingMs,
                                QWidget *parent = nullptr,
                                const QString &applicationProfile = {});

    qint64 fence() const { return m_seen.fence; }
    // The lock as the admin saw it when the action started: what the dialog shows.
    const lockcore::LockInfo &seen() const { return m_seen; }

private:
    lockcore::LockInfo m_seen;
};

} // namespace ui
