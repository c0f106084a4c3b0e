#include "locktableview.h"

namespace ui {

namespace {

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
    GestureScope gesture(m_gestures);
    QTableView::keyPressEvent(event);
}

} // namespace ui
