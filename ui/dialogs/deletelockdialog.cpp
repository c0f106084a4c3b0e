// SPDX-License-Identifier: GPL-3.0-or-later
#include "deletelockdialog.h"

#include "durationtext.h"

using namespace Qt::StringLiterals;

namespace ui {

DeleteLockDialog::DeleteLockDialog(const lockcore::LockInfo &seen, QWidget *parent)
    : ReasonedActionDialog(parent), m_seen(seen)
{
    setObjectName(u"deleteLockBox"_s);
    setProperty("lockName", seen.name); // what it shows, for tests
    setWindowTitle(tr("Delete lock %1").arg(seen.name));
    addRow(tr("Lock:"), seen.name);
    addRow(tr("Fence:"), QString::number(seen.fence));
    addRow(tr("Default lease:"), durationText(seen.ttlMs));
    if (!seen.description.isEmpty())
        addRow(tr("Description:"), seen.description);
    finish(tr("<b>The lock's definition is removed;</b> its history stays. The delete only "
              "happens if the lock is still free or expired with the fence shown here."),
           tr("Delete"), u"deleteButton"_s, false);
}

} // namespace ui
