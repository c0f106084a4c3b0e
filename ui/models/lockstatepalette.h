// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lockdisplaystate.h"

#include <QColor>

class QPalette;

namespace ui {

// The colours of the lock states, readable on light and dark palettes: the text takes a hue
// adjusted to the palette's lightness, the background a light tint of the base colour.
bool isDarkPalette(const QPalette &palette);
// The text colour of a state's cell (free: a muted text colour).
QColor lockStateForeground(LockDisplayState state, const QPalette &palette);
// The background of a state's cell; invalid for free (no tint).
QColor lockStateBackground(LockDisplayState state, const QPalette &palette);
// The strong colour of a state (the countdown bar's chunk); invalid for free.
QColor lockStateAccent(LockDisplayState state, const QPalette &palette);
// Black or white, whichever reads better on `background` (by its relative luminance): the
// countdown's digits over the bar's chunk.
QColor readableTextOn(const QColor &background);
// The text of a row shown as of the last successful read (no read since): grey, whatever its
// state, and the countdown bar's chunk of such a row.
QColor staleForeground(const QPalette &palette);
QColor staleAccent(const QPalette &palette);
// The text and background of a hold longer than its threshold (the Held for cell).
QColor longHoldForeground(const QPalette &palette);
QColor longHoldBackground(const QPalette &palette);

} // namespace ui
