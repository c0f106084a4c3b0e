// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QDialog;

namespace ui {

// Shows `dialog` modally and returns its result, unless a test answered it already (from the
// window's dialogAboutToShow signal, emitted just before): then that answer.
int execAnswerable(QDialog *dialog);

} // namespace ui
