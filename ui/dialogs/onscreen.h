// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QWidget;

namespace ui {

// Moves a top-level window (a dialog that grew, say) so that its frame, title bar included,
// lies within the available area of its screen; one taller or wider than that area is first
// made to fit. A window manager may keep a window partly off the screen, its title bar
// out of reach: this keeps it where the user can move and close it.
void keepOnScreen(QWidget *window);

} // namespace ui
