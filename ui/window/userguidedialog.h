// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QWidget;

namespace ui {

// Help › User guide: docs/user-guide.md (a lock is stuck at 3 a.m.), built into the
// resources, in the window's language (docs/user-guide.zh_CN.md for Chinese). Not modal: the
// guide stays open beside the window while its steps are followed.
void showUserGuide(QWidget *parent);

} // namespace ui
