// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QAction;
class QString;

namespace ui {

// Sets an action's text and its tooltip, which ends with the action's shortcut in the
// platform's words ("Take the selected lock ... (Ctrl+Shift+F)").
void setActionText(QAction *action, const QString &text, const QString &tip);

} // namespace ui
