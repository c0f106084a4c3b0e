// SPDX-License-Identifier: GPL-3.0-or-later
#include "terminatesessiondialog.h"

using namespace Qt::StringLiterals;

namespace ui {

TerminateSessionDialog::TerminateSessionDialog(const lockcore::NativeLock &target,
                                               QWidget *parent)
    : ReasonedActionDialog(parent), m_target(target)
{
    setWindowTitle(tr("Terminate session %1").arg(target.pid));
    const auto orUnknown = [this](const QString &text) -> QString {
        return text.isEmpty() ? tr("(not shown)") : text;
    };
    const QString pid = target.serial != 0 ? u"%1,%2"_s.arg(target.pid).arg(target.serial)
                                           : QString::number(target.pid);
    addRow(tr("Session (pid):"), pid);
    addRow(tr("User:"), orUnknown(target.user));
    addRow(tr("Client:"), orUnknown(target.client));
    addRow(tr("Application:"), orUnknown(target.application));
    addRow(tr("Lock key:"), target.key);
    if (!target.mode.isEmpty())
        addRow(tr("Mode:"), target.mode);
    finish(tr("<b>The database session will be ended:</b> its connection is closed, its open "
              "transaction is rolled back and every lock it holds is freed. This only happens "
              "if the session still holds this lock and is the same session as shown here."),
           tr("&Terminate session"), u"terminateButton"_s);
}

} // namespace ui
