// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTableView>

namespace ui {

// The lock table's view. It tells a selection the admin made (a click, a drag, a key pressed in
// the table) from one the model made (a row filtered out, a refresh, a sort): while one of the
// admin's own input events is handled, isHandlingGesture() is true. LockTablePanel keeps only
// the admin's selections and undoes the model's.
// From the keyboard alone: while the view has focus, a frame around the current row tells the
// focus from the selection (the selection looks the same with the focus elsewhere), and the
// Menu key or Shift+F10 opens the context menu at the current cell, as a right-click there.
class LockTableView : public QTableView
{
    Q_OBJECT

public:
    explicit LockTableView(QWidget *parent = nullptr);

    bool isHandlingGesture() const { return m_gestures > 0; }
    // Where the focus frame is drawn (viewport coordinates); empty without the focus.
    QRect focusFrame() const;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void currentChanged(const QModelIndex &current, const QModelIndex &previous) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void openContextMenu(Qt::KeyboardModifiers modifiers);

    int m_gestures = 0;
};

} // namespace ui
