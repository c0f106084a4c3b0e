#pragma once

#include <QTableView>

namespace ui {

// The lock table's view. It tells a selection the admin made (a click, a drag, a key pressed in
// the table) from one the model made (a row filtered out, a refresh, a sort): while one of the
// admin's own input events is handled, isHandlingGesture() is true. LockTablePanel keeps only
// the admin's selections and undoes the model's.
class LockTableView : public QTableView
{
    Q_OBJECT

public:
    explicit LockTableView(QWidget *parent = nullptr);

    bool isHandlingGesture() const { return m_gestures > 0; }

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    int m_gestures = 0;
};

} // namespace ui
