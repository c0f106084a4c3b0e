// SPDX-License-Identifier: GPL-3.0-or-later
#include "actiontext.h"

#include <QAction>

using namespace Qt::StringLiterals;

namespace ui {

void setActionText(QAction *action, const QString &text, const QString &tip)
{
    action->setText(text);
    const QKeySequence shortcut = action->shortcut();
    action->setToolTip(shortcut.isEmpty()
                           ? tip
                           : tip + u" ("_s + shortcut.toString(QKeySequence::NativeText) + u')');
}

} // namespace ui
