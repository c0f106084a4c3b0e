// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "locktypes.h"
#include "reasonedactiondialog.h"

namespace ui {

// The confirmation of a delete: the lock as last seen (fence, lease, description), the
// database, and the SQL. The delete acts only while the lock still has that fence and is not
// held. No reason is asked (a delete records the lock's description). As every confirmation,
// no chord confirms it; Enter outside its button presses Cancel, the default.
class DeleteLockDialog : public ReasonedActionDialog
{
    Q_OBJECT

public:
    explicit DeleteLockDialog(const lockcore::LockInfo &seen, QWidget *parent = nullptr);

    const lockcore::LockInfo &seen() const { return m_seen; }

private:
    lockcore::LockInfo m_seen;
};

} // namespace ui
