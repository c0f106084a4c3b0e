// SPDX-License-Identifier: GPL-3.0-or-later
#include "onscreen.h"

#include <QScreen>
#include <QWidget>

namespace ui {

void keepOnScreen(QWidget *window)
{
    const QScreen *screen = window->screen();
    if (!screen || !window->isWindow())
        return;
    const QRect available = screen->availableGeometry();
    // The frame's extra size (title bar, borders): none before the window manager framed it.
    const QSize extra = window->frameGeometry().size() - window->geometry().size();
    const QSize most = available.size() - extra;
    if (window->width() > most.width() || window->height() > most.height())
        window->resize(qMin(window->width(), most.width()), qMin(window->height(), most.height()));
    QRect frame = window->frameGeometry();
    frame.moveRight(qMin(frame.right(), available.right()));
    frame.moveBottom(qMin(frame.bottom(), available.bottom()));
    frame.moveLeft(qMax(frame.left(), available.left()));
    frame.moveTop(qMax(frame.top(), available.top()));
    if (frame.topLeft() != window->frameGeometry().topLeft())
        window->move(frame.topLeft()); // move() places the frame
}

} // namespace ui
