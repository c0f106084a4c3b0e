// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QString>

namespace ui {

// Data shown as it was at the last successful read, no read having succeeded since: "as of
// 05:57:58" (this computer's time of that read), for the table's tooltips, the status bar and
// the details pane alike.
QString asOfText(const QDateTime &readAt);

} // namespace ui
