// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace ui {

// The event kinds of the history table (init, acquire, reenter, renew, release, takeover,
// lost, force_release, delete) in words, translated; an unknown kind is shown as it is.
QString eventKindText(const QString &kind);

} // namespace ui
