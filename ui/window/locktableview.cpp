// SPDX-License-Identifier: GPL-3.0-or-later
#include "locktableview.h"

#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QHeaderView>
#include <QPainter>

namespace ui {

namespace {

// The keys that open a context menu from the keyboard (X11 sends the Menu key's menu itself as
// a context menu event; Shift+F10 nowhere).
bool opensContextMenu(const QKeyEvent *event)
{
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    return (event->key() == Qt::Key_Menu && modifiers == Qt::NoModifier)
           || (event->key() == Qt::Key_F10 && modifiers == Qt::ShiftModifier);
}

// Marks the admin's input event while the view handles it.
class GestureScope
{
public:
    explicit GestureScope(int &depth) : m_depth(depth) { ++m_depth; }
    ~GestureScope() { --m_depth; }
    GestureScope(const GestureScope &) = delete;
    GestureScope &operator=(const GestureScope &) = delete;

private:
    int &m_depth;
};

} // namespace

LockTableView::LockTableView(QWidget *parent) : QTableView(parent) {}

void LockTableView::mousePressEvent(QMouseEvent *event)
{
    GestureScope gesture(m_gestures);
    QTableView::mousePressEvent(event);
}

void LockTableView::mouseMoveEvent(QMouseEvent *event)
{
    GestureScope gesture(m_gestures);
    QTableView::mouseMoveEvent(event);
}

void LockTableView::mouseReleaseEvent(QMouseEvent *event)
{
    GestureScope gesture(m_gestures);
    QTableView::mouseReleaseEvent(event);
}

void LockTableView::mouseDoubleClickEvent(QMouseEvent *event)
{
    GestureScope gesture(m_gestures);
    QTableView::mouseDoubleClickEvent(event);
}

void LockTableView::keyPressEvent(QKeyEvent *event)
{
    if (opensContextMenu(event)) {
        event->accept();
        openContextMenu(event->modifiers());
        return;
    }
    GestureScope gesture(m_gestures);
    QTableView::keyPressEvent(event);
}

// The platform's own keyboard menu (X11's Menu key) comes to the view with a point of its
// choosing: opened at the current cell instead.
bool LockTableView::event(QEvent *event)
{
    if (event->type() == QEvent::ContextMenu) {
        auto *menu = static_cast<QContextMenuEvent *>(event);
        if (menu->reason() == QContextMenuEvent::Keyboard) {
            menu->accept();
            openContextMenu(menu->modifiers());
            return true;
        }
    }
    return QTableView::event(event);
}

// As a right-click on the current cell would; with no current row, at the table's corner on
// no cell (the menu of the table, not of a lock nobody chose).
void LockTableView::openContextMenu(Qt::KeyboardModifiers modifiers)
{
    QPoint at(-1, -1);
    if (const QModelIndex current = currentIndex(); current.isValid()) {
        scrollTo(current);
        at = visualRect(current).center();
    }
    QContextMenuEvent menu(QContextMenuEvent::Keyboard, at, viewport()->mapToGlobal(at),
                           modifiers);
    QTableView::viewportEvent(&menu); // the view's context menu policy decides, as for a click
}

QRect LockTableView::focusFrame() const
{
    if (!hasFocus())
        return {};
    const QModelIndex current = currentIndex();
    if (!current.isValid())
        return viewport()->rect(); // no current row: the table itself has the focus
    // The whole row, as the selection shows it.
    const QRect cell = visualRect(current);
    return QRect(-horizontalOffset(), cell.top(), horizontalHeader()->length(), cell.height());
}

void LockTableView::paintEvent(QPaintEvent *event)
{
    QTableView::paintEvent(event);
    const QRect frame = focusFrame();
    if (frame.isEmpty())
        return;
    // An outline in the text colour: seen on the selection's fill and on a row not selected.
    QPainter painter(viewport());
    QPen pen(palette().color(QPalette::Text), 2);
    pen.setJoinStyle(Qt::MiterJoin);
    painter.setPen(pen);
    painter.drawRect(frame.adjusted(1, 1, -1, -1));
}

void LockTableView::focusInEvent(QFocusEvent *event)
{
    QTableView::focusInEvent(event);
    viewport()->update(); // the frame, wherever it is
}

void LockTableView::focusOutEvent(QFocusEvent *event)
{
    QTableView::focusOutEvent(event);
    viewport()->update();
}

void LockTableView::currentChanged(const QModelIndex &current, const QModelIndex &previous)
{
    QTableView::currentChanged(current, previous);
    if (hasFocus())
        viewport()->update(); // the frame moves (or goes to the table's edge)
}

} // namespace ui
