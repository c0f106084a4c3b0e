// SPDX-License-Identifier: GPL-3.0-or-later
#include "forcereleasedialog.h"

#include "countdowntext.h"

using namespace Qt::StringLiterals;

namespace ui {

ForceReleaseDialog::ForceReleaseDialog(const lockcore::LockInfo &seen, qint64 remainingMs,
                                       QWidget *parent, const QString &applicationProfile)
    : ReasonedActionDialog(parent), m_seen(seen)
{
    setWindowTitle(tr("Force release %1").arg(seen.name));
    const bool application = !applicationProfile.isEmpty();
    addRow(tr("Lock:"), seen.name);
    addRow(tr("Holder:"), seen.holder.isEmpty() ? tr("(not recorded)") : seen.holder);
    if (!application)
        addRow(tr("Fence:"), QString::number(seen.fence));
    if (seen.acquiredAt.isValid())
        addRow(tr("Acquired:"), // the lock table's word for this time
               seen.acquiredAt.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s));
    const QString remaining = !seen.expiresAt.isValid() ? tr("no expiry: held until released")
                              : remainingMs > 0
                                  ? tr("%1 (expires %2)")
                                        .arg(formatRemainingMs(remainingMs),
                                             seen.expiresAt.toLocalTime().toString(
                                                 u"yyyy-MM-dd HH:mm:ss"_s))
                                  : tr("expired \u2014 any acquirer may take it over now");
    addRow(tr("Time left:"), remaining);
    finish(application
               ? tr("<b>The holder will lose this lock while it may still be working.</b> This "
                    "application's table (%1) has no fence token, so nothing stops the old "
                    "holder's writes. The lock is released the way %1 releases it, and only if "
                    "its holder and time are still exactly as shown here.")
                     .arg(applicationProfile.toHtmlEscaped())
               : tr("<b>The holder will lose this lock while it may still be working.</b> Its "
                    "fence token stops being valid; a resource that checks fences will refuse "
                    "its writes. The release only happens if the lock is still exactly as shown "
                    "here."),
           tr("&Force release"), u"forceReleaseButton"_s);
}

} // namespace ui
