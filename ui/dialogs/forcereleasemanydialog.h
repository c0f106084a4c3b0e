// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "locktypes.h"
#include "reasonedactiondialog.h"

namespace ui {

// The confirmation of a force release of several locks with one reason (every lock of a dead
// host, say): each lock as last seen (holder, fence). Each release compares-and-sets on its own
// fence, and each outcome is reported.
class ForceReleaseManyDialog : public ReasonedActionDialog
{
    Q_OBJECT

public:
    explicit ForceReleaseManyDialog(const QList<lockcore::LockInfo> &seen,
                                    QWidget *parent = nullptr);

    const QList<lockcore::LockInfo> &seen() const { return m_seen; }

private:
    QList<lockcore::LockInfo> m_seen;
};

} // namespace ui
