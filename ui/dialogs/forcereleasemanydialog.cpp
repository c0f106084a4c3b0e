// SPDX-License-Identifier: GPL-3.0-or-later
#include "forcereleasemanydialog.h"

using namespace Qt::StringLiterals;

namespace ui {

ForceReleaseManyDialog::ForceReleaseManyDialog(const QList<lockcore::LockInfo> &seen,
                                               QWidget *parent)
    : ReasonedActionDialog(parent), m_seen(seen)
{
    setWindowTitle(tr("Force release %n lock(s)", nullptr, int(seen.size())));
    for (const lockcore::LockInfo &lock : seen)
        addRow(lock.name + u':',
               tr("%1, fence %2").arg(lock.holder.isEmpty() ? tr("(not recorded)") : lock.holder)
                   .arg(lock.fence));
    finish(tr("<b>Each holder will lose its lock while it may still be working.</b> Their fence "
              "tokens stop being valid. Each release only happens if its lock is still exactly "
              "as shown here; each outcome is reported."),
           tr("&Force release %n lock(s)", nullptr, int(seen.size())),
           u"forceReleaseButton"_s);
}

} // namespace ui
