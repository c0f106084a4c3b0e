// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogexec.h"

#include <QDialog>

namespace ui {

int execAnswerable(QDialog *dialog)
{
    if (dialog->result() != 0 && !dialog->isVisible())
        return dialog->result(); // answered by a test hook
    return dialog->exec();
}

} // namespace ui
